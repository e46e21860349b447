// @vitest-environment jsdom
/**
 * The advanced-key editors on a virtual HE60 against our own keyboard: what each shows comes from the device's
 * features (a null bind's behaviours and bottom-out point, a mod-tap's hold on other key press, a toggle's tapping
 * term, no DKS tick settings, the DKS top point as the key's actuation), every field is written and read back on the
 * keyboard, each card says which key it sits on, and Bind moves the item onto the selected key.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BADGE_LETTERS } from '../../../src/core/advanced-keys';
import { spaceOf } from '../../../src/core/keycode-spaces/index';
import type { Client } from '../../../src/contract/client';
import AdvancedArea from '../../../src/ui/device-page/key-code/advanced/AdvancedArea';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { keyUseMark, keyUses, printedLegends } from '../../../src/ui/keyboard/assignment';
import { useToastStore } from '../../../src/ui/toasts/store';
import { dialog, dks, renderArea, shortcut, snaptap } from '../keycode/advanced-fixtures';
import { serveDrawings } from '../keycode/drawing-helpers';
import { openHe60 } from './harness';
import '../dom-stubs';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
  useToastStore.setState({ toasts: [] });
});

const none = () => [0, 1, 2, 3].map(() => ({ useID: 0, vis: false }));

/** A null bind (neutral, bottom-out 2 mm), a mod-tap holding on other key press on key 9, a DKS on key 5. */
async function seed(client: Client, path: string) {
  await client.setFuncInfo({
    path,
    change_type: 1,
    snaptap: { id_num: -1, name: '', display: [{ key_id: 30 }, { key_id: 32 }], mode: 0, behaviour: 3, bottom_out: 2 },
  });
  await client.setFuncInfo({
    path,
    change_type: 1,
    shortcut: {
      id_num: -1,
      name: '',
      sc_type: 4,
      display: [{ code: 0x04 }, { code: 0xe0 }],
      hold_time: 200,
      hold_on_other_key_press: true,
    },
    key_ids: [9],
  });
  const rows = [{ code: 0x04, data: [{ useID: 0, vis: true }, ...none().slice(1)] }];
  await client.setFuncInfo({
    path,
    change_type: 1,
    dks: { id_num: -1, name: '', display: rows, top_level: 1, bottom_level: 2.49, tick_min: 0, tick_max: 0 },
    key_ids: [5],
  });
}

async function he60(selectedKeys: number[] = [], language: 'en_US' | 'zh_CN' = 'en_US') {
  let label: (id: number) => string = (id) => `#${id}`;
  const opened = await openHe60(
    (path) => <AdvancedArea path={path} selectedKeys={selectedKeys} layer={0} keyLabel={(id) => label(id)} />,
    language,
  );
  const legends = printedLegends(opened.driver.layout, spaceOf('libhmk'));
  label = (id) => legends.get(id) ?? `#${id}`;
  return { ...opened, legends, user: userEvent.setup() };
}

const cardOf = (kind: string) => document.querySelector<HTMLElement>(`.adv-card--${kind}`)!;

async function edit(user: ReturnType<typeof userEvent.setup>, kind: string) {
  await user.click(within(cardOf(kind)).getByRole('button', { name: /^Actions for/ }));
  await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
  return dialog();
}

