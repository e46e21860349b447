/**
 * Handlers of the libhmk-only calls (src/contract/areas/libhmk.ts): they reach the device through its driver's ports,
 * and refuse a device whose driver has no such port (another family, or a keyboard without that area).
 */
import type { LibhmkCalibration, LibhmkGamepad, libhmkCalls } from '../../contract/areas/libhmk.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import { LIBHMK_PROFILE_STATE, LIBHMK_SAVE_THRESHOLDS } from '../../drivers/libhmk/extensions.ts';
import { DriverError, type DriverPorts, type GamepadConfig } from '../../drivers/types.ts';
import type { CallContext, DriverDevice, Handlers } from '../context.ts';
import type { DeviceService } from '../service.ts';

function port<K extends keyof DriverPorts>(
  ctx: CallContext<DriverDevice>,
  name: K,
  what: string,
): NonNullable<DriverPorts[K]> {
  const found = ctx.device().driver.ports[name];
  if (!found) throw new BridgeCallError('libhmk.err.noPort', `${what}: this libhmk keyboard has none`);
  return found as NonNullable<DriverPorts[K]>;
}

/**
 * A driver's refusal of an argument as a toast saying what was wrong; a write that went out and did not (all) take
 * keeps the service's own message naming what did not.
 */
const refusedAs =
  (toastKey: string) =>
  (e: unknown): never => {
    const notTaken = (e as { notTaken?: unknown[] }).notTaken;
    if (e instanceof DriverError && e.reason === 'refused' && !notTaken?.length)
      throw new BridgeCallError(toastKey, e.message);
    throw e;
  };

async function gamepad(ctx: CallContext<DriverDevice>, profile?: number): Promise<LibhmkGamepad> {
  const g = port(ctx, 'gamepad', 'the gamepad');
  return { ...(await g.read(profile)), choices: g.buttons() };
}

async function calibration(ctx: CallContext<DriverDevice>): Promise<LibhmkCalibration> {
  const c = port(ctx, 'calibration', 'calibration thresholds');
  if (!c.readThresholds) throw new BridgeCallError('libhmk.err.noPort', 'calibration thresholds');
  const t = await c.readThresholds();
  const save = ctx.device().driver.extension(LIBHMK_SAVE_THRESHOLDS);
  return { rest: t.rest, bottom_out: t.bottomOut, save_threshold: save !== undefined };
}

function tickRate(ctx: CallContext<DriverDevice>) {
  const perf = port(ctx, 'performance', 'the tick rate');
  if (!perf.readTickRate || !perf.writeTickRate) throw new BridgeCallError('libhmk.err.noPort', 'the tick rate');
  return perf;
}

export function registerLibhmkHandlers(service: DeviceService): void {
  const handlers: Handlers<keyof typeof libhmkCalls, DriverDevice> = {
    libhmkGetGamepad: (args, ctx) => gamepad(ctx, args.profile),
    libhmkSetGamepad: async (args, ctx) => {
      const patch: Partial<GamepadConfig> = {};
      if (args.buttons) patch.buttons = args.buttons;
      if (args.curve) patch.curve = args.curve;
      if (args.flags) patch.flags = args.flags;
      await port(ctx, 'gamepad', 'the gamepad')
        .write(patch, args.profile)
        // A curve out of order or range, an unknown button or flag: refused before anything is sent.
        .catch(refusedAs('libhmk.gamepad.err.invalid'));
      return gamepad(ctx, args.profile);
    },
    libhmkGetTickRate: (args, ctx) => tickRate(ctx).readTickRate!(args.profile),
    libhmkSetTickRate: async (args, ctx) => {
      const perf = tickRate(ctx);
      await perf.writeTickRate!(args.value, args.profile);
      return perf.readTickRate!(args.profile);
    },
    libhmkGetOptions: (_args, ctx) => port(ctx, 'options', 'device options').read(),
    libhmkSetOption: async (args, ctx) => {
      const options = port(ctx, 'options', 'device options');
      await options.write(args.name, args.value);
      return options.read();
    },
    libhmkGetCalibration: (_args, ctx) => calibration(ctx),
    libhmkSetCalibration: async (args, ctx) => {
      const c = port(ctx, 'calibration', 'calibration thresholds');
      if (!c.writeThresholds) throw new BridgeCallError('libhmk.err.noPort', 'calibration thresholds');
      // Values past the keyboard's ADC range are refused before anything is sent.
      await c
        .writeThresholds({ rest: args.rest, bottomOut: args.bottom_out })
        .catch(refusedAs('libhmk.calibration.err.range'));
      return calibration(ctx);
    },
    libhmkRecalibrate: async (_args, ctx) => {
      await port(ctx, 'calibration', 'calibration').recalibrate();
      return calibration(ctx);
    },
    libhmkSaveCalibrationThreshold: async (_args, ctx) => {
      port(ctx, 'calibration', 'saving calibration thresholds');
      const save = ctx.device().driver.extension(LIBHMK_SAVE_THRESHOLDS);
      if (!save) throw new BridgeCallError('libhmk.err.noPort', 'this firmware cannot save thresholds');
      await save();
      return calibration(ctx);
    },
    // Profiles: the firmware's own copy and reset; the profile shown is read again by the screens afterwards.
    libhmkGetProfile: async (_args, ctx) => {
      const state = ctx.device().driver.extension(LIBHMK_PROFILE_STATE);
      if (!state) throw new BridgeCallError('libhmk.err.noPort', 'profiles');
      return state();
    },
    libhmkDuplicateProfile: async (args, ctx) => {
      const profiles = port(ctx, 'profiles', 'profiles');
      if (!profiles.duplicate) throw new BridgeCallError('libhmk.err.noPort', 'copying profiles');
      await profiles.duplicate(args.from, args.to).catch(refusedAs('libhmk.profile.err.invalid'));
      return true;
    },
    libhmkResetProfile: async (args, ctx) => {
      const profiles = port(ctx, 'profiles', 'profiles');
      if (!profiles.reset) throw new BridgeCallError('libhmk.err.noPort', 'resetting profiles');
      await profiles.reset(args.profile).catch(refusedAs('libhmk.profile.err.invalid'));
      return true;
    },
    libhmkBootloader: async (_args, ctx) => {
      const device = port(ctx, 'device', 'the bootloader');
      if (!device.bootloader) throw new BridgeCallError('libhmk.err.noPort', 'the bootloader');
      await device.bootloader();
      return true;
    },
  };
  service.implementFor('libhmk', handlers);
}
