// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import type { HypertapItem, SnaptapItem } from '../../../src/core/advanced-keys';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import {
  code,
  dialog,
  hypertap,
  keyId,
  lastToast,
  pickCode,
  renderArea,
  sentItem,
  snaptap,
  toasts,
} from './advanced-fixtures';
import { keyNamed, serveDrawings } from './drawing-helpers';

type Setup = Parameters<typeof renderArea>[0];

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});

async function openNew(tab: 'Snap Tap' | 'Hyper Tap (DRT)', setup: Setup = {}) {
  const r = await renderArea(setup);
  await r.user.click(await screen.findByRole('tab', { name: tab }));
  await r.user.click(screen.getByRole('button', { name: `Add ${tab}` }));
  return r;
}

async function openExisting(setup: Setup) {
  const r = await renderArea(setup);
  await waitFor(() => expect(document.querySelector('.adv-card')).toBeTruthy());
  await r.user.click(screen.getByRole('button', { name: /^Actions for/ }));
  await r.user.click(screen.getByRole('menuitem', { name: 'Edit' }));
  return r;
}

const select = (name: string) => within(dialog()).getByRole('combobox', { name }) as HTMLSelectElement;
const option = (name: string, label: string) =>
  within(select(name)).getByRole('option', { name: new RegExp(`^${label}( \\(|$)`) }) as HTMLOptionElement;
const ok = () => within(dialog()).getByRole('button', { name: 'OK' });

describe('Snap Tap editor', () => {
  it('refuses missing keys with err.spkey.snaptap.args.cfg and cancels the dialog', async () => {
    const r = await openNew('Snap Tap');
    await r.user.selectOptions(select('First key'), String(keyId('A')));
    await r.user.click(ok());
    expect(lastToast()).toEqual({ title: 'err.spkey.snaptap.args.cfg', type: 1, delay: 3 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(r.saves()).toHaveLength(0);
  });

  it('takes two different keys from the lists or the drawing, and saves them', async () => {
    const r = await openNew('Snap Tap');
    await r.user.selectOptions(select('First key'), String(keyId('A')));
    expect(option('Second key', 'A').disabled).toBe(true);
    // The drawing fills the entry chosen above it, then moves on to the next one.
    await r.user.click(within(dialog()).getByRole('radio', { name: 'Second key' }));
    await screen.findByRole('grid');
    await r.user.click(keyNamed('D'));
    expect(select('Second key').value).toBe(String(keyId('D')));
    await r.user.click(ok());
    const item = sentItem(r.saves()[0]!) as SnaptapItem;
    expect(item.display.map((e) => [e.name, e.key_id])).toEqual([
      ['A', keyId('A')],
      ['D', keyId('D')],
    ]);
    expect(r.saves()[0]!.named.get('change_type')).toBe('1');
    expect(r.saves()[0]!.named.has('key_ids')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await r.held()).snaptap_list[0]!.display.map((e) => e.key_id)).toEqual([keyId('A'), keyId('D')]);
  });

  it('refuses a key this keyboard does not have with err.spkey.hypertap.notkeyid.cfg and cancels', async () => {
    // An item the keyboard reports with a key it does not have (written by a tool for a bigger board).
    const r = await openExisting({
      lists: { snaptap: [snaptap(0, 'A', 'D')] },
      payload: (real) => ({
        ...real,
        snaptap_list: real.snaptap_list.map((item) => ({
          ...item,
          display: [item.display[0]!, { name: 'X', alias: 'X', key_id: 999 }],
        })),
      }),
    });
    expect(select('Second key').selectedOptions[0]!.textContent).toBe('Key #999 (not on this keyboard)');
    await r.user.click(ok());
    expect(lastToast()).toEqual({ title: 'err.spkey.hypertap.notkeyid.cfg', type: 1, delay: 3 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Hyper Tap editor', () => {
  it('needs both keys (err.spkey.hypertap.args.cfg) and stays open', async () => {
    const r = await openNew('Hyper Tap (DRT)');
    await r.user.selectOptions(select('First key'), String(keyId('W')));
    await r.user.click(ok());
    expect(lastToast()).toEqual({ title: 'err.spkey.hypertap.args.cfg', type: 1, delay: 3 });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await r.user.selectOptions(select('Second key'), String(keyId('S')));
    await r.user.click(ok());
    const item = sentItem(r.saves()[0]!) as HypertapItem;
    expect(item.display).toEqual([
      { name: 'W', alias: expect.any(String), key_id: keyId('W') },
      { name: 'S', alias: expect.any(String), key_id: keyId('S') },
    ]);
  });

  it('never offers a first key that another hyper-tap already uses', async () => {
    const r = await openNew('Hyper Tap (DRT)', { lists: { hypertap: [hypertap(0, 'Q', 'E')] } });
    expect(option('First key', 'Q').disabled).toBe(true);
    expect(option('First key', 'Q').textContent).toBe('Q (in use)');
    // The drawing refuses it too.
    await screen.findByRole('grid');
    await r.user.click(keyNamed('Q'));
    expect(select('First key').value).toBe('-1');
    expect(toasts()).toEqual([]);
  });

  it('refuses a first key the keyboard does not have, and cancels', async () => {
    const r = await openExisting({
      lists: { hypertap: [hypertap(0, 'A', 'B')] },
      payload: (real) => ({
        ...real,
        hypertap_list: real.hypertap_list.map((item) => ({
          ...item,
          display: [{ name: '?', alias: '?', key_id: 500 }, item.display[1]!],
        })),
      }),
    });
    await r.user.click(ok());
    expect(lastToast()?.title).toBe('err.spkey.hypertap.notkeyid.cfg');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stores the second entry as a key code on older firmware', async () => {
    // Firmware that takes the second entry as a key code and still offers hyper-tap.
    const r = await openNew('Hyper Tap (DRT)', {
      payload: (real) => ({ ...real, hypertap_second_entry: 'key-descriptor' }),
    });
    expect(within(dialog()).queryByRole('combobox', { name: 'Second key' })).toBeNull();
    await r.user.selectOptions(select('First key'), String(keyId('F')));
    await r.user.click(ok());
    expect(lastToast()?.title).toBe('err.spkey.hypertap.args.cfg');
    await r.user.click(within(dialog()).getByRole('button', { name: /^Second key code/ }));
    await pickCode(r.user, 'Esc');
    expect(within(dialog()).getByRole('button', { name: 'Second key code: Esc' })).toBeInTheDocument();
    await r.user.click(ok());
    const item = sentItem(r.saves()[0]!) as HypertapItem;
    expect(item.display[0]).toMatchObject({ key_id: keyId('F') });
    expect(item.display[1]).toMatchObject({ code: code('Esc'), name: 'Esc' });
  });
});

describe('a key another hyper-tap already starts with', () => {
  it('is refused on the drawing with the reason, and the first key stays unset', async () => {
    const r = await openNew('Hyper Tap (DRT)', { lists: { hypertap: [hypertap(0, 'W', 'S')] } });
    await screen.findByRole('grid');
    await r.user.click(keyNamed('W'));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      'W is already the first key of another DRT. A key can start only one DRT: choose another key.',
    );
    expect(select('First key').value).toBe('-1');
    await r.user.click(keyNamed('A'));
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    expect(select('First key').value).toBe(String(keyId('A')));
  });
});
