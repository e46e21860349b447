/**
 * The Device settings tab over a virtual keyboard on the real device service, with an update checker whose first
 * source is the app's firmware catalogue (scripts/firmware-catalogue.ts) served by a fetch over its files.
 */
import { render, screen } from '@testing-library/react';
import { Tooltip } from 'radix-ui';
import { createClient } from '../../../src/contract/client';
import type { DeviceRecord } from '../../../src/contract/bridge';
import { buildDefaultResources } from '../../../src/core/resources';
import { settingsEn, settingsZh, type SettingsTextId } from '../../../src/i18n/sections/settings';
import type { Language } from '../../../src/i18n/translate';
import { connectAppEvents } from '../../../src/ui/app-events';
import { LoadingOverlay } from '../../../src/ui/device-page/LoadingOverlay';
import { DeviceSettingsTab } from '../../../src/ui/device-page/settings/DeviceSettingsTab';
import { createDeviceStore } from '../../../src/ui/device-list/store';
import { ServicesProvider } from '../../../src/ui/services';
import type { AppServices } from '../../../src/ui/startup/boot';
import {
  catalogueSource,
  createUpdateChecker,
  watchForUpdates,
  type FetchLike,
  type UpdateSource,
} from '../../../src/ui/update-checker';
import { buildFirmwareCatalogue } from '../../../scripts/firmware-catalogue';
import { resetStores } from '../render';
import { testHost, type TestHost } from '../test-host';

export const CATALOGUE = 'http://127.0.0.1:4173/firmware/';

/** A fetch answering the catalogue's files below CATALOGUE (404 for anything else); records what was asked. */
export function catalogueFetch(files: Map<string, Uint8Array> = buildFirmwareCatalogue(undefined, 8 * 1024)) {
  const asked: string[] = [];
  const fetchFn: FetchLike = async (url) => {
    asked.push(url);
    const body = url.startsWith(CATALOGUE) ? files.get(decodeURIComponent(url.slice(CATALOGUE.length))) : undefined;
    if (!body) return new Response('Not found', { status: 404 });
    return new Response(body.slice(), { status: 200, headers: { 'Content-Length': String(body.length) } });
  };
  return { fetchFn, asked, files };
}

export function shown(id: SettingsTextId, ...values: (string | number)[]): string {
  return values.reduce<string>((text, v, i) => text.replace(`{${i}}`, String(v)), settingsEn[id]);
}

export interface OnlineSetup {
  model?: string;
  fwVer?: string;
  hwVer?: string;
  language?: Language;
  fetchFn?: FetchLike;
  sources?: UpdateSource[];
  /** Changes the record the tab is shown for (a battery level, say). */
  record?: (record: DeviceRecord) => DeviceRecord;
  before?: (host: TestHost, path: string) => void;
  /** The service's inactivity timeout per exchange, in ms. */
  timeoutMs?: number;
}

export async function openOnline(setup: OnlineSetup = {}) {
  resetStores(setup.language);
  const host = testHost({}, { timeoutMs: setup.timeoutMs ?? 500 });
  const path = await host.live.addVirtual(setup.model ?? 'Made68Pro', {
    fwVer: setup.fwVer ?? '1.4.1',
    ...(setup.hwVer ? { hwVer: setup.hwVer } : {}),
  });
  setup.before?.(host, path);
  const served = catalogueFetch();
  const fetchFn = setup.fetchFn ?? served.fetchFn;
  const client = createClient(host.bridge);
  const devices = createDeviceStore();
  devices.getState().setDevices(host.live.records());
  connectAppEvents(client, devices);
  const resources = buildDefaultResources('0.1.0');
  const updates = createUpdateChecker(resources.version.firmware, {
    sources: setup.sources ?? [catalogueSource(CATALOGUE, fetchFn)],
    language: () => setup.language ?? 'en_US',
    fetch: fetchFn,
  });
  const stop = watchForUpdates(updates, devices);
  const services: AppServices = { host, client, resources, devices, updates };
  const base = host.live.records().find((r) => r.path === path)!;
  const record = setup.record ? setup.record(base) : base;
  const result = render(
    <ServicesProvider services={services}>
      <Tooltip.Provider>
        <DeviceSettingsTab device={record} />
        <LoadingOverlay />
      </Tooltip.Provider>
    </ServicesProvider>,
  );
  const title = setup.language === 'zh_CN' ? settingsZh['firmware.online.title'] : shown('firmware.online.title');
  await screen.findByRole('heading', { name: title });
  return { host, path, record, services, updates, devices, asked: served.asked, result, stop };
}
