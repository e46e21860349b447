// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keycodeByName } from '../../src/core/keycodes';
import { DeviceTab } from '../../src/ui/device-list/DeviceTab';
import { renderWithServices, serviceDoes } from './render';
import { testHost, type TestHost } from './test-host';
import type { VirtualOptions } from '../../src/testing/live-service';

// The frame is under test here; the Key code tab has its own tests (tests/ui/keycode).
vi.mock('../../src/ui/device-page/key-code/KeyCodeTab', () => ({
  default: ({ path }: { path: string }) => <p data-testid="keycode-tab">{path}</p>,
}));
// The LED and performance tabs have their own tests too (tests/ui/lighting, tests/ui/performance).
vi.mock('../../src/ui/device-page/lighting/LedTab', () => ({ default: () => <p>Key LED</p> }));
vi.mock('../../src/ui/device-page/performance/PerfTab', () => ({ default: () => <p>Key performance</p> }));

interface PageSetup extends Omit<NonNullable<Parameters<typeof renderWithServices>[1]>, 'host'> {
  model?: string;
  virtual?: VirtualOptions;
  /** Keyboards attached before the one whose page opens. */
  others?: string[];
  tab?: '0' | '4';
}

async function openPage(setup: PageSetup = {}) {
  const host: TestHost = testHost();
  const others: string[] = [];
  for (const model of setup.others ?? []) others.push(await host.live.addVirtual(model));
  const path = await host.live.addVirtual(setup.model ?? 'Made68Pro', setup.virtual);
  const r = renderWithServices(<DeviceTab />, { ...setup, host });
  act(() => r.services.devices.getState().open(path, setup.tab));
  await screen.findByRole('tablist');
  return { ...r, path, others };
}

/** The values the sync text takes from now on, as the user would see them one after the other. */
function watchSync(): string[] {
  const seen: string[] = [];
  const element = document.querySelector('[data-sync]')!;
  new MutationObserver(() => seen.push(element.getAttribute('data-sync')!)).observe(element, { attributes: true });
  return seen;
}

