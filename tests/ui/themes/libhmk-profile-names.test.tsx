// @vitest-environment jsdom
/**
 * Profile names on a keyboard that keeps none (the virtual HE60, libhmk): a profile is renamed from its menu, the name
 * is kept on this computer for this keyboard (the dialog says so) and shown again on the next visit; nothing is
 * written to the keyboard.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { familiesEn } from '../../../src/i18n/sections/families';
import { ThemePanel } from '../../../src/ui/device-page/themes/ThemePanel';
import { openHe60 } from '../libhmk/harness';

afterEach(() => localStorage.clear());

const en = familiesEn as Record<string, string>;
const fill = (id: string, ...args: (string | number)[]) =>
  args.reduce<string>((text, a, i) => text.replace(`{${i}}`, String(a)), en[id]!);

describe('libhmk profile names', () => {
  it('renames a profile on this computer and shows the name on the next visit', async () => {
    const he60 = await openHe60((path) => <ThemePanel path={path} tab="0" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: fill('profiles.menu', 2) }));
    await user.click(await screen.findByRole('menuitem', { name: en['profiles.rename'] }));
    const dialog = await screen.findByRole('dialog', { name: fill('profiles.rename.title', 2) });
    expect(within(dialog).getByText(en['profiles.rename.local']!)).toBeTruthy();
    const field = within(dialog).getByRole('textbox');
    await user.clear(field);
    await user.type(field, 'Shooter{Enter}');
    expect(await screen.findByRole('button', { name: fill('profiles.slot.named', 2, 'Shooter') })).toBeTruthy();
    expect(screen.getByRole('button', { name: fill('profiles.slot', 1) })).toBeTruthy();
    expect(he60.host.live.callsTo('setThemeInfo')).toHaveLength(0);
    he60.view.unmount();

    await openHe60((path) => <ThemePanel path={path} tab="0" />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: fill('profiles.slot.named', 2, 'Shooter') })).toBeTruthy(),
    );
  });
});
