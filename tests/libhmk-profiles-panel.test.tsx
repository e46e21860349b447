// @vitest-environment jsdom
/**
 * The profile panel on the virtual HE60: every profile opens (none disabled), the note says the keyboard keeps its
 * own, a profile switched with the keyboard's PF keys is followed when the window comes back, and a profile is
 * copied onto another and reset from its menu after a dialog, in English and Chinese.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { familiesEn, familiesZh } from '../src/i18n/sections/families';
import { ThemePanel } from '../src/ui/device-page/themes/ThemePanel';
import { openHe60 } from './ui/libhmk/harness';

const MO1 = 55;
const PF = (n: number) => 31 + n;
const KC_X = 0x19;

const profileButton = (n: number, texts: Record<string, string> = familiesEn) =>
  screen.getByRole('button', { name: texts['profiles.slot']!.replace('{0}', String(n)) });

async function panel(language: 'en_US' | 'zh_CN' = 'en_US') {
  const opened = await openHe60((path) => <ThemePanel path={path} tab="0" />, language);
  const texts = language === 'en_US' ? familiesEn : familiesZh;
  await screen.findByRole('button', { name: texts['profiles.slot'].replace('{0}', '1') });
  return { ...opened, texts };
}

describe('libhmk profiles in the panel', () => {
  it('opens profile 3 from the app while the keyboard keeps its own, and says so', async () => {
    const { client, path, texts } = await panel();
    for (let n = 1; n <= 4; n++) expect(profileButton(n)).not.toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(texts['profiles.edit.note'])).toBeInTheDocument();
    expect(screen.queryByText(texts['profiles.switch.on.keyboard'])).toBeNull();
    await userEvent.setup().click(profileButton(3));
    await waitFor(() => expect(profileButton(3)).toHaveAttribute('aria-pressed', 'true'));
    expect((await client.getThemeInfo({ path })).theme_mode).toBe(2);
    // The keyboard still types with profile 1, and the panel says so beside it (asked again on focus).
    await act(async () => {
      fireEvent.focus(window);
    });
    const row = (n: number) => profileButton(n).closest('li')!;
    await waitFor(() => expect(within(row(1)).getByText(texts['profiles.keyboard.uses'])).toBeInTheDocument());
    expect(within(row(3)).queryByText(texts['profiles.keyboard.uses'])).toBeNull();
  });

  it('follows a profile switched with the keyboard’s PF keys when the window is focused again', async () => {
    const { client, path } = await panel();
    await waitFor(() => expect(profileButton(1)).toHaveAttribute('aria-pressed', 'true'));
    for (const [key, depth] of [
      [MO1, 4],
      [PF(1), 4],
      [PF(1), 0],
      [MO1, 0],
    ] as const)
      await client.pressKey({ path, key_id: key, depth });
    await act(async () => {
      fireEvent.focus(window);
    });
    // Sooner than the next poll: the focus asked.
    await waitFor(() => expect(profileButton(2)).toHaveAttribute('aria-pressed', 'true'), { timeout: 800 });
    expect(within(profileButton(2).closest('li')!).getByText(familiesEn['profiles.keyboard.uses'])).toBeInTheDocument();
  });

  it('copies a profile onto another and resets it, each after its dialog (Chinese)', async () => {
    const { driver, texts } = await panel('zh_CN');
    await driver.ports.keymap!.write([{ profile: 1, layer: 0, keyId: 4, code: KC_X }]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: texts['profiles.menu'].replace('{0}', '2') }));
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', {
        name: texts['profiles.copy.to'].replace('{0}', '4'),
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: texts['profiles.copy.confirm.title'].replace('{0}', '2').replace('{1}', '4'),
    });
    await user.click(within(dialog).getByRole('button', { name: texts['profiles.copy.ok'] }));
    await waitFor(async () => expect((await driver.ports.keymap!.read(3))[0]![4]).toBe(KC_X));

    await user.click(screen.getByRole('button', { name: texts['profiles.menu'].replace('{0}', '4') }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: texts['profiles.reset'] }));
    const reset = await screen.findByRole('dialog', {
      name: texts['profiles.reset.confirm.title'].replace('{0}', '4'),
    });
    await user.click(within(reset).getByRole('button', { name: texts['profiles.reset.ok'] }));
    await waitFor(async () => expect((await driver.ports.keymap!.read(3))[0]![4]).not.toBe(KC_X));
    expect((await driver.ports.keymap!.read(1))[0]![4]).toBe(KC_X);
  });
});
