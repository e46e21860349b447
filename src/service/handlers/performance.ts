/**
 * dev_info performance calls (spec-2 §7): get_key_perf_info, set_perf_info, and the trigger-stream and calibration
 * notifications. Every "set X on these keys" is one masked frame per field, whatever the number of keys.
 */
import { z } from 'zod';
import { capabilitiesFor } from '../../core/capabilities.ts';
import { checkPerfEdit, checkPerfValue, isSwitchType, perfRanges, type PerfValueKind } from '../../core/rules/perf.ts';
import type { RuleFailure } from '../../core/rules/result.ts';
import { CMD, KEY_MAP_BYTES, keyMask, PERF_FIELD, REPORT_MODE, SUB, type PerfField } from '../../protocol/commands.ts';
import { decodeList } from '../../protocol/struct.ts';
import { PERF_FLAG, TriggerSampleLayout, type PerfKey } from '../../protocol/objects.ts';
import { bool, int, invalid, json } from '../args.ts';
import { BridgeCallError } from '../bridge.ts';
import { configObjects, invalidate, prefetch, readFresh, remember, writeThrough } from '../cache.ts';
import type { CallContext, DeviceEntry } from '../context.ts';
import {
  accuracyOf,
  applyCalibrationNotification,
  encodePerfKeys,
  readPerfState,
  readPerformance,
  switchSpecOf,
  type PerformancePayload,
} from '../convert/performance.ts';
import { mmToUnits, unitsToMm } from '../convert/units.ts';
import type { DeviceService } from '../service.ts';

/** A rule's refusal as the error a call rejects with (toast key, type and delay of the rule). */
export function refusal(failure: RuleFailure, message?: string, type?: 1 | 2): BridgeCallError {
  return new BridgeCallError(failure.toastKey, message ?? failure.toastKey, [], {
    type: type ?? (failure.type === 0 ? 1 : failure.type),
    delay: failure.delay,
  });
}

export function capabilitiesOf(device: DeviceEntry) {
  return capabilitiesFor(device.record.display_name, device.record.fw_ver);
}

const KeyIdsSchema = z.array(z.number().int().min(0)).max(512);

/** --key_ids as a sorted list without repeats; every id must be a key of this device. */
export function keyIdsArg(ctx: CallContext, device: DeviceEntry): number[] {
  if (!ctx.args.has('key_ids')) return [];
  return keyIdsArgFrom(device, json(ctx.args, 'key_ids', KeyIdsSchema));
}

