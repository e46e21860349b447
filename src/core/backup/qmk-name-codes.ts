/**
 * QMK key codes as the text of VIA's saved-layout files, both ways, per VIA key-code dictionary (qmk-names.ts):
 * fixed codes by identifier (KC_A, RGB_TOG), layer keys as MO(1), TO(2), TG(3), DF(0), OSL(1), TT(2), the keyboard's own
 * codes as CUSTOM(n) and macros as MACRO(n), modifier combinations as LCTL(KC_A) or LCTL(LSFT(KC_A)), and MT(MOD_LCTL |
 * MOD_LSFT,KC_A), LT(1,KC_SPC), LM(1,MOD_LALT), OSM(MOD_LSFT). A code with no such name is written as VIA writes it,
 * "0x" and its hex digits; Keytune reads that back exactly (VIA itself would read it as KC_NO).
 *
 * Reading also takes what VIA reads: its older names (KC_TILD = S(KC_GRV), MACRO00, USER00, SPC_FN1), every modifier
 * alias (C, S, A, G, LCMD, LWIN, SGUI, ALGR, SAGR …), names in any case and spaces inside parentheses; plus a few QMK
 * aliases (KC_TRANSPARENT, _______, XXXXXXX, QK_BOOT). VIA writes an empty string for a code it cannot name and reads
 * it as KC_NO; so does Keytune.
 */
import { inSpan, OLD_RANGES, V11_RANGES, V12_RANGES, type QmkRanges, type Span } from '../keycode-spaces/qmk-ranges.ts';
import { qmkNameTable, type ViaNumbering } from './qmk-names.ts';

function rangesOf(numbering: ViaNumbering): QmkRanges {
  if (numbering === 12) return V12_RANGES;
  if (numbering === 11) return V11_RANGES;
  // VIA's dictionary for protocol 9 starts TO() at QMK's "on press" code 0x5010; protocol 10's at 0x5000.
  if (numbering === 9) return { ...OLD_RANGES, to: { start: 0x5010, end: 0x501f } };
  return OLD_RANGES;
}

/** Layer and numbered keys: written name and the span of its codes. */
const NUMBERED = [
  ['TO', 'to'],
  ['MO', 'momentary'],
  ['DF', 'defaultLayer'],
  ['TG', 'toggle'],
  ['OSL', 'oneShotLayer'],
  ['TT', 'tapToggle'],
  ['CUSTOM', 'custom'],
  ['MACRO', 'macro'],
] as const satisfies readonly (readonly [string, keyof QmkRanges])[];

/** QMK's 5-bit modifier masks (bit 4: the right-hand ones) by the names MT, LM and OSM take. */
const MOD_MASKS: Record<string, number> = {
  MOD_LCTL: 0x01,
  MOD_LSFT: 0x02,
  MOD_LALT: 0x04,
  MOD_LGUI: 0x08,
  MOD_RCTL: 0x11,
  MOD_RSFT: 0x12,
  MOD_RALT: 0x14,
  MOD_RGUI: 0x18,
  MOD_MEH: 0x07,
  MOD_HYPR: 0x0f,
};

/** Modifier functions wrapping a key (LCTL(KC_A)): the name written for a mask first, then the aliases read. */
const MOD_FUNCTIONS: readonly (readonly [mask: number, names: readonly string[]])[] = [
  [0x0f, ['HYPR']],
  [0x07, ['MEH']],
  [0x0d, ['LCAG']],
  [0x05, ['LCA']],
  [0x06, ['LSA']],
  [0x0a, ['LSG', 'SGUI', 'SCMD', 'SWIN']],
  [0x0c, ['LAG']],
  [0x13, ['RCS']],
  [0x16, ['RSA', 'SAGR']],
  [0x1a, ['RSG']],
  [0x1c, ['RAG']],
  [0x01, ['LCTL', 'C']],
  [0x02, ['LSFT', 'S']],
  [0x04, ['LALT', 'A']],
  [0x08, ['LGUI', 'G', 'LCMD', 'LWIN']],
  [0x11, ['RCTL']],
  [0x12, ['RSFT']],
  [0x14, ['RALT', 'ALGR']],
  [0x18, ['RGUI', 'RCMD', 'RWIN']],
];

