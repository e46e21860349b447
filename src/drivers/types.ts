/**
 * The driver seam: what a family of keyboards (ours, libhmk, VIA/QMK) gives the device service. A family recognises
 * its HID collections and probes; the driver it opens describes the device (identity, features, layout) and fills
 * ports per area, leaving out what it cannot do. Ports speak millimetres, key ids and key codes of the device's
 * code space: frames, offsets and byte orders stay inside the driver. The service (src/service) adds what every
 * family shares: call routing, argument checks, the per-device queue, events, error mapping and the rules of core.
 */
import type { DeviceFeatures, DeviceLayout, FamilyId } from '../core/device-features.ts';
import type { Transport } from '../transport/types.ts';

export type {
  AdvancedKind,
  DeviceFeatures,
  DeviceLayout,
  DeviceLayoutKey,
  FamilyId,
  LayoutOption,
  LightingChannelFeatures,
} from '../core/device-features.ts';

/** One top-level HID collection of a device, as WebHID and node-hid report it. */
export interface HidCollectionInfo {
  usagePage: number;
  usage: number;
  /** Bytes of the largest input report of the collection (without report id), when known. */
  inputReportBytes?: number;
  /** Bytes of the largest output report of the collection (without report id), when known. */
  outputReportBytes?: number;
}

/** A HID device seen by a host, before any family has spoken to it. */
export interface HidCandidate {
  vendorId: number;
  productId: number;
  productName: string;
  collections: readonly HidCollectionInfo[];
}

/** The WebHID request filter of one family (navigator.hid.requestDevice). */
export interface HidFilter {
  vendorId?: number;
  usagePage: number;
  usage: number;
}

// ------------------------------------------------------------------------------------------------ description

/** Who the device is. */
export interface DeviceIdentity {
  /** Lower-case model name ("made68pro", "he60", "mojo68"). */
  name: string;
  displayName: string;
  /** "1.2.3" style versions; a family without a hardware version answers "". */
  firmware: string;
  hardware: string;
  serial: string;
  /** 2 keyboard, 3 mouse, 4 dongle. */
  devType: number;
  /** 0 USB, 1 2.4G, 2 Bluetooth. */
  accessMode: number;
  /** Percent 0-100; -1 without a battery. */
  battery: number;
  /** Name of the device's picture in the app's images (no extension); "" for none. */
  image?: string;
  /**
   * The model a backup names, where the lower-case name does not tell it (VIA: the vendor and product ids
   * "vvvv:pppp", since its name comes from a definition and two makers' keyboards can share one).
   */
  model?: string;
}

/** Everything the device record says of a device besides its path. */
export interface DeviceDescription {
  identity: DeviceIdentity;
  features: DeviceFeatures;
  layout: DeviceLayout | null;
}

// ------------------------------------------------------------------------------------------------ ports

/** A refusal or a failure the driver saw; the service maps it to the toast a person reads. */
export class DriverError extends Error {
  constructor(
    readonly reason: 'timeout' | 'disconnected' | 'reply' | 'refused' | 'unsupported' | 'bootloader',
    message: string,
  ) {
    super(message);
    this.name = 'DriverError';
  }
}

export interface KeyCell {
  /** Profile where the family has profiles (libhmk); 0 otherwise. */
  profile?: number;
  layer: number;
  keyId: number;
}

export interface KeymapPort {
  /** Every layer's codes of a profile ([layer][key]); profile defaults to the current one. */
  read(profile?: number): Promise<number[][]>;
  /** Writes codes: contiguous ranges per report, never one round trip per key. Reads back what it wrote. */
  write(cells: readonly (KeyCell & { code: number })[]): Promise<void>;
  /** The factory keymap, when the device tells it. */
  defaults?(): number[][] | undefined;
}

/** One key's actuation, in mm. */
export interface KeyActuation {
  actuationMm: number;
  /** Rapid trigger on when set: distances in mm. */
  rapidTrigger: boolean;
  rtPressMm: number;
  rtReleaseMm: number;
  continuous: boolean;
}

