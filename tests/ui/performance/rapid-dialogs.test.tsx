// @vitest-environment jsdom
/**
 * The rapid-trigger dialogs of the perf panel (spec-2 §2.5: dialog 1 advanced rapid, dialog 5 advanced rapid-trigger
 * mode) and the local preferences perf_args_vis and perf_use_complete (spec-2 §3): what a person sees change, what
 * reaches the keyboard, and what the browser keeps.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { key, openPerfTab, selectKeys, shown } from './perf-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function rapidOn(tab: Awaited<ReturnType<typeof openPerfTab>>, id: number) {
  selectKeys(id);
  fireEvent.click(screen.getByRole('switch', { name: shown('perf.rt') }));
  await waitFor(async () => expect((await tab.perf()).key_rapid_triggers[id]!.use_rapid).toBe(true));
  await screen.findByRole('slider', { name: shown('perf.rt.press') });
}

async function openSettings() {
  await userEvent.setup().click(screen.getByRole('button', { name: shown('perf.rt.settings') }));
  const dialog = await screen.findByRole('dialog', { name: shown('perf.rt.settings') });
  expect(dialog).toHaveAttribute('data-dialog-type', '1');
  return dialog;
}

describe('dialog 1, rapid trigger settings', () => {
  it('sets press and release together with one slider once chosen, and the browser keeps the choice', async () => {
    const tab = await openPerfTab();
    await rapidOn(tab, 31);
    expect(localStorage.getItem('perf_use_complete')).toBeNull();
    const dialog = await openSettings();
    const together = within(dialog).getByRole('switch', { name: shown('perf.pref.use_complete') });
    expect(together).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(together);
    expect(together).toHaveAttribute('aria-checked', 'true');
    expect(localStorage.getItem('perf_use_complete')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: shown('perf.ok') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.queryByRole('slider', { name: shown('perf.rt.press') })).toBeNull();
    expect(screen.queryByRole('slider', { name: shown('perf.rt.release') })).toBeNull();
    const before = (await tab.perf()).key_rapid_triggers[31]!;
    fireEvent.click(screen.getByRole('button', { name: `Increase ${shown('perf.rt.both')}` }));
    await waitFor(async () => {
      const now = (await tab.perf()).key_rapid_triggers[31]!;
      expect(now.p_rapid_value).toBeGreaterThan(before.p_rapid_value);
      expect(now.r_rapid_value).toBe(now.p_rapid_value);
    });

    // Another visit of the tab (here on another keyboard) reads the choice back.
    tab.rendered.unmount();
    const again = await openPerfTab();
    selectKeys(31);
    fireEvent.click(screen.getByRole('switch', { name: shown('perf.rt') }));
    await waitFor(async () => expect((await again.perf()).key_rapid_triggers[31]!.use_rapid).toBe(true));
    expect(await screen.findByRole('slider', { name: shown('perf.rt.both') })).toBeInTheDocument();
    expect(screen.queryByRole('slider', { name: shown('perf.rt.press') })).toBeNull();
  });

  it('shows each rapid-trigger key its press and release travel on the drawing once chosen, and keeps it', async () => {
    const tab = await openPerfTab();
    await rapidOn(tab, 31);
    expect(within(key(31)).queryByTestId('perf-key-args')).toBeNull();
    const dialog = await openSettings();
    fireEvent.click(within(dialog).getByRole('switch', { name: shown('perf.pref.args_vis') }));
    expect(localStorage.getItem('perf_args_vis')).toBe('true');
    const rt = (await tab.perf()).key_rapid_triggers[31]!;
    await waitFor(() =>
      expect(within(key(31)).getByTestId('perf-key-args')).toHaveTextContent(
        shown('perf.key.args', rt.p_rapid_value.toFixed(2), rt.r_rapid_value.toFixed(2)),
      ),
    );
    // Keys without rapid trigger show no such values.
    expect(within(key(32)).queryByTestId('perf-key-args')).toBeNull();

    fireEvent.click(within(dialog).getByRole('switch', { name: shown('perf.pref.args_vis') }));
    expect(localStorage.getItem('perf_args_vis')).toBe('false');
    await waitFor(() => expect(within(key(31)).queryByTestId('perf-key-args')).toBeNull());
  });

  it('turns rapid trigger over the whole stroke on where the keyboard has it', async () => {
    const tab = await openPerfTab();
    await rapidOn(tab, 31);
    const dialog = await openSettings();
    const whole = within(dialog).getByRole('switch', { name: shown('perf.rt.complete') });
    expect(whole).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(whole);
    await waitFor(async () => expect((await tab.perf()).key_rapid_use_complete).toBe(1));
    await waitFor(() => expect(whole).toHaveAttribute('aria-checked', 'true'));
  });

  it('leaves the whole-stroke option out on firmware without it', async () => {
    const tab = await openPerfTab('Made68Pro', '1.1.8');
    await rapidOn(tab, 31);
    const dialog = await openSettings();
    expect(within(dialog).queryByRole('switch', { name: shown('perf.rt.complete') })).toBeNull();
    expect(within(dialog).getByRole('switch', { name: shown('perf.pref.args_vis') })).toBeInTheDocument();
  });
});

describe('dialog 5, advanced rapid-trigger mode', () => {
  const modeButton = (m: 0 | 1) =>
    screen.getByRole('button', {
      name: shown('perf.rt.advanced.button', shown(m === 1 ? 'perf.rt.advanced.1' : 'perf.rt.advanced.0')),
    });

  it('applies the chosen mode to the selected keys on OK and sends nothing on Cancel', async () => {
    const tab = await openPerfTab();
    await rapidOn(tab, 31);
    const user = userEvent.setup();
    const calls = () => tab.setPerfCalls().filter((c) => 'advance_rapid' in c).length;

    await user.click(modeButton(0));
    let dialog = await screen.findByRole('dialog', { name: shown('perf.rt.advanced') });
    expect(dialog).toHaveAttribute('data-dialog-type', '5');
    expect(within(dialog).getByRole('radio', { name: shown('perf.rt.advanced.0') })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: shown('perf.rt.advanced.1') }));
    await user.click(within(dialog).getByRole('button', { name: shown('perf.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls()).toBe(0);
    expect((await tab.perf()).key_rapid_triggers[31]!.advance_rapid_mode).toBe(0);

    await user.click(modeButton(0));
    dialog = await screen.findByRole('dialog', { name: shown('perf.rt.advanced') });
    expect(within(dialog).getByRole('radio', { name: shown('perf.rt.advanced.0') })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: shown('perf.rt.advanced.1') }));
    await user.click(within(dialog).getByRole('button', { name: shown('perf.ok') }));
    await waitFor(async () => expect((await tab.perf()).key_rapid_triggers[31]!.advance_rapid_mode).toBe(1));
    expect(tab.setPerfCalls().filter((c) => 'advance_rapid' in c)).toEqual([
      expect.objectContaining({ key_ids: '[31]', advance_rapid: 'true' }),
    ]);
    await waitFor(() => expect(modeButton(1)).toBeInTheDocument());
  });
});