describe('advanced-key editors on the virtual HE60', () => {
  it('edits a null bind’s behaviour and bottom-out point, and the keyboard holds them', async () => {
    const again = await he60();
    await seed(again.client, again.path);
    await waitFor(() => expect(cardOf('snaptap')).toBeTruthy());
    const d = await edit(again.user, 'snaptap');
    const radios = within(within(d).getByRole('radiogroup', { name: 'Behaviour' })).getAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Last pressed'),
      expect.stringContaining('First key wins'),
      expect.stringContaining('Second key wins'),
      expect.stringContaining('Neutral'),
      expect.stringContaining('Deeper press'),
    ]);
    expect(
      within(d)
        .getByRole('radio', { name: /Neutral/ })
        .getAttribute('data-state'),
    ).toBe('checked');
    expect(
      within(d)
        .getByRole('checkbox', { name: /Both keys register/ })
        .getAttribute('data-state'),
    ).toBe('checked');
    const depth = within(d).getByRole('textbox', { name: 'Depth (mm)' }) as HTMLInputElement;
    // As the keyboard holds it: 2 mm is stored as distance 128, 2.01 mm.
    expect(depth.value).toBe('2.01');
    await again.user.click(within(d).getByRole('radio', { name: /Deeper press/ }));
    await again.user.clear(depth);
    await again.user.type(depth, '1.5');
    await again.user.click(within(d).getByRole('button', { name: 'OK' }));
    await waitFor(async () =>
      expect((await again.driver.ports.advanced.read())[0]).toMatchObject({ behaviour: 'distance', bottomOutMm: 1.51 }),
    );
  });

  it('shows and writes a mod-tap’s hold on other key press, and a toggle’s tapping term', async () => {
    const { client, path, driver, user } = await he60();
    await seed(client, path);
    await client.getKeyFuncInfo({ path });
    await waitFor(() => expect(cardOf('shortcut')).toBeTruthy());
    const d = await edit(user, 'shortcut');
    const other = within(d).getByRole('checkbox', { name: 'Hold on other key press' });
    expect(other.getAttribute('data-state')).toBe('checked');
    await user.click(other);
    await user.click(within(d).getByRole('button', { name: 'OK' }));
    await waitFor(async () =>
      expect((await driver.ports.advanced.read())[1]).toMatchObject({ kind: 'tapHold', holdOnOtherKeyPress: false }),
    );
    // A toggle has a tapping term here.
    await client.setFuncInfo({
      path,
      change_type: 2,
      shortcut: { id_num: 1, name: '', sc_type: 5, display: [{ code: 0x08 }], hold_time: 640 },
    });
    await waitFor(() => expect(cardOf('shortcut').textContent).toContain('Toggle'));
    const t = await edit(user, 'shortcut');
    expect(within(t).getByRole('heading', { name: 'Tapping term' })).toBeTruthy();
    expect(within(t).getByRole('slider', { name: 'Tapping term' }).getAttribute('aria-valuenow')).toBe('640');
  });

  it('offers no DKS tick settings, shows the top point as the key’s actuation and keeps the bottom-out point', async () => {
    const { client, path, user } = await he60();
    await seed(client, path);
    await client.getKeyFuncInfo({ path });
    await waitFor(() => expect(cardOf('dks')).toBeTruthy());
    const d = await edit(user, 'dks');
    expect(within(d).queryByText('Tick mode')).toBeNull();
    expect(within(d.querySelector<HTMLElement>('.dks-travel')!).getAllByRole('slider')).toHaveLength(1);
    expect(within(d).getByText(/the key’s own actuation point/)).toBeTruthy();
    expect(within(d).getByTestId('dks-bottom').textContent).toBe('2.49 mm');
  });

  it('says on each card which key it sits on, badges that key, and Bind moves the item there', async () => {
    const { client, path, driver, user, legends } = await he60([20]);
    await seed(client, path);
    await client.getKeyFuncInfo({ path });
    await waitFor(() => expect(cardOf('dks')).toBeTruthy());
    expect(cardOf('dks').querySelector('.adv-card__place')!.textContent).toBe(`On ${legends.get(5)}, layer 1`);
    expect(cardOf('shortcut').querySelector('.adv-card__place')!.textContent).toBe(`On ${legends.get(9)}, layer 1`);
    const info = await client.getKeyValueInfo({ path });
    const uses = keyUses(info);
    expect(keyUseMark(uses.get(5))).toBe(`${BADGE_LETTERS.dks}2`);
    expect(keyUseMark(uses.get(9))).toBe(`${BADGE_LETTERS.shortcut}1`);
    expect(keyUses({ ...info, kcm_index: 1 }).get(5)).toBeUndefined();
    await user.click(within(cardOf('shortcut')).getByRole('button', { name: /^Bind/ }));
    await waitFor(async () => expect((await driver.ports.advanced.read())[1]).toMatchObject({ keyId: 20, layer: 0 }));
    expect(useToastStore.getState().toasts.map((t) => t.title)).not.toContain('err.args.invalid');
    await waitFor(() =>
      expect(cardOf('shortcut').querySelector('.adv-card__place')!.textContent).toBe(`On ${legends.get(20)}, layer 1`),
    );
  });

  it('shows the same in Chinese', async () => {
    const { client, path, user } = await he60([], 'zh_CN');
    await seed(client, path);
    await client.getKeyFuncInfo({ path });
    await waitFor(() => expect(cardOf('snaptap')).toBeTruthy());
    expect(cardOf('dks').querySelector('.adv-card__place')!.textContent).toMatch(/^位于 .+，第 1 层$/);
    await user.click(within(cardOf('snaptap')).getByRole('button', { name: /操作|Actions/ }));
    await user.click(screen.getByRole('menuitem', { name: /编辑/ }));
    expect(within(dialog()).getByRole('radio', { name: /中立/ })).toBeTruthy();
  });
});

describe('the same editors on our own keyboard', () => {
  it('keep the spec’s fields: tick settings and two DKS points, no behaviours, no hold on other key press', async () => {
    const r = await renderArea({
      lists: { dks: [dks(0)], shortcut: [shortcut(0, 4, ['A', 'B'])], snaptap: [snaptap(0, 'A', 'D')] },
    });
    await waitFor(() => expect(cardOf('dks')).toBeTruthy());
    expect(document.querySelector('.adv-card__place')).toBeNull();
    let d = await edit(r.user, 'dks');
    expect(within(d).getByText('Tick mode')).toBeTruthy();
    expect(within(d.querySelector<HTMLElement>('.dks-travel')!).getAllByRole('slider')).toHaveLength(2);
    await r.user.click(within(d).getByRole('button', { name: 'Cancel' }));
    d = await edit(r.user, 'shortcut');
    expect(within(d).queryByRole('checkbox', { name: 'Hold on other key press' })).toBeNull();
    await r.user.click(within(d).getByRole('button', { name: 'Cancel' }));
    d = await edit(r.user, 'snaptap');
    expect(within(d).queryByText('Behaviour')).toBeNull();
    expect(within(d).queryByText('Bottom-out point')).toBeNull();
  });
});
