/** Renders UI under test with the app's providers, a host over the real device service and fresh global stores. */
import './dom-stubs';
import { render, act, type RenderResult } from '@testing-library/react';
import { Tooltip } from 'radix-ui';
import type { ReactElement } from 'react';
import { createClient } from '../../src/contract/client';
import { buildDefaultResources } from '../../src/core/resources';
import type { DeviceRecord } from '../../src/contract/bridge';
import { useLanguageStore } from '../../src/i18n/store';
import type { Language } from '../../src/i18n/translate';
import { connectAppEvents } from '../../src/ui/app-events';
import { createDeviceStore } from '../../src/ui/device-list/store';
import { useTopDialogStore } from '../../src/ui/dialogs/store';
import { useLoadingStore } from '../../src/ui/loading-store';
import { ServicesProvider } from '../../src/ui/services';
import type { AppServices } from '../../src/ui/startup/boot';
import { useToastStore } from '../../src/ui/toasts/store';
import { createUpdateChecker, type LatestFirmware } from '../../src/ui/update-checker';
import { testHost, type TestHost } from './test-host';

export interface Setup {
  host?: TestHost;
  /**
   * What the device store starts with instead of the service's own list: records of devices no virtual keyboard can
   * stand for (a model the product does not know). The service's next devs_changed replaces them.
   */
  records?: DeviceRecord[];
  latest?: LatestFirmware;
  language?: Language;
}

export type Rendered = RenderResult & { host: TestHost; services: AppServices };

const resources = buildDefaultResources('0.1.0');

export function resetStores(language: Language = 'en_US'): void {
  useToastStore.setState({ toasts: [] });
  useLoadingStore.setState({ visible: false });
  useTopDialogStore.setState({ dialog: null });
  useLanguageStore.getState().setLanguage(language, { persist: false });
}

export function renderWithServices(ui: ReactElement, setup: Setup = {}): Rendered {
  resetStores(setup.language);
  const host = setup.host ?? testHost();
  const client = createClient(host.bridge);
  const devices = createDeviceStore();
  devices.getState().setDevices(setup.records ?? host.live.records());
  connectAppEvents(client, devices);
  const services: AppServices = {
    host,
    client,
    resources,
    devices,
    updates: createUpdateChecker(setup.latest ?? resources.version.firmware),
  };
  const result = render(
    <ServicesProvider services={services}>
      <Tooltip.Provider>{ui}</Tooltip.Provider>
    </ServicesProvider>,
  );
  return Object.assign(result, { host, services });
}

/** Runs service work (a call, a pulled cable) inside act(), so React has rendered what it caused when this returns. */
export async function serviceDoes<T>(work: () => Promise<T> | T): Promise<T> {
  let value: T | undefined;
  await act(async () => {
    value = await work();
  });
  return value as T;
}
