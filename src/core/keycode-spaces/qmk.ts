/**
 * QMK's key-code spaces as VIA keyboards number them: 'qmk-v10' (protocol 9 and 10, before the 2022 renumbering),
 * 'qmk-v11' (protocol 11) and 'qmk-v12' (protocol 12 and 13). Every 16-bit value has a readable name in both
 * languages: parametric codes are decoded ("LT1(A)": layer 1 while held, A when tapped), never shown as hex.
 */
import { basicNames, type QmkName } from './qmk-basic.ts';
import { quantumNew, quantumOld } from './qmk-quantum.ts';
import { inSpan, modNames, OLD_RANGES, V11_RANGES, V12_RANGES, type QmkRanges } from './qmk-ranges.ts';
import { codeOfViaName } from '../backup/qmk-name-codes.ts';
import type { CatalogueOptions, KeycodeSpace, KeycodeSpaceId, SpaceCategory, SpaceKeycode } from './types.ts';

export type QmkSpaceId = Extract<KeycodeSpaceId, 'qmk-v10' | 'qmk-v11' | 'qmk-v12'>;

const CATEGORIES: SpaceCategory[] = [
  { id: 'basic', en: 'Basic', zh: '基础' },
  { id: 'modifiers', en: 'Modifiers', zh: '修饰键' },
  { id: 'media', en: 'Media', zh: '媒体' },
  { id: 'mouse', en: 'Mouse', zh: '鼠标' },
  { id: 'layers', en: 'Layers', zh: '层' },
  { id: 'macros', en: 'Macros', zh: '宏' },
  { id: 'lighting', en: 'Lighting', zh: '灯光' },
  { id: 'quantum', en: 'Special', zh: '特殊功能' },
  { id: 'custom', en: 'Keyboard', zh: '键盘自定义' },
];

/** The space a keyboard of this VIA protocol version uses (the-via/app's dictionary choice). */
export function qmkSpaceForProtocol(protocol: number): QmkSpaceId {
  if (protocol >= 12) return 'qmk-v12';
  if (protocol === 11) return 'qmk-v11';
  return 'qmk-v10';
}

interface Tables {
  ranges: QmkRanges;
  basic: Map<number, QmkName>;
  named: Map<number, QmkName>;
}

function tablesFor(id: QmkSpaceId): Tables {
  if (id === 'qmk-v10') return { ranges: OLD_RANGES, basic: basicNames('old'), named: quantumOld() };
  if (id === 'qmk-v11') return { ranges: V11_RANGES, basic: basicNames('new'), named: quantumNew('v11') };
  return { ranges: V12_RANGES, basic: basicNames('new'), named: quantumNew('v12') };
}

const entry = (
  code: number,
  name: string,
  alias: string,
  alias_zh: string,
  category: string,
  extra?: Pick<SpaceKeycode, 'tip' | 'compose'>,
): SpaceKeycode => ({ code, name, alias, alias_zh, category, ...extra });

// Layer codes carry the firmware's 0-based layer in the code; legends and names count from 1, as the layer list
// ("Layer 1-4") does, so MO(1) opens Layer 1. The tip keeps the firmware's own name of the code.
const firmwareTip = (name: string, code: number) =>
  ({ tip: `Firmware code ${name} (0x${code.toString(16).toUpperCase().padStart(4, '0')})` }) as const;

/** Modifier masks the picker offers for LCTL(kc), MT(mods, kc) and OSM: each modifier, then Meh and Hyper. */
const PICKER_MASKS = [0x01, 0x02, 0x04, 0x08, 0x11, 0x12, 0x14, 0x18, 0x07, 0x0f];

/** QMK's own names of those masks, as a keymap writes them (MOD_LCTL, MOD_MEH). */
const MASK_WORDS: Record<number, [short: string, en: string, zh: string]> = {
  0x07: ['Meh', 'Meh (Left Control + Left Shift + Left Alt)', 'Meh（左 Ctrl + 左 Shift + 左 Alt）'],
  0x0f: [
    'Hyper',
    'Hyper (Left Control + Left Shift + Left Alt + Left GUI)',
    'Hyper（左 Ctrl + 左 Shift + 左 Alt + 左 Win）',
  ],
};

function maskNames(mask: number): { short: string; en: string; zh: string } {
  const word = MASK_WORDS[mask];
  return word ? { short: word[0], en: word[1], zh: word[2] } : modNames(mask);
}

