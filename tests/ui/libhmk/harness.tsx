/**
 * Component tests of the libhmk screens: the real device service with a virtual HE60 (the libhmk simulator behind a
 * loopback link), rendered with the app's providers. The driver is at hand to check what the keyboard holds.
 */
import type { ReactElement } from 'react';
import type { LibhmkDriver } from '../../../src/drivers/libhmk/driver';
import type { Language } from '../../../src/i18n/translate';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

export async function openHe60(ui: (path: string) => ReactElement, language: Language = 'en_US', fwVer = '1.7.0') {
  const host = testHost({}, { timeoutMs: 2000 });
  const path = await host.live.addVirtual('HE60 (libhmk)', { fwVer });
  const entry = host.live.service.allDevices().find((d) => d.path === path)!;
  const driver = entry.driver as LibhmkDriver;
  const view = renderWithServices(ui(path), { host, language });
  return { host, path, driver, view, client: host.live.client };
}