export interface PerformancePort {
  read(profile?: number): Promise<KeyActuation[]>;
  write(keyIds: readonly number[], patch: Partial<KeyActuation>, profile?: number): Promise<void>;
  readTickRate?(profile?: number): Promise<number>;
  writeTickRate?(value: number, profile?: number): Promise<void>;
}

export interface TravelSample {
  keyId: number;
  depthMm: number;
  adc: number;
}

export interface TravelPort {
  /** Reads the travel of every key in as few reports as the protocol allows. */
  read(): Promise<TravelSample[]>;
}

export interface CalibrationPort {
  /** Measures every key's rest reading again; the keyboard learns each bottom-out as the key is pressed. */
  recalibrate(): Promise<void>;
  /** Keeps what the keyboard learned in the run (bottom-out readings) across restarts, where it can. */
  keep?(): Promise<void>;
  readThresholds?(): Promise<{ rest: number; bottomOut: number }>;
  writeThresholds?(values: { rest: number; bottomOut: number }): Promise<void>;
}

export interface ProfilesPort {
  current(): Promise<number>;
  switchTo?(profile: number): Promise<void>;
  names?(): Promise<string[]>;
  rename?(profile: number, name: string): Promise<void>;
  duplicate?(from: number, to: number): Promise<void>;
  reset?(profile: number): Promise<void>;
}

/** A VIA-style macro: a list of actions. */
export type MacroAction =
  { kind: 'text'; text: string } | { kind: 'tap' | 'down' | 'up'; code: number } | { kind: 'delay'; ms: number };

export interface MacroPort {
  bufferBytes(): Promise<number>;
  read(): Promise<MacroAction[][]>;
  /** Writes every macro; the device never plays a half-written buffer. Refuses before writing when it overflows. */
  write(macros: readonly MacroAction[][]): Promise<void>;
  /** Bytes the macros take in the buffer. */
  size(macros: readonly MacroAction[][]): number;
}

export interface LightingState {
  channel: string;
  effect: number;
  brightness: number;
  speed: number;
  /** Hue 0-255, saturation 0-255. */
  hue: number;
  saturation: number;
}

export interface LightingPort {
  read(): Promise<LightingState[]>;
  write(state: LightingState): Promise<void>;
  save(channel: string): Promise<void>;
}

export interface MatrixPort {
  /** Per key id: pressed or not. */
  read(): Promise<boolean[]>;
}

export interface DevicePort {
  factoryReset?(): Promise<void>;
  bootloader?(): Promise<void>;
  reboot?(): Promise<void>;
}

/** A key's gamepad binding and the stick's response (libhmk). */
export interface GamepadConfig {
  /** Per key id: gamepad button or axis code of the family's gamepad space (0 none). */
  buttons: number[];
  /** Points of the analog curve, travel mm to output 0-255, in travel order. */
  curve: { mm: number; out: number }[];
  /** Named flags the family offers (keyboard output kept, gamepad overrides, square stick, snappy stick). */
  flags: Record<string, boolean>;
}

export interface GamepadPort {
  /** The family's gamepad buttons by code, with names in both languages. */
  buttons(): { code: number; en: string; zh: string }[];
  read(profile?: number): Promise<GamepadConfig>;
  write(config: Partial<GamepadConfig>, profile?: number): Promise<void>;
}

/** Named on/off device options (libhmk XInput, high polling rate): `features.options` names them. */
export interface OptionsPort {
  read(): Promise<Record<string, boolean>>;
  write(name: string, value: boolean): Promise<void>;
}

/** VIA custom menus: a value addressed by channel and id, as bytes. */
export interface CustomValuePort {
  get(channel: number, id: number, bytes: number): Promise<number[]>;
  set(channel: number, id: number, value: readonly number[]): Promise<void>;
  save(channel: number): Promise<void>;
}

