/**
 * The identifiers VIA writes for QMK key codes with a fixed number (KC_A, KC_MS_BTN1, RGB_TOG, BL_STEP, FN_MO13 …),
 * per VIA key-code dictionary: protocol 9 and 10 number them as QMK did before its 2022 renumbering, protocol 11
 * after it, and protocol 12 (and 13) moves the tri-layer keys and adds the RGB matrix keys. The identifiers and numbers
 * are facts read from the-via/app's key-to-byte dictionaries (the names its "Save + Load" pane writes and reads); the
 * tables are written here in our own form. Parametric codes (MO(1), LT(1,KC_A), LCTL(KC_A) …) are in
 * qmk-name-codes.ts.
 */

/** Which of VIA's dictionaries a keyboard's codes are named by: its protocol version, with 13 read as 12. */
export type ViaNumbering = 9 | 10 | 11 | 12;

export function numberingForProtocol(protocol: number): ViaNumbering {
  if (protocol >= 12) return 12;
  if (protocol === 11) return 11;
  if (protocol === 10) return 10;
  return 9;
}

/** Consecutive codes from `start`, one identifier each (without the KC_ prefix when `prefix` is given). */
type Run = readonly [start: number, names: readonly string[], prefix?: string];

const range = (from: number, to: number, make: (n: number) => string): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => make(from + i));

const KC = 'KC_';

const BASIC_RUNS: Run[] = [
  [0x00, ['NO', 'TRNS'], KC],
  [0x04, range(0, 25, (i) => String.fromCharCode(65 + i)), KC],
  [0x1e, [...range(1, 9, String), '0'], KC],
  [0x28, ['ENT', 'ESC', 'BSPC', 'TAB', 'SPC', 'MINS', 'EQL', 'LBRC', 'RBRC', 'BSLS', 'NUHS', 'SCLN', 'QUOT'], KC],
  [0x35, ['GRV', 'COMM', 'DOT', 'SLSH', 'CAPS'], KC],
  [0x3a, range(1, 12, (n) => `F${n}`), KC],
  [0x46, ['PSCR', 'SLCK', 'PAUS', 'INS', 'HOME', 'PGUP', 'DEL', 'END', 'PGDN', 'RGHT', 'LEFT', 'DOWN', 'UP'], KC],
  [0x53, ['NLCK', 'PSLS', 'PAST', 'PMNS', 'PPLS', 'PENT'], KC],
  [0x59, [...range(1, 9, (n) => `P${n}`), 'P0', 'PDOT', 'NUBS', 'APP', 'POWER', 'PEQL'], KC],
  [0x68, range(13, 24, (n) => `F${n}`), KC],
  [0x74, ['EXECUTE', 'HELP', 'MENU', 'SELECT', 'STOP', 'AGAIN', 'UNDO', 'CUT', 'COPY', 'PASTE', 'FIND'], KC],
  [0x82, ['LCAP', 'LNUM', 'LSCR', 'PCMM', 'KP_EQUAL_AS400', 'RO', 'KANA', 'JYEN', 'HENK', 'MHEN'], KC],
  [0x8c, [...range(6, 9, (n) => `INT${n}`), 'HAEN', 'HANJ', ...range(3, 9, (n) => `LANG${n}`)], KC],
  [0x99, ['ERAS', 'SYSREQ', 'CANCEL', 'CLR', 'PRIOR'], KC],
  [0xa0, ['OUT', 'OPER', 'CLEAR_AGAIN', 'CRSEL', 'EXSEL', 'PWR', 'SLEP', 'WAKE'], KC],
  [0xa8, ['MUTE', 'VOLU', 'VOLD', 'MNXT', 'MPRV', 'MSTP', 'MPLY', 'MSEL', 'EJCT', 'MAIL', 'CALC', 'MYCM'], KC],
  [0xb4, ['SEARCH', 'HOME', 'BACK', 'FORWARD', 'STOP', 'REFRESH', 'FAVORITES'], 'KC_WWW_'],
  [0xbb, ['MFFD', 'MRWD', 'BRIU', 'BRID'], KC],
  [0xc1, ['MCTL', 'LPAD'], KC],
  [0xe0, ['LCTL', 'LSFT', 'LALT', 'LGUI', 'RCTL', 'RSFT', 'RALT', 'RGUI'], KC],
];

