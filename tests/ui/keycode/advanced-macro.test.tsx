// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import type { MacroItem } from '../../../src/core/advanced-keys';
import { code, dialog, keyId, lastToast, macro, pickCode, renderArea, sentItem } from './advanced-fixtures';

type Setup = Parameters<typeof renderArea>[0];
type Area = Awaited<ReturnType<typeof renderArea>>;

/**
 * Presses (or releases) the key printed `legend` on a virtual keyboard, `afterMs` after its previous key event by the
 * keyboard's clock.
 */
async function key(r: Area, legend: string, down: boolean, afterMs = 0, path = r.path) {
  r.live.clock.advance(afterMs);
  await act(() => r.live.client.pressKey({ path, key_id: keyId(legend), depth: down ? 4 : 0 }));
}

async function openNew(setup: Setup = {}) {
  const r = await renderArea(setup);
  await r.user.click(await screen.findByRole('tab', { name: 'Macro' }));
  await r.user.click(screen.getByRole('button', { name: 'Add Macro' }));
  return r;
}

async function openExisting(item: MacroItem, setup: Setup = {}) {
  const r = await renderArea({ ...setup, lists: { macro: [item] } });
  await waitFor(() => expect(document.querySelector('.adv-card')).toBeTruthy());
  await r.user.click(screen.getByRole('button', { name: /^Actions for/ }));
  await r.user.click(screen.getByRole('menuitem', { name: 'Edit' }));
  return r;
}

/** Each row as "Press A 30" (the last row shows its fixed 0 ms). */
function rows(): string[] {
  return within(dialog())
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = row.querySelectorAll('td');
      const delay = cells[3]!.querySelector('input')?.value ?? cells[3]!.textContent;
      return `${cells[1]!.textContent!.replace(/[↓↑]/, '')} ${cells[2]!.textContent} ${delay}`;
    });
}

const ok = () => within(dialog()).getByRole('button', { name: 'OK' });

