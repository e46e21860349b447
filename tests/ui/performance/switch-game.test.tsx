// @vitest-environment jsdom
/**
 * The switch view (17 types as group cards, dialog 4 with no keys, confirmation 2 otherwise, whole-board change on
 * old cyber01 firmware, the recalibration advice) and the game config view (the model's preset cards sent as they are).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { openPerfTab, selectKeys, shown, viewTab } from './perf-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const card = (label: string) => screen.getByRole('button', { name: label });

describe('the switch view', () => {
  it('shows the 17 switch types sorted by group letter then number, with the warning tip', async () => {
    await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.switch'));
    const cards = document.querySelectorAll('[data-switch-type]');
    expect([...cards].map((c) => c.textContent)).toEqual([
      'H1',
      'J1',
      'J2',
      'J3',
      'J4',
      'J5',
      'K1',
      'T1',
      'T2',
      'T3',
      'T4',
      'T5',
      'T6',
      'T7',
      'T8',
      'T9',
      'T10',
    ]);
    expect([...cards].map((c) => c.getAttribute('data-switch-type'))).toEqual([
      '4',
      '1',
      '2',
      '6',
      '7',
      '8',
      '3',
      '5',
      '9',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
    ]);
    expect(cards[0]!.className).toContain('switch-card--H');
    expect(cards[16]!.className).toContain('switch-card--T');
    expect(screen.getByRole('note')).toHaveTextContent(shown('perf.switch.tip'));
  });

  it('opens dialog 4 with no key selected, and sends nothing', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.switch'));
    await user.click(card('T3'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAttribute('data-dialog-type', '4');
    await user.click(within(dialog).getByRole('button', { name: shown('perf.ok') }));
    expect(tab.setPerfCalls().filter((c) => 'switch_type' in c)).toHaveLength(0);
  });

  it('confirms in dialog 2, changes the selected keys only and advises recalibrating', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.switch'));
    selectKeys(16, 17);
    await user.click(card('T3'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAttribute('data-dialog-type', '2');
    await user.click(within(dialog).getByRole('button', { name: shown('perf.ok') }));
    await waitFor(async () => expect((await tab.perf()).key_switch_types[17]).toBe(10));
    const info = await tab.perf();
    expect(info.key_switch_types[16]).toBe(10);
    expect(info.key_switch_types[18]).not.toBe(10);
    expect(tab.setPerfCalls().find((c) => 'switch_type' in c)).toMatchObject({ key_ids: '[16,17]', switch_type: '10' });
    expect(await screen.findByText(shown('perf.switch.done'))).toBeInTheDocument();
  });

  it('cancelling dialog 2 changes nothing', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.switch'));
    selectKeys(16);
    await user.click(card('J2'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: shown('perf.cancel') }));
    expect(tab.setPerfCalls().filter((c) => 'switch_type' in c)).toHaveLength(0);
  });

  it('changes the whole board without key ids on a cyber01 at 1.2.8', async () => {
    const tab = await openPerfTab('Cyber01', '1.2.8');
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.switch'));
    await user.click(card('K1'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAttribute('data-dialog-type', '2');
    await user.click(within(dialog).getByRole('button', { name: shown('perf.ok') }));
    await waitFor(() => expect(tab.setPerfCalls().filter((c) => 'switch_type' in c)).toHaveLength(1));
    const call = tab.setPerfCalls().find((c) => 'switch_type' in c)!;
    expect(call.switch_type).toBe('3');
    expect(call.key_ids).toBeUndefined();
  });
});

describe('the game config view', () => {
  it('shows the model set’s cards and sends a card’s content to the device', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.game'));
    const names = [1, 2, 3, 4, 5].map((n) => shown(`perf.game.${n}` as Parameters<typeof shown>[0]));
    for (const name of names) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: shown('perf.game.1') }));
    await waitFor(() => expect(tab.host.live.callsTo('runOtherFunc')).toHaveLength(1));
    const content = JSON.parse(tab.host.live.callsTo('runOtherFunc')[0]!.named.get('content')!);
    // W A S D on a made68pro: 17, 31, 32, 33.
    expect(content[0].key_ids).toEqual([17, 31, 32, 33]);
    await waitFor(async () => expect((await tab.perf()).key_triggers[17]).toBeCloseTo(0.4, 5));
    expect((await tab.perf()).key_rapid_triggers[31]!.use_rapid).toBe(true);
  });

  it('shows no cards for a model without a set', async () => {
    await openPerfTab('Made84Pro', '1.4.2');
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.game'));
    expect(screen.getByText(shown('perf.game.none'))).toBeInTheDocument();
    expect(document.querySelectorAll('.game-card')).toHaveLength(0);
  });
});
