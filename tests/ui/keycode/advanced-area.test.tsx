// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SHORTCUT_TYPE } from '../../../src/core/advanced-keys';
import { KEYWORD_DRAG_TYPE, droppedKeyword } from '../../../src/ui/device-page/key-code/advanced/keys';
import { keywordToKeycode } from '../../../src/core/keycode-space';
import {
  addItems,
  code,
  dialog,
  dks,
  hypertap,
  keyId,
  lastToast,
  macro,
  pickCode,
  renderArea,
  sentItem,
  shortcut,
  snaptap,
  toasts,
} from './advanced-fixtures';
import { withDevicesExtraTexts } from '../devices-extra-texts';
import { useToastStore } from '../../../src/ui/toasts/store';

withDevicesExtraTexts();

const fullDks = () => Array.from({ length: 16 }, (_, i) => dks(i));
const card = (keyword: string) => document.querySelector<HTMLElement>(`.adv-card[data-keyword="${keyword}"]`)!;
const cardTitles = () => Array.from(document.querySelectorAll('.adv-card')).map((c) => c.getAttribute('data-keyword'));

async function openCardMenu(user: Awaited<ReturnType<typeof renderArea>>['user'], keyword: string) {
  await waitFor(() => expect(card(keyword)).toBeTruthy());
  await user.click(within(card(keyword)).getByRole('button', { name: /^Actions for/ }));
  return screen.getByRole('menu');
}

