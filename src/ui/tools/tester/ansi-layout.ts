/**
 * A standard full-size ANSI keyboard (104 keys) in key units, each key named by its KeyboardEvent.code: the drawing
 * the tester shows for the browser's own key events, whatever keyboard produces them.
 */

export interface AnsiKey {
  code: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const row = (y: number, x0: number, items: readonly (string | [string, number] | number)[]): AnsiKey[] => {
  const keys: AnsiKey[] = [];
  let x = x0;
  for (const item of items) {
    if (typeof item === 'number') {
      x += item; // a gap
      continue;
    }
    const [code, w] = typeof item === 'string' ? [item, 1] : item;
    keys.push({ code, x, y, w, h: 1 });
    x += w;
  }
  return keys;
};

const fn = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `F${from + i}`);
const keysOf = (chars: string) => [...chars].map((c) => `Key${c}`);
const digits = ['Digit1', 'Digit2', 'Digit3', 'Digit4', 'Digit5', 'Digit6', 'Digit7', 'Digit8', 'Digit9', 'Digit0'];
const tall = (code: string, x: number, y: number): AnsiKey => ({ code, x, y, w: 1, h: 2 });

export const ANSI_KEYS: readonly AnsiKey[] = [
  ...row(0, 0, [
    'Escape',
    1,
    ...fn(1, 4),
    0.5,
    ...fn(5, 8),
    0.5,
    ...fn(9, 12),
    0.25,
    'PrintScreen',
    'ScrollLock',
    'Pause',
  ]),
  ...row(1.5, 0, ['Backquote', ...digits, 'Minus', 'Equal', ['Backspace', 2], 0.25, 'Insert', 'Home', 'PageUp', 0.25]),
  ...row(1.5, 18.5, ['NumLock', 'NumpadDivide', 'NumpadMultiply', 'NumpadSubtract']),
  ...row(2.5, 0, [['Tab', 1.5], ...keysOf('QWERTYUIOP'), 'BracketLeft', 'BracketRight', ['Backslash', 1.5], 0.25]),
  ...row(2.5, 15.25, ['Delete', 'End', 'PageDown', 0.25, 'Numpad7', 'Numpad8', 'Numpad9']),
  tall('NumpadAdd', 21.5, 2.5),
  ...row(3.5, 0, [['CapsLock', 1.75], ...keysOf('ASDFGHJKL'), 'Semicolon', 'Quote', ['Enter', 2.25]]),
  ...row(3.5, 18.5, ['Numpad4', 'Numpad5', 'Numpad6']),
  ...row(4.5, 0, [['ShiftLeft', 2.25], ...keysOf('ZXCVBNM'), 'Comma', 'Period', 'Slash', ['ShiftRight', 2.75]]),
  ...row(4.5, 16.25, ['ArrowUp', 1.25, 'Numpad1', 'Numpad2', 'Numpad3']),
  tall('NumpadEnter', 21.5, 4.5),
  ...row(5.5, 0, [
    ['ControlLeft', 1.25],
    ['MetaLeft', 1.25],
    ['AltLeft', 1.25],
    ['Space', 6.25],
    ['AltRight', 1.25],
    ['MetaRight', 1.25],
    ['ContextMenu', 1.25],
    ['ControlRight', 1.25],
  ]),
  ...row(5.5, 15.25, ['ArrowLeft', 'ArrowDown', 'ArrowRight', 0.25, ['Numpad0', 2], 'NumpadDecimal']),
];

export const ANSI_SIZE = { w: 22.5, h: 6.5 } as const;

export const ANSI_CODES: ReadonlySet<string> = new Set(ANSI_KEYS.map((k) => k.code));
