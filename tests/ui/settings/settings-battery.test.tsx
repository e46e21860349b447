// @vitest-environment jsdom
/**
 * The battery attributes and the pairing status on the Device settings screen: shown with their units in both
 * languages for a wireless device, "--" for what the device does not know, and absent for a wired keyboard.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { specTextsEn, specTextsZh } from '../../../src/i18n/sections/spec-texts';
import { settingsEn, settingsZh } from '../../../src/i18n/sections/settings';
import type { Language } from '../../../src/i18n/translate';
import { DeviceSettingsTab } from '../../../src/ui/device-page/settings/DeviceSettingsTab';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

const TEXTS = {
  en_US: { ...specTextsEn, ...settingsEn },
  zh_CN: { ...specTextsZh, ...settingsZh },
};

async function open(
  model: string,
  language: Language = 'en_US',
  before?: (host: ReturnType<typeof testHost>, path: string) => void,
) {
  const host = testHost({}, { timeoutMs: 500 });
  const path = await host.live.addVirtual(model, { fwVer: '1.4.2' });
  before?.(host, path);
  const record = host.live.records().find((r) => r.path === path)!;
  renderWithServices(<DeviceSettingsTab device={record} />, { host, language });
  await screen.findByRole('heading', { name: TEXTS[language]['settings.link.title'] });
  return { host, path };
}

/** The value shown next to a label of the information list. */
/** What the keyboard reports now (the call's event updates the screen too, so it runs inside act). */
async function batteryInfo(host: ReturnType<typeof testHost>, path: string) {
  let data: Awaited<ReturnType<typeof host.live.client.getSettingData>> | undefined;
  await act(async () => {
    data = await host.live.client.getSettingData({ path });
  });
  return data!.battery_info!;
}

const value = (label: string) => {
  const about = document.getElementById('device-info-title')!.closest('section')!;
  return within(about).queryByText(label)?.nextElementSibling?.textContent;
};

describe('battery attributes and pairing status', () => {
  it('shows current, voltage, remaining charging time, cycle and health with units, and Paired', async () => {
    const { host, path } = await open('Made68Air', 'en_US', (h, p) => h.live.keyboard(p).setBattery(40, true));
    const en = TEXTS.en_US;
    await waitFor(() => expect(value(en['dev.pair.status'])).toBe('Paired'));
    const info = await batteryInfo(host, path);
    expect(value(en['dev.current'])).toBe(`+${info.current_ma} mA`);
    expect(value(en['dev.voltage'])).toBe(`${info.voltage_mv} mV`);
    expect(value(en['dev.charge.left'])).toBe(`${info.charge_minutes} min`);
    expect(value(en['dev.cycle'])).toBe(String(info.cycles));
    expect(value(en['dev.health'])).toBe(`${info.health}%`);
    expect(value('Battery')).toBe('40%');
  });

  it('shows them in Chinese', async () => {
    const { host, path } = await open('Mouse01', 'zh_CN');
    const zh = TEXTS.zh_CN;
    await waitFor(() => expect(value(zh['dev.pair.status'])).toBe('已配对'));
    const info = await batteryInfo(host, path);
    expect(value(zh['dev.current'])).toBe(`${info.current_ma} 毫安`);
    expect(value(zh['dev.voltage'])).toBe(`${info.voltage_mv} 毫伏`);
    expect(value(zh['dev.charge.left'])).toBe('0 分钟');
    expect(value(zh['dev.cycle'])).toBe(`${info.cycles} 次`);
    expect(value(zh['dev.health'])).toBe(`${info.health}%`);
  });

  it('shows none of them for a wired keyboard', async () => {
    await open('Made68Pro');
    const en = TEXTS.en_US;
    await waitFor(() => expect(value('Battery')).toBe('--'));
    await waitFor(() => expect(value(settingsEn['settings.info.report.rate'])).toBeTruthy());
    for (const id of ['dev.current', 'dev.voltage', 'dev.charge.left', 'dev.cycle', 'dev.health', 'dev.pair.status'])
      expect(screen.queryByText(en[id as keyof typeof en])).toBeNull();
  });
});
