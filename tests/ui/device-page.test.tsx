// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeviceTab } from '../../src/ui/device-list/DeviceTab';
import { fakeDevice } from './fake-bridge';
import { fakeHost } from './fake-host';
import { emit, renderWithServices } from './render';
import type { DeviceRecord } from '../../src/service/bridge';

// The frame is under test here; the Key code tab has its own tests (tests/ui/keycode).
vi.mock('../../src/ui/device-page/key-code/KeyCodeTab', () => ({
  default: ({ path }: { path: string }) => <p data-testid="keycode-tab">{path}</p>,
}));

async function openPage(device: DeviceRecord, options: Parameters<typeof renderWithServices>[1] = {}, tab?: '0' | '4') {
  const host = options.host ?? fakeHost();
  host.bridge.respond('dev_info', 'get_setting_data', {
    fw_ver: '1.4.2',
    hw_ver: '2.0.0',
    release_date: '2026-03-01',
    use_n_key: true,
    use_sleep: false,
    sleep_time: 10,
    auto_calibration: true,
  });
  const r = renderWithServices(<DeviceTab />, { devices: [device], ...options, host });
  act(() => r.services.devices.getState().open(device.path, tab));
  await screen.findByRole('tablist');
  return r;
}

describe('device page frame', () => {
  it('has a back button with the device name that returns to the list', async () => {
    await openPage(fakeDevice());
    const back = screen.getByRole('button', { name: 'Back to devices: Made68Pro' });
    await userEvent.click(back);
    expect(screen.getByRole('heading', { name: 'My Devices' })).toBeInTheDocument();
  });

  it('has the four tabs in order and walks them by mouse and keyboard', async () => {
    await openPage(fakeDevice());
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Key code', 'Key LED', 'Key performance', 'Device settings']);
    expect(tabs.map((t) => t.getAttribute('data-tab-id'))).toEqual(['0', '1', '3', '4']);
    expect(within(screen.getByRole('tabpanel')).getByTestId('keycode-tab')).toHaveTextContent(/^virtual:/);
    await userEvent.click(screen.getByRole('tab', { name: 'Key performance' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Key performance');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Key LED' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Key LED');
  });

  it('Device settings lists the device information from get_setting_data', async () => {
    const device = fakeDevice({ fw_ver: '1.4.1', electricity: 64, dev_sn: 'SN123', access_mode: 1 });
    const { host } = await openPage(device);
    await userEvent.click(screen.getByRole('tab', { name: /^Device settings/ }));
    const [call] = host.bridge.callsTo('dev_info', 'get_setting_data');
    expect(call?.named.get('path')).toBe(device.path);
    const panel = screen.getByRole('tabpanel');
    const value = (label: string) => within(panel).getByText(label).nextElementSibling?.textContent;
    await waitFor(() => expect(value('Firmware')).toBe('1.4.2'));
    expect(value('Name')).toBe('Made68Pro');
    expect(value('Hardware')).toBe('2.0.0');
    expect(value('Release date')).toBe('2026-03-01');
    expect(value('Serial number')).toBe('SN123');
    expect(value('Connection')).toBe('2.4G');
    expect(value('Battery')).toBe('64%');
  });

  it('marks Device settings with the red dot when an update is pending', async () => {
    const r = await openPage(fakeDevice({ fw_ver: '1.3.7' }), { latest: { made68pro: '1.4.2' } });
    expect(screen.getByRole('tab', { name: /^Device settings.*\(update pending\)$/ })).toBeInTheDocument();
    expect(screen.getByTestId('settings-red-dot')).toBeInTheDocument();
    r.unmount();
    await openPage(fakeDevice({ fw_ver: '1.4.2' }), { latest: { made68pro: '1.4.2' } });
    expect(screen.queryByTestId('settings-red-dot')).toBeNull();
  });

  it('opens on the tab it was asked for', async () => {
    await openPage(fakeDevice(), {}, '4');
    expect(screen.getByRole('tab', { name: 'Device settings' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the sync text for its own device: changing in blue, changed in green', async () => {
    const device = fakeDevice();
    const { host } = await openPage(device);
    const sync = () => document.querySelector('[data-sync]')!;
    expect(sync()).toHaveAttribute('data-sync', 'none');
    emit(host, 'sync_update', { path: device.path, state: 1 });
    expect(sync()).toHaveTextContent('Syncing…');
    expect(sync()).toHaveClass('sync-text--changing');
    emit(host, 'sync_update', { path: 'some:other:device', state: 0 });
    expect(sync()).toHaveTextContent('Syncing…');
    emit(host, 'sync_update', { path: device.path, state: '0' });
    expect(sync()).toHaveTextContent('Synced');
    expect(sync()).toHaveClass('sync-text--changed');
  });

  it('covers the page while show_loading is non-zero; an error toast lowers it', async () => {
    const { host } = await openPage(fakeDevice());
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    emit(host, 'show_loading', '1');
    expect(screen.getByTestId('loading-overlay')).toHaveTextContent('Loading');
    emit(host, 'show_loading', 0);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    emit(host, 'show_loading', 1);
    emit(host, 'toast_message', { title: 'Saved', context: '', args: '', type: 0, delay: 5 });
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    emit(host, 'toast_message', { title: 'err.dev.timeout', context: '', args: '', type: 1, delay: 5 });
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('returns to the list when its device is removed', async () => {
    const device = fakeDevice();
    const other = fakeDevice({ name: 'cyber01', display_name: 'Cyber01' });
    const { host } = await openPage(device, { devices: [device, other] });
    emit(host, 'devs_changed', [device, other]);
    expect(screen.getByRole('tablist', { name: 'Device sections' })).toBeInTheDocument();
    emit(host, 'devs_changed', [other]);
    expect(screen.queryByRole('tablist', { name: 'Device sections' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'My Devices' })).toBeInTheDocument();
  });

  it('returns to the list when its device goes offline', async () => {
    const device = fakeDevice();
    const { host } = await openPage(device);
    emit(host, 'devs_changed', [{ ...device, online: false }]);
    expect(screen.queryByRole('tablist', { name: 'Device sections' })).toBeNull();
    expect(screen.getByText('Not connected')).toBeInTheDocument();
  });

  it('stays open when another device leaves', async () => {
    const device = fakeDevice();
    const other = fakeDevice({ name: 'cyber01', display_name: 'Cyber01' });
    const { host } = await openPage(device, { devices: [device, other] });
    emit(host, 'devs_changed', [device]);
    expect(screen.getByRole('tablist', { name: 'Device sections' })).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await openPage(fakeDevice(), { language: 'zh_CN' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '按键映射',
      '按键灯光',
      '按键性能',
      '设备设置',
    ]);
    expect(screen.getByRole('button', { name: '返回设备列表: Made68Pro' })).toBeInTheDocument();
  });
});
