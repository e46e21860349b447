/**
 * The small ports: live travel (ANALOG_INFO), calibration, profiles, device options, and the device actions. Each is
 * one or a few reports; the options are gated on the firmware version that brought them (protocol.ts VERSION_GATES).
 */
import type { CalibrationPort, DevicePort, OptionsPort, ProfilesPort, TravelPort, TravelSample } from '../types.ts';
import { calibrationArgs, decodeAnalogInfo, decodeCalibration, decodeOptions, optionsArgs } from './codec.ts';
import type { LibhmkContext } from './context.ts';
import { distanceToMm } from './distance.ts';
import {
  CMD,
  OPTION_BITS,
  PER_REPORT,
  RECALIBRATE_BLOCK_MS,
  VERSION_GATES,
  type LibhmkOptionName,
} from './protocol.ts';
import { badArgument, confirm, sendAll } from './writes.ts';

/**
 * Every key's travel: ANALOG_INFO carries 21 keys, so a board of N keys takes ceil(N / 21) requests, all sent at once
 * (the link keeps them in order). Several reads may overlap, which keeps the link busy for a live view.
 */
export function travelPort(ctx: LibhmkContext): TravelPort {
  return {
    async read() {
      const n = ctx.meta.numKeys;
      const starts = Array.from({ length: Math.ceil(n / PER_REPORT.analogInfo) }, (_, i) => i * PER_REPORT.analogInfo);
      const replies = await Promise.all(starts.map((s) => ctx.link.request(CMD.analogInfo, [s])));
      const samples: TravelSample[] = [];
      replies.forEach((reply, i) => {
        const start = starts[i]!;
        decodeAnalogInfo(reply, Math.min(PER_REPORT.analogInfo, n - start)).forEach((e, j) =>
          samples.push({ keyId: start + j, depthMm: distanceToMm(e.distance), adc: e.adc }),
        );
      });
      return samples;
    },
  };
}

export interface LibhmkCalibrationPort extends CalibrationPort {
  /** Firmware 1.7: keeps the bottom-out thresholds the keyboard has learned across restarts. */
  saveThreshold?(): Promise<void>;
}

export function calibrationPort(ctx: LibhmkContext): LibhmkCalibrationPort {
  const { link, meta } = ctx;
  const adcMax = 2 ** meta.adcResolution - 1;
  const port: LibhmkCalibrationPort = {
    async recalibrate() {
      // The keyboard samples its keys for half a second before it answers.
      await link.request(CMD.recalibrate, [], RECALIBRATE_BLOCK_MS * 2 + 2000);
    },
    async readThresholds() {
      return decodeCalibration(await link.request(CMD.getCalibration));
    },
    async writeThresholds(values) {
      for (const [what, v] of Object.entries(values)) {
        if (!Number.isInteger(v) || v < 0 || v > adcMax) throw badArgument(`${what} ${v} is outside 0-${adcMax}`);
      }
      const failure = await sendAll([() => link.request(CMD.setCalibration, calibrationArgs(values))]);
      const text = (v: { rest: number; bottomOut: number }): Map<string, string> =>
        new Map([
          ['rest value', String(v.rest)],
          ['bottom-out threshold', String(v.bottomOut)],
        ]);
      await confirm('calibration', text(values), failure, async () =>
        text(decodeCalibration(await link.request(CMD.getCalibration))),
      );
    },
  };
  if (ctx.version >= VERSION_GATES.saveThresholdCommand.from) {
    port.saveThreshold = async () => {
      await link.request(CMD.saveCalibrationThreshold);
    };
    port.keep = port.saveThreshold;
  }
  return port;
}

/**
 * Profiles: every per-profile command names its profile, so the app opens and edits any of them (`switchTo` chooses
 * the one it edits; libhmk has no command to change the keyboard's own current profile, which only its PF keys do).
 * `current()` is the profile the app edits; each call reads the keyboard's, so a switch made on the keyboard moves
 * the app to that profile before anything is read or written. Duplicate and reset are the firmware's own commands.
 */
export interface LibhmkProfilesPort extends ProfilesPort {
  switchTo(profile: number): Promise<void>;
  duplicate(from: number, to: number): Promise<void>;
  reset(profile: number): Promise<void>;
  /** The profile the keyboard itself types with (what its PF keys chose last). */
  keyboardCurrent(): Promise<number>;
  /** Both in one GET_PROFILE, after following a switch made on the keyboard. */
  state(): Promise<{ edited: number; keyboard: number }>;
}

export function profilesPort(ctx: LibhmkContext): LibhmkProfilesPort {
  const { link, meta } = ctx;
  return {
    current: () => ctx.profile(),
    keyboardCurrent: () => ctx.keyboardProfile(),
    async state() {
      const keyboard = await ctx.keyboardProfile();
      return { edited: ctx.profiles.follow(keyboard), keyboard };
    },
    async switchTo(profile) {
      ctx.checkIndex('profile', profile, meta.numProfiles);
      // Read first: a switch made on the keyboard before this choice must not undo it later.
      ctx.profiles.follow(await ctx.keyboardProfile());
      ctx.profiles.edited = profile;
    },
    async duplicate(from, to) {
      ctx.checkIndex('profile', from, meta.numProfiles);
      ctx.checkIndex('profile', to, meta.numProfiles);
      if (from === to) throw badArgument('a profile cannot be copied onto itself');
      await link.request(CMD.duplicateProfile, [to, from]);
    },
    async reset(profile) {
      ctx.checkIndex('profile', profile, meta.numProfiles);
      await link.request(CMD.resetProfile, [profile]);
    },
  };
}

/** The named options this keyboard has at its firmware version. */
export function optionNames(version: number, usbHighSpeed: boolean): LibhmkOptionName[] {
  const names: LibhmkOptionName[] = ['xinput'];
  const keep = VERSION_GATES.saveThresholdOption;
  if (version >= keep.from && version <= keep.through) names.push('saveBottomOutThreshold');
  if (version >= VERSION_GATES.highPollingRate.from && usbHighSpeed) names.push('highPollingRate');
  return names;
}

export function optionsPort(ctx: LibhmkContext): OptionsPort {
  const { link } = ctx;
  const names = optionNames(ctx.version, ctx.meta.usbHighSpeed);
  const readRaw = async (): Promise<number> => decodeOptions(await link.request(CMD.getOptions));
  const named = (raw: number): Record<string, boolean> =>
    Object.fromEntries(names.map((n) => [n, ((raw >> OPTION_BITS[n]) & 1) === 1]));
  return {
    async read() {
      return named(await readRaw());
    },
    async write(name, value) {
      if (!(names as string[]).includes(name)) throw badArgument(`this keyboard has no option ${name}`);
      const bit = 1 << OPTION_BITS[name as LibhmkOptionName];
      // The options are one 16-bit word: bits this driver does not know are written back as they were.
      const raw = await readRaw();
      const next = value ? raw | bit : raw & ~bit;
      const failure = await sendAll([() => link.request(CMD.setOptions, optionsArgs(next))]);
      await confirm('option', new Map([[name, String(value)]]), failure, async () => {
        const held = named(await readRaw());
        return new Map([[name, String(held[name])]]);
      });
    },
  };
}

export function devicePort(ctx: LibhmkContext): DevicePort {
  const { link } = ctx;
  return {
    async factoryReset() {
      // Rewrites the whole configuration in flash before it answers.
      await link.request(CMD.factoryReset, [], 5000);
    },
    // The keyboard resets before it could answer these two.
    async reboot() {
      await link.post(CMD.reboot);
    },
    async bootloader() {
      await link.post(CMD.bootloader);
    },
  };
}
