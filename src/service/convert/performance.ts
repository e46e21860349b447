/**
 * Key performance between wire records (0.01 mm units, flag bytes) and the spec's Performance data (spec-2 §3, mm).
 * `readPerformance` is the one builder of that payload; the key-value and perf events both use it.
 */
import { capabilitiesFor } from '../../core/capabilities.ts';
import { decodeList, encodeList } from '../../protocol/struct.ts';
import { decodeU16List } from '../../protocol/registry.ts';
import {
  CalibrationKeyLayout,
  PERF_FLAG,
  PerfKeyLayout,
  SettingsLayout,
  SWITCH_TYPES,
  SwitchSpecLayout,
  type CalibrationKey,
  type PerfKey,
  type SwitchSpec,
} from '../../protocol/objects.ts';
import { readCached, remember } from '../cache.ts';
import type { DeviceEntry } from '../context.ts';
import { unitsToMm } from './units.ts';

/** Rapid-trigger setting of one key (spec-2 §3), travel in mm. */
export interface RapidTriggerSetting {
  p_rapid_value: number;
  r_rapid_value: number;
  min: number;
  max: number;
  accuracy: number;
  use_rapid: boolean;
  use_series_rapid: boolean;
  advance_rapid_mode: 0 | 1;
  rt_mode: 0 | 1;
  rt_sensitivity_state: 0 | 1 | 2;
}

/** One key_accuracys entry (spec-2 §3) plus min_trigger, which the device reports and the sliders need. */
export interface KeyAccuracyPayload {
  trigger_accuracy: number;
  min_trigger: number;
  max_trigger: number;
  min_rapid: number;
  max_rapid: number;
  rapid_accuracy: number;
  dead_accuracy: number;
  max_dead: number;
}

export interface CalibrationPayload {
  /** 0 idle, 1 running, 2 finished or cancelled. */
  calibration_state: number;
  /** Raw ADC extremes per key. */
  key_calibrations: { min: number; max: number }[];
}

/** Performance data (spec-2 §3). Legacy top-level accuracy fields describe the first key. */
export interface PerformancePayload extends CalibrationPayload, KeyAccuracyPayload {
  path: string;
  key_triggers: number[];
  key_deads: number[];
  key_rapid_triggers: RapidTriggerSetting[];
  key_accuracys: KeyAccuracyPayload[];
  key_switch_types: number[];
  key_rapid_use_complete: 0 | 1;
  rapid_vis: boolean;
  key_adcs: number[];
  auto_calibration: 0 | 1;
}

export function decodePerfKeys(device: DeviceEntry, bytes: Uint8Array): PerfKey[] {
  return decodeList(PerfKeyLayout, bytes, device.descriptor.keyCount);
}

export function encodePerfKeys(keys: readonly PerfKey[]): Uint8Array {
  return encodeList(PerfKeyLayout, keys);
}

export function decodeSwitches(bytes: Uint8Array): SwitchSpec[] {
  return decodeList(SwitchSpecLayout, bytes, SWITCH_TYPES);
}

/** The limits of a switch type (1-17); an unknown type falls back to type 1 so a key always has limits. */
export function switchSpecOf(switches: readonly SwitchSpec[], switchType: number): SwitchSpec {
  const spec = switches[switchType - 1] ?? switches[0];
  if (!spec) throw new RangeError('the device reported no switch table');
  return spec;
}

export function accuracyOf(spec: SwitchSpec): KeyAccuracyPayload {
  return {
    trigger_accuracy: unitsToMm(spec.triggerAccuracy),
    min_trigger: unitsToMm(spec.minTrigger),
    max_trigger: unitsToMm(spec.maxTrigger),
    min_rapid: unitsToMm(spec.minRapid),
    max_rapid: unitsToMm(spec.maxRapid),
    rapid_accuracy: unitsToMm(spec.rapidAccuracy),
    dead_accuracy: unitsToMm(spec.deadAccuracy),
    max_dead: unitsToMm(spec.maxDead),
  };
}

const bit = (flags: number, mask: number): boolean => (flags & mask) !== 0;

export function sensitivityOf(flags: number): 0 | 1 | 2 {
  const s = (flags & PERF_FLAG.sensitivityMask) >> PERF_FLAG.sensitivityShift;
  return s === 1 || s === 2 ? s : 0;
}

