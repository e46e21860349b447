/**
 * Key performance between wire records (0.01 mm units, flag bytes) and the spec's Performance data (spec-2 §3, mm).
 * `readPerformance` is the one builder of that payload; the key-value and perf events both use it.
 */
import { SWITCH_TYPE_COUNT } from '../../core/switch-types.ts';
import type {
  CalibrationPayload,
  PerformancePayload,
  RapidTriggerSetting,
} from '../../contract/payloads/performance.ts';
import type { RapidSetting } from '../../contract/areas/performance.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import {
  checkPerfEdit,
  checkPerfValue,
  perfRanges,
  type KeyAccuracy,
  type PerfValueKind,
} from '../../core/rules/perf.ts';
import type { RuleFailure } from '../../core/rules/result.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { CMD, KEY_MAP_BYTES, keyMask, PERF_FIELD, SUB, type PerfField } from '../../protocol/commands.ts';
import { decodeList, encodeList } from '../../protocol/struct.ts';
import { decodeU16List } from '../../protocol/registry.ts';
import {
  CalibrationKeyLayout,
  PERF_FLAG,
  PerfKeyLayout,
  SettingsLayout,
  SwitchSpecLayout,
  type CalibrationKey,
  type PerfKey,
  type SwitchSpec,
} from '../../protocol/objects.ts';
import { invalidate, readCached, remember, writeThrough } from '../cache.ts';
import type { KeytuneDevice } from '../context.ts';
import { mmToUnits, unitsToMm } from './units.ts';

export type {
  CalibrationPayload,
  PerformancePayload,
  RapidTriggerSetting,
} from '../../contract/payloads/performance.ts';

export function decodePerfKeys(device: KeytuneDevice, bytes: Uint8Array): PerfKey[] {
  return decodeList(PerfKeyLayout, bytes, device.descriptor.keyCount);
}

function encodePerfKeys(keys: readonly PerfKey[]): Uint8Array {
  return encodeList(PerfKeyLayout, keys);
}

export function decodeSwitches(bytes: Uint8Array): SwitchSpec[] {
  return decodeList(SwitchSpecLayout, bytes, SWITCH_TYPE_COUNT);
}

/** The limits of a switch type (1-17); an unknown type falls back to type 1 so a key always has limits. */
export function switchSpecOf(switches: readonly SwitchSpec[], switchType: number): SwitchSpec {
  const spec = switches[switchType - 1] ?? switches[0];
  if (!spec) throw new RangeError('the device reported no switch table');
  return spec;
}

