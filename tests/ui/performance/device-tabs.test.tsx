// @vitest-environment jsdom
/**
 * Calibration started on the Key performance tab ends when the user goes on to Key code or Key LED (spec-2 §4: entering
 * a device tab other than 3 or 4 resets calibration state), straight from the tab or by way of Device settings, and
 * the keyboard leaves calibration.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeviceTab } from '../../../src/ui/device-list/DeviceTab';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';
import { shown, viewTab } from './perf-helpers';

// The other tabs have their own tests; here only entering them matters.
vi.mock('../../../src/ui/device-page/key-code/KeyCodeTab', () => ({ default: () => <p>Key code</p> }));
vi.mock('../../../src/ui/device-page/lighting/LedTab', () => ({ default: () => <p>Key LED</p> }));

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The made68pro's page on Key performance, calibration started on its verify view and running on the keyboard. */
async function calibrating() {
  const host = testHost({}, { timeoutMs: 500 });
  const path = await host.live.addVirtual('Made68Pro', { fwVer: '1.4.2' });
  const r = renderWithServices(<DeviceTab />, { host });
  act(() => r.services.devices.getState().open(path, '3'));
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: shown('perf.tab.verify') }, { timeout: 3000 }));
  await user.click(await screen.findByRole('button', { name: shown('perf.cal.start') }));
  const state = async () => (await host.live.client.getKeyPerfInfo({ path })).calibration_state;
  await waitFor(async () => expect(await state()).toBe(1));
  // The 2-second wait dialog closes before the page takes clicks again.
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
  expect(viewTab('perf.tab.verify')).toHaveAttribute('aria-selected', 'true');
  return { user, state };
}

describe('leaving the performance tab while calibrating', () => {
  it.each([
    ['Key code', 'Key code'],
    ['Key LED', 'Key LED'],
  ])('going on to %s ends the calibration on the keyboard', async (tabName, content) => {
    const { user, state } = await calibrating();
    await user.click(screen.getByRole('tab', { name: tabName }));
    await screen.findByText(content);
    await waitFor(async () => expect(await state()).toBe(0));
  });

  it('Device settings leaves it running; Key code after it ends it', async () => {
    const { user, state } = await calibrating();
    await user.click(screen.getByRole('tab', { name: /^Device settings/ }));
    await act(async () => new Promise((r) => setTimeout(r, 100)));
    expect(await state()).toBe(1);
    await user.click(screen.getByRole('tab', { name: 'Key code' }));
    await screen.findByText('Key code', { selector: 'p' });
    await waitFor(async () => expect(await state()).toBe(0));
  });
});