/** Layout options stored on the keyboard (VIA): one packed number. */
export interface LayoutOptionsPort {
  read(): Promise<number>;
  write(value: number): Promise<void>;
}

/** Ports per area; a family leaves out what it cannot do. */
export interface DriverPorts {
  keymap?: KeymapPort;
  performance?: PerformancePort;
  travel?: TravelPort;
  calibration?: CalibrationPort;
  profiles?: ProfilesPort;
  macros?: MacroPort;
  lighting?: LightingPort;
  matrix?: MatrixPort;
  device?: DevicePort;
  gamepad?: GamepadPort;
  options?: OptionsPort;
  customValues?: CustomValuePort;
  layoutOptions?: LayoutOptionsPort;
}

// ------------------------------------------------------------------------------------------------ extensions

/**
 * A typed key for what only some drivers offer beside their ports (VIA's definition, libhmk's own advanced keys):
 * `driver.extension(KEY)` answers the value the key names, or undefined on a driver without it. A family exports its
 * keys from its own folder; the service asks by key, never by the driver's class or a cast of its ports.
 */
export interface ExtensionKey<T> {
  readonly name: string;
  /** Never set: ties the key to the type of its value. */
  readonly value?: T;
}

export function extensionKey<T>(name: string): ExtensionKey<T> {
  return { name };
}

/** A driver's answer to `extension`, from the keys it offers (each with its value, read when asked). */
export function extensionsOf(
  offered: readonly (readonly [ExtensionKey<unknown>, () => unknown])[],
): <T>(key: ExtensionKey<T>) => T | undefined {
  const table = new Map(offered.map(([key, value]) => [key.name, value]));
  return <T>(key: ExtensionKey<T>) => table.get(key.name)?.() as T | undefined;
}

/** One offered extension, typed by its key. */
export function offer<T>(
  key: ExtensionKey<T>,
  value: () => T | undefined,
): readonly [ExtensionKey<unknown>, () => unknown] {
  return [key, value];
}

/** An opened device of one family. */
export interface DeviceDriver {
  readonly family: FamilyId;
  readonly identity: DeviceIdentity;
  readonly features: DeviceFeatures;
  readonly layout: DeviceLayout | null;
  readonly ports: DriverPorts;
  /** What the driver offers beside its ports, by typed key (see ExtensionKey). */
  extension<T>(key: ExtensionKey<T>): T | undefined;
  /** Subscribes to the link going away. */
  onDisconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Where keyboard definitions (VIA JSON) are kept per vendor and product id: IndexedDB, or the data folder. */
export interface DefinitionStore {
  get(vendorId: number, productId: number): Promise<string | undefined>;
  put(vendorId: number, productId: number, json: string): Promise<void>;
}

export interface OpenOptions {
  /** Milliseconds to wait for one reply before retrying or giving up. */
  replyTimeoutMs?: number;
  /** Definitions of keyboards that do not describe themselves (VIA). */
  definitions?: DefinitionStore;
  /** Calls the device service's reading of a family's exchanges (bug reports, tests). */
  onExchange?: (entry: {
    sent: Uint8Array;
    received?: Uint8Array;
    ms: number;
    outcome: 'ok' | 'refused' | 'timeout';
  }) => void;
}

/** How to recognise a family's devices. */
export interface FamilyMatcher {
  readonly id: FamilyId;
  /** Report size of the family's configuration collection, in bytes. */
  readonly reportBytes: number;
  /** WebHID filters for the add-device request. */
  readonly filters: readonly HidFilter[];
  /** Whether the candidate's collections are this family's (without speaking to it). */
  matches(candidate: HidCandidate): boolean;
}

/** A family of devices: how to recognise and open one. */
export interface DeviceFamily extends FamilyMatcher {
  /** Probes and opens; rejects with DriverError('unsupported') when the device does not speak the family's protocol. */
  open(transport: Transport, options?: OpenOptions): Promise<DeviceDriver>;
}