const MOUSE_MOVES = ['UP', 'DOWN', 'LEFT', 'RIGHT'];
const MOUSE_WHEEL = ['WH_UP', 'WH_DOWN', 'WH_LEFT', 'WH_RIGHT', 'ACCEL0', 'ACCEL1', 'ACCEL2'];
/** Before the renumbering: 0xF0-0xFF with five buttons; after it 0xCD-0xDF with eight. */
const MOUSE_OLD: Run = [0xf0, [...MOUSE_MOVES, ...range(1, 5, (n) => `BTN${n}`), ...MOUSE_WHEEL], 'KC_MS_'];
const MOUSE_NEW: Run = [0xcd, [...MOUSE_MOVES, ...range(1, 8, (n) => `BTN${n}`), ...MOUSE_WHEEL], 'KC_MS_'];

/** Codes with a second identifier VIA also reads (the first one above is the one written). */
const SECOND_NAMES: readonly [number, string][] = [[0x9c, 'KC_CLEAR']];

const RGB_LIGHT = ['TOG', 'MOD', 'RMOD', 'HUI', 'HUD', 'SAI', 'SAD', 'VAI', 'VAD', 'SPI', 'SPD'];
const RGB_MODES = ['M_P', 'M_B', 'M_R', 'M_SW', 'M_SN', 'M_K', 'M_X', 'M_G'];
/** Backlight keys in their order before the renumbering (after it, TOGG comes third). */
const BACKLIGHT = ['ON', 'OFF', 'DEC', 'INC', 'TOGG', 'STEP', 'BRTG'];
const CLICKY = ['TOGGLE', 'ENABLE', 'DISABLE', 'UP', 'DOWN', 'RESET'];
const MUSIC = ['ON', 'OFF', 'TOG', 'MOD'];

/** Named codes above the basic byte before the renumbering (VIA protocol 9 and 10). */
const NAMED_OLD: Run[] = [
  [0x5c00, ['RESET', 'DEBUG']],
  [0x5c14, ['MAGIC_TOGGLE_NKRO']],
  [0x5c16, ['KC_GESC']],
  [0x5c1d, ['ON', 'OFF', 'TOG'], 'AU_'],
  [0x5c20, CLICKY, 'CLICKY_'],
  [0x5c26, MUSIC, 'MU_'],
  [0x5cbb, BACKLIGHT, 'BL_'],
  [0x5cc2, [...RGB_LIGHT, ...RGB_MODES], 'RGB_'],
  [0x5cd7, ['LSPO', 'RSPC', 'SFTENT'], KC],
  [0x5cf3, ['LCPO', 'RCPC', 'LAPO', 'RAPC'], KC],
  [0x5f00, ['BR_INC', 'BR_DEC', 'EF_INC', 'EF_DEC', 'ES_INC', 'ES_DEC', 'H1_INC', 'H1_DEC', 'S1_INC', 'S1_DEC']],
  [0x5f0a, ['H2_INC', 'H2_DEC', 'S2_INC', 'S2_DEC']],
  [0x5f10, ['FN_MO13', 'FN_MO23']],
];

const NOTES = ['C', 'Cs', 'D', 'Ds', 'E', 'F', 'Fs', 'G', 'Gs', 'A', 'As', 'B'];

/** QMK's MIDI block (0x7100-0x71CA), in VIA's dictionaries from protocol 11. */
function midiRuns(): Run[] {
  const octaves = [0, 1, 2, 3, 4, 5].map((o): Run => [
    0x7110 + o * 0x10,
    NOTES.map((n) => (o === 0 ? n : `${n}_${o}`)),
    'MI_',
  ]);
  const signed = (n: number) => (n < 0 ? `N${-n}` : String(n));
  return [
    [0x7100, ['ON', 'OFF', 'TOG'], 'MI_'],
    ...octaves,
    [0x7170, [...range(-2, 7, (n) => `OCT_${signed(n)}`), 'OCTD', 'OCTU'], 'MI_'],
    [0x7180, [...range(-6, 6, (n) => `TRNS_${signed(n)}`), 'TRNSD', 'TRNSU'], 'MI_'],
    [0x7190, [...range(0, 10, (n) => `VEL_${n}`), 'VELD', 'VELU'], 'MI_'],
    [0x71a0, [...range(1, 16, (n) => `CH${n}`), 'CHD', 'CHU'], 'MI_'],
    [0x71c0, ['ALLOFF', 'SUST', 'PORT', 'SOST', 'SOFT', 'LEG', 'MOD', 'MODSD', 'MODSU', 'BENDD', 'BENDU'], 'MI_'],
  ];
}

