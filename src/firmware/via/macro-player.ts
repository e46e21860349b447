/**
 * What a QMK keyboard would type for macro n (dynamic_keymap_macro_send): nothing at all while the buffer's last
 * byte is not 0 (a write in progress or cut short), nothing when fewer than n macros are ended in the buffer, and
 * otherwise the macro's text and actions up to its 0. Protocol 11 on reads actions behind the 0x01 prefix.
 */
import { SS } from './constants.ts';

export type PlayedAction =
  { type: 'char'; char: string } | { type: 'tap' | 'down' | 'up'; key: number } | { type: 'delay'; ms: number };

const KIND: Record<number, 'tap' | 'down' | 'up'> = { [SS.tap]: 'tap', [SS.down]: 'down', [SS.up]: 'up' };

export function playMacro(buffer: Uint8Array, id: number, count: number, prefixed: boolean): PlayedAction[] | null {
  if (id >= count || buffer.length === 0) return null;
  if (buffer[buffer.length - 1] !== 0) return null;
  let p = 0;
  for (let skip = id; skip > 0; p++) {
    if (p >= buffer.length) return null;
    if (buffer[p] === 0) skip--;
  }
  const out: PlayedAction[] = [];
  for (;;) {
    const b = buffer[p++]!;
    if (b === 0) return out;
    if (!prefixed && KIND[b]) {
      const key = buffer[p++]!;
      if (key === 0) return out;
      out.push({ type: KIND[b], key });
    } else if (prefixed && b === SS.prefix) {
      const action = buffer[p++]!;
      if (action === 0) return out;
      if (KIND[action]) {
        const key = buffer[p++]!;
        if (key === 0) return out;
        out.push({ type: KIND[action], key });
      } else if (action === SS.delay) {
        let digits = '';
        for (;;) {
          const d = buffer[p++]!;
          if (d === 0) return out;
          if (d === 0x7c) break;
          if (digits.length === 4) return out;
          digits += String.fromCharCode(d);
        }
        out.push({ type: 'delay', ms: Number.parseInt(digits, 10) || 0 });
      }
    } else out.push({ type: 'char', char: String.fromCharCode(b) });
  }
}
