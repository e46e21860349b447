// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REDIRECT_MODELS } from '../../src/core/models';
import { keytuneDescription } from '../../src/drivers/keytune/record';
import { deviceRecord as recordOf } from '../../src/service/records';
import { VirtualKeyboard } from '../../src/firmware/index';
import { TopDialogs } from '../../src/ui/dialogs/RedirectDialog';
import { deviceDestination, DeviceList } from '../../src/ui/device-list/DeviceList';
import { renderWithServices } from './render';
import { testHost } from './test-host';

const keytuneRecordOf = (path: string, d: Parameters<typeof keytuneDescription>[0], virtual: boolean) =>
  recordOf(path, keytuneDescription(d), virtual);

describe('redirect models', () => {
  it('every redirect model is sent to the redirect dialog, configurable ones to their page', () => {
    const handshake = (model: string) => new VirtualKeyboard({ model, fwVer: '1.4.2', serial: 'S1' }).descriptor;
    const of = (model: string) => keytuneRecordOf('p', handshake(model), true);
    for (const name of REDIRECT_MODELS) expect(deviceDestination(of(name))).toBe('redirect');
    expect(deviceDestination(of('Made68Pro'))).toBe('page');
    expect(deviceDestination(of('Mouse01'))).toBe('page');
    // A keyboard of our protocol whose model the table does not know.
    expect(deviceDestination(keytuneRecordOf('p', { ...handshake('Made68Pro'), modelId: 250 }, false))).toBe(
      'not-supported',
    );
  });

  it('clicking a redirect model opens top-level dialog type 2 index 3, not the device page', async () => {
    const host = testHost();
    await host.live.addVirtual('Mojo68');
    const { services } = renderWithServices(
      <>
        <DeviceList />
        <TopDialogs />
      </>,
      { host },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mojo68' }));
    const dialog = screen.getByRole('dialog', { name: 'Mojo68 is set up in the desktop app' });
    expect(dialog).toHaveAttribute('data-dialog-type', '2');
    expect(dialog).toHaveAttribute('data-dialog-index', '3');
    expect(within(dialog).getByRole('link', { name: /Get the desktop app/ })).toHaveAttribute('target', '_blank');
    expect(services.devices.getState().openPath).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads in Chinese', async () => {
    const host = testHost();
    await host.live.addVirtual('Pixel');
    renderWithServices(
      <>
        <DeviceList />
        <TopDialogs />
      </>,
      { host, language: 'zh_CN' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pixel' }));
    expect(screen.getByRole('dialog', { name: 'Pixel 需在桌面版中设置' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '确定' })).toBeInTheDocument();
  });
});
