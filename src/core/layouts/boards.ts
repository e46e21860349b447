/**
 * Keyboard shapes shared by the models of the same size. Models with the same key count share a generator, so the
 * key ids of one shape mean the same key on every model that uses it.
 */
import type { ModelName } from '../models';
import { codeOf, layoutFromRows, makeLayout, rowsAt, type RowSpec } from './rows';
import type { Layout } from './types';

const NUMBER_ROW = '1 2 3 4 5 6 7 8 9 0 - =';
const TOP_ALPHA = 'Tab:1.5 Q W E R T Y U I O P [ ] \\:1.5';
const HOME_ALPHA = "Caps:1.75 A S D F G H J K L ; ' Enter:2.25";
const BOTTOM_ALPHA = 'LShift:2.25 Z X C V B N M , . /';
const MODS = 'LCtrl:1.25 LWin:1.25 LAlt:1.25 Space:6.25';
const ARROWS = 'Left Down Right';

/** 68 keys: 65% with a navigation column (Del, PgUp, PgDn, End) and a full bottom row. */
export function ansi65(name: ModelName): Layout {
  return layoutFromRows(
    name,
    rowsAt([
      `Esc ${NUMBER_ROW} Bksp:2 Del`,
      `${TOP_ALPHA} PgUp`,
      `${HOME_ALPHA} PgDn`,
      `${BOTTOM_ALPHA} RShift:1.75 Up End`,
      `${MODS} RAlt Fn RCtrl ${ARROWS}`,
    ]),
  );
}

/** 67 keys: the 65% shape without right Ctrl; right Alt and Fn widen to 1.5 units to fill the row. */
export function ansi65NoRightCtrl(name: ModelName): Layout {
  return layoutFromRows(
    name,
    rowsAt([
      `Esc ${NUMBER_ROW} Bksp:2 Del`,
      `${TOP_ALPHA} PgUp`,
      `${HOME_ALPHA} PgDn`,
      `${BOTTOM_ALPHA} RShift:1.75 Up End`,
      `${MODS} RAlt:1.5 Fn:1.5 ${ARROWS}`,
    ]),
  );
}

/** The five rows below the function row of a 75% board (68 keys), 1.25 units down; optionally a left column. */
function rows75(column?: readonly string[]): RowSpec[] {
  const rows = [
    `\` ${NUMBER_ROW} Bksp:2 Home`,
    `${TOP_ALPHA} PgUp`,
    `${HOME_ALPHA} PgDn`,
    `${BOTTOM_ALPHA} RShift:1.75 Up End`,
    `${MODS} RAlt Fn RCtrl ${ARROWS}`,
  ];
  return rows.map((keys, i) => ({ keys: column ? `${column[i + 1]!} ~0.25 ${keys}` : keys, y: 1.25 + i }));
}

const F_ROW_FULL = 'Esc F1 F2 F3 F4 F5 F6 F7 F8 F9 F10 F11 F12 PrtSc Ins Del';

/** 84 keys: 75% with a gap-less 16-key function row. */
export function ansi75(name: ModelName): Layout {
  return layoutFromRows(name, [{ keys: F_ROW_FULL, y: 0 }, ...rows75()]);
}

/** 83 keys: 75% whose function row keeps the classic groups of four (no Insert). */
export function ansi75Grouped(name: ModelName): Layout {
  const fRow = 'Esc ~0.25 F1 F2 F3 F4 ~0.25 F5 F6 F7 F8 ~0.25 F9 F10 F11 F12 ~0.25 PrtSc Del';
  return layoutFromRows(name, [{ keys: fRow, y: 0 }, ...rows75()]);
}

/** 90 keys: the 84-key 75% with a column of six macro keys (F13-F18) on the left. */
export function ansi75MacroColumn(name: ModelName): Layout {
  const column = ['F13', 'F14', 'F15', 'F16', 'F17', 'F18'];
  return layoutFromRows(name, [{ keys: `${column[0]!} ~0.25 ${F_ROW_FULL}`, y: 0 }, ...rows75(column)]);
}

/** 61 keys: 60% ANSI. */
export function ansi60(name: ModelName): Layout {
  return layoutFromRows(
    name,
    rowsAt([
      `Esc ${NUMBER_ROW} Bksp:2`,
      TOP_ALPHA,
      HOME_ALPHA,
      `${BOTTOM_ALPHA} RShift:2.75`,
      `${MODS} RAlt:1.25 Fn:1.25 Menu:1.25 RCtrl:1.25`,
    ]),
  );
}

const NUMPAD = ['NumLk KP/ KP* KP-', 'KP7 KP8 KP9 KP+:1:2', 'KP4 KP5 KP6', 'KP1 KP2 KP3 KPEnter:1:2', 'KP0:2 KP.'];

/** 21 keys: a numeric keypad under a row of four function keys. */
export function numpad21(name: ModelName): Layout {
  return layoutFromRows(name, rowsAt(['Esc Calc Bksp Fn', ...NUMPAD]));
}

/** 97 keys: 96% (the 84-key 75% without its right column, then a numeric keypad beside it). */
export function compact96(name: ModelName): Layout {
  const main = [
    `\` ${NUMBER_ROW} Bksp:2`,
    TOP_ALPHA,
    HOME_ALPHA,
    `${BOTTOM_ALPHA} RShift:1.75 Up`,
    `${MODS} RAlt Fn RCtrl ${ARROWS}`,
  ];
  const rows: RowSpec[] = [{ keys: F_ROW_FULL, y: 0 }];
  main.forEach((keys, i) => {
    rows.push({ keys, x: 0, y: 1.25 + i });
    rows.push({ keys: NUMPAD[i]!, x: 16.25, y: 1.25 + i });
  });
  return layoutFromRows(name, rows);
}

/** Six buttons: left, right, wheel click, back, forward and the DPI button behind the wheel. */
export function mouse6(name: ModelName): Layout {
  return makeLayout(
    name,
    [
      { legend: 'LClick', x: 0.5, y: 0, w: 1.5, h: 2.5 },
      { legend: 'RClick', x: 2.5, y: 0, w: 1.5, h: 2.5 },
      { legend: 'MClick', x: 2, y: 0.25, w: 0.5, h: 1 },
      { legend: 'MBack', x: 0, y: 3.5, w: 0.5, h: 0.75 },
      { legend: 'MFwd', x: 0, y: 2.5, w: 0.5, h: 0.75 },
      { legend: 'DPI', x: 2, y: 1.5, w: 0.5, h: 0.75 },
    ].map(({ legend, ...rect }) => ({ ...rect, code: codeOf(legend) })),
  );
}