describe('device page frame', () => {
  it('has a back button with the device name that returns to the list', async () => {
    await openPage();
    const back = screen.getByRole('button', { name: 'Back to devices: Made68Pro' });
    await userEvent.click(back);
    expect(screen.getByRole('heading', { name: 'My Devices' })).toBeInTheDocument();
  });

  it('has the four tabs in order and walks them by mouse and keyboard', async () => {
    await openPage();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Key code', 'Key LED', 'Key performance', 'Device settings']);
    expect(tabs.map((t) => t.getAttribute('data-tab-id'))).toEqual(['0', '1', '3', '4']);
    expect(within(screen.getByRole('tabpanel')).getByTestId('keycode-tab')).toHaveTextContent(/^virtual:/);
    await userEvent.click(screen.getByRole('tab', { name: 'Key performance' }));
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveTextContent('Key performance'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Key LED' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveTextContent('Key LED'));
  });

  it('leaving the performance tab for Key code or Key LED ends any calibration on the keyboard', async () => {
    const { host, path } = await openPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Key performance' }));
    expect(host.live.callsTo('setPerfInfo')).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: 'Key LED' }));
    await waitFor(() => expect(host.live.callsTo('setPerfInfo')).toHaveLength(1));
    const call = host.live.callsTo('setPerfInfo')[0]!;
    expect(call.named.get('path')).toBe(path);
    expect(JSON.parse(call.named.get('calibration')!)).toEqual({ state: 0 });
    await userEvent.click(screen.getByRole('tab', { name: 'Key code' }));
    expect(host.live.callsTo('setPerfInfo')).toHaveLength(1);
  });

  it('Device settings lists the device information from get_setting_data', async () => {
    const { host, path } = await openPage({
      model: 'Made68Air',
      virtual: { fwVer: '1.4.1', hwVer: '2.0.0', accessMode: 1 },
    });
    // The battery has run down since the keyboard was attached: the settings call reads it fresh.
    host.live.keyboard(path).setBattery(64);
    await userEvent.click(screen.getByRole('tab', { name: /^Device settings/ }));
    const [call] = host.live.callsTo('getSettingData');
    expect(call?.named.get('path')).toBe(path);
    const panel = screen.getByRole('tabpanel');
    const value = (label: string) => within(panel).getByText(label).nextElementSibling?.textContent;
    await waitFor(() => expect(value('Battery')).toBe('64%'));
    const data = await host.live.client.getSettingData({ path });
    expect(value('Name')).toBe('Made68Air');
    expect(value('Firmware')).toBe(data.fw_ver);
    expect(data.fw_ver).toMatch(/1\.4\.1$/);
    expect(value('Hardware')).toBe(data.hw_ver);
    expect(data.hw_ver).toMatch(/2\.0\.0$/);
    expect(value('Release date')).toBe(data.release_date);
    expect(value('Serial number')).toBe(host.live.keyboard(path).descriptor.serial);
    expect(value('Connection')).toBe('2.4G');
  });

  it('marks Device settings with the red dot when an update is pending', async () => {
    const r = await openPage({ virtual: { fwVer: '1.3.7' }, latest: { made68pro: '1.4.2' } });
    expect(screen.getByRole('tab', { name: /^Device settings.*\(update pending\)$/ })).toBeInTheDocument();
    expect(screen.getByTestId('settings-red-dot')).toBeInTheDocument();
    r.unmount();
    await openPage({ virtual: { fwVer: '1.4.2' }, latest: { made68pro: '1.4.2' } });
    expect(screen.queryByTestId('settings-red-dot')).toBeNull();
  });

  it('opens on the tab it was asked for', async () => {
    await openPage({ tab: '4' });
    expect(screen.getByRole('tab', { name: 'Device settings' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the sync text for its own device: changing in blue, changed in green', async () => {
    const { host, path, others } = await openPage({ others: ['Made68Pro'] });
    const sync = () => document.querySelector('[data-sync]')!;
    expect(sync()).toHaveAttribute('data-sync', 'none');
    const seen = watchSync();
    const code = keycodeByName('Mute')!.code;
    // Another keyboard writing its flash does not show here.
    await serviceDoes(() => host.live.client.setKeyInfo({ path: others[0]!, index: 0, select: [1], code }));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(seen).toEqual([]);
    // A change to this keyboard: it writes its flash (Syncing…), then has written it (Synced).
    await serviceDoes(() => host.live.client.setKeyInfo({ path, index: 0, select: [1], code }));
    await waitFor(() => expect(sync()).toHaveTextContent('Synced'));
    expect(seen).toEqual(['changing', 'changed']);
    expect(sync()).toHaveClass('sync-text--changed');
  });

  it('covers the page while show_loading is on; an error toast lowers it', async () => {
    const { host } = await openPage();
    const client = host.live.client;
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    await serviceDoes(() => client.showLoading({ value: '1' }));
    expect(screen.getByTestId('loading-overlay')).toHaveTextContent('Loading');
    await serviceDoes(() => client.showLoading({ value: '0' }));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    await serviceDoes(() => client.showLoading({ value: '1' }));
    await serviceDoes(() => client.toastMessage({ title: 'Saved', type: 0 }));
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    // A call the service refuses ends the operation behind the overlay.
    await serviceDoes(() => client.getSettingData({ path: 'virtual:0:0:none' }).catch(() => undefined));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('returns to the list when its device is removed', async () => {
    const { host, path, others } = await openPage({ others: ['Cyber01'] });
    await serviceDoes(() => host.live.client.removeDevice({ path: others[0]! }));
    expect(screen.getByRole('tablist', { name: 'Device sections' })).toBeInTheDocument();
    await serviceDoes(() => host.live.addVirtual('Cyber01'));
    await serviceDoes(() => host.live.client.removeDevice({ path }));
    expect(screen.queryByRole('tablist', { name: 'Device sections' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'My Devices' })).toBeInTheDocument();
  });

  it('returns to the list when its keyboard is unplugged', async () => {
    const { host, path } = await openPage();
    await serviceDoes(() => host.live.transport(path).disconnect());
    expect(screen.queryByRole('tablist', { name: 'Device sections' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Welcome to Keytune' })).toBeInTheDocument();
  });

  it('stays open when another device leaves', async () => {
    const { host, others } = await openPage({ others: ['Cyber01'] });
    await serviceDoes(() => host.live.transport(others[0]!).disconnect());
    expect(screen.getByRole('tablist', { name: 'Device sections' })).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await openPage({ language: 'zh_CN' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '按键映射',
      '按键灯光',
      '按键性能',
      '设备设置',
    ]);
    expect(screen.getByRole('button', { name: '返回设备列表: Made68Pro' })).toBeInTheDocument();
  });
});
