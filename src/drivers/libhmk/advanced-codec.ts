/**
 * libhmk's advanced keys (advanced_key_t, 12 bytes: layer, key, type, then the kind's fields in a 9-byte union) as a
 * discriminated union with exhaustive encode and decode. Distances are mm at this edge (distance.ts).
 */
import { distanceToMm, mmToDistance } from './distance.ts';
import { ADVANCED_KEY_BYTES } from './protocol.ts';

export const NULL_BIND_BEHAVIOURS = ['last', 'primary', 'secondary', 'neutral', 'distance'] as const;
export type NullBindBehaviour = (typeof NULL_BIND_BEHAVIOURS)[number];

/** What a DKS key code does at one phase; 'hold' keeps it as it is. */
export const DKS_ACTIONS = ['hold', 'press', 'release', 'tap'] as const;
export type DksAction = (typeof DKS_ACTIONS)[number];
/** The phases of a keystroke, in the order of the firmware's 2-bit fields (bits 0-1 … 6-7). */
export const DKS_PHASES = ['press', 'bottomOut', 'releaseFromBottomOut', 'release'] as const;
export type DksPhase = (typeof DKS_PHASES)[number];

export type Quad<T> = [T, T, T, T];

interface Bound {
  /** Layer and key id the advanced key sits on (the primary key of a null bind). */
  layer: number;
  keyId: number;
}

export type LibhmkAdvancedKey =
  | { kind: 'none' }
  | (Bound & {
      kind: 'nullBind';
      secondaryKeyId: number;
      behaviour: NullBindBehaviour;
      /** Past this depth both keys register whatever the behaviour; null: off. */
      bottomOutMm: number | null;
    })
  | (Bound & {
      kind: 'dks';
      codes: Quad<number>;
      /** actions[i][phase]: what code i does at each phase. */
      actions: Quad<Quad<DksAction>>;
      bottomOutMm: number;
    })
  | (Bound & {
      kind: 'tapHold';
      tapCode: number;
      holdCode: number;
      /** 10-1000 ms. */
      tappingTermMs: number;
      holdOnOtherKeyPress: boolean;
    })
  | (Bound & { kind: 'toggle'; code: number; tappingTermMs: number });

export type LibhmkAdvancedKind = LibhmkAdvancedKey['kind'];

const TYPE_IDS: Record<LibhmkAdvancedKind, number> = { none: 0, nullBind: 1, dks: 2, tapHold: 3, toggle: 4 };
export const TAPPING_TERM_MS = { min: 10, max: 1000 } as const;

export function encodeAdvancedKey(key: LibhmkAdvancedKey): number[] {
  const out = new Array<number>(ADVANCED_KEY_BYTES).fill(0);
  out[2] = TYPE_IDS[key.kind];
  if (key.kind === 'none') return out;
  out[0] = key.layer;
  out[1] = key.keyId;
  const body = ((): number[] => {
    switch (key.kind) {
      case 'nullBind':
        return [
          key.secondaryKeyId,
          NULL_BIND_BEHAVIOURS.indexOf(key.behaviour),
          key.bottomOutMm === null ? 0 : Math.max(1, mmToDistance(key.bottomOutMm)),
        ];
      case 'dks':
        return [
          ...key.codes,
          ...key.actions.map((phases) => phases.reduce((bits, a, p) => bits | (DKS_ACTIONS.indexOf(a) << (p * 2)), 0)),
          mmToDistance(key.bottomOutMm),
        ];
      case 'tapHold':
        return [
          key.tapCode,
          key.holdCode,
          key.tappingTermMs & 0xff,
          key.tappingTermMs >> 8,
          key.holdOnOtherKeyPress ? 1 : 0,
        ];
      case 'toggle':
        return [key.code, key.tappingTermMs & 0xff, key.tappingTermMs >> 8];
    }
  })();
  out.splice(3, body.length, ...body);
  return out;
}

/** Decodes one slot; a type the firmware does not know reads as an empty slot (the firmware skips it too). */
export function decodeAdvancedKey(bytes: ArrayLike<number>): LibhmkAdvancedKey {
  const b = (i: number): number => bytes[i]!;
  const bound = { layer: b(0), keyId: b(1) };
  switch (b(2)) {
    case 1:
      return {
        kind: 'nullBind',
        ...bound,
        secondaryKeyId: b(3),
        behaviour: NULL_BIND_BEHAVIOURS[b(4)] ?? 'last',
        bottomOutMm: b(5) === 0 ? null : distanceToMm(b(5)),
      };
    case 2: {
      const quad = <T>(f: (i: number) => T): Quad<T> => [f(0), f(1), f(2), f(3)];
      return {
        kind: 'dks',
        ...bound,
        codes: quad((i) => b(3 + i)),
        actions: quad((i) => quad((p) => DKS_ACTIONS[(b(7 + i) >> (p * 2)) & 3]!)),
        bottomOutMm: distanceToMm(b(11)),
      };
    }
    case 3:
      return {
        kind: 'tapHold',
        ...bound,
        tapCode: b(3),
        holdCode: b(4),
        tappingTermMs: b(5) | (b(6) << 8),
        holdOnOtherKeyPress: b(7) !== 0,
      };
    case 4:
      return { kind: 'toggle', ...bound, code: b(3), tappingTermMs: b(4) | (b(5) << 8) };
    default:
      return { kind: 'none' };
  }
}

/** Why a slot cannot be written as given (checked before any report is sent), or undefined. */
export function advancedKeyProblem(key: LibhmkAdvancedKey, keys: number, layers: number): string | undefined {
  if (key.kind === 'none') return undefined;
  const byte = (v: number): boolean => Number.isInteger(v) && v >= 0 && v <= 0xff;
  if (!Number.isInteger(key.layer) || key.layer < 0 || key.layer >= layers) return `layer ${key.layer} does not exist`;
  if (!Number.isInteger(key.keyId) || key.keyId < 0 || key.keyId >= keys) return `key ${key.keyId} does not exist`;
  const mm = (v: number): boolean => Number.isFinite(v) && v > 0 && mmToDistance(v) <= 255;
  switch (key.kind) {
    case 'nullBind':
      if (!Number.isInteger(key.secondaryKeyId) || key.secondaryKeyId < 0 || key.secondaryKeyId >= keys)
        return `secondary key ${key.secondaryKeyId} does not exist`;
      if (key.secondaryKeyId === key.keyId) return 'a null bind needs two different keys';
      if (!NULL_BIND_BEHAVIOURS.includes(key.behaviour)) return `unknown behaviour ${String(key.behaviour)}`;
      if (key.bottomOutMm !== null && !mm(key.bottomOutMm)) return `bottom-out point ${key.bottomOutMm} mm`;
      return undefined;
    case 'dks':
      if (!key.codes.every(byte)) return 'a DKS key code is not one byte';
      if (!key.actions.every((p) => p.length === 4 && p.every((a) => DKS_ACTIONS.includes(a))))
        return 'a DKS action is unknown';
      if (!mm(key.bottomOutMm)) return `bottom-out point ${key.bottomOutMm} mm`;
      return undefined;
    case 'tapHold':
    case 'toggle': {
      const codes = key.kind === 'tapHold' ? [key.tapCode, key.holdCode] : [key.code];
      if (!codes.every(byte)) return 'a key code is not one byte';
      const t = key.tappingTermMs;
      if (!Number.isInteger(t) || t < TAPPING_TERM_MS.min || t > TAPPING_TERM_MS.max)
        return `tapping term ${t} ms is outside ${TAPPING_TERM_MS.min}-${TAPPING_TERM_MS.max} ms`;
      return undefined;
    }
  }
}
