/**
 * The wire objects: every piece of device state as a fixed binary layout. The firmware stores these records and the
 * service reads and writes them by offset, so one description serves both ends. Travel is in 0.01 mm units.
 */
import type { Rgb } from '../core/colour.ts';
import { SWITCH_TYPE_COUNT } from '../core/switch-types.ts';
import { NAME_BYTES } from './names.ts';
import { array, layout, str, u16, u32, u8, u8s, type Layout } from './struct.ts';

/** The advanced-key records are their own module; this one still lists them for the code that imports them here. */
export * from './advanced-records.ts';

export { NAME_BYTES };
export const LAYERS = 4;
export const THEME_SLOTS = 4;
export const LIGHT_MODES = 8;
export const PALETTE_SIZE = 8;
/** One switch-limits record per switch type. Kept under the wire's name for the protocol examples script. */
export const SWITCH_TYPES = SWITCH_TYPE_COUNT;

export interface Descriptor {
  protocol: number;
  modelId: number;
  devType: number;
  fw: number[];
  hw: number[];
  serial: string;
  keyCount: number;
  layerCount: number;
  themeCount: number;
  dksCap: number;
  shortcutCap: number;
  macroCap: number;
  snaptapCap: number;
  hypertapCap: number;
  macroMaxEvents: number;
  dksSlots: number;
  features: number;
  accessMode: number;
  /** Battery percent, 0xFF when the device has none. */
  battery: number;
  releaseYear: number;
  releaseMonth: number;
  releaseDay: number;
  vendorId: number;
  productId: number;
}

export const PROTOCOL_VERSION = 1;

export const DescriptorLayout: Layout<Descriptor> = layout<Descriptor>([
  ['protocol', u8],
  ['modelId', u8],
  ['devType', u8],
  ['fw', u8s(3)],
  ['hw', u8s(3)],
  ['serial', str(16)],
  ['keyCount', u8],
  ['layerCount', u8],
  ['themeCount', u8],
  ['dksCap', u8],
  ['shortcutCap', u8],
  ['macroCap', u8],
  ['snaptapCap', u8],
  ['hypertapCap', u8],
  ['macroMaxEvents', u8],
  ['dksSlots', u8],
  ['features', u16],
  ['accessMode', u8],
  ['battery', u8],
  ['releaseYear', u16],
  ['releaseMonth', u8],
  ['releaseDay', u8],
  ['vendorId', u16],
  ['productId', u16],
]);

/** Pairing state of a wireless device's radio (Status.pairState). */
export const PAIR_STATE = { unpaired: 0, pairing: 1, paired: 2 } as const;

/** Status field values meaning "not known" (or "not there": a wired device has no battery and no radio). */
export const STATUS_UNKNOWN = { u8: 0xff, u16: 0xffff, current: 0x8000 } as const;

/**
 * What the device reports about itself right now. Read-only. The battery attributes and the pairing state were
 * appended after the first four fields, so a reader that asks for the first four bytes still gets what it knows.
 */
export interface Status {
  /** Percent 0-100; 0xFF without a battery. */
  battery: number;
  charging: number;
  accessMode: number;
  /** 1 while the device is writing its flash (changing), 0 when settled (changed). */
  syncing: number;
  /** Battery voltage in mV; 0xFFFF unknown. */
  voltage: number;
  /** Battery current in mA as 16-bit two's complement (negative while discharging); 0x8000 unknown. */
  current: number;
  /** Minutes until charged; 0 when not charging or full; 0xFFFF unknown. */
  chargeMinutes: number;
  /** Charge cycles so far; 0xFFFF unknown. */
  cycles: number;
  /** Battery health, percent 0-100; 0xFF unknown. */
  health: number;
  /** PAIR_STATE of the radio; 0xFF without one. */
  pairState: number;
}
export const StatusLayout = layout<Status>([
  ['battery', u8],
  ['charging', u8],
  ['accessMode', u8],
  ['syncing', u8],
  ['voltage', u16],
  ['current', u16],
  ['chargeMinutes', u16],
  ['cycles', u16],
  ['health', u8],
  ['pairState', u8],
]);

/** The wire form of a current in mA (clamped to -32767..32767; undefined is "unknown"). */
export function currentToWire(milliamps: number | undefined): number {
  if (milliamps === undefined) return STATUS_UNKNOWN.current;
  const mA = Math.max(-0x7fff, Math.min(0x7fff, Math.round(milliamps)));
  return mA < 0 ? mA + 0x10000 : mA;
}

/** The current in mA of Status.current, or undefined when unknown. */
export function currentFromWire(raw: number): number | undefined {
  if (raw === STATUS_UNKNOWN.current) return undefined;
  return raw >= 0x8000 ? raw - 0x10000 : raw;
}

/** Theme slots: byte 0 is the current slot (write it to switch), byte 1 the count, then names at 2 + 16 x slot. */
export interface Themes {
  current: number;
  count: number;
  names: { name: string }[];
}
export const ThemeNameLayout = layout<{ name: string }>([['name', str(NAME_BYTES)]]);
export const ThemesLayout = layout<Themes>([
  ['current', u8],
  ['count', u8],
  ['names', array(ThemeNameLayout, THEME_SLOTS)],
]);
export const themeNameOffset = (slot: number): number => 2 + NAME_BYTES * slot;

export interface Settings {
  useNKey: number;
  useSleep: number;
  /** Minutes, 1-60. */
  sleepTime: number;
  autoCalibration: number;
  /** Report rate index: 0 125 Hz, 1 250 Hz, 2 1000 Hz. */
  reportRate: number;
}
export const SettingsLayout = layout<Settings>([
  ['useNKey', u8],
  ['useSleep', u8],
  ['sleepTime', u8],
  ['autoCalibration', u8],
  ['reportRate', u8],
]);