const MOD_FUNCTION_MASK = new Map(MOD_FUNCTIONS.flatMap(([mask, names]) => names.map((n) => [n, mask] as const)));
const MOD_FUNCTION_NAME = new Map(MOD_FUNCTIONS.map(([mask, names]) => [mask, names[0]!] as const));

const SHIFTED: Record<string, string> = {
  TILD: 'GRV',
  EXLM: '1',
  AT: '2',
  HASH: '3',
  DLR: '4',
  PERC: '5',
  CIRC: '6',
  AMPR: '7',
  ASTR: '8',
  LPRN: '9',
  RPRN: '0',
  UNDS: 'MINS',
  PLUS: 'EQL',
  LCBR: 'LBRC',
  RCBR: 'RBRC',
  PIPE: 'BSLS',
  COLN: 'SCLN',
  DQUO: 'QUOT',
  LT: 'COMM',
  GT: 'DOT',
  QUES: 'SLSH',
};

/** Names VIA once wrote (it still reads them) and QMK aliases, as the text they stand for. */
function olderName(name: string): string | undefined {
  const upper = name.toUpperCase();
  const shifted = upper.startsWith('KC_') ? SHIFTED[upper.slice(3)] : undefined;
  if (shifted) return `S(KC_${shifted})`;
  const numbered = /^(MACRO|USER)(\d\d)$/.exec(upper);
  if (numbered) return `${numbered[1] === 'MACRO' ? 'MACRO' : 'CUSTOM'}(${Number(numbered[2])})`;
  const spaceFn = /^SPC_FN([1-3])$/.exec(upper);
  if (spaceFn) return `LT(${spaceFn[1]},KC_SPC)`;
  const aliases: Record<string, string> = {
    KC_TRANSPARENT: 'KC_TRNS',
    _______: 'KC_TRNS',
    XXXXXXX: 'KC_NO',
    QK_BOOT: 'RESET',
  };
  return aliases[upper];
}

const hex = (code: number) => `0x${code.toString(16)}`;

function modMaskNames(mask: number): string | undefined {
  if ((mask & 0x0f) === 0) return undefined;
  const side = mask & 0x10 ? 'R' : 'L';
  return ['CTL', 'SFT', 'ALT', 'GUI']
    .filter((_, bit) => mask & (1 << bit))
    .map((m) => `MOD_${side}${m}`)
    .join(' | ');
}

/** The text VIA's saved layout holds for a code of this numbering. */
export function viaNameOfCode(code: number, numbering: ViaNumbering): string {
  const { nameOf } = qmkNameTable(numbering);
  const r = rangesOf(numbering);
  const named = nameOf.get(code);
  if (named) return named;
  for (const [fn, kind] of NUMBERED) {
    const span: Span = r[kind];
    if (inSpan(code, span)) return `${fn}(${code - span.start})`;
  }
  const key = nameOf.get(code & 0xff);
  const mods = (code >> 8) & 0x1f;
  let text: string | undefined;
  if (inSpan(code, r.mods) && key) text = modFunctionText(mods, key);
  else if (inSpan(code, r.modTap) && key) text = wrap('MT', modMaskNames(mods), key);
  else if (inSpan(code, r.layerTap) && key) text = `LT(${(code >> 8) & 0xf},${key})`;
  else if (inSpan(code, r.layerMod)) {
    const bits = r.layerMod.modBits;
    const offset = code - r.layerMod.start;
    text = wrap(`LM`, String(offset >> bits), modMaskNames(offset & ((1 << bits) - 1)));
  } else if (inSpan(code, r.oneShotMod) && code - r.oneShotMod.start <= 0x1f)
    text = wrap('OSM', modMaskNames(code - r.oneShotMod.start));
  return text ?? hex(code);
}

function wrap(fn: string, ...args: (string | undefined)[]): string | undefined {
  return args.every((a) => a !== undefined) ? `${fn}(${args.join(',')})` : undefined;
}

