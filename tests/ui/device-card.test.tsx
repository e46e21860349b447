// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeviceCard } from '../../src/ui/device-list/DeviceCard';
import { DeviceList } from '../../src/ui/device-list/DeviceList';
import { deviceRecord } from './records';
import { renderWithServices, serviceDoes } from './render';
import { testHost } from './test-host';
import type { DeviceRecord } from '../../src/contract/bridge';

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

  it('has no red dot when up to date', () => {
    card(deviceRecord());
    expect(screen.queryByRole('button', { name: /firmware update available/i })).toBeNull();
  });

  it('the red dot opens the need-update dialog, which leads to device settings', async () => {
    const { onOpenSettings } = card(deviceRecord({ fw_ver: '1.3.7' }), '1.4.2');
    await userEvent.click(screen.getByRole('button', { name: 'Firmware update available for Made68Pro' }));
    const dialog = screen.getByRole('dialog', { name: 'Firmware update available' });
    expect(dialog).toHaveTextContent('Firmware 1.4.2 is available for Made68Pro, which runs 1.3.7.');
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
