// @vitest-environment jsdom
/**
 * Online update from the Device settings tab on a virtual keyboard, the app's firmware catalogue as first source:
 * the red dot follows the check; the dialog checks, confirms, downloads with progress and flashes; each outcome of the
 * catalogue (no update, file does not fit, failure to enter upgrade mode, insufficient USB power) is said in the
 * dialog; cyber01 and made68 count progress per second and time out; the keyboard can be reset from the dialog.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { zipSync } from 'fflate';
import { BridgeCallError } from '../../../src/contract/bridge';
import { en_US } from '../../../src/i18n/en_US';
import { zh_CN } from '../../../src/i18n/zh_CN';
import { settingsZh } from '../../../src/i18n/sections/settings';
import { buildFirmwareImage } from '../../../src/protocol/firmware-image';
import { useToastStore } from '../../../src/ui/toasts/store';
import { buildFirmwareCatalogue } from '../../../scripts/firmware-catalogue';
import { catalogueFetch, openOnline, shown } from './online-helpers';

const dialog = () => screen.findByRole('dialog', { name: shown('firmware.dialog.title') });
const checkButton = () => screen.getByRole('button', { name: en_US['fw.check'] });

async function openDialog() {
  await userEvent.click(checkButton());
  return dialog();
}

describe('the check on the settings screen', () => {
  it('shows the red dot and the version the catalogue has for an older firmware', async () => {
    await openOnline({ fwVer: '1.4.1' });
    await waitFor(() =>
      expect(screen.getByTestId('online-update-status')).toHaveTextContent(shown('firmware.online.available', '1.4.2')),
    );
    expect(screen.getByTestId('online-update-red-dot')).toBeInTheDocument();
  });

  it('shows no red dot once the catalogue says the firmware is the latest', async () => {
    await openOnline({ fwVer: '1.4.2' });
    await waitFor(() =>
      expect(screen.getByTestId('online-update-status')).toHaveTextContent(shown('firmware.online.latest')),
    );
    expect(screen.queryByTestId('online-update-red-dot')).toBeNull();
  });

  it('has no update for a hardware version the catalogue holds no file for, though version.json lists a newer one', async () => {
    const { updates, record } = await openOnline({ fwVer: '1.4.1', hwVer: '2.0.0' });
    await waitFor(() =>
      expect(screen.getByTestId('online-update-status')).toHaveTextContent(shown('firmware.online.latest')),
    );
    expect(updates.pendingFor(record)).toBeUndefined();
  });
});

describe('the update dialog, online', () => {
  it('checks, confirms with the release notes, downloads with progress, flashes and reports the new version', async () => {
    const { host, path, asked } = await openOnline({ fwVer: '1.4.1' });
    host.live.transport(path).setLink({ latencyMs: 2 });
    const box = await openDialog();
    await within(box).findByText(shown('firmware.dialog.available', '1.4.2', 'Made68Pro', 'V1.4.1'));
    expect(box).toHaveTextContent('Firmware 1.4.2 for Made68Pro');
    expect(box).toHaveTextContent(en_US['fw.keep.usb']);
    const seen = { download: [] as number[], flash: [] as number[], hwOk: false };
    const watch = new MutationObserver(() => {
      const down = within(box).queryByRole('progressbar', { name: shown('firmware.dialog.download.progress') });
      if (down) seen.download.push(Number(down.getAttribute('value')));
      const bar = within(box).queryByRole('progressbar', { name: shown('firmware.dialog.progress') });
      if (bar) seen.flash.push(Number(bar.getAttribute('value')));
      if (box.textContent?.includes(shown('firmware.dialog.hw.ok', 'V1.0.0'))) seen.hwOk = true;
    });
    watch.observe(box, { subtree: true, childList: true, attributes: true, characterData: true });
    await userEvent.click(within(box).getByRole('button', { name: en_US['fw.latest'] }));
    await within(box).findByText(shown('firmware.dialog.done', 'V1.4.2'), {}, { timeout: 15_000 });
    watch.disconnect();
    // The package was fetched by GET from the catalogue, next to its latest.json.
    expect(asked).toContain(`http://127.0.0.1:4173/firmware/v1/made68pro/1.0.0/made68pro_hw1.0.0_v1.4.2.zip`);
    expect(seen.download.length).toBeGreaterThan(0);
    expect(Math.max(...seen.flash)).toBe(100);
    expect(seen.flash).toEqual([...seen.flash].sort((a, b) => a - b));
    expect(seen.hwOk).toBe(true);
    expect((await host.live.client.getSettingData({ path })).fw_ver).toBe('V1.4.2');
    await waitFor(() => expect(within(box).getByRole('button', { name: 'OK' })).toBeEnabled(), { timeout: 5000 });
  });

  it('says there is no update in either language, and flashes nothing', async () => {
    const { host } = await openOnline({ fwVer: '1.4.2', language: 'zh_CN' });
    await userEvent.click(screen.getByRole('button', { name: zh_CN['fw.check'] }));
    const box = await screen.findByRole('dialog', { name: settingsZh['firmware.dialog.title'] });
    expect(await within(box).findByRole('status')).toHaveTextContent(zh_CN['fw.none']);
    expect(within(box).queryByRole('button', { name: zh_CN['fw.latest'] })).toBeNull();
    expect(host.live.callsTo('runOtherFunc')).toHaveLength(0);
  });

  it('ends naming the model the image is for when it is for another model', async () => {
    const files = buildFirmwareCatalogue(undefined, 1024);
    const latest = JSON.parse(new TextDecoder().decode(files.get('v1/made68pro/1.0.0/latest.json')!)) as {
      file: string;
    };
    files.set(`v1/made68pro/1.0.0/${latest.file}`, zipSync({ 'other.mg': buildFirmwareImage(4, '1.4.2', 1024) }));
    const { host, path } = await openOnline({ fwVer: '1.4.1', fetchFn: catalogueFetch(files).fetchFn });
    const box = await openDialog();
    await userEvent.click(await within(box).findByRole('button', { name: en_US['fw.latest'] }));
    expect(await within(box).findByRole('alert')).toHaveTextContent(
      'This firmware is made for the Made68Pro+, not for this Made68Pro.',
    );
    expect((await host.live.client.getSettingData({ path })).fw_ver).toBe('V1.4.1');
  });

  it('ends with "file does not fit" when the image is for another hardware version of the same model', async () => {
    const files = buildFirmwareCatalogue(undefined, 1024);
    const latest = JSON.parse(new TextDecoder().decode(files.get('v1/made68pro/1.0.0/latest.json')!)) as {
      file: string;
    };
    const image = buildFirmwareImage(3, '1.4.2', 1024, { hwVersion: '2.0.0' });
    files.set(`v1/made68pro/1.0.0/${latest.file}`, zipSync({ 'made68pro.mg': image }));
    const { host, path } = await openOnline({ fwVer: '1.4.1', fetchFn: catalogueFetch(files).fetchFn });
    const box = await openDialog();
    await userEvent.click(await within(box).findByRole('button', { name: en_US['fw.latest'] }));
    expect(await within(box).findByRole('alert')).toHaveTextContent(en_US['fw.file.hw'].replace('{0}', 'V1.0.0'));
    expect((await host.live.client.getSettingData({ path })).fw_ver).toBe('V1.4.1');
  });

  it('a download that fails returns to the confirm step with its message; Start tries again', async () => {
    const served = catalogueFetch();
    let fail = true;
    const fetchFn: typeof served.fetchFn = async (url, init) =>
      fail && url.endsWith('.zip') ? new Response('', { status: 503 }) : served.fetchFn(url, init);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { host, path } = await openOnline({ fwVer: '1.4.1', fetchFn });
    const box = await openDialog();
    await userEvent.click(await within(box).findByRole('button', { name: en_US['fw.latest'] }));
    expect(await within(box).findByRole('alert')).toHaveTextContent(shown('firmware.dialog.download.failed'));
    fail = false;
    await userEvent.click(within(box).getByRole('button', { name: en_US['fw.latest'] }));
    await within(box).findByText(shown('firmware.dialog.done', 'V1.4.2'), {}, { timeout: 15_000 });
    expect((await host.live.client.getSettingData({ path })).fw_ver).toBe('V1.4.2');
  });

  it('says when the USB port gives too little power, and stays ready to try again', async () => {
    const { host } = await openOnline({
      fwVer: '1.4.1',
      before: (h) => {
        const call = h.bridge.call.bind(h.bridge);
        h.bridge.call = async (channel, func, args) => {
          if (args?.includes('flash')) throw new BridgeCallError('err.usb.power', 'the port gives too little power');
          return call(channel, func, args);
        };
      },
    });
    const box = await openDialog();
    await userEvent.click(await within(box).findByRole('button', { name: en_US['fw.latest'] }));
    expect(await within(box).findByRole('alert')).toHaveTextContent(en_US['err.usb.power']);
    expect(within(box).getByRole('button', { name: en_US['fw.latest'] })).toBeEnabled();
    expect((await host.live.client.getSettingData({ path: host.live.records()[0]!.path })).fw_ver).toBe('V1.4.1');
  });

  it('resets the keyboard to its factory settings from the dialog, after a confirmation', async () => {
    const { host } = await openOnline({ fwVer: '1.4.1' });
    const box = await openDialog();
    await userEvent.click(await within(box).findByRole('button', { name: shown('firmware.dialog.reset') }));
    expect(box).toHaveTextContent(shown('firmware.dialog.reset.body'));
    expect(host.live.callsTo('runOtherFunc')).toHaveLength(0);
    await userEvent.click(within(box).getByRole('button', { name: shown('firmware.dialog.reset.yes') }));
    expect(await within(box).findByRole('status')).toHaveTextContent(shown('settings.reset.done'));
    expect(host.live.callsTo('runOtherFunc').map((c) => c.named.get('cmd'))).toEqual(['reset']);
  });
});

describe('the battery indicator', () => {
  it.each([
    [10, 'low', '10%'],
    [19, 'low', '19%'],
    [20, 'medium', '20%'],
    [69, 'medium', '69%'],
    [70, 'high', '70%'],
    [0, 'low', '0%'],
    // No battery (a wired keyboard) and values that are no percentage: "--", as the info page shows them.
    [-1, 'none', '--'],
    [150, 'none', '--'],
  ] as const)('a charge of %i shows %s at %s', async (electricity, tone, text) => {
    await openOnline({ fwVer: '1.4.1', record: (r) => ({ ...r, electricity }) });
    const box = await openDialog();
    const battery = box.querySelector('.firmware-battery')!;
    expect(battery).toHaveAttribute('data-tone', tone);
    expect(battery).toHaveTextContent(shown('firmware.dialog.battery', text));
    // The lowest icon below 20: an empty battery.
    expect(battery.querySelectorAll('svg rect')).toHaveLength(tone === 'low' || tone === 'none' ? 2 : 3);
  });
});

describe('cyber01 and made68: simulated progress', () => {
  afterEach(() => vi.useRealTimers());

  it('the bar moves each second; after 11 s without upgrade mode the timeout toast shows and the dialog resets', async () => {
    const { host, path } = await openOnline({ model: 'Cyber01', fwVer: '3.0.1', timeoutMs: 20_000 });
    const box = await openDialog();
    const start = await within(box).findByRole('button', { name: en_US['fw.latest'] });
    // The keyboard is slow to answer the request to enter its bootloader.
    host.live.transport(path).setLink({ latencyMs: 1500 });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await userEvent.click(start);
    const bar = await within(box).findByRole('progressbar', { name: shown('firmware.dialog.progress') });
    const values: number[] = [];
    for (let second = 1; second <= 10; second++) {
      await act(async () => vi.advanceTimersByTime(1000));
      values.push(Number(bar.getAttribute('value')));
    }
    expect(values).toEqual([8, 16, 25, 33, 41, 50, 58, 66, 75, 83]);
    expect(useToastStore.getState().toasts.map((t) => t.title)).not.toContain('cfg.dev.update.interval.timeout');
    await act(async () => vi.advanceTimersByTime(1000));
    const toast = useToastStore.getState().toasts.find((t) => t.title === 'cfg.dev.update.interval.timeout');
    expect(toast).toMatchObject({ type: 1, delay: 6 });
    expect(within(box).getByRole('alert')).toHaveTextContent(en_US['cfg.dev.update.interval.timeout']);
    expect(within(box).getByRole('button', { name: en_US['fw.latest'] })).toBeEnabled();
  });

  it('a made68 that enters upgrade mode is not timed out: the counter runs on until the new version answers', async () => {
    const { host, path } = await openOnline({ model: 'Made68', fwVer: '3.0.1' });
    const box = await openDialog();
    await userEvent.click(await within(box).findByRole('button', { name: en_US['fw.latest'] }));
    await within(box).findByText(shown('firmware.dialog.done', 'V3.0.2'), {}, { timeout: 15_000 });
    expect(useToastStore.getState().toasts.map((t) => t.title)).not.toContain('cfg.dev.update.interval.timeout');
    expect((await host.live.client.getSettingData({ path })).fw_ver).toBe('V3.0.2');
  });
});
