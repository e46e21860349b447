/**
 * The bug report of one device (docs/bug-report.md): its facts and features, its last exchanges with the marks of
 * what went wrong, the warnings and errors of the process the service runs in, and its restore points' names.
 *
 * What feeds it is kept per service: each device's exchange log (`keepExchanges`, called where a device attaches),
 * the entries of devices that went away (a report is most wanted after a keyboard dropped off), and a ring of the
 * process's console warnings and errors. `recordExchanges` wires it once per service.
 */
import { BridgeCallError } from '../contract/bridge.ts';
import { decodeArgs } from '../contract/codec.ts';
import {
  REPORT_FORMAT,
  REPORT_LIMITS,
  REPORT_VERSION,
  type ReportBundle,
  type ReportExchange,
  type ReportMessage,
  type ReportRuntime,
} from '../contract/areas/report.ts';
import { ExchangeLog, RingBuffer, toHex, type ExchangeOutcome } from '../transport/exchange-log.ts';
import { UPDATE_KEYS } from './convert/firmware.ts';
import type { DeviceEntry } from './context.ts';
import type { DeviceService } from './service.ts';

/** What one service keeps for reports. */
interface Kept {
  logs: Map<string, ExchangeLog>;
  /** Every device seen, by path, so a device that went away can still be reported on. */
  entries: Map<string, DeviceEntry>;
  restorePoints?: (path: string) => readonly string[] | Promise<readonly string[]>;
  wired: boolean;
}

const kept = new WeakMap<object, Kept>();

function keptFor(service: object): Kept {
  let k = kept.get(service);
  if (!k) kept.set(service, (k = { logs: new Map(), entries: new Map(), wired: false }));
  return k;
}

/** Files `log` as the exchanges of the device at `path` (called by the service where a device attaches). */
export function keepExchanges(service: object, path: string, log: ExchangeLog): void {
  keptFor(service).logs.set(path, log);
}

/** Where the service finds a device's restore points' names, newest first, once the app keeps restore points. */
export function provideRestorePoints(
  service: object,
  source: (path: string) => readonly string[] | Promise<readonly string[]>,
): void {
  keptFor(service).restorePoints = source;
}

/** How a call's error marks the exchange it happened on, by the error's catalogue key; other keys are the app's. */
const DEVICE_OUTCOMES: Readonly<Record<string, [ExchangeOutcome, 'sent' | 'received']>> = {
  'err.dev.timeout': ['timeout', 'sent'],
  'err.dev.refused': ['refused', 'received'],
  [UPDATE_KEYS.bootloader]: ['refused', 'received'],
  'err.dev.reply': ['bad-reply', 'received'],
  'err.dev.disconnected': ['disconnected', 'sent'],
};

function pathOf(args: readonly string[]): string | undefined {
  try {
    return decodeArgs(args).named.get('path');
  } catch {
    return undefined;
  }
}

/**
 * Wires reports into a service, once: a failed call on a device marks that device's exchanges with what went wrong
 * (timeout, refusal, damaged reply, lost link: on the report it concerns; a refusal of the app itself: as a row of
 * its own), devices are remembered after they leave, and the process's console warnings and errors are kept.
 */
export function recordExchanges(service: DeviceService): void {
  const k = keptFor(service);
  if (k.wired) return;
  k.wired = true;
  captureServiceConsole();
  const remember = (entry: DeviceEntry) => k.entries.set(entry.path, entry);
  service.onDeviceAttached(remember);
  service.onDriverAttached(remember);
  const call = service.call.bind(service);
  service.call = async (channel, func, args = []) => {
    const path = pathOf(args);
    const since = path === undefined ? undefined : k.logs.get(path)?.now();
    try {
      return await call(channel, func, args);
    } catch (e) {
      const log = path === undefined ? undefined : k.logs.get(path);
      if (log && e instanceof BridgeCallError) {
        const note = `${channel} ${func}: ${e.toastKey} (${e.message})`;
        const device = DEVICE_OUTCOMES[e.toastKey];
        if (device) log.mark(device[0], since ?? 0, device[1], note);
        else log.record('none', new Uint8Array(0), 'refused', note);
      }
      throw e;
    }
  };
}

// ------------------------------------------------------------------------------------ the process's console

const serviceMessages = new RingBuffer<ReportMessage>(REPORT_LIMITS.messages);
let consoleCaptured = false;

function messageText(values: readonly unknown[]): string {
  const part = (v: unknown): string => {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return `${v.name}: ${v.message}`;
    try {
      return JSON.stringify(v) ?? String(v);
    } catch {
      return String(v);
    }
  };
  return values.map(part).join(' ').slice(0, 2000);
}