/** Named codes after the renumbering, common to protocol 11 and 12. */
function namedNew(): Run[] {
  return [
    [0x7005, ['SWAP_LALT_LGUI', 'UNSWAP_LALT_LGUI', 'SWAP_RALT_RGUI', 'UNSWAP_RALT_RGUI'], 'MAGIC_'],
    [0x7009, ['GUI_ON', 'GUI_OFF', 'TOGGLE_GUI'], 'MAGIC_'],
    [0x7013, ['TOGGLE_NKRO', 'SWAP_ALT_GUI', 'UNSWAP_ALT_GUI', 'TOGGLE_ALT_GUI', 'SWAP_LCTL_LGUI'], 'MAGIC_'],
    [0x7018, ['UNSWAP_LCTL_LGUI', 'SWAP_RCTL_RGUI', 'UNSWAP_RCTL_RGUI', 'SWAP_CTL_GUI', 'UNSWAP_CTL_GUI'], 'MAGIC_'],
    [0x701d, ['TOGGLE_CTL_GUI', 'EE_HANDS_LEFT', 'EE_HANDS_RIGHT'], 'MAGIC_'],
    ...midiRuns(),
    [0x7480, ['ON', 'OFF', 'TOG'], 'AU_'],
    [0x748a, CLICKY, 'CLICKY_'],
    [0x7490, MUSIC, 'MU_'],
    [0x7800, ['ON', 'OFF', 'TOGG', 'DEC', 'INC', 'STEP', 'BRTG'], 'BL_'],
    [0x7820, [...RGB_LIGHT, ...RGB_MODES, 'MODE_RGBTEST'], 'RGB_'],
    [0x7c00, ['RESET']],
    [0x7c02, ['DEBUG', 'QK_CLEAR_EEPROM']],
    [0x7c10, ['ASDN', 'ASUP', 'ASRP', 'ASON', 'ASOFF', 'ASTG', 'GESC'], KC],
    [0x7c17, ['VLK_TOG', 'KC_LCPO', 'KC_RCPC', 'KC_LSPO', 'KC_RSPC', 'KC_LAPO', 'KC_RAPC', 'KC_SFTENT']],
    [0x7c20, ['AUTO', 'USB'], 'OUT_'],
    [0x7c40, ['ON', 'OFF', 'TOG', 'RST', 'FBK', 'BUZ', 'MODI', 'MODD', 'CONT', 'CONI', 'COND', 'DWLI', 'DWLD'], 'HPT_'],
    [0x7c50, ['ON', 'OFF', 'TOG'], 'CMB_'],
    [0x7c53, ['DYN_REC_START1', 'DYN_REC_START2', 'DYN_REC_STOP', 'DYN_MACRO_PLAY1', 'DYN_MACRO_PLAY2']],
  ];
}

const RGB_MATRIX: Run = [
  0x7840,
  ['ON', 'OFF', 'TOGG', 'NEXT', 'PREV', 'HUEU', 'HUED', 'SATU', 'SATD', 'VALU', 'VALD', 'SPDU', 'SPDD'],
  'RM_',
];

/** One dictionary both ways: the identifier written for a code, and the code of every identifier read. */
export interface QmkNameTable {
  nameOf: ReadonlyMap<number, string>;
  codeOf: ReadonlyMap<string, number>;
}

function runsFor(numbering: ViaNumbering): Run[] {
  const basic = [...BASIC_RUNS, numbering >= 11 ? MOUSE_NEW : MOUSE_OLD];
  if (numbering <= 10) return [...basic, ...NAMED_OLD];
  const triLayer: Run = [numbering === 11 ? 0x7700 : 0x7c77, ['FN_MO13', 'FN_MO23']];
  return [...basic, ...namedNew(), triLayer, ...(numbering === 12 ? [RGB_MATRIX] : [])];
}

function build(numbering: ViaNumbering): QmkNameTable {
  const nameOf = new Map<number, string>();
  const codeOf = new Map<string, number>();
  for (const [start, names, prefix = ''] of runsFor(numbering)) {
    names.forEach((name, i) => {
      const id = prefix + name;
      nameOf.set(start + i, id);
      codeOf.set(id, start + i);
    });
  }
  for (const [code, name] of SECOND_NAMES) codeOf.set(name, code);
  return { nameOf, codeOf };
}

const tables = new Map<ViaNumbering, QmkNameTable>();

/** The identifiers of one dictionary (built once). */
export function qmkNameTable(numbering: ViaNumbering): QmkNameTable {
  let table = tables.get(numbering);
  if (!table) tables.set(numbering, (table = build(numbering)));
  return table;
}