describe('AdvancedArea', () => {
  it('loads the lists and shows the key-bound and free items in two groups on "all"', async () => {
    const r = await renderArea({
      lists: {
        dks: [dks(0)],
        shortcut: [shortcut(1, SHORTCUT_TYPE.replace, ['LCtrl', 'C'])],
        snaptap: [snaptap(0, 'A', 'D')],
      },
    });
    expect(await screen.findByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All',
      'DKS',
      'Shortcut',
      'Macro',
      'Snap Tap',
      'Hyper Tap (DRT)',
    ]);
    const bound = screen.getByRole('region', { name: 'Bound to keys' });
    const free = screen.getByRole('region', { name: 'Working on their own' });
    expect(
      within(bound)
        .getAllByRole('article')
        .map((a) => a.getAttribute('data-keyword')),
    ).toEqual(['D0', 'A0']);
    expect(
      within(free)
        .getAllByRole('article')
        .map((a) => a.getAttribute('data-keyword')),
    ).toEqual(['S0']);
    expect(r.live.callsTo('getKeyFuncInfo')[0]!.named.get('path')).toBe(r.path);

    // Badges D, A, S and titles made of the item's keys.
    expect(within(card('D0')).getByText('D')).toBeInTheDocument();
    expect(within(card('A0')).getByText('A', { selector: '.adv-card__badge' })).toBeInTheDocument();
    expect(within(card('S0')).getByText('S', { selector: '.adv-card__badge' })).toBeInTheDocument();
    expect(within(card('A0')).getByRole('heading')).toHaveAccessibleName('Shortcut: Replace LCtrl C');
    // Snap-tap needs no binding: no Bind button and no drag.
    expect(within(card('S0')).queryByRole('button', { name: /^Bind/ })).toBeNull();
    expect(card('S0')).toHaveAttribute('draggable', 'false');
  });

  it('summarises a macro with at most three keys, then an ellipsis', async () => {
    await renderArea({ lists: { macro: [macro(0, ['A', 'B', 'C', 'D', 'E'])], hypertap: [hypertap(0, 'W', 'S')] } });
    const title = within(await screen.findByRole('article', { name: /^Macro/ })).getByRole('heading');
    expect(Array.from(title.querySelectorAll('kbd')).map((k) => k.textContent)).toEqual(['A', 'B', 'C']);
    expect(title.textContent).toMatch(/C …$/);
    expect(within(card('H0')).getByText('T', { selector: '.adv-card__badge' })).toBeInTheDocument();
  });

  it('keeps the add button of a full type, which warns with spkey.add.fill.warn and opens nothing', async () => {
    // A made68pro holds 16 DKS keys.
    const r = await renderArea({ lists: { dks: fullDks(), macro: [macro(0, ['A'])] } });
    await r.user.click(await screen.findByRole('tab', { name: 'DKS' }));
    expect(screen.getByText('16 of 16 slots used')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Add DKS' }));
    expect(toasts()).toEqual([{ title: 'spkey.add.fill.warn', type: 2, delay: 7 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(r.saves()).toHaveLength(0);
    // A list with room opens its editor.
    await r.user.click(screen.getByRole('tab', { name: 'Macro' }));
    expect(screen.getByText('1 of 16 slots used')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Add Macro' }));
    expect(dialog()).toHaveAccessibleName('New macro');
    expect(toasts().filter((t) => t.title === 'spkey.add.fill.warn')).toHaveLength(1);
  });

  it('warns with spkey.add.fill.warn (type 2, 7 s) when a full list is chosen from the add menu', async () => {
    const r = await renderArea({ lists: { dks: fullDks() } });
    await r.user.click(await screen.findByRole('button', { name: 'Add' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.getAttribute('data-type')),
    ).toEqual(['dks', 'shortcut', 'macro', 'snaptap', 'hypertap']);
    await r.user.click(within(menu).getByRole('menuitem', { name: /^DKS/ }));
    expect(lastToast()).toEqual({ title: 'spkey.add.fill.warn', type: 2, delay: 7 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns when the device reports no free slot although the list looks short', async () => {
    const r = await renderArea({
      lists: { macro: [macro(0, ['A'])] },
      payload: (real) => ({ ...real, macro_unuse_id: [] }),
    });
    await r.user.click(await screen.findByRole('tab', { name: 'Macro' }));
    await r.user.click(screen.getByRole('button', { name: 'Add Macro' }));
    expect(lastToast()).toEqual({ title: 'spkey.add.fill.warn', type: 2, delay: 7 });
  });

  it('offers only the types the firmware has', async () => {
    // made68pro 1.3.6 is feature level 0: no snap-tap or hyper-tap.
    const r = await renderArea({ fwVer: '1.3.6' });
    await r.user.click(await screen.findByRole('button', { name: 'Add' }));
    const offered = within(screen.getByRole('menu'))
      .getAllByRole('menuitem')
      .map((i) => i.getAttribute('data-type'));
    expect(offered).toEqual(['dks', 'shortcut', 'macro']);
    await r.user.keyboard('{Escape}');
    await r.user.click(screen.getByRole('tab', { name: 'Snap Tap' }));
    expect(screen.getByText("This keyboard's firmware does not offer this type.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
  });

  it('keeps Add on "all" when every offered list is full: it warns and opens no menu or editor', async () => {
    // made68pro 1.3.6 offers DKS, shortcut and macro, 16 of each.
    const r = await renderArea({
      fwVer: '1.3.6',
      lists: {
        dks: fullDks(),
        shortcut: Array.from({ length: 16 }, (_, i) => shortcut(i, SHORTCUT_TYPE.replace, ['B'])),
        macro: Array.from({ length: 16 }, (_, i) => macro(i, ['C'])),
      },
    });
    await r.user.click(await screen.findByRole('button', { name: 'Add' }));
    expect(toasts()).toEqual([{ title: 'spkey.add.fill.warn', type: 2, delay: 7 }]);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Each type's own tab keeps its button too, and it refuses the same way.
    for (const name of ['DKS', 'Shortcut', 'Macro']) {
      await r.user.click(screen.getByRole('tab', { name }));
      await r.user.click(screen.getByRole('button', { name: `Add ${name}` }));
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    // The same warning said four times shows once, with its count (toasts/store.ts).
    expect(useToastStore.getState().toasts.map((t) => [t.title, t.count])).toEqual([['spkey.add.fill.warn', 4]]);
    expect(r.saves()).toHaveLength(0);
  });

  it('says so when the firmware has no advanced keys', async () => {
    await renderArea({ fwVer: '1.3.5' });
    expect(await screen.findByText(/has no advanced keys/)).toBeInTheDocument();
  });

  it('uses a payload handed over instead of loading it', async () => {
    const r = await renderArea({ lists: { dks: [dks(0)] }, passPayload: true });
    expect(card('D0')).toBeInTheDocument();
    expect(r.live.callsTo('getKeyFuncInfo')).toHaveLength(0);
  });

  it('binds a card to the selected keys with its keyword', async () => {
    const ids = [keyId('Q'), keyId('W')];
    const r = await renderArea({ lists: { macro: [macro(0, ['A'])] }, selectedKeys: ids, layer: 2 });
    expect(await screen.findByText('2 selected: Q, W')).toBeInTheDocument();
    await waitFor(() => expect(card('M0')).toBeTruthy());
    await r.user.click(within(card('M0')).getByRole('button', { name: /^Bind/ }));
    const [call] = r.live.callsTo('setKeyInfo');
    expect(call!.named.get('path')).toBe(r.path);
    expect(call!.named.get('index')).toBe('2');
    expect(JSON.parse(call!.named.get('select')!)).toEqual(ids);
    expect(call!.named.get('keywords')).toBe('M0');
    expect(await screen.findByText('M0 is now on 2 keys.')).toBeInTheDocument();
    const { keycodes } = await r.live.client.getKeyValueInfo({ path: r.path });
    expect(ids.map((id) => keycodes[2]![id])).toEqual([keywordToKeycode('M0'), keywordToKeycode('M0')]);
  });

  it('asks for a selection when Bind is pressed with no key selected', async () => {
    const r = await renderArea({ lists: { dks: [dks(0)] } });
    await r.user.click(within(await screen.findByRole('article')).getByRole('button', { name: /^Bind/ }));
    expect(screen.getByText(/Select at least one key/)).toBeInTheDocument();
    expect(r.live.callsTo('setKeyInfo')).toHaveLength(0);
  });

  it('puts the keyword on a dragged card for the drawing to drop', async () => {
    await renderArea({ lists: { shortcut: [shortcut(0, SHORTCUT_TYPE.replace, ['A'])] } });
    await screen.findByRole('article');
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
    };
    fireEvent.dragStart(card('A0'), { dataTransfer });
    expect(data.get(KEYWORD_DRAG_TYPE)).toBe('A0');
    expect(droppedKeyword(dataTransfer)).toBe('A0');
    expect(droppedKeyword({ getData: () => 'hello' })).toBeUndefined();
  });

  it('renames with limit style 2 and saves as an edit', async () => {
    const r = await renderArea({ lists: { dks: [dks(0), dks(1)] } });
    await openCardMenu(r.user, 'D1');
    await r.user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const input = within(dialog()).getByRole('textbox', { name: 'Name' });
    await r.user.type(input, '<b>My dks</b> 一二三四五六');
    // Tags go and the text stops at 16 UTF-8 bytes as it is typed (6 + 1 + 3 Chinese characters of 3 bytes).
    expect(input).toHaveValue('My dks 一二三');
    expect(within(dialog()).getByText('16 of 16 bytes')).toBeInTheDocument();
    await r.user.click(within(dialog()).getByRole('button', { name: 'OK' }));
    const [call] = r.saves();
    expect(call!.named.get('change_type')).toBe('2');
    expect(sentItem(call!)).toMatchObject({ id_num: 1, name: 'My dks 一二三' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(card('D1')).getByText('My dks 一二三')).toBeInTheDocument());
    expect((await r.held()).dks_list.map((i) => i.name)).toEqual(['', 'My dks 一二三']);
  });

  it('keeps spaces of a name within 16 bytes, as typed ("Game " stays "Game ")', async () => {
    const r = await renderArea({ lists: { macro: [macro(0, ['A'], 'old')] } });
    await openCardMenu(r.user, 'M0');
    await r.user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const input = within(dialog()).getByRole('textbox', { name: 'Name' });
    await r.user.clear(input);
    await r.user.type(input, ' Game ');
    expect(input).toHaveValue(' Game ');
    expect(within(dialog()).getByText('6 of 16 bytes')).toBeInTheDocument();
    await r.user.click(within(dialog()).getByRole('button', { name: 'OK' }));
    expect(sentItem(r.saves()[0]!).name).toBe(' Game ');
    await waitFor(async () => expect((await r.held()).macro_list[0]!.name).toBe(' Game '));
  });

  it('cuts a name over 16 bytes from the end, spaces included', async () => {
    const r = await renderArea({ lists: { macro: [macro(0, ['A'], 'old')] } });
    await openCardMenu(r.user, 'M0');
    await r.user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const input = within(dialog()).getByRole('textbox', { name: 'Name' });
    await r.user.clear(input);
    await r.user.type(input, '  copy and paste  ');
    expect(input).toHaveValue('  copy and paste');
    await r.user.click(within(dialog()).getByRole('button', { name: 'OK' }));
    expect(sentItem(r.saves()[0]!).name).toBe('  copy and paste');
  });

  it('offers no rename for snap-tap and hyper-tap', async () => {
    const r = await renderArea({ lists: { snaptap: [snaptap(0, 'A', 'D')], hypertap: [hypertap(0, 'W', 'S')] } });
    for (const kw of ['S0', 'H0']) {
      const menu = await openCardMenu(r.user, kw);
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((i) => i.textContent),
      ).toEqual(['Edit', 'Delete']);
      await r.user.keyboard('{Escape}');
    }
  });

  it('deletes after a confirmation with change type 0, and the list follows the device', async () => {
    const r = await renderArea({ lists: { dks: [dks(0), dks(1)] } });
    await openCardMenu(r.user, 'D0');
    await r.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(dialog()).toHaveTextContent('Delete DKS D0? Keys bound to it get their original key codes back.');
    await r.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(r.saves()).toHaveLength(0);

    await openCardMenu(r.user, 'D0');
    await r.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await r.user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(r.saves()[0]!.named.get('change_type')).toBe('0');
    expect(sentItem(r.saves()[0]!).id_num).toBe(0);
    await waitFor(() => expect(cardTitles()).toEqual(['D1']));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await r.held()).dks_list.map((i) => i.id_num)).toEqual([1]);
  });

  it('adds a new item with change type 1, binding it to the selected keys', async () => {
    const ids = [keyId('E')];
    const r = await renderArea({ lists: { macro: [macro(0, ['A'])] }, selectedKeys: ids });
    await r.user.click(await screen.findByRole('tab', { name: 'Shortcut' }));
    await r.user.click(screen.getByRole('button', { name: 'Add Shortcut' }));
    await r.user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(dialog()).toHaveTextContent('It will also be bound to the selected key.');
    await pickCode(r.user, 'A');
    await r.user.click(within(dialog()).getByRole('button', { name: 'OK' }));
    const [call] = r.saves();
    expect(call!.named.get('change_type')).toBe('1');
    expect(sentItem(call!)).toMatchObject({ id_num: -1, type: 1 });
    expect(JSON.parse(call!.named.get('key_ids')!)).toEqual(ids);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(card('A0')).toBeInTheDocument();
    // The keyboard holds the shortcut, on the selected key of the current layer.
    expect((await r.held()).shortcut_list.map((i) => i.id_num)).toEqual([0]);
    const { keycodes } = await r.live.client.getKeyValueInfo({ path: r.path });
    expect(keycodes[0]![ids[0]!]).toBe(keywordToKeycode('A0'));
  });

  it('edits with change type 2 and never rebinds an existing item', async () => {
    const r = await renderArea({ lists: { dks: [dks(0)] }, selectedKeys: [keyId('R')] });
    await openCardMenu(r.user, 'D0');
    await r.user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await r.user.click(within(dialog()).getByRole('button', { name: 'OK' }));
    const [call] = r.saves();
    expect(call!.named.get('change_type')).toBe('2');
    expect(call!.named.has('key_ids')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const { keycodes } = await r.live.client.getKeyValueInfo({ path: r.path });
    expect(keycodes[0]![keyId('R')]).toBe(code('R'));
  });

  it('keeps the dialog open when the keyboard does not acknowledge the save', async () => {
    const r = await renderArea({ lists: { dks: [dks(0)] } });
    await openCardMenu(r.user, 'D0');
    await r.user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    // The keyboard stops answering: the save is never acknowledged.
    r.live.transport(r.path).setLink({ loss: 1 });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await r.user.click(within(dialog()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(info).toHaveBeenCalledWith(expect.stringContaining('err.dev.timeout')), {
      timeout: 5000,
    });
    info.mockRestore();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(toasts().map((t) => t.title)).toEqual(['err.dev.timeout']);
  });

  it('follows get_key_func_info events for its device only', async () => {
    const r = await renderArea({ lists: { dks: [dks(0)] } });
    await screen.findByRole('article');
    // Another client of the service changes another keyboard's lists.
    const other = await r.live.addVirtual('Made68Pro');
    await act(() => addItems(r.live.client, other, { dks: [dks(0)], macro: [macro(0, ['A'])] }));
    expect(cardTitles()).toEqual(['D0']);
    expect(toasts()).toEqual([]);
    // …and then this one's: the area follows.
    await act(() => addItems(r.live.client, r.path, { macro: [macro(0, ['A'])] }));
    expect(cardTitles()).toEqual(['D0', 'M0']);
  });

  it('shows the gamepad screen as a labelled preview that sends nothing', async () => {
    const r = await renderArea();
    await r.user.click(await screen.findByRole('button', { name: 'Gamepad (preview)' }));
    const d = dialog();
    expect(d).toHaveAccessibleName('Gamepad (preview)');
    expect(within(d).getByText('Preview: nothing on this screen is sent to the keyboard yet.')).toBeInTheDocument();
    expect(
      within(d)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Joystick', 'Triggers', 'Buttons']);
    const calls = r.live.calls.length;
    await r.user.click(within(d).getByRole('switch', { name: 'Gamepad mode' }));
    await r.user.click(within(d).getByRole('switch', { name: 'Key replace' }));
    expect(within(d).getByRole('switch', { name: 'Gamepad mode' })).toHaveAttribute('aria-checked', 'true');
    expect(within(d).getAllByRole('switch')).toHaveLength(4);
    expect(r.live.calls.length).toBe(calls);
  });
});
