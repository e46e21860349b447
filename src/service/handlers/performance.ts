/**
 * dev_info performance calls (spec-2 §7): get_key_perf_info, set_perf_info, and the trigger-stream and calibration
 * notifications. An edit is planned on the perf records the service knows to be the device's, checked whole, then
 * written as one atomic change (commitPerfKeys): one masked frame when it is one field and value, else one write stream.
 */
import type { performanceCalls } from '../../contract/areas/performance.ts';
import type { PerformancePayload, TriggerSample } from '../../contract/payloads/performance.ts';
import type { ParsedArgs } from '../../contract/contract.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { CMD, KEY_MAP_BYTES, keyMask, PERF_FIELD, REPORT_MODE, SUB } from '../../protocol/commands.ts';
import { decodeList } from '../../protocol/struct.ts';
import { PERF_FLAG, TriggerSampleLayout } from '../../protocol/objects.ts';
import { configObjects, invalidate, prefetch, readFresh, writeThrough } from '../cache.ts';
import type { CallContext, KeytuneDevice, Handlers } from '../context.ts';
import {
  applyCalibrationNotification,
  checkKeysEdit,
  commitPerfKeys,
  deviceKeyIds,
  perfSetKeysData,
  planFlag,
  planRapid,
  planTravel,
  readPerfState,
  readPerformance,
  type PerfPlan,
} from '../convert/performance.ts';
import { unitsToMm } from '../convert/units.ts';
import { refusal } from '../refusal.ts';
import type { DeviceService } from '../service.ts';

type SetPerfArgs = ParsedArgs<'setPerfInfo'>;

const OPTIONS = [
  'trigger',
  'dead',
  'rapid',
  'switch_type',
  'calibration',
  'use_report',
  'advance_rapid',
  'key_rapid_use_complete',
] as const satisfies readonly (keyof SetPerfArgs)[];

function planned(plan: PerfPlan) {
  if (!plan.ok) throw refusal(plan.failure, plan.message);
  return plan.keys;
}

function allowed(check: ReturnType<typeof checkKeysEdit>): void {
  if (!check.ok) throw refusal(check.failure, check.message);
}

async function setTravel(device: KeytuneDevice, keyIds: number[], kind: 'trigger' | 'dead', mm: number) {
  const { keys, switches } = await readPerfState(device);
  allowed(checkKeysEdit(keys, keyIds, kind));
  await commitPerfKeys(device, keys, planned(planTravel(keys, switches, keyIds, kind, mm)));
}

async function setRapid(device: KeytuneDevice, keyIds: number[], rapid: NonNullable<SetPerfArgs['rapid']>) {
  const { keys, switches } = await readPerfState(device);
  allowed(checkKeysEdit(keys, keyIds, 'rapid'));
  await commitPerfKeys(device, keys, planned(planRapid(keys, switches, keyIds, rapid, true)));
}

async function setAdvanceRapid(device: KeytuneDevice, keyIds: number[], on: boolean) {
  const { keys } = await readPerfState(device);
  allowed(checkKeysEdit(keys, keyIds, 'rapid'));
  await commitPerfKeys(device, keys, planFlag(keys, keyIds, PERF_FLAG.advance, on));
}

async function setSwitchType(device: KeytuneDevice, keyIds: number[], switchType: number) {
  const sendsKeyIds = device.caps.performance.switchTypeSendsKeyIds;
  if (sendsKeyIds && keyIds.length === 0) allowed(checkKeysEdit([], [], 'trigger'));
  // Old cyber01 firmware takes the switch type for the whole board: the frame carries no key ids.
  const ids = sendsKeyIds ? keyIds : [];
  try {
    await device.session.command(
      CMD.performance,
      SUB.performance.setKeys,
      perfSetKeysData(PERF_FIELD.switchType, switchType, ids),
    );
  } finally {
    // The device may pull travel values into the new switch's limits: take its word for every key.
    invalidate(device, 'perf');
  }
  await readFresh(device, 'perf');
}

async function setCalibration(device: KeytuneDevice, state: number) {
  await writeThrough(device, 'calibration', 0, new Uint8Array([state]));
  // Starting a run resets the per-key extremes on the device; read them back rather than guess.
  await readFresh(device, 'calibration');
}

async function setReportMode(device: KeytuneDevice, keyIds: readonly number[], mode: number) {
  // The tester listens to every key; a stream request without keys means the whole board.
  const all = Array.from({ length: device.descriptor.keyCount }, (_, i) => i);
  const ids = mode === REPORT_MODE.triggerStream && keyIds.length === 0 ? all : keyIds;
  const data = new Uint8Array(1 + KEY_MAP_BYTES);
  data[0] = mode;
  data.set(keyMask(ids), 1);
  await device.session.command(CMD.notify, SUB.notify.reportMode, data);
}

async function answer(ctx: CallContext<KeytuneDevice>, device: KeytuneDevice): Promise<PerformancePayload> {
  const payload = await readPerformance(device);
  ctx.emit('get_key_perf_info', payload);
  return payload;
}

async function setPerfInfo(args: SetPerfArgs, ctx: CallContext<KeytuneDevice>): Promise<PerformancePayload> {
  const given = OPTIONS.filter((o) => args[o] !== undefined);
  if (given.length !== 1)
    throw new BridgeCallError(TOAST_KEYS.invalidArgs, `set_perf_info takes exactly one of --${OPTIONS.join(', --')}`);
  const device = ctx.device();
  const keyIds = deviceKeyIds(device, args.key_ids ?? []);
  if (args.trigger !== undefined) await setTravel(device, keyIds, 'trigger', args.trigger);
  else if (args.dead !== undefined) await setTravel(device, keyIds, 'dead', args.dead);
  else if (args.rapid !== undefined) await setRapid(device, keyIds, args.rapid);
  else if (args.switch_type !== undefined) await setSwitchType(device, keyIds, args.switch_type);
  else if (args.calibration !== undefined) await setCalibration(device, args.calibration.state);
  else if (args.use_report !== undefined) await setReportMode(device, keyIds, args.use_report);
  else if (args.advance_rapid !== undefined) await setAdvanceRapid(device, keyIds, args.advance_rapid);
  else if (args.key_rapid_use_complete !== undefined) {
    // Firmware that predates the setting ignores it; the spec skips the write there.
    if (device.caps.performance.rapidUseComplete)
      await writeThrough(device, 'rapidComplete', 0, new Uint8Array([args.key_rapid_use_complete ? 1 : 0]));
  }
  return answer(ctx, device);
}

export function registerPerformanceHandlers(service: DeviceService): void {
  const handlers: Handlers<keyof typeof performanceCalls, KeytuneDevice> = {
    getKeyPerfInfo: async (_args, ctx) => {
      const device = ctx.device();
      await prefetch(device, configObjects(device, 'perf'));
      return answer(ctx, device);
    },
    setPerfInfo,
  };
  service.implementFor('keytune', handlers);

  service.onNotify(SUB.notify.triggerAdc, (device, frame) => {
    const count = Math.floor(frame.data.length / TriggerSampleLayout.size);
    const samples: TriggerSample[] = decodeList(TriggerSampleLayout, frame.data, count).map((s) => ({
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
