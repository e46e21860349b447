// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { SHORTCUT_TYPE, type ShortcutItem } from '../../../src/core/advanced-keys';
import { useToastStore } from '../../../src/ui/toasts/store';
import { code, dialog, lastToast, pickCode, renderArea, sentItem, shortcut, toasts } from './advanced-fixtures';

type Setup = Parameters<typeof renderArea>[0];

async function openNew(setup: Setup = {}) {
  const r = await renderArea(setup);
  await r.user.click(await screen.findByRole('tab', { name: 'Shortcut' }));
  await r.user.click(screen.getByRole('button', { name: 'Add Shortcut' }));
  return r;
}

const typeNames = () =>
  within(dialog())
    .getAllByRole('radio')
    .map((r) => r.querySelector('.adv-choice__name')?.textContent);
const chips = () =>
  within(dialog())
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('kbd')?.textContent);
const ok = () => within(dialog()).getByRole('button', { name: 'OK' });

async function chooseType(r: Awaited<ReturnType<typeof openNew>>, name: string) {
  await r.user.click(within(dialog()).getByRole('radio', { name: new RegExp(`^${name}`) }));
  await r.user.click(within(dialog()).getByRole('button', { name: 'Next' }));
}

/** How many times a toast was said: repeats of a toast still showing collapse into one with a count. */
const timesSaid = (title: string) =>
  useToastStore
    .getState()
    .toasts.filter((t) => t.title === title)
    .reduce((n, t) => n + t.count, 0);

