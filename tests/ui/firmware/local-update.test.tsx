// @vitest-environment jsdom
/**
 * Local firmware update from the Device settings tab on a virtual keyboard: a good .zip flashes the keyboard through
 * the update dialog with its progress; every bad archive of the corpus is refused with its message in both languages
 * and flashes nothing; a .mgd package asks for another route.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { zipSync, type Zippable } from 'fflate';
import { settingsEn, settingsZh, type SettingsTextId } from '../../../src/i18n/sections/settings';
import { DeviceSettingsTab } from '../../../src/ui/device-page/settings/DeviceSettingsTab';
import { batteryLevel, combinedProgress } from '../../../src/ui/device-page/firmware/progress';
import { useToastStore } from '../../../src/ui/toasts/store';
import { buildFirmwareImage } from '../../../src/protocol/firmware-image';
import type { Language } from '../../../src/i18n/translate';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

const MADE68PRO = 3;

async function openSettings(language: Language = 'en_US') {
  const host = testHost({}, { timeoutMs: 500 });
  const path = await host.live.addVirtual('Made68Pro', { fwVer: '1.4.2' });
  const record = host.live.records().find((r) => r.path === path)!;
  renderWithServices(<DeviceSettingsTab device={record} />, { host, language });
  const texts = language === 'en_US' ? settingsEn : settingsZh;
  await screen.findByRole('heading', { name: texts['firmware.local.title'] });
  return { host, path, texts };
}

async function chooseAndUpdate(bytes: Uint8Array, name: string, texts: Record<SettingsTextId, string>) {
  fireEvent.change(screen.getByTestId('firmware-file'), {
    target: { files: [new File([new Uint8Array(bytes)], name)] },
  });
  expect(screen.getByTestId('firmware-chosen')).toHaveTextContent(name);
  await userEvent.click(screen.getByRole('button', { name: texts['firmware.local.update'] }));
}

const zip = (files: Zippable) => zipSync(files);
const image = buildFirmwareImage(MADE68PRO, '1.4.3', 20_000);

function withField(bytes: Uint8Array, signature: number, field: number, value: number, size: 2 | 4): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  for (let at = 0; at + 4 <= copy.length; at++) {
    if (view.getUint32(at, true) !== signature) continue;
    if (size === 2) view.setUint16(at + field, value, true);
    else view.setUint32(at + field, value, true);
  }
  return copy;
}

describe('a good package', () => {
  it('Update is offered once a file is chosen; the dialog confirms, flashes with progress and reports the new version', async () => {
    const { host, path, texts } = await openSettings();
    // A link with some latency, so each window of the transfer shows on the bar.
    host.live.transport(path).setLink({ latencyMs: 5 });
    expect(screen.getByRole('button', { name: texts['firmware.local.update'] })).toBeDisabled();
    const progress: number[] = [];
    const off = host.live.client.on('dev_update', (u) => progress.push(combinedProgress(u)));
    await chooseAndUpdate(zip({ 'made68pro_v1.4.3.mg': image }), 'update.zip', texts);
    const dialog = await screen.findByRole('dialog', { name: texts['firmware.dialog.title'] });
    expect(dialog).toHaveTextContent('update.zip');
    // What the progress bar showed along the way.
    const shownProgress: number[] = [];
    const watch = new MutationObserver(() => {
      const bar = within(dialog).queryByRole('progressbar', { name: texts['firmware.dialog.progress'] });
      if (bar) shownProgress.push(Number(bar.getAttribute('value')));
    });
    watch.observe(dialog, { subtree: true, childList: true, attributes: true });
    await userEvent.click(within(dialog).getByRole('button', { name: texts['firmware.dialog.start'] }));
    await waitFor(() => expect(dialog).toHaveTextContent('V1.4.3'), { timeout: 10_000 });
    watch.disconnect();
    expect(shownProgress[0]).toBe(0);
    expect(Math.max(...shownProgress)).toBe(100);
    expect(shownProgress).toEqual([...shownProgress].sort((a, b) => a - b));
    off();
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(100);
    expect((await host.live.client.getSettingData({ path })).fw_ver).toMatch(/1\.4\.3$/);
    // OK waits for its countdown.
    expect(within(dialog).getByRole('button', { name: /^OK \(\d\)$/ })).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'OK' })).toBeEnabled(), { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel in the dialog flashes nothing', async () => {
    const { host, texts } = await openSettings();
    await chooseAndUpdate(zip({ 'a.mg': image }), 'fw.zip', texts);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: texts['firmware.dialog.cancel'] }));
    expect(host.live.callsTo('runOtherFunc')).toHaveLength(0);
  });

  it('a package with a non-empty .mgd shows cfg.dev.update.request and flashes nothing', async () => {
    const { host, texts } = await openSettings();
    await chooseAndUpdate(zip({ 'x.mgd': new Uint8Array([1]), 'x.mg': image }), 'fw.zip', texts);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('cfg.dev.update.request'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(host.live.callsTo('runOtherFunc')).toHaveLength(0);
  });
});

describe('the corpus of bad archives, in both languages', () => {
  const good = zip({ 'fw.mg': image });
  const corpus: [string, () => Uint8Array, string, SettingsTextId][] = [
    ['not a .zip', () => good, 'fw.rar', 'firmware.zip.only'],
    ['encrypted', () => withField(good, 0x02014b50, 8, 1, 2), 'fw.zip', 'firmware.zip.encrypted'],
    ['unknown compression', () => withField(good, 0x02014b50, 10, 12, 2), 'fw.zip', 'firmware.zip.method'],
    ['truncated', () => good.subarray(0, good.length - 30), 'fw.zip', 'firmware.zip.corrupt'],
    ['missing sizes', () => withField(good, 0x02014b50, 24, 0xffffffff, 4), 'fw.zip', 'firmware.zip.sizes'],
    ['no firmware', () => zip({ 'readme.txt': new Uint8Array([65]) }), 'fw.zip', 'firmware.zip.empty'],
    ['path traversal', () => zip({ '../fw.mg': image }), 'fw.zip', 'firmware.zip.traversal'],
    ['zip bomb', () => zip({ 'fw.mg': new Uint8Array(32 << 20) }), 'fw.zip', 'firmware.zip.too.large'],
  ];

  it.each(
    corpus.flatMap(([name, build, file, text]) =>
      (['en_US', 'zh_CN'] as const).map((l) => [name, l, build, file, text] as const),
    ),
  )('%s (%s)', async (_name, language, build, file, text) => {
    const { host, texts } = await openSettings(language);
    await chooseAndUpdate(build(), file, texts);
    expect(await screen.findByRole('alert')).toHaveTextContent(texts[text]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(host.live.callsTo('runOtherFunc')).toHaveLength(0);
  });

  it.each(['en_US', 'zh_CN'] as const)(
    'firmware for another model ends the update naming that model, once, before the keyboard is touched (%s)',
    async (language) => {
      const { host, path, texts } = await openSettings(language);
      await chooseAndUpdate(zip({ 'fw.mg': buildFirmwareImage(MADE68PRO + 1, '1.4.3', 1000) }), 'fw.zip', texts);
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('button', { name: texts['firmware.dialog.start'] }));
      const said = texts['firmware.dialog.other.model'].replace(/\{0\}/g, 'Made68Pro+').replace(/\{1\}/g, 'Made68Pro');
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(said);
      // Neither the hardware version blamed nor the same refusal said again in a toast.
      expect(dialog).not.toHaveTextContent(language === 'en_US' ? /hardware/i : /硬件/);
      expect(useToastStore.getState().toasts.map((x) => x.title)).not.toContain('err.fw.file.invalid');
      expect(within(dialog).queryByRole('button', { name: texts['firmware.dialog.start'] })).toBeNull();
      expect((await host.live.client.getSettingData({ path })).fw_ver).toMatch(/1\.4\.2$/);
      await userEvent.click(within(dialog).getByRole('button', { name: texts['firmware.dialog.ok'] }));
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );
});

describe('the dialog numbers', () => {
  it('combines progress over the files and caps it at 100', () => {
    expect(combinedProgress({ task_id: 0, file_count: 2, progress: 50, total: 100 })).toBe(25);
    expect(combinedProgress({ task_id: 1, file_count: 2, progress: 100, total: 100 })).toBe(100);
    expect(combinedProgress({ task_id: 3, file_count: 2, progress: 100, total: 100 })).toBe(100);
    expect(combinedProgress({ task_id: 0, file_count: 0, progress: 40, total: 100 })).toBe(40);
  });

  it('colours the battery: below 20 low, 20 to under 70 medium, 70 and above high; no battery has no level', () => {
    expect(batteryLevel(19)).toEqual({ percent: 19, tone: 'low' });
    expect(batteryLevel(20)).toEqual({ percent: 20, tone: 'medium' });
    expect(batteryLevel(69)).toEqual({ percent: 69, tone: 'medium' });
    expect(batteryLevel(70)).toEqual({ percent: 70, tone: 'high' });
    expect(batteryLevel(0)).toEqual({ percent: 0, tone: 'low' });
    expect(batteryLevel(-1)).toEqual({ percent: undefined, tone: 'none' });
    expect(batteryLevel(101)).toEqual({ percent: undefined, tone: 'none' });
  });
});
