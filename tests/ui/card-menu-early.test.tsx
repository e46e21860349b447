// @vitest-environment jsdom
/**
 * A device card's "More actions" button is there before the menu's code (DeviceCard loads CardMenu lazily): pressed
 * in that moment, the menu opens once the code is in, instead of the press being lost.
 */
import { fireEvent, screen } from '@testing-library/react';
import { DeviceList } from '../../src/ui/device-list/DeviceList';
import { renderWithServices } from './render';
import { testHost } from './test-host';

describe('a card menu pressed before its code has loaded', () => {
  it('opens once the code is in', async () => {
    const host = testHost();
    await host.live.addVirtual('Made68Pro');
    renderWithServices(<DeviceList />, { host });
    const button = await screen.findByRole('button', { name: 'More actions for Made68Pro' });
    // The placeholder: the menu's own trigger has aria-haspopup once its code is in.
    expect(button).not.toHaveAttribute('aria-haspopup');
    fireEvent.click(button);
    expect(await screen.findByRole('menu', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toBeInTheDocument();
  });
});
