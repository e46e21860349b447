/** A virtual keyboard on the real device service with the Device settings tab rendered over it, and its texts. */
import { screen } from '@testing-library/react';
import { settingsEn, type SettingsTextId } from '../../../src/i18n/sections/settings';
import { LoadingOverlay } from '../../../src/ui/device-page/LoadingOverlay';
import { DeviceSettingsTab } from '../../../src/ui/device-page/settings/DeviceSettingsTab';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

/** The English text of a section id with its values filled. */
export function shown(id: SettingsTextId, ...values: (string | number)[]): string {
  return values.reduce<string>((text, v, i) => text.replace(`{${i}}`, String(v)), settingsEn[id]);
}

export async function openSettings(
  model = 'Made68Pro',
  virtual: { fwVer?: string; hwVer?: string; accessMode?: number } = {},
  before?: (host: ReturnType<typeof testHost>, path: string) => void,
) {
  const host = testHost({}, { timeoutMs: 500 });
  const path = await host.live.addVirtual(model, { fwVer: '1.4.2', ...virtual });
  before?.(host, path);
  const record = host.live.records().find((r) => r.path === path)!;
  const rendered = renderWithServices(
    <>
      <DeviceSettingsTab device={record} />
      <LoadingOverlay />
    </>,
    { host },
  );
  await screen.findByRole('heading', { name: shown('settings.link.title') });
  return {
    host,
    path,
    record,
    rendered,
    settingCalls: () => host.live.callsTo('setSettingInfo').map((c) => Object.fromEntries(c.named)),
  };
}
