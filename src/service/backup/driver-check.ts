/**
 * The values a backup would write on a keyboard of another family, checked against the device's features before
 * anything is sent: these families have no transactions, so a value refused halfway would leave a half-applied
 * keyboard. Only what differs from the keyboard's own backup is checked (what it holds it can hold).
 */
import { BridgeCallError } from '../../contract/bridge.ts';
import type { BackupProfile, KeyboardBackup } from '../../core/backup/format.ts';
import { spaceOf } from '../../core/keycode-spaces/index.ts';
import { advancedKeyProblem, type LibhmkAdvancedKey } from '../../drivers/libhmk/advanced-codec.ts';
import type { GamepadConfig, LightingState, MacroAction } from '../../drivers/types.ts';
import type { DriverDevice } from '../context.ts';
import { portsOf, profileCount } from './driver-read.ts';
import { INVALID_BACKUP } from './keytune-apply.ts';

/** A refusal naming where in the backup the value is, as the file's parser does ("profiles[1].keymap[0][3]"). */
const bad = (at: string, message: string) => new BridgeCallError(INVALID_BACKUP, `${at}: ${message}`, [at]);
const json = (v: unknown): string => JSON.stringify(v);
const isInt = (v: unknown, min: number, max: number): boolean =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

function checkProfile(device: DriverDevice, p: number, target: BackupProfile, current: BackupProfile | undefined) {
  const f = device.driver.features;
  const at = (area: string) => `profiles[${p}].${area}`;
  if (target.keymap) {
    const size = spaceOf(f.keycodeSpace).size;
    if (target.keymap.length !== f.layers || target.keymap.some((l) => l.length !== f.keyCount))
      throw bad(at('keymap'), `not ${f.layers} layers of ${f.keyCount} keys`);
    target.keymap.forEach((codes, layer) =>
      codes.forEach((code, key) => {
        if (code !== current?.keymap?.[layer]?.[key] && !isInt(code, 0, size - 1))
          throw bad(`${at('keymap')}[${layer}][${key}]`, `code ${code} is outside this keyboard's codes`);
      }),
    );
  }
  const perf = f.performance;
  if (target.performance) {
    if (target.performance.length !== f.keyCount || !perf) throw bad(at('performance'), `not ${f.keyCount} keys`);
    target.performance.forEach((r, key) => {
      if (json(r) === json(current?.performance?.[key])) return;
      const before = current?.performance?.[key] ?? {};
      const min = perf.minTravelMm || perf.stepMm;
      const fields = r.rapidTrigger === false ? ['actuationMm'] : ['actuationMm', 'rtPressMm', 'rtReleaseMm'];
      for (const field of fields) {
        const v = r[field];
        if (v === undefined || v === before[field]) continue;
        if (!(typeof v === 'number' && v >= min - 1e-9 && v <= perf.travelMm + 1e-9))
          throw bad(`${at('performance')}[${key}].${field}`, `${String(v)} is outside ${min}-${perf.travelMm} mm`);
      }
    });
  }
  const tickRate = target.objects?.tickRate;
  if (tickRate !== undefined && tickRate !== current?.objects?.tickRate) {
    const range = perf?.tickRate;
    if (!range || !isInt(tickRate, range.min, range.max))
      throw bad(at('objects.tickRate'), `${String(tickRate)} is out of range`);
  }
  const advanced = portsOf(device).advanced;
  const slots = target.objects?.advanced as LibhmkAdvancedKey[] | undefined;
  if (slots && advanced) {
    if (!Array.isArray(slots) || slots.length !== advanced.slots())
      throw bad(at('objects.advanced'), `the keyboard has ${advanced.slots()} slots`);
    slots.forEach((key, slot) => {
      const problem = advancedKeyProblem(key, f.keyCount, f.layers);
      if (problem) throw bad(`${at('objects.advanced')}[${slot}]`, problem);
    });
  }
  const gamepad = portsOf(device).gamepad;
  const pad = target.objects?.gamepad as GamepadConfig | undefined;
  if (pad && gamepad && json(pad) !== json(current?.objects?.gamepad)) {
    const codes = new Set(gamepad.buttons().map((b) => b.code));
    const travel = perf?.travelMm ?? Infinity;
    const ok =
      Array.isArray(pad.buttons) &&
      pad.buttons.length <= f.keyCount &&
      pad.buttons.every((b) => codes.has(b)) &&
      Array.isArray(pad.curve) &&
      pad.curve.length === 4 &&
      pad.curve.every(
        (c, i) => c.mm >= 0 && c.mm <= travel && isInt(c.out, 0, 255) && (i === 0 || c.mm >= pad.curve[i - 1]!.mm),
      );
    if (!ok) throw bad(at('objects.gamepad'), 'buttons or curve outside what the keyboard takes');
  }
}

function checkObjects(device: DriverDevice, target: KeyboardBackup, current: KeyboardBackup) {
  const f = device.driver.features;
  const ports = portsOf(device);
  const want = target.objects;
  const differs = (name: string) => want[name] !== undefined && json(want[name]) !== json(current.objects[name]);
  if (differs('options')) {
    const names = new Set(f.options ?? []);
    for (const [name, value] of Object.entries(want.options as Record<string, unknown>))
      if (!names.has(name) || typeof value !== 'boolean')
        throw bad(`objects.options.${name}`, 'the keyboard has no such option');
  }
  if (differs('calibration')) {
    const c = want.calibration as { rest?: unknown; bottomOut?: unknown };
    if (!isInt(c.rest, 0, 0xffff) || !isInt(c.bottomOut, 0, 0xffff))
      throw bad('objects.calibration', 'thresholds out of range');
  }
  if (differs('macros') && ports.macros) {
    const macros = want.macros as MacroAction[][];
    const buffer = f.macroBuffer;
    if (!buffer || !Array.isArray(macros) || macros.length > buffer.count || ports.macros.size(macros) > buffer.bytes)
      throw bad('objects.macros', `the macros do not fit the keyboard's buffer`);
  }
  if (differs('lighting')) {
    const channels = f.lighting?.channels ?? [];
    for (const s of want.lighting as LightingState[]) {
      const c = channels.find((ch) => ch.id === s.channel);
      const ok =
        c &&
        c.effects.some((e) => e.id === s.effect) &&
        isInt(s.brightness, 0, c.brightnessMax) &&
        isInt(s.speed, 0, 255) &&
        isInt(s.hue, 0, 255) &&
        isInt(s.saturation, 0, 255);
      if (!ok) throw bad('objects.lighting', `channel ${s.channel}: a value outside what the keyboard takes`);
    }
  }
  if (differs('layoutOptions') && !isInt(want.layoutOptions, 0, 0xffffffff))
    throw bad('objects.layoutOptions', 'out of range');
}

export function checkDriverTarget(device: DriverDevice, target: KeyboardBackup, current: KeyboardBackup): void {
  const count = profileCount(device);
  if (target.profiles.length > count) throw bad('profiles', `the keyboard has ${count} profiles`);
  if (target.currentProfile >= count)
    throw bad('currentProfile', `profile ${target.currentProfile + 1} does not exist`);
  target.profiles.forEach((profile, p) => checkProfile(device, p, profile, current.profiles[p]));
  checkObjects(device, target, current);
}