export function accuracyOf(spec: SwitchSpec): KeyAccuracy {
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

function sensitivityOf(flags: number): 0 | 1 | 2 {
  const s = (flags & PERF_FLAG.sensitivityMask) >> PERF_FLAG.sensitivityShift;
  return s === 1 || s === 2 ? s : 0;
}

function rapidSettingOf(key: PerfKey, spec: SwitchSpec): RapidTriggerSetting {
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

export function decodeCalibration(device: KeytuneDevice, bytes: Uint8Array): CalibrationPayload {
  const keys: CalibrationKey[] = decodeList(CalibrationKeyLayout, bytes.subarray(1), device.descriptor.keyCount);
  return { calibration_state: bytes[0] ?? 0, key_calibrations: keys.map((k) => ({ min: k.min, max: k.max })) };
}

/**
 * The perf records and switch table as the service holds them: copies the device confirmed since the last exchange
 * whose outcome is unknown, else read again (cache.ts). The records are taken last, so no exchange comes between their
 * confirmation and an edit planned on them.
 */
export async function readPerfState(device: KeytuneDevice): Promise<{ keys: PerfKey[]; switches: SwitchSpec[] }> {
  const switches = decodeSwitches(await readCached(device, 'switches'));
  const keys = decodePerfKeys(device, await readCached(device, 'perf'));
  return { keys, switches };
}

/**
 * Builds the Performance data of a device. Configuration comes from the cache; ADC values are read fresh because
 * they move with every press. Calibration is kept current by the calibration notifications (see handlers).
 */
export async function readPerformance(device: KeytuneDevice): Promise<PerformancePayload> {
  const { keys, switches } = await readPerfState(device);
  const calibration = decodeCalibration(device, await readCached(device, 'calibration'));
  const settings = SettingsLayout.decode(await readCached(device, 'settings'));
  const complete = (await readCached(device, 'rapidComplete'))[0] ?? 0;
  // Fresh when the caller prefetched (get_key_perf_info, get_key_value_info); an edit's answer reuses the last copy.
  const adcs = decodeU16List(await readCached(device, 'adc'));
  const caps = device.caps;

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
export async function applyCalibrationNotification(device: KeytuneDevice, data: Uint8Array): Promise<CalibrationPayload> {
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

// ------------------------------------------------------------------------------------------------ edits

/**
 * A planned perf edit: the key records after it, computed from records the service knows to be the device's, or the
 * rule that refuses it. Nothing is written until a whole edit is planned, so a refused edit changes nothing.
 */
export type PerfPlan = { ok: true; keys: PerfKey[] } | { ok: false; failure: RuleFailure; message: string };

/** Key ids of a device, sorted and without repeats; an id the keyboard lacks refuses the call (err.args.invalid). */
export function deviceKeyIds(device: KeytuneDevice, ids: readonly number[]): number[] {
  const bad = ids.find((id) => id >= device.descriptor.keyCount);
  if (bad !== undefined) throw new BridgeCallError(TOAST_KEYS.invalidArgs, `key ${bad} does not exist on this device`);
  return [...new Set(ids)].sort((a, b) => a - b);
}

const copyKeys = (keys: readonly PerfKey[]): PerfKey[] => keys.map((k) => ({ ...k }));

/**
 * The device units of a travel value on each key, checked against the key's switch limits and snapped to its
 * accuracy (spec-2 §5); the first key whose range refuses it refuses the whole edit.
 */
function travelUnits(
  keys: readonly PerfKey[],
  switches: readonly SwitchSpec[],
  keyIds: readonly number[],
  kind: PerfValueKind,
  mm: number,
): { ok: true; units: Map<number, number> } | { ok: false; failure: RuleFailure; message: string } {
  const units = new Map<number, number>();
  for (const id of keyIds) {
    const accuracy = accuracyOf(switchSpecOf(switches, keys[id]!.switchType));
    const checked = checkPerfValue(kind, mm, perfRanges(accuracy, accuracy.min_trigger));
    if (!checked.ok)
      return { ok: false, failure: checked, message: `${kind} ${mm} mm is outside the range of key ${id}` };
    units.set(id, mmToUnits(checked.value));
  }
  return { ok: true, units };
}

/** Sets a travel field (trigger, dead zone) on keys, checked against each key's switch. */
export function planTravel(
  keys: readonly PerfKey[],
  switches: readonly SwitchSpec[],
  keyIds: readonly number[],
  kind: 'trigger' | 'dead',
  mm: number,
): PerfPlan {
  const checked = travelUnits(keys, switches, keyIds, kind, mm);
  if (!checked.ok) return checked;
  const after = copyKeys(keys);
  for (const [id, units] of checked.units) after[id]![kind] = units;
  return { ok: true, keys: after };
}

const withFlag = (flags: number, mask: number, on: boolean): number => (on ? flags | mask : flags & ~mask);

/** rt_mode 1 with rapid trigger on: the auto mode whose trigger and dead zone are the device's to choose. */
function editContext(key: PerfKey, selectedKeys: number) {
  return {
    selectedKeys,
    useRapid: (key.flags & PERF_FLAG.useRapid) !== 0,
    rtMode: (key.flags & PERF_FLAG.rtMode) !== 0 ? 1 : 0,
  } as const;
}

/** The perf-panel blocks of an edit (spec-2 §5): no keys, and trigger or dead zone on keys in rapid trigger auto. */
export function checkKeysEdit(
  keys: readonly PerfKey[],
  keyIds: readonly number[],
  edit: 'trigger' | 'dead' | 'rapid' | 'sensitivity',
): { ok: true } | { ok: false; failure: RuleFailure; message: string } {
  if (keyIds.length === 0) {
    const none = checkPerfEdit(edit, { selectedKeys: 0, useRapid: false, rtMode: 0 });
    if (!none.ok) return { ok: false, failure: none, message: 'no keys selected' };
  }
  for (const id of keyIds) {
    const result = checkPerfEdit(edit, editContext(keys[id]!, keyIds.length));
    if (!result.ok) return { ok: false, failure: result, message: `${edit} cannot change on key ${id}` };
  }
  return { ok: true };
}

/**
 * Applies a rapid-trigger setting to keys. With `enforce` (the perf panel), a changed sensitivity state is judged
 * with the mode the same edit leaves the keys in; a game-config card sets its values without the panel's blocks.
 */
export function planRapid(
  keys: readonly PerfKey[],
  switches: readonly SwitchSpec[],
  keyIds: readonly number[],
  rapid: RapidSetting,
  enforce: boolean,
): PerfPlan {
  const press =
    rapid.p_rapid_value === undefined ? undefined : travelUnits(keys, switches, keyIds, 'rapid', rapid.p_rapid_value);
  if (press && !press.ok) return press;
  const release =
    rapid.r_rapid_value === undefined ? undefined : travelUnits(keys, switches, keyIds, 'rapid', rapid.r_rapid_value);
  if (release && !release.ok) return release;
  const after = copyKeys(keys);
  for (const id of keyIds) {
    const k = after[id]!;
    if (press) k.rapidPress = press.units.get(id)!;
    if (release) k.rapidRelease = release.units.get(id)!;
    if (rapid.use_rapid !== undefined) k.flags = withFlag(k.flags, PERF_FLAG.useRapid, rapid.use_rapid);
    if (rapid.rt_mode !== undefined) k.flags = withFlag(k.flags, PERF_FLAG.rtMode, rapid.rt_mode === 1);
  }
  const state = rapid.rt_sensitivity_state;
  if (state !== undefined) {
    const changes = keyIds.filter((id) => sensitivityOf(keys[id]!.flags) !== state);
    if (enforce && changes.length > 0) {
      const blocked = checkKeysEdit(after, keyIds, 'sensitivity');
      if (!blocked.ok) return blocked;
    }
    for (const id of keyIds) {
      const k = after[id]!;
      k.flags = (k.flags & ~PERF_FLAG.sensitivityMask) | (state << PERF_FLAG.sensitivityShift);
    }
  }
  return { ok: true, keys: after };
}

/** Sets or clears the advanced rapid mode flag on keys. */
export function planFlag(keys: readonly PerfKey[], keyIds: readonly number[], mask: number, on: boolean): PerfKey[] {
  const after = copyKeys(keys);
  for (const id of keyIds) after[id]!.flags = withFlag(after[id]!.flags, mask, on);
  return after;
}

/** One masked performance write: one field set to one value on the keys of a mask. */
export interface MaskedPerfWrite {
  field: PerfField;
  value: number;
  keyIds: number[];
}

const FIELDS: { field: PerfField; of: (k: PerfKey) => number }[] = [
  { field: PERF_FIELD.trigger, of: (k) => k.trigger },
  { field: PERF_FIELD.dead, of: (k) => k.dead },
  { field: PERF_FIELD.rapidPress, of: (k) => k.rapidPress },
  { field: PERF_FIELD.rapidRelease, of: (k) => k.rapidRelease },
  { field: PERF_FIELD.useRapid, of: (k) => (k.flags & PERF_FLAG.useRapid ? 1 : 0) },
  { field: PERF_FIELD.rtMode, of: (k) => (k.flags & PERF_FLAG.rtMode ? 1 : 0) },
  { field: PERF_FIELD.sensitivity, of: (k) => sensitivityOf(k.flags) },
  { field: PERF_FIELD.seriesRapid, of: (k) => (k.flags & PERF_FLAG.series ? 1 : 0) },
  { field: PERF_FIELD.advanceRapidMode, of: (k) => (k.flags & PERF_FLAG.advance ? 1 : 0) },
];

/** The masked writes that turn `before` into `after`: one per field and value; keys that already match are left out. */
function perfWrites(before: readonly PerfKey[], after: readonly PerfKey[]): MaskedPerfWrite[] {
  const writes: MaskedPerfWrite[] = [];
  for (const { field, of } of FIELDS) {
    const byValue = new Map<number, number[]>();
    after.forEach((k, id) => {
      const value = of(k);
      if (value !== of(before[id]!)) byValue.set(value, [...(byValue.get(value) ?? []), id]);
    });
    for (const [value, keyIds] of byValue) writes.push({ field, value, keyIds });
  }
  return writes;
}

/** Data of the masked performance write: [field u8, value u16, key mask]. */
export function perfSetKeysData(field: PerfField, value: number, keyIds: readonly number[]): Uint8Array {
  const data = new Uint8Array(3 + KEY_MAP_BYTES);
  data[0] = field;
  data[1] = value & 0xff;
  data[2] = (value >> 8) & 0xff;
  data.set(keyMask(keyIds), 3);
  return data;
}

/**
 * Writes a perf edit as one atomic change on the device. A single field and value is one masked frame. Anything more
 * (several fields, or keys whose switches snap a value differently) is one write stream of the perf records from the
 * first changed key to the last, which the device commits at its last frame: a cut anywhere leaves the old records or
 * the new ones, never a mix. `before` must be the device's records as the service knows them (readPerfState); a
 * failed or unanswered write drops the service's copy, so nothing is skipped or rebuilt from a copy the device may no
 * longer match.
 */
export async function commitPerfKeys(
  device: KeytuneDevice,
  before: readonly PerfKey[],
  after: readonly PerfKey[],
): Promise<void> {
  const writes = perfWrites(before, after);
  if (writes.length === 0) return;
  try {
    if (writes.length === 1) {
      const w = writes[0]!;
      await device.session.command(
        CMD.performance,
        SUB.performance.setKeys,
        perfSetKeysData(w.field, w.value, w.keyIds),
      );
    } else {
      const changed = writes.flatMap((w) => w.keyIds);
      const first = Math.min(...changed);
      const last = Math.max(...changed);
      const bytes = encodePerfKeys(after.slice(first, last + 1));
      await writeThrough(device, 'perf', first * PerfKeyLayout.size, bytes);
    }
  } catch (e) {
    invalidate(device, 'perf');
    throw e;
  }
  remember(device, 'perf', encodePerfKeys(after));
}
