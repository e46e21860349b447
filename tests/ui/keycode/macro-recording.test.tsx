// @vitest-environment jsdom
/**
 * Macro editor on a virtual keyboard: the recording area offers the keyboard's keys to press (press_key), and what
 * is pressed there is recorded; the repeat count field holds its value to 1-1000 and never sends one outside.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { keycodeExtraEn, type KeycodeExtraId } from '../../../src/i18n/sections/keycode-extra';
import { CATALOGUES } from '../../../src/i18n/translate';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { dialog, keyId, lastToast, macro, renderArea, sentItem } from './advanced-fixtures';
import { serveDrawings } from './drawing-helpers';

function shown(id: KeycodeExtraId): string {
  const wired = (CATALOGUES.en_US as Readonly<Record<string, string>>)[id] === keycodeExtraEn[id];
  return wired ? keycodeExtraEn[id] : id;
}

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openNew() {
  const r = await renderArea();
  await r.user.click(await screen.findByRole('tab', { name: 'Macro' }));
  await r.user.click(screen.getByRole('button', { name: 'Add Macro' }));
  return r;
}

async function openExisting() {
  const r = await renderArea({ lists: { macro: [macro(0, ['A'])] } });
  await waitFor(() => expect(document.querySelector('.adv-card')).toBeTruthy());
  await r.user.click(screen.getByRole('button', { name: /^Actions for/ }));
  await r.user.click(screen.getByRole('menuitem', { name: 'Edit' }));
  return r;
}

function padKey(id: number): HTMLElement {
  const el = dialog().querySelector<HTMLElement>(`[data-key-id="${id}"]`);
  if (!el) throw new Error(`no key ${id} in the editor`);
  return el;
}

describe('Macro recording on a virtual keyboard', () => {
  it('says how to record with no keyboard at hand, and records keys held on the drawing in the editor', async () => {
    const r = await openNew();
    expect(within(dialog()).getByText(shown('keycode.macro.virtual'))).toBeInTheDocument();
    await r.user.click(within(dialog()).getByRole('button', { name: 'Start recording' }));
    await waitFor(() => expect(padKey(keyId('A'))).toBeInTheDocument());

    for (const legend of ['A', 'B']) {
      const k = padKey(keyId(legend));
      fireEvent.pointerDown(k, { button: 0, pointerId: 1 });
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      fireEvent.pointerUp(k, { button: 0, pointerId: 1 });
    }
    await waitFor(() => expect(within(dialog()).getAllByRole('row')).toHaveLength(5));
    const cells = within(dialog())
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelectorAll('td')[2]!.textContent);
    expect(cells).toEqual(['A', 'A', 'B', 'B']);
    expect(r.live.callsTo('pressKey').map((c) => c.named.get('depth'))).toEqual(['2', '0', '2', '0']);
  });
});

describe('Macro repeat count', () => {
  it('holds 5000 to 1000 when the field is left, and saves 1000 without a refusal', async () => {
    const r = await openExisting();
    const repeat = within(dialog()).getByRole('textbox', { name: 'Repeat count' });
    await r.user.clear(repeat);
    await r.user.type(repeat, '5000');
    await r.user.tab();
    expect(repeat).toHaveValue('1000');
    await r.user.click(within(dialog()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(r.saves()).toHaveLength(1));
    expect(sentItem(r.saves()[0]!)).toMatchObject({ repeat_count: 1000 });
    expect(lastToast()?.title).not.toBe('err.spkey.macro.args.cfg');
  });

  it('holds 0 to 1 on Enter, and an empty field saves 1', async () => {
    const r = await openExisting();
    const repeat = within(dialog()).getByRole('textbox', { name: 'Repeat count' });
    await r.user.clear(repeat);
    await r.user.type(repeat, '0{Enter}');
    expect(repeat).toHaveValue('1');
    await r.user.clear(repeat);
    await r.user.click(within(dialog()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(r.saves()).toHaveLength(1));
    expect(sentItem(r.saves()[0]!)).toMatchObject({ repeat_count: 1 });
  });
});
