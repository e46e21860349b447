/**
 * Key performance on devices of other families: the spec's performance data built from the performance port (mm
 * throughout), set_perf_info's trigger and rapid-trigger fields written through it, calibration started through the
 * calibration port, and the trigger stream fed by polling the travel port (a family without notifications).
 */
import type { performanceCalls } from '../../contract/areas/performance.ts';
import type { ParsedArgs } from '../../contract/contract.ts';
import type { PerformancePayload, TriggerSample } from '../../contract/payloads/performance.ts';
import type { KeyActuation } from '../../drivers/types.ts';
import { stateSlot, type DriverDevice, type Emit, type Handlers } from '../context.ts';
import type { DeviceService } from '../service.ts';
import { currentProfile, driverDevice, invalid, keyIdsOf, portOf } from './device.ts';

type PerfFields = Omit<PerformancePayload, 'path'>;

export async function performanceFields(device: DriverDevice): Promise<PerfFields> {
  const { features } = device.driver;
  const perf = features.performance!;
  const keys = await portOf(device, 'performance').read(await currentProfile(device));
  const step = perf.stepMm;
  const accuracy = {
    trigger_accuracy: step,
    min_trigger: step,
    max_trigger: perf.travelMm,
    min_rapid: step,
    max_rapid: perf.travelMm,
    rapid_accuracy: step,
    dead_accuracy: step,
    max_dead: 0,
  };
  const calibrating = device.slot(CALIBRATION).state;
  return {
    ...accuracy,
    key_triggers: keys.map((k) => k.actuationMm),
    key_deads: keys.map(() => 0),
    key_rapid_triggers: keys.map((k) => ({
      p_rapid_value: k.rtPressMm,
      r_rapid_value: k.rtReleaseMm,
      min: step,
      max: perf.travelMm,
      accuracy: step,
      use_rapid: k.rapidTrigger,
      use_series_rapid: k.continuous,
      advance_rapid_mode: k.continuous ? 1 : 0,
      rt_mode: 0,
      rt_sensitivity_state: 0,
    })),
    key_accuracys: keys.map(() => ({ ...accuracy })),
    key_switch_types: keys.map(() => 1),
    key_rapid_use_complete: 0,
    rapid_vis: perf.rapidTrigger,
    key_adcs: [],
    auto_calibration: 0,
    calibration_state: calibrating,
    key_calibrations: [],
  };
}

const CALIBRATION = stateSlot('driver.calibration', () => ({ state: 0 as 0 | 1 | 2 }));

async function payload(device: DriverDevice): Promise<PerformancePayload> {
  return { ...(await performanceFields(device)), path: device.path };
}

type SetPerfArgs = ParsedArgs<'setPerfInfo'>;

/** The actuation patch of one set_perf_info call (trigger, or the rapid-trigger fields), checked against the range. */
function patchOf(device: DriverDevice, args: SetPerfArgs): Partial<KeyActuation> {
  const perf = device.driver.features.performance!;
  const inRange = (what: string, mm: number) => {
    if (!(mm >= perf.stepMm && mm <= perf.travelMm))
      throw invalid(`${what} ${mm} mm is outside ${perf.stepMm}-${perf.travelMm} mm`);
    return mm;
  };
  if (args.trigger !== undefined) return { actuationMm: inRange('--trigger', args.trigger) };
  if (args.advance_rapid !== undefined) return { continuous: args.advance_rapid };
  if (args.rapid) {
    const r = args.rapid;
    return {
      ...(r.use_rapid !== undefined ? { rapidTrigger: r.use_rapid } : {}),
      ...(r.p_rapid_value !== undefined ? { rtPressMm: inRange('--rapid p_rapid_value', r.p_rapid_value) } : {}),
      ...(r.r_rapid_value !== undefined ? { rtReleaseMm: inRange('--rapid r_rapid_value', r.r_rapid_value) } : {}),
    };
  }
  throw invalid('this keyboard takes --trigger, --rapid, --advance_rapid, --calibration or --use_report');
}

// ------------------------------------------------------------------------------------------ the trigger stream

const STREAM = stateSlot('driver.stream', () => ({ running: false }));

/**
 * Polls the travel port while the stream runs: one full-board read at a time, each answered by one up_trigger_adc
 * event, so the rate is what the link allows and no read queues behind another.
 */
function startStream(device: DriverDevice, service: DeviceService, emit: Emit): void {
  const stream = device.slot(STREAM);
  if (stream.running) return;
  stream.running = true;
  const travel = portOf(device, 'travel');
  const loop = async () => {
    while (stream.running && service.allDevices().includes(device)) {
      try {
        const samples = await travel.read();
        if (!stream.running) break;
        const list: TriggerSample[] = samples.map((s) => ({ id: s.keyId, trigger: s.depthMm, adc: s.adc }));
        emit('up_trigger_adc', [JSON.stringify(list), device.path]);
      } catch {
        stream.running = false;
      }
    }
  };
  void loop();
}

async function setPerfInfo(device: DriverDevice, args: SetPerfArgs, service: DeviceService, emit: Emit) {
  if (args.use_report !== undefined) {
    if (args.use_report === 2) startStream(device, service, emit);
    else device.slot(STREAM).running = false;
    return;
  }
  if (args.calibration !== undefined) {
    if (args.calibration.state === 1) {
      await portOf(device, 'calibration').recalibrate();
      device.slot(CALIBRATION).state = 2;
    } else device.slot(CALIBRATION).state = args.calibration.state;
    emit('up_calibration', {
      path: device.path,
      calibration_state: device.slot(CALIBRATION).state,
      key_calibrations: [],
    });
    return;
  }
  const keyIds = keyIdsOf(device, args.key_ids, '--key_ids');
  await portOf(device, 'performance').write(keyIds, patchOf(device, args), await currentProfile(device));
}

export function registerDriverPerformanceHandlers(service: DeviceService): void {
  const handlers: Partial<Handlers<keyof typeof performanceCalls>> = {
    getKeyPerfInfo: async (_args, ctx) => {
      const info = await payload(driverDevice(ctx));
      ctx.emit('get_key_perf_info', info);
      return info;
    },
    setPerfInfo: async (args, ctx) => {
      const device = driverDevice(ctx);
      let failure: unknown;
      await setPerfInfo(device, args, service, ctx.emit).catch((e: unknown) => (failure = e));
      // What the keyboard holds now, also after a write that did not (all) take.
      const info = await payload(device);
      ctx.emit('get_key_perf_info', info);
      if (failure !== undefined) throw failure;
      return info;
    },
  };
  service.implement(handlers);
}
