// @vitest-environment jsdom
import { FAMILY_VIRTUAL_MODELS } from '../../src/core/virtual-families';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONFIGURABLE_MODELS, OTHER_MODELS, REDIRECT_MODELS } from '../../src/core/models';
import { App } from '../../src/ui/App';
import { DeviceTab } from '../../src/ui/device-list/DeviceTab';
import { renderWithServices, serviceDoes } from './render';
import { testHost } from './test-host';

describe('welcome screen', () => {
  it('shows with no device: title, add button, tip and the virtual offer', () => {
    renderWithServices(<DeviceTab />);
    expect(screen.getByRole('heading', { name: 'Welcome to Keytune' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add device' })).toBeInTheDocument();
    expect(screen.getByText(/click Add device and choose it/)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'No keyboard at hand?' })).toBeInTheDocument();
  });

  it('add asks for WebHID permission through the host', async () => {
    const host = testHost();
    renderWithServices(<DeviceTab />, { host });
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    expect(host.hidRequests).toBe(1);
  });

  it('a refused WebHID request is only logged, never toasted', async () => {
    const refusing = testHost({
      requestHidDevice: async () => {
        throw new DOMException('No device selected.', 'NotFoundError');
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithServices(<App />, { host: refusing });
    await userEvent.click(screen.getAllByRole('button', { name: 'Add device' }).at(-1)!);
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
    warn.mockRestore();
  });

  it('offers every configurable and redirect model, the mouse and the dongle, and the keyboards of other families', () => {
    renderWithServices(<DeviceTab />);
    const select = screen.getByRole('combobox', { name: 'Model' });
    const values = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(values).toEqual([
      ...CONFIGURABLE_MODELS,
      ...REDIRECT_MODELS,
      ...OTHER_MODELS,
      ...FAMILY_VIRTUAL_MODELS.map((m) => m.name),
    ]);
  });

  it('adds a virtual device with the chosen model, firmware and connection', async () => {
    const host = testHost();
    renderWithServices(<DeviceTab />, { host, latest: { made68pro: '1.4.2', made68air: '1.4.0' } });
    expect(screen.getByRole('textbox', { name: 'Firmware version' })).toHaveValue('1.4.2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'made68air');
    expect(screen.getByRole('textbox', { name: 'Firmware version' })).toHaveValue('1.4.0');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Connection' }), 'Bluetooth');
    const fw = screen.getByRole('textbox', { name: 'Firmware version' });
    await userEvent.clear(fw);
    await userEvent.type(fw, 'V1.3.7');
    await userEvent.click(screen.getByRole('button', { name: 'Add virtual device' }));
    const [call] = host.live.callsTo('addVirtualDevice');
    expect(call?.named).toEqual(
      new Map([
        ['display_name', 'Made68Air'],
        ['fw_ver', 'V1.3.7'],
        ['access_mode', '2'],
      ]),
    );
    // The keyboard is there, as asked, and the welcome screen has given way to the list.
    const [device] = host.live.records();
    expect(device).toMatchObject({ display_name: 'Made68Air', fw_ver: 'V1.3.7', access_mode: 2, virtual: true });
    expect(host.live.keyboard(device!.path).descriptor.accessMode).toBe(2);
    expect(await screen.findByRole('heading', { name: 'My Devices' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Made68Air' })).toBeInTheDocument();
    // Keyboard focus does not drop to the page with the welcome screen: it lands on the new device.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Made68Air' })).toHaveFocus());
  });

  it('wired-only models offer USB only', async () => {
    renderWithServices(<DeviceTab />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'cyber01');
    const options = within(screen.getByRole('combobox', { name: 'Connection' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['USB']);
  });

  it('refuses a firmware version that is not one, before calling the service', async () => {
    const host = testHost();
    renderWithServices(<DeviceTab />, { host });
    const fw = screen.getByRole('textbox', { name: 'Firmware version' });
    await userEvent.clear(fw);
    await userEvent.type(fw, '1.3');
    expect(fw).toHaveAttribute('aria-invalid', 'true');
    expect(fw).toHaveAccessibleDescription('Enter a version such as 1.3.7');
    expect(screen.getByRole('button', { name: 'Add virtual device' })).toBeDisabled();
    expect(host.live.callsTo('addVirtualDevice')).toHaveLength(0);
  });

  it('gives way to the device list once a device arrives, and comes back when it leaves', async () => {
    const { host } = renderWithServices(<DeviceTab />);
    const path = await serviceDoes(() => host.live.addVirtual('Made68Pro'));
    expect(screen.queryByRole('heading', { name: 'Welcome to Keytune' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'My Devices' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add device' })).toBeInTheDocument();
    await serviceDoes(() => host.live.client.removeDevice({ path }));
    expect(screen.getByRole('heading', { name: 'Welcome to Keytune' })).toBeInTheDocument();
  });

  it('is fully translated to Chinese', () => {
    renderWithServices(<DeviceTab />, { language: 'zh_CN' });
    expect(screen.getByRole('heading', { name: '欢迎使用 Keytune' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加设备' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '型号' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加虚拟设备' })).toBeInTheDocument();
  });
});