/** Key ids checked against the device, sorted, without repeats. */
export function keyIdsArgFrom(device: DeviceEntry, ids: readonly number[]): number[] {
  const bad = ids.find((id) => id >= device.descriptor.keyCount);
  if (bad !== undefined) throw invalid(`key ${bad} does not exist on this device`);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The masked performance write: [field u8, value u16, key mask]. */
function sendPerfField(device: DeviceEntry, field: PerfField, value: number, keyIds: readonly number[]) {
  const data = new Uint8Array(3 + KEY_MAP_BYTES);
  data[0] = field;
  data[1] = value & 0xff;
  data[2] = (value >> 8) & 0xff;
  data.set(keyMask(keyIds), 3);
  return device.session.command(CMD.performance, SUB.performance.setKeys, data);
}

/** One masked write of one performance field; the remembered perf object is updated to match once acknowledged. */
async function writeField(
  device: DeviceEntry,
  keys: PerfKey[],
  keyIds: readonly number[],
  field: PerfField,
  value: number,
  apply: (key: PerfKey) => void,
): Promise<void> {
  await sendPerfField(device, field, value, keyIds);
  for (const id of keyIds) apply(keys[id]!);
  remember(device, 'perf', encodePerfKeys(keys));
}

/** Writes `field` only on the keys whose current value differs: unchanged keys cost nothing. */
async function setField(
  device: DeviceEntry,
  keys: PerfKey[],
  keyIds: readonly number[],
  field: PerfField,
  value: number,
  current: (key: PerfKey) => number,
  apply: (key: PerfKey) => void,
): Promise<void> {
  const changed = keyIds.filter((id) => current(keys[id]!) !== value);
  if (changed.length > 0) await writeField(device, keys, changed, field, value, apply);
}

const flagOf = (mask: number) => (k: PerfKey) => ((k.flags & mask) !== 0 ? 1 : 0);
const setFlag = (mask: number, on: boolean) => (k: PerfKey) => {
  k.flags = on ? k.flags | mask : k.flags & ~mask;
};
const sensitivity = (k: PerfKey) => (k.flags & PERF_FLAG.sensitivityMask) >> PERF_FLAG.sensitivityShift;

/**
 * The device units of a travel value for each key, checked against each key's switch limits and snapped to its
 * accuracy. Keys whose switches snap differently get their own value (and so their own frame).
 */
export async function travelCheck(
  device: DeviceEntry,
  keyIds: readonly number[],
  kind: PerfValueKind,
  mm: number,
): Promise<Map<number, number[]>> {
  const { keys, switches } = await readPerfState(device);
  const groups = new Map<number, number[]>();
  for (const id of keyIds) {
    const accuracy = accuracyOf(switchSpecOf(switches, keys[id]!.switchType));
    const checked = checkPerfValue(kind, mm, perfRanges(accuracy, accuracy.min_trigger));
    if (!checked.ok) throw refusal(checked, `${kind} ${mm} mm is outside the range of key ${id}`);
    const units = mmToUnits(checked.value);
    groups.set(units, [...(groups.get(units) ?? []), id]);
  }
  return groups;
}

/** Any edit without selected keys is blocked (the perf rule's first check). */
function requireKeys(keyIds: readonly number[]): void {
  const result = checkPerfEdit('trigger', { selectedKeys: keyIds.length, useRapid: false, rtMode: 0 });
  if (!result.ok) throw refusal(result, 'no keys selected');
}

/** Refuses `edit` when any of the keys blocks it (rapid-trigger auto mode blocks trigger and dead zone). */
function checkEdit(keys: readonly PerfKey[], keyIds: readonly number[], edit: 'trigger' | 'dead' | 'sensitivity') {
  for (const id of keyIds) {
    const k = keys[id]!;
    const result = checkPerfEdit(edit, {
      selectedKeys: keyIds.length,
      useRapid: (k.flags & PERF_FLAG.useRapid) !== 0,
      rtMode: (k.flags & PERF_FLAG.rtMode) !== 0 ? 1 : 0,
    });
    if (!result.ok) throw refusal(result, `${edit} cannot change on key ${id}`);
  }
}

/** Sets a travel field (trigger or dead zone) on keys. */
export async function setTravel(device: DeviceEntry, keyIds: readonly number[], kind: 'trigger' | 'dead', mm: number) {
  const groups = await travelCheck(device, keyIds, kind, mm);
  const { keys } = await readPerfState(device);
  const field = kind === 'trigger' ? PERF_FIELD.trigger : PERF_FIELD.dead;
  for (const [units, ids] of groups) {
    await setField(
      device,
      keys,
      ids,
      field,
      units,
      (k) => k[kind],
      (k) => (k[kind] = units),
    );
  }
}

export const RapidArgSchema = z
  .object({
    p_rapid_value: z.number().finite(),
    r_rapid_value: z.number().finite(),
    use_rapid: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1),
    rt_mode: z.union([z.literal(0), z.literal(1)]),
    rt_sensitivity_state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'the rapid setting is empty');
export type RapidArg = z.infer<typeof RapidArgSchema>;

/** Applies a rapid-trigger setting to keys: one masked frame for each field that changes on any of them. */
export async function setRapid(device: DeviceEntry, keyIds: readonly number[], rapid: RapidArg, enforce = true) {
  const { keys } = await readPerfState(device);
  if (enforce && rapid.rt_sensitivity_state !== undefined) {
    const sensitivityChanges = keyIds.some((id) => sensitivity(keys[id]!) !== rapid.rt_sensitivity_state);
    if (sensitivityChanges) {
      // The state belongs to rapid trigger auto: judge it with the mode the same call leaves the keys in.
      const after = keyIds.map((id) => {
        const k = { ...keys[id]! };
        if (rapid.use_rapid !== undefined) setFlag(PERF_FLAG.useRapid, rapid.use_rapid)(k);
        if (rapid.rt_mode !== undefined) setFlag(PERF_FLAG.rtMode, rapid.rt_mode === 1)(k);
        return k;
      });
      checkEdit(
        after,
        after.map((_, i) => i),
        'sensitivity',
      );
    }
  }
  const press =
    rapid.p_rapid_value === undefined ? undefined : await travelCheck(device, keyIds, 'rapid', rapid.p_rapid_value);
  const release =
    rapid.r_rapid_value === undefined ? undefined : await travelCheck(device, keyIds, 'rapid', rapid.r_rapid_value);
  for (const [units, ids] of press ?? [])
    await setField(
      device,
      keys,
      ids,
      PERF_FIELD.rapidPress,
      units,
      (k) => k.rapidPress,
      (k) => (k.rapidPress = units),
    );
  for (const [units, ids] of release ?? [])
    await setField(
      device,
      keys,
      ids,
      PERF_FIELD.rapidRelease,
      units,
      (k) => k.rapidRelease,
      (k) => (k.rapidRelease = units),
    );
  if (rapid.use_rapid !== undefined) {
    const on = rapid.use_rapid;
    await setField(
      device,
      keys,
      keyIds,
      PERF_FIELD.useRapid,
      on ? 1 : 0,
      flagOf(PERF_FLAG.useRapid),
      setFlag(PERF_FLAG.useRapid, on),
    );
  }
  if (rapid.rt_mode !== undefined) {
    const mode = rapid.rt_mode;
    await setField(
      device,
      keys,
      keyIds,
      PERF_FIELD.rtMode,
      mode,
      flagOf(PERF_FLAG.rtMode),
      setFlag(PERF_FLAG.rtMode, mode === 1),
    );
  }
  if (rapid.rt_sensitivity_state !== undefined) {
    const s = rapid.rt_sensitivity_state;
    await setField(device, keys, keyIds, PERF_FIELD.sensitivity, s, sensitivity, (k) => {
      k.flags = (k.flags & ~PERF_FLAG.sensitivityMask) | (s << PERF_FLAG.sensitivityShift);
    });
  }
}

async function setSwitchType(device: DeviceEntry, keyIds: readonly number[], switchType: number) {
  const caps = capabilitiesOf(device);
  // Old cyber01 firmware takes the switch type for the whole board: the frame carries no key ids.
  const ids = caps.performance.switchTypeSendsKeyIds ? keyIds : [];
  if (ids.length === 0 && caps.performance.switchTypeSendsKeyIds) requireKeys(ids);
  await sendPerfField(device, PERF_FIELD.switchType, switchType, ids);
  // The device may pull travel values into the new switch's limits: take its word for every key.
  invalidate(device, 'perf');
  await readFresh(device, 'perf');
}

async function setCalibration(device: DeviceEntry, state: number) {
  await writeThrough(device, 'calibration', 0, new Uint8Array([state]));
  // Starting a run resets the per-key extremes on the device; read them back rather than guess.
  await readFresh(device, 'calibration');
}

async function setReportMode(device: DeviceEntry, keyIds: readonly number[], mode: number) {
  // The tester listens to every key; a stream request without keys means the whole board.
  const all = Array.from({ length: device.descriptor.keyCount }, (_, i) => i);
  const ids = mode === REPORT_MODE.triggerStream && keyIds.length === 0 ? all : keyIds;
  const data = new Uint8Array(1 + KEY_MAP_BYTES);
  data[0] = mode;
  data.set(keyMask(ids), 1);
  await device.session.command(CMD.notify, SUB.notify.reportMode, data);
  device.state.set('perf.reportMode', mode);
}

const OPTIONS = [
  'trigger',
  'dead',
  'rapid',
  'switch_type',
  'calibration',
  'use_report',
  'advance_rapid',
  'key_rapid_use_complete',
] as const;

async function answer(ctx: CallContext, device: DeviceEntry): Promise<PerformancePayload> {
  const payload = await readPerformance(device);
  ctx.emit('get_key_perf_info', payload);
  return payload;
}

async function setPerfInfo(ctx: CallContext): Promise<PerformancePayload> {
  const device = ctx.device();
  const given = OPTIONS.filter((o) => ctx.args.has(o));
  if (given.length !== 1) throw invalid(`set_perf_info takes exactly one of --${OPTIONS.join(', --')}`);
  const keyIds = keyIdsArg(ctx, device);
  switch (given[0]!) {
    case 'trigger':
    case 'dead': {
      const kind = given[0] as 'trigger' | 'dead';
      const mm = Number(ctx.args.get(kind)!.trim());
      if (ctx.args.get(kind)!.trim() === '' || !Number.isFinite(mm)) throw invalid(`--${kind} must be a number`);
      requireKeys(keyIds);
      const { keys } = await readPerfState(device);
      checkEdit(keys, keyIds, kind);
      await setTravel(device, keyIds, kind, mm);
      break;
    }
    case 'rapid': {
      const rapid = json(ctx.args, 'rapid', RapidArgSchema);
      requireKeys(keyIds);
      await setRapid(device, keyIds, rapid);
      break;
    }
    case 'switch_type': {
      const type = int(ctx.args, 'switch_type', 1, 17);
      if (!isSwitchType(type)) throw invalid(`switch type ${type}`);
      await setSwitchType(device, keyIds, type);
      break;
    }
    case 'calibration': {
      const { state } = json(
        ctx.args,
        'calibration',
        z.object({ state: z.union([z.literal(0), z.literal(1), z.literal(2)]) }),
      );
      await setCalibration(device, state);
      break;
    }
    case 'use_report':
      await setReportMode(device, keyIds, int(ctx.args, 'use_report', 0, 2));
      break;
    case 'advance_rapid': {
      const on = bool(ctx.args, 'advance_rapid');
      requireKeys(keyIds);
      const { keys } = await readPerfState(device);
      await setField(
        device,
        keys,
        keyIds,
        PERF_FIELD.advanceRapidMode,
        on ? 1 : 0,
        flagOf(PERF_FLAG.advance),
        setFlag(PERF_FLAG.advance, on),
      );
      break;
    }
    case 'key_rapid_use_complete': {
      const on = bool(ctx.args, 'key_rapid_use_complete');
      // Firmware that predates the setting ignores it; the spec skips the write there.
      if (capabilitiesOf(device).performance.rapidUseComplete)
        await writeThrough(device, 'rapidComplete', 0, new Uint8Array([on ? 1 : 0]));
      break;
    }
  }
  return answer(ctx, device);
}

export function registerPerformanceHandlers(service: DeviceService): void {
  service.handle('dev_info', 'get_key_perf_info', async (ctx) => {
    await prefetch(ctx.device(), configObjects(ctx.device(), 'perf'));
    return answer(ctx, ctx.device());
  });
  service.handle('dev_info', 'set_perf_info', setPerfInfo);

  service.onNotify(SUB.notify.triggerAdc, (device, frame) => {
    const count = Math.floor(frame.data.length / TriggerSampleLayout.size);
    const samples = decodeList(TriggerSampleLayout, frame.data, count).map((s) => ({
      id: s.keyId,
      trigger: unitsToMm(s.trigger),
      adc: s.adc,
    }));
    service.emit('up_trigger_adc', [JSON.stringify(samples), device.path]);
  });

  service.onNotify(SUB.notify.calibration, (device, frame) => {
    applyCalibrationNotification(device, frame.data)
      .then((info) => service.emit('up_calibration', { path: device.path, ...info }))
      .catch(() => invalidate(device, 'calibration'));
  });
}
