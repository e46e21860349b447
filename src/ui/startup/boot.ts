/// <reference types="vite/client" />
/**
 * Start-up in the spec's order (spec-2 §4 Startup): default resources, device access, device config, update checker.
 * Translation and mounting follow in main.tsx. Kept free of React so each step is testable on its own.
 */
import { createClient, type Client } from '../../contract/client';
import { setLanguagePersistence, useLanguageStore } from '../../i18n/store';
import { COOKIE_NAMES, getCookie, setCookie } from '../cookies';
import { attempt } from '../call';
import { connectAppEvents } from '../app-events';
import { createDeviceStore, type DeviceStore } from '../device-list/store';
import type { Host } from '../host-types';
import {
  configuredSources,
  createUpdateChecker,
  watchForUpdates,
  type UpdateChecker,
  type UpdateSource,
} from '../update-checker';
import type { DefaultResources } from '../../core/resource-load';
import { chosenPath, DEVICES_EVENT, OPEN_EVENT } from './first-paint';
import { parseVirtualParams, virtualsToAdd } from './virtual-param';

export interface BootOptions {
  /** GETs the four default resources and checks them (core/resource-load.ts); in the browser the device worker does. */
  loadResources(): Promise<DefaultResources>;
  createHost(): Promise<Host>;
  /** The page address's query string, for ?virtual=. */
  search: string;
  /**
   * Where the update checker asks, in order. By default in the browser: the app's firmware catalogue, then the update
   * servers set at build time (docs/ui-settings.md); none under test.
   */
  updateSources?: readonly UpdateSource[];
}

function defaultUpdateSources(): UpdateSource[] {
  if (import.meta.env.MODE === 'test' || typeof location === 'undefined') return [];
  return configuredSources(import.meta.env, location.href);
}

export interface AppServices {
  host: Host;
  /** The typed client of the device service over the host's bridge: the UI's only way to the service. */
  client: Client;
  resources: DefaultResources;
  devices: DeviceStore;
  updates: UpdateChecker;
}

/** Reads the device list, then attaches the virtual keyboards the address asks for and are not there yet. */
export async function loadDeviceConfig(client: Client, devices: DeviceStore, search: string): Promise<void> {
  const list = async () => {
    const result = await attempt(client.getDevList());
    if (result.ok) devices.getState().setDevices(result.value);
  };
  await list();
  const { requests, rejected } = parseVirtualParams(search);
  for (const value of rejected)
    console.warn(`Ignoring ?virtual=${value}: expected model@version, e.g. made68pro@1.3.7`);
  const missing = virtualsToAdd(requests, devices.getState().devices);
  for (const request of missing) {
    await client
      .addVirtualDevice({ display_name: request.model.displayName, fw_ver: request.fwVer })
      .catch((e: unknown) => console.warn(`Could not attach virtual ${request.model.name}@${request.fwVer}`, e));
  }
  if (missing.length > 0) await list();
}

/**
 * The language choice lives in the spec's Language cookie: initLanguage (main.tsx, after boot) reads it and every
 * change of language writes it. Returns a function that unwires it.
 */
export function keepLanguageInCookie(): () => void {
  return setLanguagePersistence({
    load: () => getCookie(COOKIE_NAMES.language),
    save: (language) => setCookie(COOKIE_NAMES.language, language),
  });
}

/**
 * The device page's code (the chunk DeviceTab loads lazily): the first thing a person opens after the list. Its
 * first tab, the Key code tab with the drawing, is fetched at the same time: DevicePage loads it lazily too, and
 * fetching it only once DevicePage renders would add a second round of downloads before the keys can be drawn.
 */
const loadDevicePage = () =>
  Promise.all([import('../device-page/DevicePage'), import('../device-page/key-code/KeyCodeTab')]);

/** Resolves once the browser has had the chance to paint (the frame after the next animation frame callback). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Opens the device a person chose on the first frame (first-paint.ts), before or after this point, as long as the app
 * has not rendered: the app's first render is then its page.
 */
function openChosenDevices(devices: DeviceStore): void {
  const open = (choice: string | undefined) => {
    const path = choice === undefined ? undefined : chosenPath(choice, devices.getState().devices);
    if (!path) return;
    devices.getState().open(path);
    void loadDevicePage();
  };
  open(window.__keytuneChosen);
  window.addEventListener(OPEN_EVENT, (event) => open((event as CustomEvent<string>).detail));
}

/** Fetches the device page's code once the page is idle, so opening a device does not wait for it. */
function prefetchWhenIdle(): void {
  const later = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
  later(() => void loadDevicePage().catch(() => undefined), { timeout: 2000 });
}

export async function boot(options: BootOptions): Promise<AppServices> {
  keepLanguageInCookie();
  // Marks for the start-up benchmark (bench/ui.ts) and for anyone profiling a slow start.
  const mark = (step: string) => globalThis.performance?.mark?.(`keytune:${step}`);
  // The device steps do not need the resources: they run while the device worker checks them (its longest start-up
  // step), so the list can be shown, and opened from the first frame, before the resources are through. A resource
  // that fails still stops start-up with its own message, before anything is mounted.
  const resourcesLoaded = options.loadResources();
  resourcesLoaded.then(
    () => mark('resources'),
    () => undefined,
  );
  const deviceSteps = (async () => {
    const host = await options.createHost();
    mark('device-access');
    const client = createClient(host.bridge);
    const devices = createDeviceStore();
    connectAppEvents(client, devices);
    await loadDeviceConfig(client, devices, options.search);
    mark('device-config');
    if (typeof window !== 'undefined' && typeof document !== 'undefined') {
      openChosenDevices(devices);
      // The first frame's cards of the listed devices open their device from now on (most already do: the worker
      // named them before the app ran), while the app still loads.
      const detail = { devices: devices.getState().devices, live: 0 };
      window.dispatchEvent(new CustomEvent(DEVICES_EVENT, { detail }));
      prefetchWhenIdle();
      // Let the browser show the live cards before the app's first render takes the main thread for a while.
      if (detail.live > 0) await nextFrame();
    }
    return { host, client, devices };
  })();
  // Whichever fails, the resources' failure is the one reported (the spec's first step).
  const [settledResources, settledDevices] = await Promise.allSettled([resourcesLoaded, deviceSteps]);
  if (settledResources.status === 'rejected') throw settledResources.reason;
  if (settledDevices.status === 'rejected') throw settledDevices.reason;
  const resources = settledResources.value;
  const { host, client, devices } = settledDevices.value;
  const updates = createUpdateChecker(resources.version.firmware, {
    sources: options.updateSources ?? defaultUpdateSources(),
    language: () => useLanguageStore.getState().language,
  });
  watchForUpdates(updates, devices);
  return { host, client, resources, devices, updates };
}
