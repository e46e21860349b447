// @vitest-environment jsdom
import { useToastStore } from '../../../src/ui/toasts/store';
import { screen, waitFor, within } from '@testing-library/react';
import type { DksItem } from '../../../src/core/advanced-keys';
import { code, dialog, dks, lastToast, pickCode, renderArea, sentItem } from './advanced-fixtures';

type Setup = Parameters<typeof renderArea>[0];

async function openNewDks(setup: Setup = {}) {
  const r = await renderArea(setup);
  await r.user.click(await screen.findByRole('tab', { name: 'DKS' }));
  await r.user.click(screen.getByRole('button', { name: 'Add DKS' }));
  return r;
}

async function openExisting(item: DksItem, setup: Setup = {}) {
  const r = await renderArea({ ...setup, lists: { dks: [item] } });
  await waitFor(() => expect(document.querySelector('.adv-card')).toBeTruthy());
  await r.user.click(screen.getByRole('button', { name: /^Actions for/ }));
  await r.user.click(screen.getByRole('menuitem', { name: 'Edit' }));
  return r;
}

const rowKeys = () => within(dialog()).getAllByRole('button', { name: /^Row \d+ key:/ });
const mark = (row: number, stage: string) => within(dialog()).getByRole('button', { name: `Row ${row}, ${stage}` });
const span = (row: number, stage: string) =>
  within(dialog()).getByRole('slider', { name: `Row ${row}, ${stage}: held over` });
const ok = () => within(dialog()).getByRole('button', { name: 'OK' });

async function chooseRowKey(r: Awaited<ReturnType<typeof openNewDks>>, row: number, name: string) {
  await r.user.click(rowKeys()[row - 1]!);
  await pickCode(r.user, name);
}

