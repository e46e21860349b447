/**
 * Which devices have newer firmware than they run: the red dot of the device card and of the Device settings tab,
 * the need-update dialog and the online update (spec-2 §4 Firmware update, §7 Firmware check).
 *
 * Created at start-up. For each device it asks up to three sources in turn, each given name, fw_ver, hw_ver, dev_sn
 * and the language (its code with '-' as '_'), each answering {url, msg, update_fw_ver}: the first answer with a url
 * wins (status 1); when none has one the status is 2, and a final failure is logged. The first source is the firmware
 * catalogue the app serves as static files (docs/firmware-catalogue.md); the other two are address templates set at
 * build time (docs/ui-settings.md). Until a device's check has answered, the latest version per model from
 * default/version.json stands in; the service may also flag a device itself (red_point with update_fw_ver), which
 * wins because it has asked for that exact device.
 */
import type { DeviceRecord } from '../contract/bridge';
import { compareVersions, tryParseVersion } from '../core/version';

/** Latest published firmware per lower-case model name, as in version.json's `firmware` map. */
export type LatestFirmware = Readonly<Record<string, string>>;

export type UpdateSubject = Pick<DeviceRecord, 'name' | 'display_name' | 'fw_ver' | 'red_point' | 'update_fw_ver'> &
  Partial<Pick<DeviceRecord, 'path'>>;

/** True when `latest` is a strictly newer version than `current`; false when either cannot be read. */
export function isNewerFirmware(current: string, latest: string | undefined): boolean {
  if (latest === undefined) return false;
  const a = tryParseVersion(current);
  const b = tryParseVersion(latest);
  return a !== undefined && b !== undefined && compareVersions(b, a) > 0;
}

