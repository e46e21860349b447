/**
 * Single-frame masked writes: one value applied to every key of a 200-bit key map. Each works on a copy and vets the
 * result before it replaces the profile's list, so a refused command changes nothing.
 */
import { KEY_MAP_BYTES, keysOfMask, PERF_FIELD } from '../protocol/commands.ts';
import { DEVICE_ERROR, type DeviceErrorCode } from '../protocol/errors.ts';
import { LAYERS, PERF_FLAG, type PerfKey } from '../protocol/objects.ts';
import type { Profile } from './schema.ts';
import type { Traits } from './traits.ts';
import { checkPerf } from './validate.ts';

const RESET_ALL_LAYERS = 0xff;

/** The key ids a command addresses; a mask shorter than 25 bytes is zero-filled. */
function maskedKeys(data: Uint8Array, from: number, traits: Traits): number[] {
  const mask = new Uint8Array(KEY_MAP_BYTES);
  mask.set(data.subarray(from, from + KEY_MAP_BYTES));
  return keysOfMask(mask, traits.keyCount);
}

const u16At = (data: Uint8Array, at: number): number => data[at]! | (data[at + 1]! << 8);

/** keymap setKeys: [layer u8, code u16, keyMask]. */
export function setKeymapKeys(profile: Profile, data: Uint8Array, traits: Traits): DeviceErrorCode | undefined {
  if (data.length < 3) return DEVICE_ERROR.badLength;
  const layer = data[0]! < LAYERS ? profile.keymap[data[0]!] : undefined;
  if (!layer) return DEVICE_ERROR.invalidValue;
  const code = u16At(data, 1);
  for (const id of maskedKeys(data, 3, traits)) layer[id] = code;
  return undefined;
}

/** keymap resetLayer: [layer u8], 0xFF for every layer. */
export function resetKeymapLayer(
  profile: Profile,
  data: Uint8Array,
  factory: readonly (readonly number[])[],
): DeviceErrorCode | undefined {
  if (data.length < 1) return DEVICE_ERROR.badLength;
  const which = data[0]!;
  if (which !== RESET_ALL_LAYERS && which >= LAYERS) return DEVICE_ERROR.invalidValue;
  profile.keymap = profile.keymap.map((layer, i) =>
    which === RESET_ALL_LAYERS || which === i ? [...(factory[i] ?? layer)] : layer,
  );
  return undefined;
}

/** keyColour setKeys: [r, g, b, keyMask]. */
export function setColourKeys(profile: Profile, data: Uint8Array, traits: Traits): DeviceErrorCode | undefined {
  if (data.length < 3) return DEVICE_ERROR.badLength;
  const [r, g, b] = [data[0]!, data[1]!, data[2]!];
  for (const id of maskedKeys(data, 3, traits)) profile.colours[id] = { r, g, b };
  return undefined;
}

function withFlag(flags: number, bit: number, value: number): number | undefined {
  if (value > 1) return undefined;
  return value ? flags | bit : flags & ~bit;
}

/** One performance field set on a copy of a key's record; undefined when the value cannot be a field value. */
function applyField(p: PerfKey, field: number, value: number, traits: Traits): PerfKey | undefined {
  const next = { ...p };
  const flag = (bit: number): PerfKey | undefined => {
    const flags = withFlag(p.flags, bit, value);
    return flags === undefined ? undefined : { ...next, flags };
  };
  switch (field) {
    case PERF_FIELD.trigger:
      return { ...next, trigger: value };
    case PERF_FIELD.dead:
      return { ...next, dead: value };
    case PERF_FIELD.rapidPress:
      return { ...next, rapidPress: value };
    case PERF_FIELD.rapidRelease:
      return { ...next, rapidRelease: value };
    case PERF_FIELD.useRapid:
      return flag(PERF_FLAG.useRapid);
    case PERF_FIELD.rtMode:
      return flag(PERF_FLAG.rtMode);
    case PERF_FIELD.seriesRapid:
      return flag(PERF_FLAG.series);
    case PERF_FIELD.advanceRapidMode:
      return flag(PERF_FLAG.advance);
    case PERF_FIELD.sensitivity:
      if (value > 2) return undefined;
      return { ...next, flags: (p.flags & ~PERF_FLAG.sensitivityMask) | (value << PERF_FLAG.sensitivityShift) };
    case PERF_FIELD.switchType: {
      const spec = traits.switches[value - 1];
      if (!spec) return undefined;
      // A new switch type brings its own travel limits: settings are carried over, pulled into the new range.
      const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
      return {
        ...next,
        switchType: value,
        trigger: clamp(p.trigger, spec.minTrigger, spec.maxTrigger),
        dead: clamp(p.dead, 0, spec.maxDead),
        rapidPress: clamp(p.rapidPress, spec.minRapid, spec.maxRapid),
        rapidRelease: clamp(p.rapidRelease, spec.minRapid, spec.maxRapid),
      };
    }
    default:
      return undefined;
  }
}

/** performance setKeys: [field u8 (PERF_FIELD), value u16, keyMask]. */
export function setPerfKeys(profile: Profile, data: Uint8Array, traits: Traits): DeviceErrorCode | undefined {
  if (data.length < 3) return DEVICE_ERROR.badLength;
  const field = data[0]!;
  const value = u16At(data, 1);
  if (!(Object.values(PERF_FIELD) as number[]).includes(field)) return DEVICE_ERROR.invalidValue;
  let keys = maskedKeys(data, 3, traits);
  // Firmware that sends a switch-type change without key ids means the whole board.
  if (keys.length === 0 && field === PERF_FIELD.switchType && !traits.switchTypeSendsKeyIds)
    keys = Array.from({ length: traits.keyCount }, (_, id) => id);
  const perf = [...profile.perf];
  for (const id of keys) {
    const next = applyField(perf[id]!, field, value, traits);
    if (!next) return DEVICE_ERROR.invalidValue;
    perf[id] = next;
  }
  if (checkPerf(perf, traits) !== undefined) return DEVICE_ERROR.invalidValue;
  profile.perf = perf;
  return undefined;
}
