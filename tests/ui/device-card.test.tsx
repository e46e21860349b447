// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeviceCard } from '../../src/ui/device-list/DeviceCard';
import { DeviceList } from '../../src/ui/device-list/DeviceList';
import { DeviceTab } from '../../src/ui/device-list/DeviceTab';
import { useToastStore } from '../../src/ui/toasts/store';
import { withDevicesExtraTexts } from './devices-extra-texts';
import { deviceRecord } from './records';
import { renderWithServices, serviceDoes } from './render';
import { testHost } from './test-host';
import type { DeviceRecord } from '../../src/contract/bridge';

withDevicesExtraTexts();

function card(device: DeviceRecord, pendingUpdate?: string, language: 'en_US' | 'zh_CN' = 'en_US') {
  const onOpen = vi.fn();
  const onOpenSettings = vi.fn();
  const r = renderWithServices(
    <DeviceCard device={device} pendingUpdate={pendingUpdate} onOpen={onOpen} onOpenSettings={onOpenSettings} />,
    { language },
  );
  const badge = (name: string) => r.container.querySelector(`[data-badge="${name}"]`);
  return { ...r, onOpen, onOpenSettings, badge };
}

describe('device card', () => {
  it('shows the name, connection state and USB badge of a wired keyboard', () => {
    const { badge, container } = card(deviceRecord());
    expect(screen.getByRole('button', { name: 'Made68Pro' })).toBeEnabled();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(badge('access')).toHaveTextContent('USB');
    expect(container.querySelector('[data-art]')).toHaveAttribute('data-art', 'keyboard');
  });

  it('labels 2.4G and Bluetooth, in Chinese too', () => {
    const a = card(deviceRecord({ access_mode: 1 }));
    expect(a.badge('access')).toHaveTextContent('2.4G');
    a.unmount();
    const b = card(deviceRecord({ access_mode: 2 }), undefined, 'zh_CN');
    expect(b.badge('access')).toHaveTextContent('蓝牙');
    expect(screen.getByText('已连接')).toBeInTheDocument();
  });

  it('shows the battery only when it is a percentage', () => {
    const cases: [number, string][] = [
      [87, '87%'],
      [0, '0%'],
      [100, '100%'],
      [-1, '--'],
      [255, '--'],
      [Number.NaN, '--'],
    ];
    for (const [electricity, shown] of cases) {
      const c = card(deviceRecord({ electricity }));
      expect(c.badge('battery')).toHaveTextContent(`Battery: ${shown}`);
      c.unmount();
    }
  });

  it('draws a mouse and a dongle by device type', () => {
    const m = card(deviceRecord({ dev_type: 3, name: 'mouse01', display_name: 'Mouse01' }));
    expect(m.container.querySelector('[data-art]')).toHaveAttribute('data-art', 'mouse');
    m.unmount();
    const d = card(deviceRecord({ dev_type: 4, name: 'dongle01', display_name: 'Dongle01' }));
    expect(d.container.querySelector('[data-art]')).toHaveAttribute('data-art', 'dongle');
  });

  it('an offline device reads Not connected and cannot be opened', () => {
    card(deviceRecord({ online: false }));
    expect(screen.getByText('Not connected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Made68Pro' })).toBeDisabled();
  });

  it('opens the device from the name button', async () => {
    const { onOpen } = card(deviceRecord());
    await userEvent.click(screen.getByRole('button', { name: 'Made68Pro' }));
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('links to the manual built from name and firmware', () => {
    card(deviceRecord({ fw_ver: 'V1.3.7' }));
    const link = screen.getByRole('link', { name: 'Open the Made68Pro manual (PDF)' });
    expect(link).toHaveAttribute('href', 'https://download.keytune.app/manuals/made68pro_1.3.7.pdf');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('offers no manual where the maker publishes none (another family)', () => {
    const device = deviceRecord();
    card({ ...device, family: 'libhmk', features: { ...device.features, manual: false } });
    expect(screen.queryByRole('link', { name: /manual/i })).toBeNull();
  });

  it('has no red dot when up to date', () => {
    card(deviceRecord());
    expect(screen.queryByRole('button', { name: /firmware update available/i })).toBeNull();
  });

  it('the red dot opens the need-update dialog, which leads to device settings', async () => {
    const { onOpenSettings } = card(deviceRecord({ fw_ver: '1.3.7' }), '1.4.2');
    await userEvent.click(screen.getByRole('button', { name: 'Firmware update available for Made68Pro' }));
    const dialog = screen.getByRole('dialog', { name: 'Firmware update available' });
    expect(dialog).toHaveTextContent('Firmware 1.4.2 is available for Made68Pro, which runs 1.3.7.');
    // Device settings holds the update control the dialog sends the person to.
    expect(dialog).toHaveTextContent('Updates are installed from the Device settings tab');
    expect(dialog).not.toHaveTextContent('not available');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open device settings' }));
    expect(onOpenSettings).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the need-update dialog closes with Later and with Escape', async () => {
    card(deviceRecord({ fw_ver: '1.3.7' }), '1.4.2');
    const dot = screen.getByRole('button', { name: 'Firmware update available for Made68Pro' });
    await userEvent.click(dot);
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(dot);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('device list', () => {
  it('shows a card per device with the red dot from version.json', async () => {
    const host = testHost();
    await host.live.addVirtual('Made68Pro', { fwVer: '1.3.7' });
    await host.live.addVirtual('Cyber01', { fwVer: '3.0.2' });
    renderWithServices(<DeviceList />, { host, latest: { made68pro: '1.4.2', cyber01: '3.0.2' } });
    expect(screen.getByRole('heading', { name: 'My Devices' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Firmware update available for Made68Pro' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Firmware update available for Cyber01' })).toBeNull();
  });

  it('opens a configurable device, and its settings tab from the update dialog', async () => {
    const host = testHost();
    const path = await host.live.addVirtual('Made68Pro', { fwVer: '1.3.7' });
    const { services } = renderWithServices(<DeviceList />, { host, latest: { made68pro: '1.4.2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Made68Pro' }));
    expect(services.devices.getState()).toMatchObject({ openPath: path, openTab: '0' });
    act(() => services.devices.getState().close());
    await userEvent.click(screen.getByRole('button', { name: 'Firmware update available for Made68Pro' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open device settings' }));
    expect(services.devices.getState()).toMatchObject({ openPath: path, openTab: '4' });
  });

  it('an unknown device opens the not-supported dialog instead', async () => {
    // A model the product does not know can only come from real hardware: its record stands in for it.
    const { services } = renderWithServices(<DeviceList />, {
      records: [deviceRecord({ name: 'unknown-99', display_name: 'Unknown-99' })],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Unknown-99' }));
    const dialog = screen.getByRole('dialog', { name: 'Device not supported' });
    expect(within(dialog).getByRole('link', { name: 'See supported devices' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(services.devices.getState().openPath).toBeNull();
  });

  it('follows devs_changed live', async () => {
    const host = testHost();
    const a = await host.live.addVirtual('Made68Pro');
    renderWithServices(<DeviceList />, { host });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await serviceDoes(() => host.live.addVirtual('Cyber01'));
    expect(screen.getAllByRole('article')).toHaveLength(2);
    await serviceDoes(() => host.live.client.removeDevice({ path: a }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cyber01' })).toBeInTheDocument();
    // Its cable is pulled: the keyboard leaves the list too.
    await serviceDoes(() => host.live.transport(host.live.records()[0]!.path).disconnect());
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('removing a device', () => {
  async function openMenu(name: string) {
    await userEvent.click(screen.getByRole('button', { name: `More actions for ${name}` }));
    // The menu's code loads on the first opening (DeviceCard's lazy CardMenu): slow on a busy machine.
    return screen.findByRole('menu', {}, { timeout: 5000 });
  }

  it('asks first; Cancel keeps the device', async () => {
    const host = testHost();
    await host.live.addVirtual('Made68Pro');
    renderWithServices(<DeviceList />, { host });
    await userEvent.click(within(await openMenu('Made68Pro')).getByRole('menuitem', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Made68Pro?' });
    expect(dialog).toHaveTextContent('its saved settings are deleted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(host.live.callsTo('removeDevice')).toHaveLength(0);
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('Remove takes the device off the list and focus goes to the list title', async () => {
    const host = testHost();
    const first = await host.live.addVirtual('Made68Pro');
    await host.live.addVirtual('Cyber01');
    renderWithServices(<DeviceList />, { host });
    await userEvent.click(within(await openMenu('Made68Pro')).getByRole('menuitem', { name: 'Remove' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove Made68Pro?' })).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(host.live.callsTo('removeDevice').map((c) => c.named.get('path'))).toEqual([first]);
    expect(screen.queryByRole('button', { name: 'Made68Pro' })).toBeNull();
    expect(host.live.records().map((r) => r.display_name)).toEqual(['Cyber01']);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'My Devices' })).toHaveFocus());
  });

  it('the menu is reachable and usable by keyboard alone', async () => {
    const host = testHost();
    await host.live.addVirtual('Made68Pro');
    renderWithServices(<DeviceList />, { host });
    screen.getByRole('button', { name: 'More actions for Made68Pro' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Remove Made68Pro?' })).toBeInTheDocument();
  });

  it.each([
    ['en_US', 'More actions for Mouse01', 'Remove', /virtual device/, /keyboard/i],
    ['zh_CN', 'Mouse01 的更多操作', '移除', /虚拟设备/, /键盘/],
  ] as const)('a virtual mouse is not called a keyboard (%s)', async (language, menu, item, says, never) => {
    const host = testHost();
    await host.live.addVirtual('Mouse01');
    renderWithServices(<DeviceList />, { host, language });
    await userEvent.click(screen.getByRole('button', { name: menu }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: item }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(says);
    expect(dialog).not.toHaveTextContent(never);
  });

  it('a real device is told apart: its settings stay on it', async () => {
    renderWithServices(<DeviceList />, { records: [deviceRecord({ virtual: false })] });
    await userEvent.click(within(await openMenu('Made68Pro')).getByRole('menuitem', { name: 'Remove' }));
    expect(screen.getByRole('dialog', { name: 'Remove Made68Pro?' })).toHaveTextContent(
      'The settings stored on the device are kept.',
    );
  });

  it('reads in Chinese', async () => {
    const host = testHost();
    await host.live.addVirtual('Made68Pro');
    renderWithServices(<DeviceList />, { host, language: 'zh_CN' });
    await userEvent.click(screen.getByRole('button', { name: 'Made68Pro 的更多操作' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: '移除' }));
    expect(screen.getByRole('dialog', { name: '移除 Made68Pro？' })).toBeInTheDocument();
  });
});

describe('keyboard focus follows what the person did', () => {
  it('a virtual device added from the add dialog takes focus once the dialog closes', async () => {
    const host = testHost();
    await host.live.addVirtual('Made68Pro');
    renderWithServices(<DeviceList />, { host });
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a device' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Model' }), 'cyber01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add virtual device' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cyber01' })).toHaveFocus());
  });

  it('a device the browser picker grants takes focus when it arrives', async () => {
    const host = testHost();
    await host.live.addVirtual('Made68Pro');
    host.requestHidDevice = async () => {
      host.hidRequests++;
    };
    renderWithServices(<DeviceList />, { host });
    screen.getByRole('button', { name: 'Made68Pro' }).focus();
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose a connected device' }));
    await serviceDoes(() => host.live.addVirtual('Cyber01'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cyber01' })).toHaveFocus());
  });

  it('opening a card moves focus onto the device page, and Back returns it to that card', async () => {
    const host = testHost();
    await host.live.addVirtual('Made68Pro');
    await host.live.addVirtual('Cyber01');
    renderWithServices(<DeviceTab />, { host });
    await userEvent.click(screen.getByRole('button', { name: 'Cyber01' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Cyber01' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Back to devices: Cyber01' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cyber01' })).toHaveFocus());
  });
});

describe('a device without keys', () => {
  it('a receiver opens on a page with no layers, picker, mode switch or toast', async () => {
    const host = testHost();
    const path = await host.live.addVirtual('Dongle01');
    const r = renderWithServices(<DeviceTab />, { host });
    await userEvent.click(screen.getByRole('button', { name: 'Dongle01' }));
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'No keys' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('no key codes or advanced keys to set here');
    expect(r.container.querySelector('.keycode-tab')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: /reset/i })).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(host.live.callsTo('getKeyValueInfo')).toHaveLength(0);
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(r.services.devices.getState().openPath).toBe(path);
  });
});