/** LCTL(KC_A); a mask without a name of its own nests one function per modifier: LCTL(LSFT(LGUI(KC_A))). */
function modFunctionText(mask: number, key: string): string | undefined {
  const whole = MOD_FUNCTION_NAME.get(mask);
  if (whole) return `${whole}(${key})`;
  const right = mask & 0x10;
  const singles = [0x01, 0x02, 0x04, 0x08].filter((bit) => mask & bit);
  if (singles.length === 0) return undefined;
  return singles.reduceRight((inner, bit) => `${MOD_FUNCTION_NAME.get(bit | right)!}(${inner})`, key);
}

/** The mask of "MOD_LCTL | MOD_LSFT"; undefined when a part is not a modifier or none is given. */
function modMaskOf(text: string): number | undefined {
  let mask = 0;
  for (const part of text.split('|')) {
    const bits = MOD_MASKS[part.trim().toUpperCase()];
    if (bits === undefined) return undefined;
    mask |= bits;
  }
  return mask === 0 ? undefined : mask;
}

const layerNumber = (text: string | undefined, max: number): number | undefined => {
  const t = (text ?? '').trim();
  if (!/^\d{1,3}$/.test(t)) return undefined;
  const n = Number(t);
  return n <= max ? n : undefined;
};

/** Splits "a,b" at its first comma outside parentheses (MT's and LT's two arguments). */
function twoArgs(text: string): [string, string] | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) return [text.slice(0, i), text.slice(i + 1)];
  }
  return undefined;
}

/** The code a saved layout's text names on a keyboard of this numbering; undefined when it names none. */
export function codeOfViaName(text: string, numbering: ViaNumbering): number | undefined {
  const name = text.trim();
  if (name === '') return 0;
  const older = olderName(name);
  if (older !== undefined) return codeOfViaName(older, numbering);
  const { codeOf } = qmkNameTable(numbering);
  const direct = codeOf.get(name) ?? codeOf.get(name.toUpperCase());
  if (direct !== undefined) return direct;
  if (/^0x[0-9a-f]{1,4}$/i.test(name)) return Number.parseInt(name.slice(2), 16);
  const call = /^([A-Za-z_]+)\s*\(([\s\S]*)\)$/.exec(name);
  return call ? functionCode(call[1]!.toUpperCase(), call[2]!, numbering) : undefined;
}

function functionCode(fn: string, args: string, numbering: ViaNumbering): number | undefined {
  const r = rangesOf(numbering);
  const basic = (t: string) => {
    const code = codeOfViaName(t, numbering);
    return code !== undefined && code <= 0xff ? code : undefined;
  };
  const numbered = NUMBERED.find(([name]) => name === fn);
  if (numbered) {
    const span: Span = r[numbered[1]];
    const n = layerNumber(args, span.end - span.start);
    return n === undefined ? undefined : span.start + n;
  }
  const modFunction = MOD_FUNCTION_MASK.get(fn);
  if (modFunction !== undefined) {
    // The wrapped key is a basic key or another modifier function: their bits add up.
    const inner = codeOfViaName(args, numbering);
    return inner !== undefined && inner < 0x2000 ? inner | (modFunction << 8) : undefined;
  }
  if (fn === 'OSM') {
    const mask = modMaskOf(args);
    return mask === undefined ? undefined : r.oneShotMod.start + mask;
  }
  const pair = twoArgs(args);
  if (!pair) return undefined;
  if (fn === 'LT') {
    const layer = layerNumber(pair[0], 15);
    const key = basic(pair[1]);
    return layer === undefined || key === undefined ? undefined : r.layerTap.start | (layer << 8) | key;
  }
  if (fn === 'MT') {
    const mask = modMaskOf(pair[0]);
    const key = basic(pair[1]);
    return mask === undefined || key === undefined ? undefined : r.modTap.start | (mask << 8) | key;
  }
  if (fn === 'LM') {
    const layer = layerNumber(pair[0], 15);
    const mask = modMaskOf(pair[1]);
    const bits = r.layerMod.modBits;
    if (layer === undefined || mask === undefined || mask >= 1 << bits) return undefined;
    return r.layerMod.start + (layer << bits) + mask;
  }
  return undefined;
}