export type { Rgb };
export const RgbLayout = layout<Rgb>([
  ['r', u8],
  ['g', u8],
  ['b', u8],
]);

export interface LightMode {
  light: number;
  speed: number;
  /** 0 low-to-high (l2h), 1 high-to-low (h2l). */
  direction: number;
  random: number;
  randomByPress: number;
  min: number;
  max: number;
}
export const LightModeLayout = layout<LightMode>([
  ['light', u8],
  ['speed', u8],
  ['direction', u8],
  ['random', u8],
  ['randomByPress', u8],
  ['min', u8],
  ['max', u8],
]);

export interface Lighting {
  lightSwitch: number;
  modeIndex: number;
  colourIndex: number;
  modes: LightMode[];
  palette: Rgb[];
}
export const LightingLayout = layout<Lighting>([
  ['lightSwitch', u8],
  ['modeIndex', u8],
  ['colourIndex', u8],
  ['modes', array(LightModeLayout, LIGHT_MODES)],
  ['palette', array(RgbLayout, PALETTE_SIZE)],
]);

export interface Hsva {
  h: number;
  s: number;
  v: number;
  a: number;
}
export const HsvaLayout = layout<Hsva>([
  ['h', u8],
  ['s', u8],
  ['v', u8],
  ['a', u8],
]);
export const OUTER_FRAME_MODES = 8;
export interface OuterFrame {
  frameSwitch: number;
  index: number;
  size: number;
  items: Hsva[];
}
export const OuterFrameLayout = layout<OuterFrame>([
  ['frameSwitch', u8],
  ['index', u8],
  ['size', u8],
  ['items', array(HsvaLayout, OUTER_FRAME_MODES)],
]);

export const AMBIENT_MODES = 6;
export interface AmbientMode {
  light: number;
  speed: number;
}
export const AmbientModeLayout = layout<AmbientMode>([
  ['light', u8],
  ['speed', u8],
]);
export interface Ambient {
  ambientSwitch: number;
  modeIndex: number;
  colourIndex: number;
  subtype: number;
  modeCount: number;
  colourCount: number;
  modes: AmbientMode[];
}
export const AmbientLayout = layout<Ambient>([
  ['ambientSwitch', u8],
  ['modeIndex', u8],
  ['colourIndex', u8],
  ['subtype', u8],
  ['modeCount', u8],
  ['colourCount', u8],
  ['modes', array(AmbientModeLayout, AMBIENT_MODES)],
]);

/** Per-key performance record. flags: bit0 use_rapid, bit1 rt_mode, bits2-3 sensitivity, bit4 series, bit5 advance. */
export interface PerfKey {
  trigger: number;
  dead: number;
  rapidPress: number;
  rapidRelease: number;
  flags: number;
  switchType: number;
}
export const PerfKeyLayout = layout<PerfKey>([
  ['trigger', u16],
  ['dead', u16],
  ['rapidPress', u16],
  ['rapidRelease', u16],
  ['flags', u8],
  ['switchType', u8],
]);
export const PERF_FLAG = {
  useRapid: 1,
  rtMode: 2,
  sensitivityShift: 2,
  sensitivityMask: 0b1100,
  series: 16,
  advance: 32,
};

/** Travel limits and steps of one switch type (0.01 mm units). */
export interface SwitchSpec {
  triggerAccuracy: number;
  minTrigger: number;
  maxTrigger: number;
  minRapid: number;
  maxRapid: number;
  rapidAccuracy: number;
  deadAccuracy: number;
  maxDead: number;
}
export const SwitchSpecLayout = layout<SwitchSpec>([
  ['triggerAccuracy', u16],
  ['minTrigger', u16],
  ['maxTrigger', u16],
  ['minRapid', u16],
  ['maxRapid', u16],
  ['rapidAccuracy', u16],
  ['deadAccuracy', u16],
  ['maxDead', u16],
]);

/** Calibration object: byte 0 the state (0 idle, 1 running, 2 finished); then per key min and max raw ADC. */
export interface CalibrationKey {
  min: number;
  max: number;
}
export const CalibrationKeyLayout = layout<CalibrationKey>([
  ['min', u16],
  ['max', u16],
]);

/** Trigger/ADC stream sample. */
export interface TriggerSample {
  keyId: number;
  /** Travel in 0.01 mm. */
  trigger: number;
  adc: number;
}
export const TriggerSampleLayout = layout<TriggerSample>([
  ['keyId', u8],
  ['trigger', u16],
  ['adc', u16],
]);

export interface KeyEvent {
  keyId: number;
  down: number;
  code: number;
  /** Device milliseconds, wraps at 2^32. */
  time: number;
}
export const KeyEventLayout = layout<KeyEvent>([
  ['keyId', u8],
  ['down', u8],
  ['code', u16],
  ['time', u32],
]);

export interface FirmwareBegin {
  target: number;
  size: number;
  version: number[];
  crc: number;
}
export const FirmwareBeginLayout = layout<FirmwareBegin>([
  ['target', u8],
  ['size', u32],
  ['version', u8s(3)],
  ['crc', u32],
]);
export interface FirmwareProgress {
  /** 0 idle, 1 receiving, 2 verified and applied, 3 failed verification. */
  state: number;
  received: number;
  size: number;
}
export const FirmwareProgressLayout = layout<FirmwareProgress>([
  ['state', u8],
  ['received', u32],
  ['size', u32],
]);

/** Size of the firmware image chunk carried by one frame (the frame offset carries the chunk number). */
export const FIRMWARE_CHUNK = 56;
/** The host sends chunks in windows; the device acknowledges the last chunk of each window by number. */
export const FIRMWARE_WINDOW = 32;
