/**
 * Arguments and replies of every libhmk command, in raw device units (distances 0-255, ADC counts). Each decoder reads
 * only the bytes its command writes: the rest of a reply is stale (see protocol.ts).
 */
import { ACTUATION_BYTES, GAMEPAD_OPTIONS_BYTES, PER_REPORT } from './protocol.ts';

export interface RawActuation {
  /** 0-255 over the switch's travel. */
  actuationPoint: number;
  /** Rapid trigger press sensitivity; 0 turns rapid trigger off. */
  rtDown: number;
  /** Release sensitivity; 0 means the same as rtDown. */
  rtUp: number;
  continuous: boolean;
}

export interface RawGamepadOptions {
  /** Four points (distance 0-255, output 0-255) in travel order. */
  curve: { x: number; y: number }[];
  flags: number;
}

export interface AnalogEntry {
  adc: number;
  distance: number;
}

const u16 = (reply: Uint8Array, at: number): number => reply[at]! | (reply[at + 1]! << 8);
const u16le = (value: number): number[] => [value & 0xff, (value >> 8) & 0xff];

export function decodeVersion(reply: Uint8Array): number {
  return u16(reply, 1);
}

/** The serial is up to 32 characters, zero-filled by the firmware before it writes them. */
export function decodeSerial(reply: Uint8Array): string {
  const bytes = reply.subarray(1, 1 + PER_REPORT.serialBytes);
  const end = bytes.indexOf(0);
  return String.fromCharCode(...(end < 0 ? bytes : bytes.subarray(0, end)));
}

export function metadataArgs(offset: number): number[] {
  return [offset & 0xff, (offset >> 8) & 0xff, (offset >> 16) & 0xff, (offset >>> 24) & 0xff];
}

/** One piece: the bytes left from the requested offset, and at most 59 of them. */
export function decodeMetadataPiece(reply: Uint8Array): { remaining: number; bytes: Uint8Array } {
  const remaining = (reply[1]! | (reply[2]! << 8) | (reply[3]! << 16) | (reply[4]! << 24)) >>> 0;
  return { remaining, bytes: reply.slice(5, 5 + Math.min(PER_REPORT.metadata, remaining)) };
}

export function decodeAnalogInfo(reply: Uint8Array, count: number): AnalogEntry[] {
  return Array.from({ length: count }, (_, i) => ({ adc: u16(reply, 1 + i * 3), distance: reply[3 + i * 3]! }));
}

export function decodeCalibration(reply: Uint8Array): { rest: number; bottomOut: number } {
  return { rest: u16(reply, 1), bottomOut: u16(reply, 3) };
}

export function calibrationArgs(values: { rest: number; bottomOut: number }): number[] {
  return [...u16le(values.rest), ...u16le(values.bottomOut)];
}

export function decodeByte(reply: Uint8Array): number {
  return reply[1]!;
}

export function decodeOptions(reply: Uint8Array): number {
  return u16(reply, 1);
}

export function optionsArgs(raw: number): number[] {
  return u16le(raw);
}

export function decodeBytes(reply: Uint8Array, count: number): number[] {
  return [...reply.subarray(1, 1 + count)];
}

/** SET_KEYMAP: profile, layer, offset, length, codes. */
export function keymapWriteArgs(profile: number, layer: number, offset: number, codes: readonly number[]): number[] {
  return [profile, layer, offset, codes.length, ...codes];
}

/** SET_GAMEPAD_BUTTONS and the other per-profile lists without a layer: profile, offset, length, entries. */
export function listWriteArgs(profile: number, offset: number, entries: readonly number[], count: number): number[] {
  return [profile, offset, count, ...entries];
}

export function decodeActuations(reply: Uint8Array, count: number): RawActuation[] {
  return Array.from({ length: count }, (_, i) => {
    const at = 1 + i * ACTUATION_BYTES;
    return {
      actuationPoint: reply[at]!,
      rtDown: reply[at + 1]!,
      rtUp: reply[at + 2]!,
      continuous: reply[at + 3] !== 0,
    };
  });
}

export function encodeActuation(a: RawActuation): number[] {
  return [a.actuationPoint, a.rtDown, a.rtUp, a.continuous ? 1 : 0];
}

export function decodeGamepadOptions(reply: Uint8Array): RawGamepadOptions {
  const curve = Array.from({ length: 4 }, (_, i) => ({ x: reply[1 + i * 2]!, y: reply[2 + i * 2]! }));
  return { curve, flags: reply[GAMEPAD_OPTIONS_BYTES]! };
}

export function gamepadOptionsArgs(profile: number, options: RawGamepadOptions): number[] {
  return [profile, ...options.curve.flatMap((p) => [p.x, p.y]), options.flags];
}
