// @vitest-environment jsdom
/**
 * Renaming a theme slot with the keyboard only: the menu opens from its button, Rename opens the dialog with the name
 * field focused and its text selected, typing replaces it, Enter renames, and focus goes back to the menu button.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsEn } from '../../../src/i18n/sections/settings';
import { ThemePanel } from '../../../src/ui/device-page/themes/ThemePanel';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

it('focuses the name field with its text selected, Enter renames, focus returns to the menu button', async () => {
  const host = testHost({}, { timeoutMs: 500 });
  const path = await host.live.addVirtual('Made68Pro', { fwVer: '1.4.2' });
  renderWithServices(<ThemePanel path={path} tab="3" />, { host });
  const trigger = await screen.findByRole('button', { name: settingsEn['themes.menu'].replace('{0}', '2') });
  const user = userEvent.setup();
  trigger.focus();
  await user.keyboard('{Enter}');
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog');
  const input = within(dialog).getByRole('textbox', { name: settingsEn['themes.rename.field'] }) as HTMLInputElement;
  await waitFor(() => expect(input).toHaveFocus());
  expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
  await user.keyboard('Quiet{Enter}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(async () => expect((await host.live.client.getThemeInfo({ path })).theme_info_list[1]).toBe('Quiet'));
  await waitFor(() => expect(trigger).toHaveFocus());
});
