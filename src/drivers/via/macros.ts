/**
 * The dynamic macro buffer's byte format (QMK dynamic_keymap.c, the-via/app macro-api): macros one after another,
 * each ended by 0x00. Text is ASCII. Before protocol 11 a key action is its code (1 tap, 2 down, 3 up) and the key's
 * byte; from protocol 11 the action is prefixed by 0x01 and a delay is 0x01 0x04, the milliseconds in ASCII digits,
 * and '|'.
 */
import { DriverError, type MacroAction } from '../types.ts';
import { macrosHavePrefix, SS_DELAY, SS_DELAY_END, SS_DOWN, SS_QMK_PREFIX, SS_TAP, SS_UP } from './protocol.ts';

const ACTION_CODE = { tap: SS_TAP, down: SS_DOWN, up: SS_UP } as const;
/** QMK reads at most four digits before the '|'. */
export const MAX_MACRO_DELAY_MS = 9999;

function textBytes(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const printable = (c >= 0x20 && c <= 0x7e) || c === 0x09 || c === 0x0a;
    if (!printable) throw new DriverError('refused', `a macro can type ASCII text only, not "${ch}"`);
    out.push(c);
  }
  return out;
}

function actionBytes(action: MacroAction, protocol: number): number[] {
  const prefix = macrosHavePrefix(protocol) ? [SS_QMK_PREFIX] : [];
  switch (action.kind) {
    case 'text':
      return textBytes(action.text);
    case 'delay': {
      if (!macrosHavePrefix(protocol)) throw new DriverError('unsupported', 'delays in macros need VIA protocol 11');
      const ms = Math.round(action.ms);
      if (!(ms >= 0 && ms <= MAX_MACRO_DELAY_MS))
        throw new DriverError('refused', `a macro delay is 0-${MAX_MACRO_DELAY_MS} ms`);
      return [...prefix, SS_DELAY, ...[...String(ms)].map((d) => d.charCodeAt(0)), SS_DELAY_END];
    }
    default:
      // The key travels as one byte; 0 would end the macro.
      if (!(action.code >= 1 && action.code <= 0xff))
        throw new DriverError('refused', 'a macro key must be a basic key');
      return [...prefix, ACTION_CODE[action.kind], action.code];
  }
}

/** The buffer bytes of `count` macros (missing ones empty, so every macro the keyboard can play is ended). */
export function encodeMacros(macros: readonly MacroAction[][], count: number, protocol: number): number[] {
  if (macros.length > count) throw new DriverError('refused', `the keyboard holds ${count} macros`);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    for (const action of macros[i] ?? []) out.push(...actionBytes(action, protocol));
    out.push(0);
  }
  return out;
}

/** A buffer whose last byte is not 0: a write was cut, and the keyboard plays no macro until they are written. */
export class MacroBufferLockedError extends DriverError {
  constructor() {
    super('reply', 'the macro buffer was left half-written (its last byte is not 0): write the macros again');
  }
}

/** Reads `count` macros from the buffer; rejects a buffer that is not ended where it must be. */
export function decodeMacros(bytes: ArrayLike<number>, count: number, protocol: number): MacroAction[][] {
  if (bytes.length > 0 && bytes[bytes.length - 1] !== 0) throw new MacroBufferLockedError();
  const macros: MacroAction[][] = [];
  let current: MacroAction[] = [];
  let i = 0;
  const bad = (what: string) => new DriverError('reply', `the macro buffer is damaged at byte ${i}: ${what}`);
  const text = (c: number) => {
    const last = current[current.length - 1];
    if (last?.kind === 'text') last.text += String.fromCharCode(c);
    else current.push({ kind: 'text', text: String.fromCharCode(c) });
  };
  while (macros.length < count) {
    if (i >= bytes.length)
      throw new DriverError('reply', `the macro buffer ends after ${macros.length} of ${count} macros`);
    const b = bytes[i++]!;
    if (b === 0) {
      macros.push(current);
      current = [];
    } else if (!macrosHavePrefix(protocol) && b >= SS_TAP && b <= SS_UP) {
      current.push({ kind: KIND_OF[b]!, code: bytes[i++] ?? 0 });
    } else if (macrosHavePrefix(protocol) && b === SS_QMK_PREFIX) {
      const action = bytes[i++];
      if (action !== undefined && action >= SS_TAP && action <= SS_UP) {
        const code = bytes[i++] ?? 0;
        if (code === 0) throw bad('a key action without its key');
        current.push({ kind: KIND_OF[action]!, code });
      } else if (action === SS_DELAY) {
        let digits = '';
        while (i < bytes.length && bytes[i] !== SS_DELAY_END) {
          const d = bytes[i++]!;
          if (d < 0x30 || d > 0x39 || digits.length >= 4) throw bad('a delay that is not 1-4 digits');
          digits += String.fromCharCode(d);
        }
        i++;
        if (!digits) throw bad('an empty delay');
        current.push({ kind: 'delay', ms: Number.parseInt(digits, 10) });
      } else throw bad(`an unknown action ${action}`);
    } else text(b);
  }
  return macros;
}

const KIND_OF: Record<number, 'tap' | 'down' | 'up'> = { [SS_TAP]: 'tap', [SS_DOWN]: 'down', [SS_UP]: 'up' };

/** Bytes the macros take (every macro of the keyboard ended). */
export function macroBytes(macros: readonly MacroAction[][], count: number, protocol: number): number {
  return encodeMacros(macros, Math.max(count, macros.length), protocol).length;
}