describe('Shortcut editor', () => {
  it('offers mod-tap and toggle only where the firmware supports them', async () => {
    await openNew();
    expect(typeNames()).toEqual(['Replace', 'Action', 'Lock', 'Mod-tap', 'Toggle']);
  });

  it('leaves mod-tap and toggle out on older firmware', async () => {
    await openNew({ fwVer: '1.3.6' });
    expect(typeNames()).toEqual(['Replace', 'Action', 'Lock']);
  });

  it('takes up to 6 keys for replace and saves them in order', async () => {
    const r = await openNew();
    await chooseType(r, 'Replace');
    expect(within(dialog()).getByText('Keys (0 of 6)')).toBeInTheDocument();
    for (const k of ['LCtrl', 'LShift', 'A', 'B', 'C', 'D']) await pickCode(r.user, k);
    expect(chips()).toEqual(['LCtrl', 'LShift', 'A', 'B', 'C', 'D']);
    expect(within(dialog()).getByRole('status')).toHaveTextContent('This type holds no more keys');
    expect(dialog().querySelector('.picker')).toBeNull();
    await r.user.click(within(dialog()).getByRole('button', { name: 'Remove B' }));
    expect(chips()).toEqual(['LCtrl', 'LShift', 'A', 'C', 'D']);
    await r.user.click(ok());
    const item = sentItem(r.saves()[0]!) as ShortcutItem;
    expect(item.sc_type).toBe(SHORTCUT_TYPE.replace);
    expect(item.display.map((k) => k.code)).toEqual(['LCtrl', 'LShift', 'A', 'C', 'D'].map(code));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [held] = (await r.held()).shortcut_list;
    expect(held!.sc_type).toBe(SHORTCUT_TYPE.replace);
    expect(held!.display.map((k) => k.code)).toEqual(['LCtrl', 'LShift', 'A', 'C', 'D'].map(code));
  });

  it('takes one key for toggle', async () => {
    const r = await openNew();
    await chooseType(r, 'Toggle');
    await pickCode(r.user, 'A');
    expect(chips()).toEqual(['A']);
    expect(dialog().querySelector('.picker')).toBeNull();
  });

  it('refuses media and system keys with warn.not.apply', async () => {
    const r = await openNew();
    await chooseType(r, 'Lock');
    await pickCode(r.user, 'Vol+');
    expect(lastToast()).toEqual({ title: 'warn.not.apply', type: 1, delay: 3 });
    // With Media already open, each refused key warns once more.
    const warned = timesSaid('warn.not.apply');
    await pickCode(r.user, 'Vol-');
    expect(timesSaid('warn.not.apply')).toBe(warned + 1);
    await pickCode(r.user, 'TaskView');
    expect(lastToast()?.title).toBe('warn.not.apply');
    expect(chips()).toEqual([]);
  });

  it('warns with warn.not.apply as soon as the Media or System category is opened, once per choice', async () => {
    const r = await openNew();
    await chooseType(r, 'Replace');
    const picker = within(dialog().querySelector<HTMLElement>('.picker')!);
    const notApply = () => toasts().filter((t) => t.title === 'warn.not.apply');
    await r.user.click(picker.getByRole('tab', { name: 'Media' }));
    await waitFor(() => expect(notApply()).toEqual([{ title: 'warn.not.apply', type: 1, delay: 3 }]));
    // Pressing the open tab again is no new choice.
    await r.user.click(picker.getByRole('tab', { name: 'Media' }));
    await r.user.click(picker.getByRole('tab', { name: 'Basic' }));
    expect(timesSaid('warn.not.apply')).toBe(1);
    // The keyboard reaches the tabs too (manual activation: arrows move, Enter opens).
    picker.getByRole('tab', { name: 'Basic' }).focus();
    await r.user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(picker.getByRole('tab', { name: 'System' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(timesSaid('warn.not.apply')).toBe(2));
    // Other categories say nothing, and the keys of a refused one stay refused.
    await r.user.click(picker.getByRole('tab', { name: 'Mouse' }));
    expect(timesSaid('warn.not.apply')).toBe(2);
    await r.user.click(picker.getByRole('tab', { name: 'Media' }));
    await waitFor(() => expect(timesSaid('warn.not.apply')).toBe(3));
    await pickCode(r.user, 'Vol+');
    expect(timesSaid('warn.not.apply')).toBe(4);
    expect(chips()).toEqual([]);
  });

  it('refuses OK without keys with err.spkey.shortcut.args.cfg', async () => {
    const r = await openNew();
    await chooseType(r, 'Replace');
    await r.user.click(ok());
    expect(lastToast()).toEqual({ title: 'err.spkey.shortcut.args.cfg', type: 1, delay: 3 });
    // The editor itself says why, next to the keys, where a keyboard or screen-reader user is.
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      'Choose at least one key in the picker below, then press OK.',
    );
    expect(r.saves()).toHaveLength(0);
    await pickCode(r.user, 'A');
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });

  it('asks mod-tap for a tap and a hold key and a hold time of 10-1000 ms, default 200', async () => {
    const r = await openNew();
    await chooseType(r, 'Mod-tap');
    expect(within(dialog()).getByText('Pick the key sent on a tap.')).toBeInTheDocument();
    await pickCode(r.user, 'Esc');
    expect(within(dialog()).getByText('Pick the key sent while held.')).toBeInTheDocument();
    await r.user.click(ok());
    expect(lastToast()?.title).toBe('err.spkey.shortcut.args.cfg');
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      'Mod-tap takes two keys: the key sent on a tap, then the key sent while held. Choose both, then press OK.',
    );

    await pickCode(r.user, 'LCtrl');
    expect(
      within(dialog())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['TapEsc', 'HoldLCtrl']);
    const hold = within(dialog()).getByRole('slider', { name: 'Hold time' });
    expect(hold).toHaveAttribute('aria-valuenow', '200');
    expect(hold).toHaveAttribute('aria-valuemin', '10');
    expect(hold).toHaveAttribute('aria-valuemax', '1000');
    // An arrow steps it as in every ARIA slider, the plus button steps too, Enter types a value.
    hold.focus();
    await r.user.keyboard('{ArrowRight}');
    expect(hold).toHaveAttribute('aria-valuenow', '201');
    await r.user.click(within(dialog()).getByRole('button', { name: 'Increase Hold time' }));
    expect(hold).toHaveAttribute('aria-valuetext', '202 ms');
    hold.focus();
    await r.user.keyboard('{Enter}');
    await r.user.keyboard('10{Enter}');
    expect(hold).toHaveAttribute('aria-valuetext', '10 ms');
    await r.user.click(ok());
    expect(sentItem(r.saves()[0]!)).toMatchObject({ sc_type: SHORTCUT_TYPE.modTap, hold_time: 10 });
  });

  it('opens an existing shortcut on its keys, and going back to a smaller type drops the extra keys', async () => {
    const r = await renderArea({ lists: { shortcut: [shortcut(0, SHORTCUT_TYPE.lock, ['A', 'B', 'C'])] } });
    await waitFor(() => expect(document.querySelector('.adv-card')).toBeTruthy());
    await r.user.click(screen.getByRole('button', { name: /^Actions for/ }));
    await r.user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(chips()).toEqual(['A', 'B', 'C']);
    await r.user.click(within(dialog()).getByRole('button', { name: 'Back' }));
    await chooseType(r, 'Toggle');
    expect(chips()).toEqual(['A']);
    await r.user.click(ok());
    expect(r.saves()[0]!.named.get('change_type')).toBe('2');
    expect(sentItem(r.saves()[0]!)).toMatchObject({ id_num: 0, sc_type: SHORTCUT_TYPE.toggle });
    await waitFor(async () =>
      expect((await r.held()).shortcut_list[0]).toMatchObject({
        sc_type: SHORTCUT_TYPE.toggle,
        display: [{ code: code('A') }],
      }),
    );
  });
});