class QmkSpace implements KeycodeSpace {
  readonly size = 0x10000;
  readonly none = 0x0000;
  readonly transparent = 0x0001;
  readonly categories = CATEGORIES;
  readonly parseExample = 'LT(1,KC_SPC)';
  private readonly t: Tables;

  constructor(readonly id: QmkSpaceId) {
    this.t = tablesFor(id);
  }

  /** The code of a parametric key (for the picker and tests): MO(1), LT(1, 0x04), MT(mods, 0x04), M3 … */
  encode(kind: LayerKind | 'layerTap' | 'modTap' | 'layerMod' | 'oneShotMod' | 'macro' | 'custom', a: number, b = 0) {
    const r = this.t.ranges;
    switch (kind) {
      case 'layerTap':
        return r.layerTap.start | ((a & 0xf) << 8) | (b & 0xff);
      case 'modTap':
        return r.modTap.start | ((a & 0x1f) << 8) | (b & 0xff);
      case 'layerMod':
        return r.layerMod.start | ((a & 0xf) << r.layerMod.modBits) | (b & ((1 << r.layerMod.modBits) - 1));
      case 'oneShotMod':
        return r.oneShotMod.start | (a & 0x1f);
      case 'macro':
        return r.macro.start + a;
      case 'custom':
        return r.custom.start + a;
      case 'to':
        return r.to.start | r.toOnPress | (a & 0xf);
      default:
        return r[kind].start + (a & 0x1f);
    }
  }

  catalogue(options: CatalogueOptions): SpaceKeycode[] {
    const list: SpaceKeycode[] = [];
    for (const [code] of this.t.basic) list.push(this.describe(code, options));
    for (const kind of LAYER_KINDS)
      for (let layer = 0; layer < options.layers; layer++) list.push(this.describe(this.encode(kind, layer), options));
    const layers = Math.min(options.layers, 16);
    for (let layer = 0; layer < layers; layer++) list.push(this.composeLayerTap(layer));
    for (const mask of PICKER_MASKS) list.push(this.composeMods(mask), this.composeModTap(mask));
    for (const mask of PICKER_MASKS) list.push(this.describe(this.encode('oneShotMod', mask), options));
    const macros = Math.min(options.macros ?? 0, this.t.ranges.macro.end - this.t.ranges.macro.start + 1);
    for (let i = 0; i < macros; i++) list.push(this.describe(this.encode('macro', i), options));
    for (const [code] of this.t.named) list.push(this.describe(code, options));
    (options.custom ?? []).forEach((_, i) => list.push(this.describe(this.encode('custom', i), options)));
    return list;
  }

  /** LT(layer, kc): the picker asks for the key tapped next. */
  private composeLayerTap(layer: number): SpaceKeycode {
    const code = this.encode('layerTap', layer, 0);
    const shown = layer + 1;
    return entry(
      code,
      `LT${shown}(kc)`,
      `Layer ${shown} while held, a key you pick next when tapped`,
      `按住切到第 ${shown} 层，单击为接着选择的按键`,
      'layers',
      { ...firmwareTip(`LT(${layer}, kc)`, code), compose: 'key' },
    );
  }

  /** LCTL(kc) and the other modifier combinations: the modifiers held with a key picked next. */
  private composeMods(mask: number): SpaceKeycode {
    const m = maskNames(mask);
    const code = (mask & 0x1f) << 8;
    return entry(code, `${m.short}(kc)`, `${m.en} + a key you pick next`, `${m.zh} + 接着选择的按键`, 'modifiers', {
      compose: 'key',
    });
  }

  /** MT(mods, kc): the modifiers while held, a key picked next when tapped. */
  private composeModTap(mask: number): SpaceKeycode {
    const m = maskNames(mask);
    const code = this.encode('modTap', mask, 0);
    return entry(
      code,
      `MT(${m.short},kc)`,
      `${m.en} while held, a key you pick next when tapped`,
      `按住为 ${m.zh}，单击为接着选择的按键`,
      'modifiers',
      { compose: 'key' },
    );
  }

