// @vitest-environment jsdom
/**
 * The Device settings screen on a virtual keyboard: the information list, the USB settings and their firmware
 * thresholds, the sleep-time slider, the empty 2.4G and Bluetooth panels and factory reset with its confirm dialog.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeviceSettingsTab } from '../../../src/ui/device-page/settings/DeviceSettingsTab';
import { useLoadingStore } from '../../../src/ui/loading-store';
import { useToastStore } from '../../../src/ui/toasts/store';
import { renderWithServices } from '../render';
import { openSettings, shown } from './settings-helpers';

const info = () => screen.getByRole('region', { name: 'About this device' });
const value = (label: string) => within(info()).queryByText(label)?.nextElementSibling?.textContent;
const toggle = (id: Parameters<typeof shown>[0]) => screen.getByRole('switch', { name: shown(id) });

describe('the device information', () => {
  it('shows name, status, connection, versions, release date, serial, battery and attributes', async () => {
    const { host, path, record } = await openSettings('Made68Pro', { fwVer: '1.4.2', hwVer: '1.0.0' });
    const data = await host.live.client.getSettingData({ path });
    await waitFor(() => expect(value(shown('settings.info.report.rate'))).toBe(`${data.report_rate} Hz`));
    expect(value('Name')).toBe('Made68Pro');
    expect(value(shown('settings.info.status'))).toBe('Online');
    expect(value('Connection')).toBe('USB');
    expect(value('Firmware')).toBe(data.fw_ver);
    expect(value('Hardware')).toBe(data.hw_ver);
    expect(value('Release date')).toBe(data.release_date);
    expect(value('Serial number')).toBe(record.dev_sn);
    expect(value(shown('settings.info.type'))).toBe('Keyboard');
    // A wired keyboard without a battery reports -1: shown as --.
    expect(value('Battery')).toBe('--');
  });

  it('shows the battery percent read fresh from a wireless keyboard, 0 included', async () => {
    await openSettings('Made68Air', { accessMode: 1 }, (host, path) => host.live.keyboard(path).setBattery(0));
    await waitFor(() => expect(value('Battery')).toBe('0%'));
    expect(value('Connection')).toBe('2.4G');
  });

  it('shows Offline for a keyboard that has gone away', async () => {
    const tab = await openSettings();
    expect(value(shown('settings.info.status'))).toBe('Online');
    tab.rendered.unmount();
    renderWithServices(<DeviceSettingsTab device={{ ...tab.record, online: false }} />, { host: tab.host });
    expect(value(shown('settings.info.status'))).toBe('Offline');
  });
});

describe('the USB settings', () => {
  it('sends N-key, automatic calibration and sleep changes, and shows what the keyboard answered', async () => {
    const tab = await openSettings('Made68Pro', { fwVer: '1.4.2' });
    const user = userEvent.setup();
    await waitFor(() => expect(toggle('settings.usb.nkey')).toBeEnabled());
    const nkey = toggle('settings.usb.nkey').getAttribute('aria-checked') === 'true';
    await user.click(toggle('settings.usb.nkey'));
    await waitFor(() => expect(toggle('settings.usb.nkey')).toHaveAttribute('aria-checked', String(!nkey)));
    expect(tab.settingCalls()[0]).toEqual({ path: tab.path, use_n_key: nkey ? '0' : '1' });
    expect((await tab.host.live.client.getSettingData({ path: tab.path })).use_n_key).toBe(nkey ? 0 : 1);

    const calibration = toggle('settings.usb.calibration').getAttribute('aria-checked') === 'true';
    await user.click(toggle('settings.usb.calibration'));
    await waitFor(() =>
      expect(toggle('settings.usb.calibration')).toHaveAttribute('aria-checked', String(!calibration)),
    );
    expect((await tab.host.live.client.getSettingData({ path: tab.path })).auto_calibration).toBe(calibration ? 0 : 1);
  });

  it('turns sleep on with the slider time and moves it from 1 to 60 minutes with the step buttons', async () => {
    const tab = await openSettings('Made68Pro', { fwVer: '1.4.2' });
    const user = userEvent.setup();
    await waitFor(() => expect(toggle('settings.usb.sleep')).toBeEnabled());
    if (toggle('settings.usb.sleep').getAttribute('aria-checked') === 'true') {
      await user.click(toggle('settings.usb.sleep'));
      await waitFor(() => expect(toggle('settings.usb.sleep')).toHaveAttribute('aria-checked', 'false'));
    }
    await user.click(toggle('settings.usb.sleep'));
    await waitFor(() => expect(toggle('settings.usb.sleep')).toHaveAttribute('aria-checked', 'true'));
    const slider = screen.getByRole('slider', { name: shown('settings.usb.sleep.time') });
    expect(slider).toHaveAttribute('aria-valuemin', '1');
    expect(slider).toHaveAttribute('aria-valuemax', '60');
    const before = Number(slider.getAttribute('aria-valuenow'));
    fireEvent.click(screen.getByRole('button', { name: `Increase ${shown('settings.usb.sleep.time')}` }));
    await waitFor(async () =>
      expect((await tab.host.live.client.getSettingData({ path: tab.path })).sleep_time).toBe(before + 1),
    );
    expect(tab.settingCalls().at(-1)).toEqual({ path: tab.path, use_sleep: '1', sleep_time: String(before + 1) });
  });

  it('offers N-key and sleep only above the firmware threshold (pro models above 1.1.1)', async () => {
    const old = await openSettings('Made68Pro', { fwVer: '1.1.1' });
    await waitFor(() => expect(toggle('settings.usb.nkey')).toBeDisabled());
    expect(toggle('settings.usb.sleep')).toBeDisabled();
    expect(screen.queryByRole('slider', { name: shown('settings.usb.sleep.time') })).toBeNull();
    expect(screen.getAllByText(shown('settings.usb.needs.firmware'))).toHaveLength(2);
    expect(toggle('settings.usb.calibration')).toBeEnabled();
    old.rendered.unmount();
    await openSettings('Made68Pro', { fwVer: '1.1.2' });
    await waitFor(() => expect(toggle('settings.usb.nkey')).toBeEnabled());
    expect(toggle('settings.usb.sleep')).toBeEnabled();
  });

  it('has nothing to set on 2.4G and Bluetooth', async () => {
    await openSettings();
    const user = userEvent.setup();
    const link = screen.getByRole('region', { name: shown('settings.link.title') });
    expect(within(link).getByRole('button', { name: 'USB' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(link).getByRole('button', { name: '2.4G' }));
    expect(within(link).getByRole('button', { name: '2.4G' })).toHaveAttribute('aria-pressed', 'true');
    expect(link).toHaveTextContent(shown('settings.link.empty'));
    expect(within(link).queryByRole('switch')).toBeNull();
    await user.click(within(link).getByRole('button', { name: 'Bluetooth' }));
    expect(link).toHaveTextContent(shown('settings.link.empty'));
    await user.click(within(link).getByRole('button', { name: 'USB' }));
    expect(within(link).getAllByRole('switch')).toHaveLength(3);
  });
});

describe('factory reset', () => {
  it('asks first; Cancel changes nothing, Reset restores the factory settings under the loading overlay', async () => {
    const tab = await openSettings('Made68Pro', { fwVer: '1.4.2' });
    const user = userEvent.setup();
    await waitFor(() => expect(toggle('settings.usb.nkey')).toBeEnabled());
    const factory = await tab.host.live.client.getSettingData({ path: tab.path });
    await user.click(toggle('settings.usb.nkey'));
    await waitFor(() =>
      expect(toggle('settings.usb.nkey')).toHaveAttribute('aria-checked', String(factory.use_n_key !== 1)),
    );

    await user.click(screen.getByRole('button', { name: shown('settings.reset.button') }));
    let dialog = screen.getByRole('dialog', { name: shown('settings.reset.title') });
    // Our own keyboards put back every area they keep, theme slots included.
    expect(dialog).toHaveTextContent(
      shown('settings.reset.body', 'key mapping, lighting, performance and all theme slots'),
    );
    await user.click(within(dialog).getByRole('button', { name: shown('settings.reset.cancel') }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(tab.host.live.callsTo('runOtherFunc')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: shown('settings.reset.button') }));
    dialog = screen.getByRole('dialog', { name: shown('settings.reset.title') });
    const shownLoading: boolean[] = [];
    const off = useLoadingStore.subscribe((s) => shownLoading.push(s.visible));
    await user.click(within(dialog).getByRole('button', { name: shown('settings.reset.confirm') }));
    await waitFor(() =>
      expect(toggle('settings.usb.nkey')).toHaveAttribute('aria-checked', String(factory.use_n_key === 1)),
    );
    off();
    expect(shownLoading).toContain(true);
    expect(useLoadingStore.getState().visible).toBe(false);
    expect(tab.host.live.callsTo('runOtherFunc').map((c) => c.named.get('cmd'))).toEqual(['reset']);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('settings.reset.done');
  });
});
