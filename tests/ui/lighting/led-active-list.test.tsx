// @vitest-environment jsdom
/** The key light panel always shows the list that holds the active mode, with that mode checked. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { ledKeyboard, renderLedTab, type LedKeyboard } from './led-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const tab = (name: string) => screen.getByRole('tab', { name });

/** Switches the keyboard's theme slot and reads the colours again, as the device page does after a switch. */
async function switchSlot(kb: LedKeyboard, slot: number) {
  await act(async () => {
    await kb.client.setThemeInfo({ path: kb.path, change_theme_id: slot });
    await kb.client.getKeyColorInfo({ path: kb.path });
  });
}
const list = () => screen.getByRole('radiogroup', { name: 'Lighting mode' });

describe('Key light: the list of the active mode', () => {
  it('follows a switch to a theme slot whose mode is an effect, without a reload', async () => {
    const kb = await ledKeyboard();
    await renderLedTab(kb);
    expect(tab('Colour modes')).toHaveAttribute('aria-selected', 'true');
    // Slot 2 of a fresh keyboard breathes.
    await switchSlot(kb, 1);
    await waitFor(() => expect(tab('Light effects')).toHaveAttribute('aria-selected', 'true'));
    expect(within(list()).getByRole('radio', { name: 'Breathing' })).toBeChecked();
    await switchSlot(kb, 0);
    await waitFor(() => expect(tab('Colour modes')).toHaveAttribute('aria-selected', 'true'));
    expect(within(list()).getByRole('radio', { name: 'Static' })).toBeChecked();
  });

  it('in Custom mode, a look at the effects list shows no per-key palette, and a device change brings the list back', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard();
    await kb.client.setLedInfo({ path: kb.path, mode_index: 0 });
    await renderLedTab(kb);
    expect(within(list()).getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(screen.getByRole('region', { name: 'Key colours' })).toBeInTheDocument();
    await user.click(tab('Light effects'));
    expect(within(list()).queryByRole('radio', { checked: true })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Key colours' })).toBeNull();
    expect(screen.getByText(/The active mode is Custom, in Colour modes/)).toBeInTheDocument();
    // The device's data changes (here the mode is set again elsewhere): the panel shows the active mode's list.
    await act(async () => {
      await kb.client.setLedInfo({ path: kb.path, mode_index: 0 });
      await kb.client.getKeyColorInfo({ path: kb.path });
    });
    await waitFor(() => expect(tab('Colour modes')).toHaveAttribute('aria-selected', 'true'));
    expect(within(list()).getByRole('radio', { name: 'Custom' })).toBeChecked();
  });

  it('picking an effect from the other list moves the panel to it, checked', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard();
    await renderLedTab(kb);
    await user.click(tab('Light effects'));
    await user.click(screen.getByRole('radio', { name: 'Spectrum' }));
    await waitFor(async () => expect((await kb.read()).kmm_index).toBe(4));
    expect(tab('Light effects')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: 'Spectrum' })).toBeChecked();
  });
});
