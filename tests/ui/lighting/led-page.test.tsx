// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeviceTab } from '../../../src/ui/device-list/DeviceTab';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Key LED tab on the device page', () => {
  it('opens from the Key LED tab with the drawing on the left and the lighting tabs on the right', async () => {
    const host = testHost();
    const path = await host.live.addVirtual('Made68Pro');
    const r = renderWithServices(<DeviceTab />, { host });
    act(() => r.services.devices.getState().open(path));
    await userEvent.click(await screen.findByRole('tab', { name: 'Key LED' }));
    const panel = screen.getByRole('tabpanel', { name: 'Key LED' });
    const drawing = await within(panel).findByRole('grid', { name: 'Keyboard lighting' });
    const tabs = within(panel).getByRole('tablist', { name: 'Lighting' });
    expect(drawing.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(tabs).getByRole('tab', { name: 'Key light' })).toHaveAttribute('aria-selected', 'true');
  });
});
