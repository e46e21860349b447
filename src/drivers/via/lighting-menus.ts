/**
 * Lighting channels a definition describes: the built-in menus ("qmk_rgb_matrix", "qmk_rgblight", "qmk_backlight",
 * "qmk_backlight_rgblight") and any menu control bound to a lighting channel (id, channel, value). Effect names are
 * QMK's effect list in its order (effect index = QMK mode number); Chinese names are ours.
 */
import { VIA_CHANNEL, VIA_LIGHT_VALUE } from './protocol.ts';

export interface LightingChannelDef {
  /** Custom value channel (1 backlight, 2 RGB light, 3 RGB matrix, 5 LED matrix). */
  channel: number;
  id: 'backlight' | 'rgblight' | 'rgb_matrix' | 'led_matrix';
  effects: { id: number; en: string; zh: string }[];
  brightness: boolean;
  brightnessMax: number;
  speed: boolean;
  colour: boolean;
}

type Pair = readonly [en: string, zh: string];

export const RGB_MATRIX_EFFECTS: readonly Pair[] = [
  ['All Off', '全部关闭'],
  ['Solid Color', '纯色'],
  ['Alphas Mods', '字母/功能键双色'],
  ['Gradient Up/Down', '上下渐变'],
  ['Gradient Left/Right', '左右渐变'],
  ['Breathing', '呼吸'],
  ['Band Sat.', '饱和度光带'],
  ['Band Val.', '亮度光带'],
  ['Pinwheel Sat.', '饱和度风车'],
  ['Pinwheel Val.', '亮度风车'],
  ['Spiral Sat.', '饱和度螺旋'],
  ['Spiral Val.', '亮度螺旋'],
  ['Cycle All', '全体循环'],
  ['Cycle Left/Right', '左右循环'],
  ['Cycle Up/Down', '上下循环'],
  ['Rainbow Moving Chevron', '彩虹箭头'],
  ['Cycle Out/In', '内外循环'],
  ['Cycle Out/In Dual', '双向内外循环'],
  ['Cycle Pinwheel', '风车循环'],
  ['Cycle Spiral', '螺旋循环'],
  ['Dual Beacon', '双灯塔'],
  ['Rainbow Beacon', '彩虹灯塔'],
  ['Rainbow Pinwheels', '彩虹风车'],
  ['Raindrops', '雨滴'],
  ['Jellybean Raindrops', '糖豆雨滴'],
  ['Hue Breathing', '色相呼吸'],
  ['Hue Pendulum', '色相摆动'],
  ['Hue Wave', '色相波浪'],
  ['Pixel Rain', '像素雨'],
  ['Pixel Flow', '像素流'],
  ['Pixel Fractal', '像素分形'],
  ['Typing Heatmap', '打字热力图'],
  ['Digital Rain', '数字雨'],
  ['Solid Reactive Simple', '按键响应（简单）'],
  ['Solid Reactive', '按键响应'],
  ['Solid Reactive Wide', '按键响应（宽）'],
  ['Solid Reactive Multi Wide', '按键响应（多点宽）'],
  ['Solid Reactive Cross', '按键响应（十字）'],
  ['Solid Reactive Multi Cross', '按键响应（多点十字）'],
  ['Solid Reactive Nexus', '按键响应（交汇）'],
  ['Solid Reactive Multi Nexus', '按键响应（多点交汇）'],
  ['Splash', '水花'],
  ['Multi Splash', '多点水花'],
  ['Solid Splash', '纯色水花'],
  ['Solid Multi Splash', '纯色多点水花'],
];

export const RGBLIGHT_EFFECTS: readonly Pair[] = [
  ['All Off', '全部关闭'],
  ['Solid Color', '纯色'],
  ...[1, 2, 3, 4].map((n): Pair => [`Breathing ${n}`, `呼吸 ${n}`]),
  ...[1, 2, 3].map((n): Pair => [`Rainbow Mood ${n}`, `彩虹氛围 ${n}`]),
  ...[1, 2, 3, 4, 5, 6].map((n): Pair => [`Rainbow Swirl ${n}`, `彩虹旋涡 ${n}`]),
  ...[1, 2, 3, 4, 5, 6].map((n): Pair => [`Snake ${n}`, `蛇形 ${n}`]),
  ...[1, 2, 3].map((n): Pair => [`Knight ${n}`, `霹雳游侠 ${n}`]),
  ['Christmas', '圣诞'],
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n): Pair => [`Gradient ${n}`, `渐变 ${n}`]),
  ['RGB Test', 'RGB 测试'],
  ['Alternating', '交替'],
];

const BACKLIGHT_EFFECTS: readonly Pair[] = [
  ['Off', '关闭'],
  ['Breathing', '呼吸'],
];

const KNOWN_ZH = new Map<string, string>([...RGB_MATRIX_EFFECTS, ...RGBLIGHT_EFFECTS, ...BACKLIGHT_EFFECTS]);

const effects = (pairs: readonly Pair[]) => pairs.map(([en, zh], id) => ({ id, en, zh }));

function builtIn(id: LightingChannelDef['id']): LightingChannelDef {
  switch (id) {
    case 'backlight':
      return {
        channel: VIA_CHANNEL.backlight,
        id,
        effects: effects(BACKLIGHT_EFFECTS),
        brightness: true,
        brightnessMax: 255,
        speed: false,
        colour: false,
      };
    case 'rgblight':
      return { channel: VIA_CHANNEL.rgblight, id, effects: effects(RGBLIGHT_EFFECTS), ...FULL };
    case 'rgb_matrix':
      return { channel: VIA_CHANNEL.rgbMatrix, id, effects: effects(RGB_MATRIX_EFFECTS), ...FULL };
    case 'led_matrix':
      return { channel: VIA_CHANNEL.ledMatrix, id, effects: [], ...FULL, colour: false };
  }
}
const FULL = { brightness: true, brightnessMax: 255, speed: true, colour: true };