describe('Macro editor', () => {
  it('records key events from the device stream; a zero delay becomes 30 ms', async () => {
    const r = await openNew();
    const other = await r.live.addVirtual('Made68Pro');
    await r.user.click(within(dialog()).getByRole('button', { name: 'Start recording' }));
    const [start] = r.live.callsTo('devEventStream');
    expect(start!.named.get('path')).toBe(r.path);
    expect(start!.named.get('action')).toBe('start');
    expect(within(dialog()).getByText('Recording: press keys on the keyboard.')).toBeInTheDocument();

    // Another keyboard records for someone else: its keys are not this macro's.
    await r.live.client.devEventStream({ path: other, action: 'start' });
    await key(r, 'A', true);
    await key(r, 'A', false, 85);
    await key(r, 'Z', true, 0, other);
    await key(r, 'S', true);
    await key(r, 'S', false);
    // Each event's delay becomes the previous event's; the last waits 0 ms.
    await waitFor(() => expect(rows()).toEqual(['Press A 85', 'Release A 30', 'Press S 30', 'Release S 0 ms']));
    expect(within(dialog()).getByText('4 / 80 events')).toBeInTheDocument();

    await r.user.click(within(dialog()).getByRole('button', { name: 'Stop recording' }));
    expect(r.live.callsTo('devEventStream').map((c) => c.named.get('action'))).toEqual(['start', 'stop']);
    await key(r, 'D', true, 10);
    await key(r, 'D', false, 10);
    expect(rows()).toHaveLength(4);

    await r.user.click(ok());
    const item = sentItem(r.saves()[0]!) as MacroItem;
    expect(item.display.map((e) => [e.name, e.is_down, e.delay])).toEqual([
      ['A', true, 85],
      ['A', false, 30],
      ['S', true, 30],
      ['S', false, 0],
    ]);
    expect(item.count).toBe(4);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [held] = (await r.held()).macro_list;
    expect(held!.display.map((e) => [e.code, e.is_down, e.delay])).toEqual([
      [code('A'), true, 85],
      [code('A'), false, 30],
      [code('S'), true, 30],
      [code('S'), false, 0],
    ]);
  });

  it('stops recording when the editor closes', async () => {
    const r = await openNew();
    await r.user.click(within(dialog()).getByRole('button', { name: 'Start recording' }));
    expect(r.live.keyboard(r.path).inspect().reportMode.mode).not.toBe(0);
    await r.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(r.live.callsTo('devEventStream').map((c) => c.named.get('action'))).toEqual(['start', 'stop']);
    // The keyboard no longer reports its keys.
    await waitFor(() => expect(r.live.keyboard(r.path).inspect().reportMode.mode).toBe(0));
  });

  it('keeps at most 80 events', async () => {
    const r = await openNew();
    await r.user.click(within(dialog()).getByRole('button', { name: 'Start recording' }));
    for (let i = 0; i < 45; i++) {
      const legend = i % 2 === 0 ? 'A' : 'B';
      await key(r, legend, true, 20);
      await key(r, legend, false, 20);
    }
    await waitFor(() => expect(rows()).toHaveLength(80));
    expect(within(dialog()).getByText('80 / 80 events')).toBeInTheDocument();
    expect(within(dialog()).getByText('The macro is full: it holds at most 80 events.')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Add key' })).toBeDisabled();
  });

  it('adds keys by hand as a press and a release', async () => {
    const r = await openNew();
    await r.user.click(within(dialog()).getByRole('button', { name: 'Add key' }));
    await pickCode(r.user, 'Q');
    await pickCode(r.user, 'W');
    expect(rows()).toEqual(['Press Q 30', 'Release Q 30', 'Press W 30', 'Release W 0 ms']);
  });

  it('ignores empty or zero delay edits and applies others; the last event keeps 0', async () => {
    const r = await openExisting(macro(0, ['A', 'B']));
    const first = within(dialog()).getByRole('textbox', { name: 'Delay after event 1 (ms)' });
    await r.user.clear(first);
    await r.user.tab();
    expect(rows()[0]).toBe('Press A 30');
    await r.user.clear(within(dialog()).getByRole('textbox', { name: 'Delay after event 1 (ms)' }));
    await r.user.type(within(dialog()).getByRole('textbox', { name: 'Delay after event 1 (ms)' }), '0{Enter}');
    expect(rows()[0]).toBe('Press A 30');
    await r.user.clear(within(dialog()).getByRole('textbox', { name: 'Delay after event 2 (ms)' }));
    await r.user.type(within(dialog()).getByRole('textbox', { name: 'Delay after event 2 (ms)' }), '150{Enter}');
    expect(rows()).toEqual(['Press A 30', 'Release A 150', 'Press B 30', 'Release B 0 ms']);
    expect(within(dialog()).queryByRole('textbox', { name: 'Delay after event 4 (ms)' })).toBeNull();
  });

  it('applies one time between events only when the field holds a number', async () => {
    const r = await openExisting(macro(0, ['A', 'B']));
    const apply = within(dialog()).getByRole('button', { name: 'Apply to all' });
    expect(apply).toBeDisabled();
    const field = within(dialog()).getByRole('textbox', { name: 'Time between events (ms)' });
    await r.user.type(field, 'x');
    expect(field).toHaveValue('');
    expect(apply).toBeDisabled();
    await r.user.type(field, '45');
    expect(apply).toBeEnabled();
    await r.user.click(apply);
    expect(rows()).toEqual(['Press A 45', 'Release A 45', 'Press B 45', 'Release B 0 ms']);
  });

  it('removes a key with both its press and its release', async () => {
    const r = await openExisting(macro(0, ['A', 'B', 'C']));
    await r.user.click(within(dialog()).getByRole('button', { name: /^Remove key B \(event 4\)/ }));
    expect(rows()).toEqual(['Press A 30', 'Release A 30', 'Press C 30', 'Release C 0 ms']);
    await r.user.click(within(dialog()).getByRole('button', { name: /^Remove key C \(event 3\)/ }));
    expect(rows()).toEqual(['Press A 30', 'Release A 0 ms']);
  });

  it('saves repeat count and random delay 30-35 ms, holding a repeat beyond 1000 to 1000', async () => {
    const r = await openExisting(macro(0, ['A']));
    const repeat = within(dialog()).getByRole('textbox', { name: 'Repeat count' });
    expect(repeat).toHaveAttribute('placeholder', '1~1000');
    await r.user.clear(repeat);
    await r.user.type(repeat, '1001');
    await r.user.click(within(dialog()).getByRole('checkbox', { name: 'Random delay between events (30–35 ms)' }));
    await r.user.click(ok());
    expect(sentItem(r.saves()[0]!)).toMatchObject({
      id_num: 0,
      repeat_count: 1000,
      delay_type: 1,
      delay_min: 30,
      delay_max: 35,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await r.held()).macro_list[0]).toMatchObject({ repeat_count: 1000, delay_type: 1 });
  });

  it('refuses to save an empty macro', async () => {
    const r = await openNew();
    await r.user.click(ok());
    expect(lastToast()?.title).toBe('err.spkey.macro.args.cfg');
    expect(r.saves()).toHaveLength(0);
  });

  it('configures the trigger: five options on newer firmware, delay 0 by default', async () => {
    const r = await openExisting(macro(0, ['A']));
    await r.user.click(within(dialog()).getByRole('button', { name: 'Play once on press' }));
    const trigger = screen.getByRole('dialog', { name: 'Trigger configuration' });
    expect(within(trigger).getAllByRole('radio')).toHaveLength(5);
    expect(within(trigger).getByRole('textbox', { name: 'Trigger delay (ms)' })).toHaveValue('0');
    await r.user.click(within(trigger).getByRole('radio', { name: 'Play while held, stop at once on release' }));
    await r.user.type(within(trigger).getByRole('textbox', { name: 'Trigger delay (ms)' }), '5');
    await r.user.click(within(trigger).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Trigger configuration' })).toBeNull();
    await r.user.click(ok());
    expect(sentItem(r.saves()[0]!)).toMatchObject({ trigger_action_type: 4, trigger_delay: 5 });
  });

  it('offers three trigger options on older firmware', async () => {
    const r = await openExisting(macro(0, ['A']), { fwVer: '1.3.6' });
    await r.user.click(within(dialog()).getByRole('button', { name: 'Play once on press' }));
    const trigger = screen.getByRole('dialog', { name: 'Trigger configuration' });
    expect(
      within(trigger)
        .getAllByRole('radio')
        .map((o) => o.textContent),
    ).toEqual(['Play once on press', 'Play once on release', 'Repeat while held']);
    expect(within(trigger).getByText('More trigger options come with newer firmware.')).toBeInTheDocument();
  });
});
