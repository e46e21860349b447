// @vitest-environment jsdom
/**
 * The theme and language choices look like the app's segmented controls, not the browser's blue radio dots, and stay
 * radios: named, grouped, reachable with Tab and moved with the arrow keys.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsTab from '../../../src/ui/preferences/SettingsTab';
import { useThemeStore } from '../../../src/ui/theme/store';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

beforeEach(() => useThemeStore.getState().setMode('light', { persist: false }));

it('draws each choice as a segment with its radio hidden inside it, and arrows move the choice', async () => {
  renderWithServices(<SettingsTab />, { host: testHost() });
  const light = screen.getByRole('radio', { name: 'Light' });
  const group = light.closest('fieldset')!;
  expect(group).toHaveClass('choice-group');
  const segments = within(group)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')!);
  expect(segments.every((label) => label.classList.contains('choice-group__item'))).toBe(true);
  expect(
    within(group)
      .getAllByRole('radio')
      .every((r) => r.classList.contains('choice-group__input')),
  ).toBe(true);
  expect(segments.map((label) => label.hasAttribute('data-checked'))).toEqual([true, false, false]);
  light.focus();
  await userEvent.keyboard('{ArrowRight}');
  expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(screen.getByRole('radio', { name: 'Dark' })).toHaveFocus();
  expect(segments.map((label) => label.hasAttribute('data-checked'))).toEqual([false, true, false]);
});
