/**
 * Per-key actuation of a profile (actuation point, rapid trigger press and release sensitivity, continuous rapid
 * trigger) and the profile's tick rate. Rapid trigger is on when its press sensitivity is not 0; a release
 * sensitivity of 0 means "the same as press" in the firmware, so it reads as the press value.
 */
import type { KeyActuation, PerformancePort } from '../types.ts';
import { decodeActuations, decodeByte, encodeActuation, listWriteArgs, type RawActuation } from './codec.ts';
import type { LibhmkContext } from './context.ts';
import { DEFAULT_RT_DISTANCE, distanceToMm, MIN_SETTING_DISTANCE, settingDistance, TRAVEL_MM } from './distance.ts';
import { CMD, PER_REPORT } from './protocol.ts';
import { badArgument, confirm, runs, sendAll, windows } from './writes.ts';

export function toActuation(raw: RawActuation): KeyActuation {
  return {
    actuationMm: distanceToMm(raw.actuationPoint),
    rapidTrigger: raw.rtDown !== 0,
    rtPressMm: distanceToMm(raw.rtDown),
    rtReleaseMm: distanceToMm(raw.rtUp === 0 ? raw.rtDown : raw.rtUp),
    continuous: raw.continuous,
  };
}

function distanceOf(what: string, mm: number): number {
  const d = settingDistance(mm);
  if (d === undefined)
    throw badArgument(`${what} ${mm} mm is outside ${distanceToMm(MIN_SETTING_DISTANCE)}-${TRAVEL_MM} mm`);
  return d;
}

/** Applies a patch in mm to the keyboard's raw entry (every value checked before anything is sent). */
export function patchActuation(raw: RawActuation, patch: Partial<KeyActuation>): RawActuation {
  const out = { ...raw };
  if (patch.actuationMm !== undefined) out.actuationPoint = distanceOf('actuation point', patch.actuationMm);
  const on = patch.rapidTrigger ?? raw.rtDown !== 0;
  if (!on) {
    out.rtDown = 0;
    out.rtUp = 0;
  } else {
    if (patch.rtPressMm !== undefined) out.rtDown = distanceOf('press sensitivity', patch.rtPressMm);
    else if (out.rtDown === 0) out.rtDown = DEFAULT_RT_DISTANCE;
    if (patch.rtReleaseMm !== undefined) out.rtUp = distanceOf('release sensitivity', patch.rtReleaseMm);
  }
  if (patch.continuous !== undefined) out.continuous = patch.continuous;
  return out;
}

const FULL: (keyof KeyActuation)[] = ['actuationMm', 'rapidTrigger', 'rtPressMm', 'rtReleaseMm', 'continuous'];

export function performancePort(ctx: LibhmkContext): PerformancePort {
  const { meta, link } = ctx;
  const readRaw = (profile: number, starts?: number[]) =>
    ctx.readList(CMD.getActuationMap, [profile], meta.numKeys, PER_REPORT.actuation, decodeActuations, starts);

  return {
    async read(profile) {
      const raw = await readRaw(await ctx.profile(profile));
      return Array.from({ length: meta.numKeys }, (_, k) => toActuation(raw.get(k)!));
    },

    async write(keyIds, patch, profile) {
      const p = await ctx.profile(profile);
      for (const k of keyIds) ctx.checkIndex('key', k, meta.numKeys);
      if (keyIds.length === 0) return;
      patchActuation({ actuationPoint: 128, rtDown: 1, rtUp: 0, continuous: false }, patch);
      // A patch naming every field needs nothing from the keyboard; otherwise the keys' entries are read first.
      const whole = FULL.every((f) => patch[f] !== undefined);
      const before = whole ? undefined : await readRaw(p, windows(keyIds, PER_REPORT.actuation));
      const blank: RawActuation = { actuationPoint: 0, rtDown: 0, rtUp: 0, continuous: false };
      const next = new Map(keyIds.map((k) => [k, patchActuation(before?.get(k) ?? blank, patch)]));
      const sends = runs(keyIds, PER_REPORT.actuation).map((run) => {
        const bytes = run.flatMap((k) => encodeActuation(next.get(k)!));
        return () => link.request(CMD.setActuationMap, listWriteArgs(p, run[0]!, bytes, run.length));
      });
      const failure = await sendAll(sends);
      const name = (k: number): string => `profile ${p} key ${k}`;
      const expected = new Map([...next].map(([k, a]) => [name(k), encodeActuation(a).join(',')]));
      await confirm('key actuations', expected, failure, async () => {
        const held = await readRaw(p, windows(keyIds, PER_REPORT.actuation));
        return new Map(keyIds.map((k) => [name(k), encodeActuation(held.get(k)!).join(',')]));
      });
    },

    async readTickRate(profile) {
      return decodeByte(await link.request(CMD.getTickRate, [await ctx.profile(profile)]));
    },

    async writeTickRate(value, profile) {
      const p = await ctx.profile(profile);
      ctx.checkByte('tick rate', value);
      const failure = await sendAll([() => link.request(CMD.setTickRate, [p, value])]);
      await confirm('tick rate', new Map([[`profile ${p} tick rate`, String(value)]]), failure, async () => {
        const held = decodeByte(await link.request(CMD.getTickRate, [p]));
        return new Map([[`profile ${p} tick rate`, String(held)]]);
      });
    },
  };
}
