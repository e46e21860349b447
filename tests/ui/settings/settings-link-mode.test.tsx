// @vitest-environment jsdom
/** The connection settings open on the link the device is using now, not always on USB. */
import { screen, within } from '@testing-library/react';
import { ACCESS_MODE } from '../../../src/core/models';
import { openSettings, shown } from './settings-helpers';

describe('connection settings', () => {
  it.each([
    [ACCESS_MODE.wireless24g, 'settings.link.24g'],
    [ACCESS_MODE.bluetooth, 'settings.link.bluetooth'],
    [ACCESS_MODE.usb, 'settings.link.usb'],
  ] as const)('a Made68Air on access mode %i opens on its own link', async (accessMode, id) => {
    await openSettings('Made68Air', { accessMode });
    const modes = screen.getByRole('group', { name: shown('settings.link.modes') });
    const pressed = within(modes)
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-pressed') === 'true');
    expect(pressed.map((b) => b.textContent)).toEqual([shown(id)]);
  });
});