export function rapidSettingOf(key: PerfKey, spec: SwitchSpec): RapidTriggerSetting {
  return {
    p_rapid_value: unitsToMm(key.rapidPress),
    r_rapid_value: unitsToMm(key.rapidRelease),
    min: unitsToMm(spec.minRapid),
    max: unitsToMm(spec.maxRapid),
    accuracy: unitsToMm(spec.rapidAccuracy),
    use_rapid: bit(key.flags, PERF_FLAG.useRapid),
    use_series_rapid: bit(key.flags, PERF_FLAG.series),
    advance_rapid_mode: bit(key.flags, PERF_FLAG.advance) ? 1 : 0,
    rt_mode: bit(key.flags, PERF_FLAG.rtMode) ? 1 : 0,
    rt_sensitivity_state: sensitivityOf(key.flags),
  };
}

export function decodeCalibration(device: DeviceEntry, bytes: Uint8Array): CalibrationPayload {
  const keys: CalibrationKey[] = decodeList(CalibrationKeyLayout, bytes.subarray(1), device.descriptor.keyCount);
  return { calibration_state: bytes[0] ?? 0, key_calibrations: keys.map((k) => ({ min: k.min, max: k.max })) };
}

/** The perf records and switch table as the service last saw them (read once, then kept up to date by writes). */
export async function readPerfState(device: DeviceEntry): Promise<{ keys: PerfKey[]; switches: SwitchSpec[] }> {
  const keys = decodePerfKeys(device, await readCached(device, 'perf'));
  const switches = decodeSwitches(await readCached(device, 'switches'));
  return { keys, switches };
}

/**
 * Builds the Performance data of a device. Configuration comes from the cache; ADC values are read fresh because
 * they move with every press. Calibration is kept current by the calibration notifications (see handlers).
 */
export async function readPerformance(device: DeviceEntry): Promise<PerformancePayload> {
  const { keys, switches } = await readPerfState(device);
  const calibration = decodeCalibration(device, await readCached(device, 'calibration'));
  const settings = SettingsLayout.decode(await readCached(device, 'settings'));
  const complete = (await readCached(device, 'rapidComplete'))[0] ?? 0;
  // Fresh when the caller prefetched (get_key_perf_info, get_key_value_info); an edit's answer reuses the last copy.
  const adcs = decodeU16List(await readCached(device, 'adc'));
  const caps = capabilitiesFor(device.record.display_name, device.record.fw_ver);

  const specs = keys.map((k) => switchSpecOf(switches, k.switchType));
  const accuracys = specs.map(accuracyOf);
  const first = accuracys[0] ?? accuracyOf(switchSpecOf(switches, 1));
  return {
    path: device.path,
    key_triggers: keys.map((k) => unitsToMm(k.trigger)),
    key_deads: keys.map((k) => unitsToMm(k.dead)),
    key_rapid_triggers: keys.map((k, i) => rapidSettingOf(k, specs[i]!)),
    key_accuracys: accuracys,
    key_switch_types: keys.map((k) => k.switchType),
    key_rapid_use_complete: complete ? 1 : 0,
    rapid_vis: caps.performance.rapidTriggerTab,
    key_adcs: adcs,
    ...calibration,
    auto_calibration: settings.autoCalibration ? 1 : 0,
    ...first,
  };
}

/**
 * Applies a calibration notification to the remembered calibration object and answers the result. The device sends
 * [state u8, count u8, then count x (keyId u8, min u16, max u16)]: a state change with count 0, and while running each
 * key whose range widened. Without a remembered copy the whole object is read once.
 */
export async function applyCalibrationNotification(device: DeviceEntry, data: Uint8Array): Promise<CalibrationPayload> {
  const current = (await readCached(device, 'calibration')).slice();
  current[0] = data[0] ?? current[0] ?? 0;
  const count = data[1] ?? 0;
  const entry = 1 + CalibrationKeyLayout.size;
  for (let i = 0; i < count && 2 + (i + 1) * entry <= data.length; i++) {
    const at = 2 + i * entry;
    const keyId = data[at]!;
    if (keyId >= device.descriptor.keyCount) continue;
    current.set(data.subarray(at + 1, at + entry), 1 + keyId * CalibrationKeyLayout.size);
  }
  remember(device, 'calibration', current);
  return decodeCalibration(device, current);
}