describe('DKS editor', () => {
  it('starts with 4 rows and adds rows up to the 8 slots of newer firmware', async () => {
    const r = await openNewDks();
    expect(rowKeys()).toHaveLength(4);
    const add = within(dialog()).getByRole('button', { name: 'Add row' });
    for (let i = 0; i < 4; i++) await r.user.click(within(dialog()).getByRole('button', { name: 'Add row' }));
    expect(rowKeys()).toHaveLength(8);
    expect(add).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Add row' })).toBeNull();
  });

  it('has no add-row button on 4-slot firmware', async () => {
    // Made68Pro+ 1.1.4 has advanced keys with 4 DKS slots.
    await openNewDks({ model: 'Made68Pro+', fwVer: '1.1.4' });
    expect(rowKeys()).toHaveLength(4);
    expect(within(dialog()).queryByRole('button', { name: 'Add row' })).toBeNull();
  });

  it('shows the default travel: top 0.5 mm, bottom the maximum minus 0.4', async () => {
    // A keyboard whose switches travel 4 mm reports a deeper DKS limit than the reference firmware's 3.6 mm.
    await openNewDks({ payload: (real) => ({ ...real, dks_max_trigger: 4 }) });
    expect(within(dialog()).getByTestId('dks-top')).toHaveTextContent('0.5 mm');
    expect(within(dialog()).getByTestId('dks-bottom')).toHaveTextContent('3.6 mm');
    expect(within(dialog()).getByText('4.0 mm')).toBeInTheDocument();
  });

  it('moves the trigger points in 0.1 mm steps with the keyboard', async () => {
    const r = await openNewDks();
    within(dialog()).getByRole('slider', { name: 'Top trigger' }).focus();
    await r.user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(dialog()).getByTestId('dks-top')).toHaveTextContent('0.7 mm');
    within(dialog()).getByRole('slider', { name: 'Bottom trigger' }).focus();
    await r.user.keyboard('{ArrowLeft}');
    expect(within(dialog()).getByTestId('dks-bottom')).toHaveTextContent('3.1 mm');
  });

  it('refuses OK with err.spkey.dks.args.cfg when no row has a key', async () => {
    const r = await openNewDks();
    await r.user.click(ok());
    expect(lastToast()).toEqual({ title: 'err.spkey.dks.args.cfg', type: 1, delay: 3 });
    expect(r.saves()).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('refuses a row with a key but no stage, and a row with a stage but no key', async () => {
    const r = await openNewDks();
    await chooseRowKey(r, 1, 'A');
    expect(rowKeys()[0]).toHaveTextContent('A');
    await r.user.click(ok());
    expect(lastToast()?.title).toBe('err.spkey.dks.args.cfg');

    await r.user.click(mark(1, 'Press past top'));
    await r.user.click(mark(2, 'Bottom out'));
    await r.user.click(ok());
    // Said again while it shows: one toast counting both refusals.
    expect(useToastStore.getState().toasts.filter((t) => t.title === 'err.spkey.dks.args.cfg')).toMatchObject([
      { count: 2 },
    ]);
    expect(r.saves()).toHaveLength(0);

    await r.user.click(mark(2, 'Bottom out'));
    await r.user.click(ok());
    const [call] = r.saves();
    expect(call!.named.get('change_type')).toBe('1');
    const item = sentItem(call!) as DksItem;
    expect(item.display[0]).toMatchObject({ code: code('A'), name: 'A' });
    expect(item.display[0]!.data.map((s) => s.vis)).toEqual([true, false, false, false]);
    expect(item).toMatchObject({ top_level: 0.5, bottom_level: 3.2, tick_type: 0, tick_min: 3, tick_max: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await r.held()).dks_list).toMatchObject([{ id_num: 0, top_level: 0.5, bottom_level: 3.2 }]);
  });

  it('clears a row key with "No key"', async () => {
    const r = await openExisting(
      dks(0, [
        ['A', [0]],
        ['B', [1]],
      ]),
    );
    await r.user.click(rowKeys()[1]!);
    await r.user.click(within(dialog()).getByRole('button', { name: 'No key' }));
    expect(rowKeys()[1]).toHaveTextContent('Choose key');
    await r.user.click(ok());
    expect(lastToast()?.title).toBe('err.spkey.dks.args.cfg');
  });

  it('extends a stage over the following stages, stopped by a later marked stage, from the keyboard', async () => {
    const r = await openExisting(dks(0, [['A', [0, 2]]]));
    const bar = span(1, 'Press past top');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    bar.focus();
    await r.user.keyboard('{ArrowRight}');
    expect(span(1, 'Press past top')).toHaveAttribute('aria-valuenow', '1');
    // Stage 3 is marked, so the bar cannot reach over it.
    await r.user.keyboard('{ArrowRight}{End}');
    expect(span(1, 'Press past top')).toHaveAttribute('aria-valuenow', '1');

    await r.user.click(mark(1, 'Release from bottom'));
    span(1, 'Press past top').focus();
    await r.user.keyboard('{End}');
    expect(span(1, 'Press past top')).toHaveAttribute('aria-valuenow', '3');
  });

  it('resets a stage span to 0 when its mark is turned off', async () => {
    const r = await openExisting(dks(0, [['A', [1]]]));
    span(1, 'Bottom out').focus();
    await r.user.keyboard('{End}');
    expect(span(1, 'Bottom out')).toHaveAttribute('aria-valuenow', '2');
    await r.user.click(mark(1, 'Bottom out'));
    expect(within(dialog()).queryByRole('slider', { name: /Row 1, Bottom out/ })).toBeNull();
    await r.user.click(mark(1, 'Bottom out'));
    expect(span(1, 'Bottom out')).toHaveAttribute('aria-valuenow', '0');
  });

  it('shortens an earlier bar when a stage inside it is marked', async () => {
    const r = await openExisting(dks(0, [['A', [0]]]));
    span(1, 'Press past top').focus();
    await r.user.keyboard('{End}');
    await r.user.click(mark(1, 'Release from bottom'));
    expect(span(1, 'Press past top')).toHaveAttribute('aria-valuenow', '1');
  });

  it('drags a bar with the pointer', async () => {
    const r = await openExisting(dks(0, [['A', [0]]]));
    const track = within(dialog()).getByRole('group', { name: 'Row 1 stages' });
    track.getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 400, height: 30, right: 400, bottom: 30, x: 0, y: 0 }) as DOMRect;
    const handle = span(1, 'Press past top');
    handle.hasPointerCapture = () => true;
    await r.user.pointer([
      { keys: '[MouseLeft>]', target: handle, coords: { clientX: 90, clientY: 10 } },
      { target: handle, coords: { clientX: 250, clientY: 10 } },
      { keys: '[/MouseLeft]', target: handle },
    ]);
    expect(span(1, 'Press past top')).toHaveAttribute('aria-valuenow', '2');
  });

  it('keeps the tick fields to digits and shows two of them in dynamic mode', async () => {
    const r = await openExisting(dks(0, [['A', [0]]]));
    const value = within(dialog()).getByRole('textbox', { name: 'Ticks' });
    await r.user.clear(value);
    await r.user.type(value, '1a2.');
    expect(value).toHaveValue('12');
    expect(within(dialog()).queryByRole('textbox', { name: 'Maximum ticks' })).toBeNull();
    await r.user.click(within(dialog()).getByRole('radio', { name: 'Dynamic' }));
    const min = within(dialog()).getByRole('textbox', { name: 'Minimum ticks' });
    const max = within(dialog()).getByRole('textbox', { name: 'Maximum ticks' });
    expect(min).toHaveValue('12');
    expect(max).toHaveValue('5');
    await r.user.clear(max);
    await r.user.type(max, '20');
    await r.user.click(ok());
    expect(sentItem(r.saves()[0]!)).toMatchObject({ id_num: 0, tick_type: 1, tick_min: 12, tick_max: 20 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await r.held()).dks_list[0]).toMatchObject({ tick_type: 1, tick_min: 12, tick_max: 20 });
  });

  it('refuses an empty tick field', async () => {
    const r = await openExisting(dks(0, [['A', [0]]]));
    await r.user.clear(within(dialog()).getByRole('textbox', { name: 'Ticks' }));
    await r.user.click(ok());
    expect(lastToast()?.title).toBe('err.args.invalid');
    expect(r.saves()).toHaveLength(0);
  });
});