const BUILT_IN_MENUS: Record<string, LightingChannelDef['id'][]> = {
  qmk_backlight: ['backlight'],
  qmk_rgblight: ['rgblight'],
  qmk_backlight_rgblight: ['backlight', 'rgblight'],
  qmk_rgb_matrix: ['rgb_matrix'],
  qmk_led_matrix: ['led_matrix'],
};

const CHANNEL_IDS: Record<number, LightingChannelDef['id']> = {
  [VIA_CHANNEL.backlight]: 'backlight',
  [VIA_CHANNEL.rgblight]: 'rgblight',
  [VIA_CHANNEL.rgbMatrix]: 'rgb_matrix',
  [VIA_CHANNEL.ledMatrix]: 'led_matrix',
};

/** A control of a custom menu: the value it reads and writes. */
export interface MenuControl {
  label: string;
  type: string;
  /** The value's name (the first item of `content`), which `showIf` expressions refer to. */
  name: string;
  /** Shown only while this expression holds (src/core/show-if.ts). */
  showIf?: string;
  channel: number;
  /** Value id and any further id bytes. */
  valueId: number[];
  bytes: number;
  options?: unknown;
}

/** Every control of the menus, depth first (text items and groups are walked through). */
export function menuControls(menus: readonly unknown[]): MenuControl[] {
  const out: MenuControl[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const item = node as {
      label?: unknown;
      type?: unknown;
      content?: unknown;
      bytes?: unknown;
      options?: unknown;
      showIf?: unknown;
    };
    const c = item.content;
    if (typeof item.type === 'string' && Array.isArray(c) && typeof c[0] === 'string' && typeof c[1] === 'number') {
      const ids = c.slice(2).filter((v): v is number => typeof v === 'number');
      out.push({
        label: typeof item.label === 'string' ? item.label : '',
        type: item.type,
        name: c[0],
        ...(typeof item.showIf === 'string' ? { showIf: item.showIf } : {}),
        channel: c[1],
        valueId: ids,
        bytes: typeof item.bytes === 'number' ? item.bytes : item.type === 'color' ? 2 : 1,
        ...(item.options !== undefined ? { options: item.options } : {}),
      });
      return;
    }
    if (Array.isArray(c)) c.forEach(walk);
  };
  menus.forEach(walk);
  return out;
}

/** Lighting channels of a v3 definition's menus (built-in names and controls bound to lighting channels). */
export function lightingFromMenus(menus: readonly unknown[]): LightingChannelDef[] {
  const found = new Map<number, LightingChannelDef>();
  for (const m of menus)
    if (typeof m === 'string') for (const id of BUILT_IN_MENUS[m] ?? []) found.set(builtIn(id).channel, builtIn(id));
  for (const control of menuControls(menus)) {
    const id = CHANNEL_IDS[control.channel];
    if (!id || found.has(control.channel)) continue;
    const def: LightingChannelDef = { ...builtIn(id), effects: [], brightness: false, speed: false, colour: false };
    found.set(control.channel, def);
  }
  // Controls a definition writes itself say what its channel offers (effect lists, ranges).
  for (const control of menuControls(menus)) {
    const def = found.get(control.channel);
    if (!def || menus.some((m) => typeof m === 'string' && BUILT_IN_MENUS[m]?.includes(def.id))) continue;
    applyControl(def, control);
  }
  return [...found.values()].sort((a, b) => a.channel - b.channel);
}

function applyControl(def: LightingChannelDef, control: MenuControl): void {
  const value = control.valueId[0];
  if (value === VIA_LIGHT_VALUE.brightness) {
    def.brightness = true;
    const max = Array.isArray(control.options) ? Number(control.options[1]) : 255;
    def.brightnessMax = Number.isFinite(max) && max > 0 ? max : 255;
  } else if (value === VIA_LIGHT_VALUE.effect && Array.isArray(control.options)) {
    def.effects = control.options.map((o, i) => {
      const en = Array.isArray(o) ? String(o[0]) : String(o);
      const id = Array.isArray(o) && typeof o[1] === 'number' ? o[1] : i;
      return { id, en, zh: KNOWN_ZH.get(en) ?? en };
    });
  } else if (value === VIA_LIGHT_VALUE.speed && def.channel !== VIA_CHANNEL.backlight) def.speed = true;
  else if (value === VIA_LIGHT_VALUE.colour && def.channel !== VIA_CHANNEL.backlight) def.colour = true;
}

/** Lighting of a v2 definition ("lighting": a preset name, or { extends, effects, underglowEffects }). */
export function lightingFromV2(lighting: string | { extends: string; underglowEffects?: [string, number][] }) {
  const preset = typeof lighting === 'string' ? lighting : lighting.extends;
  const defs = (BUILT_IN_MENUS[preset] ?? []).map(builtIn);
  if (typeof lighting !== 'string' && lighting.underglowEffects) {
    const rgb = defs.find((d) => d.id === 'rgblight');
    if (rgb) rgb.effects = lighting.underglowEffects.map(([en], id) => ({ id, en, zh: KNOWN_ZH.get(en) ?? en }));
  }
  return defs;
}