export function latestFirmwareFor(latest: LatestFirmware, device: Pick<DeviceRecord, 'name' | 'display_name'>) {
  const keys = [device.name, device.display_name].map((k) => k.trim().toLowerCase());
  for (const key of keys) {
    const v = Object.prototype.hasOwnProperty.call(latest, key) ? latest[key] : undefined;
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The version a device should move to by version.json (or the service's own flag), or undefined when up to date. */
export function pendingUpdate(device: UpdateSubject, latest: LatestFirmware): string | undefined {
  if (device.red_point) return device.update_fw_ver.trim() || latestFirmwareFor(latest, device) || '';
  const newest = latestFirmwareFor(latest, device);
  return isNewerFirmware(device.fw_ver, newest) ? newest : undefined;
}

/* ---------- the sources ---------- */

/** What each lookup is given (spec-2 §7). */
export interface CheckQuery {
  name: string;
  fw_ver: string;
  hw_ver: string;
  dev_sn: string;
  /** The language code with '-' as '_' ("en_US"). */
  language: string;
}

/** Firmware update check result (spec-2 §3). An empty url means no update from this source. */
export interface CheckResult {
  url: string;
  msg: string;
  update_fw_ver: string;
}

export type UpdateSource = (query: CheckQuery) => Promise<CheckResult>;
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

// Checked by hand, not with zod: this module is on the first screen, and zod stays off the page (docs/architecture.md).
function field(json: Record<string, unknown>, key: string, what: string): string {
  const value = json[key];
  if (value === undefined) return '';
  if (typeof value !== 'string') throw new TypeError(`${what}: "${key}" is not text`);
  return value;
}

function object(json: unknown, what: string): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new TypeError(`${what}: not an object`);
  return json as Record<string, unknown>;
}

/** A check answer: url, msg and update_fw_ver, each text when present (missing ones are empty). */
export function readCheckResult(json: unknown): CheckResult {
  const o = object(json, 'update check answer');
  return {
    url: field(o, 'url', 'update check answer'),
    msg: field(o, 'msg', 'update check answer'),
    update_fw_ver: field(o, 'update_fw_ver', 'update check answer'),
  };
}

interface Release {
  format: 1;
  model: string;
  hw_ver: string;
  fw_ver: string;
  file: string;
  notes: Record<string, string>;
}

/** A catalogue's latest.json (docs/firmware-catalogue.md), format 1. */
export function readRelease(json: unknown): Release {
  const what = 'latest.json';
  const o = object(json, what);
  if (o.format !== 1) throw new TypeError(`${what}: format ${String(o.format)} is not 1`);
  const need = (key: string) => {
    const value = o[key];
    if (typeof value !== 'string') throw new TypeError(`${what}: "${key}" is missing`);
    return value;
  };
  const file = need('file');
  if (file.length === 0) throw new TypeError(`${what}: "file" is empty`);
  const notes: Record<string, string> = {};
  if (o.notes !== undefined)
    for (const [language, text] of Object.entries(object(o.notes, `${what} notes`))) {
      if (typeof text !== 'string') throw new TypeError(`${what}: the notes for ${language} are not text`);
      notes[language] = text;
    }
  return { format: 1, model: need('model'), hw_ver: need('hw_ver'), fw_ver: need('fw_ver'), file, notes };
}

const NO_UPDATE: CheckResult = { url: '', msg: '', update_fw_ver: '' };

/** The catalogue's folder name of a model: lower case, "+" as "plus". */
export function catalogueSlug(model: string): string {
  return model.trim().toLowerCase().replace(/\+/g, 'plus');
}

const bareVersion = (version: string) => version.trim().replace(/^v/i, '');

/**
 * The firmware catalogue at `base` (an absolute address ending in '/'): reads v1/<model>/<hw>/latest.json and answers
 * its package when it is newer than the device's firmware. A model or hardware version the catalogue does not hold
 * (404) has no update; any other failure throws, so the next source is asked.
 */
export function catalogueSource(base: string, fetchFn: FetchLike = (u, i) => fetch(u, i)): UpdateSource {
  return async (query) => {
    const at = new URL(`v1/${catalogueSlug(query.name)}/${bareVersion(query.hw_ver)}/latest.json`, base);
    const response = await fetchFn(at.href, { cache: 'no-cache' });
    if (response.status === 404) return NO_UPDATE;
    if (!response.ok) throw new Error(`${at.href}: HTTP ${response.status}`);
    const release = readRelease(await response.json());
    if (!isNewerFirmware(query.fw_ver, release.fw_ver)) return { ...NO_UPDATE, update_fw_ver: release.fw_ver };
    return {
      url: new URL(release.file, at).href,
      msg: release.notes[query.language] ?? release.notes.en_US ?? '',
      update_fw_ver: release.fw_ver,
    };
  };
}

/**
 * An update server that answers the check result itself, at an address template with {name}, {fw_ver}, {hw_ver},
 * {dev_sn} and {language} ("https://updates.example.com/check?name={name}&fw={fw_ver}&hw={hw_ver}&sn={dev_sn}&lang=
 * {language}"). A relative url in the answer is read against the template's address.
 */
export function templateSource(
  template: string,
  fetchFn: FetchLike = (u, i) => fetch(u, i),
  pageAddress = globalThis.location?.href,
): UpdateSource {
  return async (query) => {
    const filled = template.replace(/\{(name|fw_ver|hw_ver|dev_sn|language)\}/g, (_, key: keyof CheckQuery) =>
      encodeURIComponent(query[key]),
    );
    const address = new URL(filled, pageAddress).href;
    const response = await fetchFn(address, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${address}: HTTP ${response.status}`);
    const result = readCheckResult(await response.json());
    return result.url ? { ...result, url: new URL(result.url, address).href } : result;
  };
}

/** Status of a device's check (spec-2 §4 newer_type): 0 unknown, 1 update available, 2 none or failed to fetch. */
export const NEWER_TYPE = { unknown: 0, available: 1, none: 2 } as const;
export type NewerType = (typeof NEWER_TYPE)[keyof typeof NEWER_TYPE];

export interface CheckOutcome {
  newer_type: NewerType;
  result: CheckResult;
}

/** Asks the sources in turn; the first answer with a url wins. A source that fails or has no url passes to the next. */
export async function checkSources(sources: readonly UpdateSource[], query: CheckQuery): Promise<CheckOutcome> {
  let last: CheckResult = NO_UPDATE;
  let failure: unknown;
  for (const source of sources) {
    try {
      const result = await source(query);
      if (result.url) return { newer_type: NEWER_TYPE.available, result };
      last = result;
      failure = undefined;
    } catch (e) {
      failure = e;
    }
  }
  if (failure !== undefined) console.warn(`Firmware check for ${query.name} ${query.fw_ver} failed`, failure);
  return { newer_type: NEWER_TYPE.none, result: last };
}

/**
 * Downloads a firmware package by GET as a blob; `onProgress` hears 0-100 as the bytes arrive (when the server says
 * how many there are) and 100 at the end.
 */
export async function downloadFirmware(
  url: string,
  onProgress: (percent: number) => void,
  fetchFn: FetchLike = (u, i) => fetch(u, i),
): Promise<Blob> {
  const response = await fetchFn(url, { method: 'GET' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const total = Number(response.headers.get('Content-Length') ?? 0);
  onProgress(0);
  if (!response.body) {
    const blob = await response.blob();
    onProgress(100);
    return blob;
  }
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    received += value.length;
    if (total > 0) onProgress(Math.min(99, Math.floor((received * 100) / total)));
  }
  onProgress(100);
  return new Blob(parts, { type: response.headers.get('Content-Type') ?? 'application/octet-stream' });
}

/* ---------- the checker ---------- */

export type CheckDevice = Pick<DeviceRecord, 'path' | 'name' | 'display_name' | 'fw_ver' | 'hw_ver' | 'dev_sn'>;

export interface UpdateCheckerOptions {
  /** The sources in the order they are asked; none: only version.json and the service's flag count. */
  sources?: readonly UpdateSource[];
  /** The language code the lookups are given. */
  language?: () => string;
  /** How packages are downloaded (the browser's fetch by default). */
  fetch?: FetchLike;
}

export interface UpdateChecker {
  latest: LatestFirmware;
  /** True when at least one source is configured. */
  online: boolean;
  /** Version to update to, or undefined when none is pending. */
  pendingFor(device: UpdateSubject): string | undefined;
  /** The check's answer for the device at its current firmware, once it has one. */
  outcomeFor(device: Pick<DeviceRecord, 'path' | 'fw_ver'>): CheckOutcome | undefined;
  /** Asks the sources for the device (again when `fresh`); the answer also decides pendingFor. */
  check(device: CheckDevice, options?: { fresh?: boolean }): Promise<CheckOutcome>;
  /** Hears every new answer. */
  subscribe(listener: () => void): () => void;
  /** Downloads the package a check answered, by GET as a blob, with its progress 0-100. */
  download(url: string, onProgress: (percent: number) => void): Promise<Blob>;
}

const outcomeKey = (device: Pick<DeviceRecord, 'path' | 'fw_ver'>) => `${device.path}\n${device.fw_ver}`;

export function createUpdateChecker(latest: LatestFirmware, options: UpdateCheckerOptions = {}): UpdateChecker {
  const sources = options.sources ?? [];
  const outcomes = new Map<string, CheckOutcome>();
  const running = new Map<string, Promise<CheckOutcome>>();
  const listeners = new Set<() => void>();
  const language = () => (options.language?.() ?? 'en_US').replace(/-/g, '_');

  const checker: UpdateChecker = {
    latest,
    online: sources.length > 0,
    pendingFor(device) {
      if (device.red_point || device.path === undefined) return pendingUpdate(device, latest);
      const outcome = outcomes.get(outcomeKey({ path: device.path, fw_ver: device.fw_ver }));
      if (!outcome) return pendingUpdate(device, latest);
      return outcome.newer_type === NEWER_TYPE.available ? outcome.result.update_fw_ver.trim() : undefined;
    },
    outcomeFor: (device) => outcomes.get(outcomeKey(device)),
    check(device, { fresh = false } = {}) {
      const key = outcomeKey(device);
      const known = running.get(key) ?? (fresh ? undefined : outcomes.get(key));
      if (known) return Promise.resolve(known);
      const query: CheckQuery = {
        name: device.name,
        fw_ver: device.fw_ver,
        hw_ver: device.hw_ver,
        dev_sn: device.dev_sn,
        language: language(),
      };
      const pending = checkSources(sources, query).then((outcome) => {
        running.delete(key);
        outcomes.set(key, outcome);
        for (const l of [...listeners]) l();
        return outcome;
      });
      running.set(key, pending);
      return pending;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    download: (url, onProgress) => downloadFirmware(url, onProgress, options.fetch),
  };
  return checker;
}

/** The store of the device list, as far as the checker needs it. */
export interface CheckedDevices {
  getState(): { devices: DeviceRecord[]; setDevices(devices: DeviceRecord[]): void };
  subscribe(listener: () => void): () => void;
}

/**
 * Checks every connected device when it appears and whenever its firmware changes; each answer redraws the device
 * list and page (their red dots read pendingFor). Returns a function that stops watching.
 */
export function watchForUpdates(checker: UpdateChecker, devices: CheckedDevices): () => void {
  if (!checker.online) return () => undefined;
  const redraw = () => {
    const state = devices.getState();
    state.setDevices([...state.devices]);
  };
  const offAnswers = checker.subscribe(redraw);
  const look = () => {
    for (const device of devices.getState().devices)
      // Only a keyboard the app can update is looked up: other families have no catalogue to ask.
      if (device.online !== false && device.features.firmwareUpdate !== false && !checker.outcomeFor(device))
        void checker.check(device);
  };
  const offDevices = devices.subscribe(look);
  look();
  return () => {
    offAnswers();
    offDevices();
  };
}

/** The build's sources: the app's own catalogue, then the two update servers set at build time, if any. */
export function configuredSources(
  env: Record<string, unknown>,
  pageAddress: string,
  fetchFn?: FetchLike,
): UpdateSource[] {
  const text = (key: string) => (typeof env[key] === 'string' ? (env[key] as string).trim() : '');
  const base = text('BASE_URL') || '/';
  const catalogue = text('VITE_KEYTUNE_FIRMWARE_CATALOGUE') || `${base.replace(/\/?$/, '/')}firmware/`;
  const sources = [catalogueSource(new URL(catalogue.replace(/\/?$/, '/'), pageAddress).href, fetchFn)];
  for (const key of ['VITE_KEYTUNE_UPDATE_SOURCE_2', 'VITE_KEYTUNE_UPDATE_SOURCE_3']) {
    const template = text(key);
    if (template) sources.push(templateSource(template, fetchFn, pageAddress));
  }
  return sources;
}