  parse(text: string): number | undefined {
    const numbering = this.id === 'qmk-v12' ? 12 : this.id === 'qmk-v11' ? 11 : 10;
    const direct = codeOfViaName(text, numbering);
    if (direct !== undefined) return direct;
    // QMK's mod-tap shorthands: LCTL_T(kc), CTL_T(kc), MEH_T(kc), ALL_T(kc) …
    const modTap = /^\s*([A-Za-z_]+)_T\s*\(([\s\S]*)\)\s*$/.exec(text);
    if (!modTap) return undefined;
    const mask = MOD_TAP_SHORTHANDS[modTap[1]!.toUpperCase()];
    const key = codeOfViaName(modTap[2]!, numbering);
    return mask === undefined || key === undefined || key > 0xff ? undefined : this.encode('modTap', mask, key);
  }

  describe(code: number, options?: CatalogueOptions): SpaceKeycode {
    const c = code & 0xffff;
    const basic = this.t.basic.get(c);
    if (basic) return entry(c, basic.name, basic.en, basic.zh, basic.category);
    const named = this.t.named.get(c);
    if (named) return entry(c, named.name, named.en, named.zh, named.category);
    return this.parametric(c, options) ?? unknown(c);
  }

  private keyName(code: number): QmkName {
    return (
      this.t.basic.get(code & 0xff) ?? {
        name: `#${code & 0xff}`,
        en: `key ${code & 0xff}`,
        zh: `按键 ${code & 0xff}`,
        category: 'basic',
      }
    );
  }

  private parametric(c: number, options?: CatalogueOptions): SpaceKeycode | undefined {
    const r = this.t.ranges;
    if (c < 0x100) return entry(c, '?', `Unused basic code ${c}`, `未使用的基础键码 ${c}`, 'basic');
    if (inSpan(c, r.mods)) {
      const m = modNames((c >> 8) & 0x1f);
      const k = this.keyName(c);
      return entry(c, `${m.short}+${k.name}`, `${m.en} + ${k.en}`, `${m.zh} + ${k.zh}`, 'modifiers');
    }
    if (inSpan(c, r.modTap)) {
      const m = maskNames((c >> 8) & 0x1f);
      const k = this.keyName(c);
      return entry(
        c,
        `MT(${m.short},${k.name})`,
        `${m.en} while held, ${k.en} when tapped`,
        `按住为 ${m.zh}，单击为 ${k.zh}`,
        'modifiers',
      );
    }
    if (inSpan(c, r.layerTap)) {
      const layer = (c >> 8) & 0xf;
      const k = this.keyName(c);
      return entry(
        c,
        `LT${layer + 1}(${k.name})`,
        `Layer ${layer + 1} while held, ${k.en} when tapped`,
        `按住切到第 ${layer + 1} 层，单击为 ${k.zh}`,
        'layers',
        firmwareTip(`LT(${layer}, ${k.name})`, c),
      );
    }
    if (inSpan(c, r.layerMod)) {
      const bits = r.layerMod.modBits;
      const layer = ((c - r.layerMod.start) >> bits) & 0xf;
      const m = modNames(c & ((1 << bits) - 1));
      return entry(
        c,
        `LM${layer + 1}(${m.short})`,
        `Layer ${layer + 1} with ${m.en} while held`,
        `按住切到第 ${layer + 1} 层并按下 ${m.zh}`,
        'layers',
        firmwareTip(`LM(${layer}, ${m.short})`, c),
      );
    }
    if (inSpan(c, r.oneShotMod)) {
      const m = maskNames(c & 0x1f);
      return entry(
        c,
        `OSM(${m.short})`,
        `One-shot ${m.en} (applies to the next key)`,
        `单次 ${m.zh}（作用于下一个按键）`,
        'modifiers',
      );
    }
    for (const kind of LAYER_KINDS) {
      const s = r[kind];
      if (!inSpan(c, s)) continue;
      const layer = kind === 'to' ? (c - s.start) & 0xf : c - s.start;
      const [en, zh] = LAYER_TEXT[kind];
      const shown = String(layer + 1);
      return entry(
        c,
        `${LAYER_SHORT[kind]}(${shown})`,
        en.replace('{n}', shown),
        zh.replace('{n}', shown),
        'layers',
        firmwareTip(`${LAYER_SHORT[kind]}(${layer})`, c),
      );
    }
    if (inSpan(c, r.macro)) {
      const n = c - r.macro.start;
      return entry(c, `M${n}`, `Macro ${n}`, `宏 ${n}`, 'macros');
    }
    if (inSpan(c, r.custom)) return this.custom(c, c - r.custom.start, options);
    if (inSpan(c, r.tapDance)) {
      const n = c - r.tapDance.start;
      return entry(c, `TD(${n})`, `Tap dance ${n}`, `多击键 ${n}`, 'quantum');
    }
    if (inSpan(c, r.swapHands)) return entry(c, 'SH', 'Swap hands', '左右手互换', 'quantum');
    if (inSpan(c, r.unicode)) {
      const ch = String.fromCodePoint(c & 0x7fff);
      return entry(c, ch, `Unicode character ${ch}`, `Unicode 字符 ${ch}`, 'quantum');
    }
    return undefined;
  }