/** Keeps the process's console warnings and errors (the worker's, or the bridge's), passing them on as before. */
function captureServiceConsole(): void {
  if (consoleCaptured) return;
  consoleCaptured = true;
  for (const level of ['warn', 'error'] as const) {
    const original = console[level];
    console[level] = (...values: unknown[]) => {
      serviceMessages.push({ where: 'service', level, time: new Date().toISOString(), text: messageText(values) });
      original.apply(console, values);
    };
  }
}

// ------------------------------------------------------------------------------------------------ building

function serviceRuntime(): ReportRuntime {
  const g = globalThis as {
    navigator?: { userAgent?: string };
    process?: { versions?: { node?: string }; platform?: string; arch?: string };
  };
  return {
    user_agent: g.navigator?.userAgent ?? null,
    node: g.process?.versions?.node ?? null,
    os: g.process?.platform ? `${g.process.platform} ${g.process.arch ?? ''}`.trim() : null,
  };
}

/** `sn-` and 16 hex digits of the serial's SHA-256: the same keyboard gives the same token in every report. */
export async function serialToken(serial: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(serial));
  return `sn-${toHex(new Uint8Array(digest)).slice(0, 16)}`;
}

/** Serials this short also occur by chance in report bytes and text: they are only left out where they are named. */
const MIN_SCRUBBED_SERIAL = 4;

/** Leaves a serial number out of texts and report bytes, replaced by its token. */
function serialScrubber(serial: string, token: string, path: string, hiddenPath: string) {
  const wide = serial.length >= MIN_SCRUBBED_SERIAL;
  const pattern = new TextEncoder().encode(serial);
  return {
    text: (s: string) => {
      const named = path === hiddenPath ? s : s.split(path).join(hiddenPath);
      return wide ? named.split(serial).join(token) : named;
    },
    hex: (bytes: Uint8Array) => {
      const hex = toHex(bytes);
      if (!wide) return hex;
      const masked = new Set<number>();
      for (let i = 0; i + pattern.length <= bytes.length; i++)
        if (pattern.every((b, j) => bytes[i + j] === b)) for (let j = 0; j < pattern.length; j++) masked.add(i + j);
      if (masked.size === 0) return hex;
      return [...bytes].map((_, i) => (masked.has(i) ? 'xx' : hex.slice(2 * i, 2 * i + 2))).join('');
    },
  };
}

/** The entry of a device, present or gone; refuses with err.dev.not.found when the service never saw it. */
export function reportedEntry(service: DeviceService, path: string): DeviceEntry {
  const entry = service.allDevices().find((e) => e.path === path) ?? keptFor(service).entries.get(path);
  if (!entry) throw new BridgeCallError('err.dev.not.found', `no device at ${path}`);
  return entry;
}

export async function buildReportBundle(
  service: DeviceService,
  path: string,
  options: { includeSerial: boolean; now?: Date },
): Promise<ReportBundle> {
  const k = keptFor(service);
  const entry = reportedEntry(service, path);
  const record = entry.record;
  const online = service.allDevices().includes(entry);
  const serial = record.dev_sn;
  const hide = !options.includeSerial && serial !== '';
  const token = hide ? await serialToken(serial) : serial;
  const hiddenPath = hide && path.endsWith(`:${serial}`) ? `${path.slice(0, -serial.length)}${token}` : path;
  const scrub = hide ? serialScrubber(serial, token, path, hiddenPath) : { text: (s: string) => s, hex: toHex };

  const log = k.logs.get(path);
  const exchanges: ReportExchange[] = (log?.entries() ?? []).map((e) => ({
    t_ms: Math.round(e.t * 100) / 100,
    dir: e.direction,
    hex: scrub.hex(e.bytes),
    outcome: e.outcome,
    ...(e.note !== undefined ? { note: scrub.text(e.note) } : {}),
  }));
  const messages = serviceMessages.toArray().map((m) => ({ ...m, text: scrub.text(m.text) }));
  const restorePoints = k.restorePoints ? [...(await k.restorePoints(path))] : [];
  const layout = record.layout;
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    created: (options.now ?? new Date()).toISOString(),
    serials: hide ? 'hashed' : 'included',
    app: { version: null },
    system: { service: serviceRuntime(), page: null },
    device: {
      path: hiddenPath,
      family: record.family,
      model: record.display_name,
      name: record.name,
      firmware: record.fw_ver,
      hardware: record.hw_ver,
      serial: token,
      dev_type: record.dev_type,
      access: record.access_text,
      virtual: record.virtual,
      online,
    },
    features: record.features,
    layout: layout ? { keys: layout.keys.length, width: layout.width, height: layout.height } : null,
    exchanges_since: new Date(log?.startedAt ?? Date.now()).toISOString(),
    exchanges,
    messages,
    restore_points: restorePoints.map(scrub.text),
  };
}
