// @vitest-environment jsdom
/**
 * Renaming an advanced-key card with the keyboard only: Rename opens the dialog with the name field focused and its
 * text selected, typing replaces it, Enter saves, and focus goes back to the card's menu button.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { dialog, dks, renderArea, sentItem } from './advanced-fixtures';
import { withDevicesExtraTexts } from '../devices-extra-texts';

withDevicesExtraTexts();

it('focuses the selected name, Enter renames, focus returns to the menu button', async () => {
  const r = await renderArea({ lists: { dks: [{ ...dks(0), name: 'Old' }] } });
  const card = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.adv-card[data-keyword="D0"]');
    expect(found).toBeTruthy();
    return found!;
  });
  const trigger = card.querySelector<HTMLElement>('[aria-haspopup="menu"]')!;
  act(() => trigger.focus());
  await r.user.keyboard('{Enter}');
  const rename = await screen.findByRole('menuitem', { name: 'Rename' });
  act(() => rename.focus());
  await r.user.keyboard('{Enter}');
  const input = await waitFor(() => {
    const field = dialog().querySelector('input') as HTMLInputElement;
    expect(field).toHaveFocus();
    return field;
  });
  expect([input.selectionStart, input.selectionEnd]).toEqual([0, 3]);
  await r.user.keyboard('Fast{Enter}');
  await waitFor(() => expect(r.saves()).toHaveLength(1));
  expect(sentItem(r.saves()[0]!)).toMatchObject({ name: 'Fast' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() =>
    expect(document.querySelector('.adv-card[data-keyword="D0"] [aria-haspopup="menu"]')).toHaveFocus(),
  );
});
