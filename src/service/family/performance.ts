/**
 * Key performance on devices of other families: the spec's performance data built from the performance port (mm
 * throughout), set_perf_info's trigger and rapid-trigger fields written through it, calibration started through the
 * calibration port, and the trigger stream fed by polling the travel port (a family without notifications).
 */
import type { performanceCalls } from '../../contract/areas/performance.ts';
import type { ParsedArgs } from '../../contract/contract.ts';
import type { PerformancePayload, TriggerSample } from '../../contract/payloads/performance.ts';
import type { KeyActuation, TravelSample } from '../../drivers/types.ts';
import { stateSlot, type DriverDevice, type Emit, type Handlers } from '../context.ts';
import type { DeviceService } from '../service.ts';
import { currentProfile, driverDevice, invalid, keyIdsOf, portOf, writeThenShow } from './device.ts';

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
  const calibration = device.slot(CALIBRATION);
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
    calibration_state: calibration.state,
    key_calibrations: calibrationRanges(device, keys.length),
  };
}

/**
 * A calibration run on a keyboard whose keys report travel (libhmk): the keyboard measures every rest reading when
 * the run starts and learns each bottom-out as the key is pressed, so a key's range is its travel, in hundredths of a
 * mm: 0-400 before a run, and in a run the shallowest and deepest travel seen since it started (a key pressed to the
 * bottom spans it all; features.calibration.doneShare says how much counts).
 */
const CALIBRATION = stateSlot('driver.calibration', () => ({
  state: 0 as 0 | 1 | 2,
  run: [] as { min: number; max: number }[],
}));

/** How far a key may be pressed when a run starts (its rest reading would be a pressed one). */
const HELD_MM = 0.5;

function calibrationRanges(device: DriverDevice, keys: number): { min: number; max: number }[] {
  if (!device.driver.ports.travel || !device.driver.ports.calibration) return [];
  const calibration = device.slot(CALIBRATION);
  if (calibration.state === 1) return calibration.run.map((r) => ({ ...r }));
  const full = Math.round(device.driver.features.performance!.travelMm * 100);
  return Array.from({ length: keys }, () => ({ min: 0, max: full }));
}

/** Widens each key's run range by what the travel samples show; answers whether any range moved. */
function followRun(device: DriverDevice, samples: readonly TravelSample[]): boolean {
  const { run } = device.slot(CALIBRATION);
  let moved = false;
  for (const s of samples) {
    const range = run[s.keyId];
    if (!range) continue;
    const at = Math.round(s.depthMm * 100);
    if (at > range.max) [range.max, moved] = [at, true];
    if (at < range.min) [range.min, moved] = [at, true];
  }
  return moved;
}

/** Starts a run: refused while keys are pressed; the keyboard measures its rest readings before it answers. */
async function startRun(device: DriverDevice): Promise<void> {
  const travel = device.driver.ports.travel;
  const samples = travel ? await travel.read() : [];
  const held = samples.filter((s) => s.depthMm > HELD_MM).map((s) => s.keyId);
  if (held.length > 0) throw invalid(`release every key before calibrating: key ${held.join(', ')} is pressed`);
  await portOf(device, 'calibration').recalibrate();
  const calibration = device.slot(CALIBRATION);
  calibration.run = samples.map((s) => ({ min: Math.round(s.depthMm * 100), max: Math.round(s.depthMm * 100) }));
  calibration.state = 1;
}

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
 * A full-board read starts at most this often (100 a second, more than a screen shows): the link keeps room for
 * other calls, and the loop always waits on a timer, also on a link that answers at once.
 */
export const STREAM_PERIOD_MS = 10;

/**
 * Polls the travel port while the stream runs: one full-board read at a time, each answered by one up_trigger_adc
 * event, so no read queues behind another.
 */
function startStream(device: DriverDevice, service: DeviceService, emit: Emit): void {
  const stream = device.slot(STREAM);
  if (stream.running) return;
  stream.running = true;
  const travel = portOf(device, 'travel');
  const loop = async () => {
    while (stream.running && service.allDevices().includes(device)) {
      try {
        const started = performance.now();
        const samples = await travel.read();
        if (!stream.running) break;
        const list: TriggerSample[] = samples.map((s) => ({ id: s.keyId, trigger: s.depthMm, adc: s.adc }));
        emit('up_trigger_adc', [JSON.stringify(list), device.path]);
        if (device.slot(CALIBRATION).state === 1 && followRun(device, samples)) emitCalibration(device, emit);
        await new Promise((r) => setTimeout(r, Math.max(0, STREAM_PERIOD_MS - (performance.now() - started))));
      } catch {
        stream.running = false;
      }
    }
  };
  void loop();
}

function emitCalibration(device: DriverDevice, emit: Emit): void {
  const calibration = device.slot(CALIBRATION);
  emit('up_calibration', {
    path: device.path,
    calibration_state: calibration.state,
    key_calibrations: calibration.state === 1 ? calibration.run.map((r) => ({ ...r })) : [],
  });
}

async function setPerfInfo(device: DriverDevice, args: SetPerfArgs, service: DeviceService, emit: Emit) {
  if (args.use_report !== undefined) {
    if (args.use_report === 2) startStream(device, service, emit);
    else device.slot(STREAM).running = false;
    return;
  }
  if (args.calibration !== undefined) {
    const calibration = device.slot(CALIBRATION);
    const next = args.calibration.state;
    if (next === 1) await startRun(device);
    else {
      // Save keeps what the run taught where the keyboard can (libhmk 1.7); Cancel ends it (the rest readings
      // measured at its start stay: the keyboard has no others to go back to).
      if (next === 2 && calibration.state === 1) await portOf(device, 'calibration').keep?.();
      calibration.state = next;
      calibration.run = [];
    }
    emitCalibration(device, emit);
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
      // What the keyboard holds now, also after a write that did not (all) take.
      return writeThenShow(setPerfInfo(device, args, service, ctx.emit), async () => {
        const info = await payload(device);
        ctx.emit('get_key_perf_info', info);
        return info;
      });
    },
  };
  service.implement(handlers);
}