  private custom(c: number, n: number, options?: CatalogueOptions): SpaceKeycode {
    const def = options?.custom?.[n];
    if (def) {
      const title = def.title ?? def.name;
      return entry(c, def.shortName ?? def.name, title, `键盘自定义：${title}`, 'custom');
    }
    return entry(c, `Kb${n}`, `Keyboard function ${n}`, `键盘自定义功能 ${n}`, 'custom');
  }
}

type LayerKind = 'momentary' | 'toggle' | 'to' | 'tapToggle' | 'oneShotLayer' | 'defaultLayer';
const LAYER_KINDS: LayerKind[] = ['momentary', 'toggle', 'to', 'tapToggle', 'oneShotLayer', 'defaultLayer'];
const LAYER_SHORT: Record<LayerKind, string> = {
  momentary: 'MO',
  toggle: 'TG',
  to: 'TO',
  tapToggle: 'TT',
  oneShotLayer: 'OSL',
  defaultLayer: 'DF',
};
const LAYER_TEXT: Record<LayerKind, [string, string]> = {
  momentary: ['Layer {n} while held', '按住切到第 {n} 层'],
  toggle: ['Layer {n} on/off', '切换第 {n} 层开关'],
  to: ['Go to layer {n} (only)', '切到第 {n} 层（仅此层）'],
  tapToggle: ['Layer {n} while held, on/off after taps', '按住切到第 {n} 层，多击切换开关'],
  oneShotLayer: ['Layer {n} for the next key', '下一个按键使用第 {n} 层'],
  defaultLayer: ['Make layer {n} the default', '设第 {n} 层为默认层'],
};

/** QMK's mod-tap shorthands (LCTL_T(kc) = MT(MOD_LCTL, kc)) by name, as masks. */
const MOD_TAP_SHORTHANDS: Record<string, number> = {
  LCTL: 0x01,
  CTL: 0x01,
  LSFT: 0x02,
  SFT: 0x02,
  LALT: 0x04,
  ALT: 0x04,
  LOPT: 0x04,
  OPT: 0x04,
  LGUI: 0x08,
  GUI: 0x08,
  LCMD: 0x08,
  CMD: 0x08,
  LWIN: 0x08,
  WIN: 0x08,
  RCTL: 0x11,
  RSFT: 0x12,
  RALT: 0x14,
  ROPT: 0x14,
  ALGR: 0x14,
  RGUI: 0x18,
  RCMD: 0x18,
  RWIN: 0x18,
  LCS: 0x03,
  C_S: 0x03,
  LCA: 0x05,
  LSA: 0x06,
  SAGR: 0x16,
  RSA: 0x16,
  LSG: 0x0a,
  SGUI: 0x0a,
  SCMD: 0x0a,
  LAG: 0x0c,
  RCS: 0x13,
  RSG: 0x1a,
  RAG: 0x1c,
  MEH: 0x07,
  LCAG: 0x0d,
  HYPR: 0x0f,
  ALL: 0x0f,
};

function unknown(c: number): SpaceKeycode {
  return entry(c, '?', `QMK code ${c}, unknown to this app`, `本应用未知的 QMK 键码 ${c}`, 'quantum');
}

const spaces = new Map<QmkSpaceId, QmkSpace>();

/** The space of one numbering (cached: building the tables is not free). */
export function qmkSpace(id: QmkSpaceId): KeycodeSpace & { encode: QmkSpace['encode']; parse: QmkSpace['parse'] } {
  let space = spaces.get(id);
  if (!space) spaces.set(id, (space = new QmkSpace(id)));
  return space;
}
