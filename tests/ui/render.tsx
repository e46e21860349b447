/** Renders UI under test with the app's providers, a fake host and fresh global stores. */
import './dom-stubs';
import { render, act, type RenderResult } from '@testing-library/react';
import { Tooltip } from 'radix-ui';
import type { ReactElement } from 'react';
import { buildDefaultResources } from '../../src/core/resources';
import type { DeviceRecord } from '../../src/service/bridge';
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
import { fakeHost, type FakeHost } from './fake-host';

export interface Setup {
  host?: FakeHost;
  devices?: DeviceRecord[];
  latest?: LatestFirmware;
  language?: Language;
}

export type Rendered = RenderResult & { host: FakeHost; services: AppServices };

const resources = buildDefaultResources('0.1.0');

export function resetStores(language: Language = 'en_US'): void {
  useToastStore.setState({ toasts: [] });
  useLoadingStore.setState({ visible: false });
  useTopDialogStore.setState({ dialog: null });
  useLanguageStore.getState().setLanguage(language, { persist: false });
}

export function renderWithServices(ui: ReactElement, setup: Setup = {}): Rendered {
  resetStores(setup.language);
  const host = setup.host ?? fakeHost();
  const devices = createDeviceStore();
  devices.getState().setDevices(setup.devices ?? []);
  connectAppEvents(host.bridge, devices);
  const services: AppServices = {
    host,
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

/** Emits a service event inside act(), so React has rendered its effect when the call returns. */
export function emit(host: FakeHost, ...args: Parameters<FakeHost['bridge']['emit']>): void {
  act(() => host.bridge.emit(...args));
}
