/**
 * Lighting between the wire objects (per-key colours, lighting modes, outer frame, ambient light) and the spec's key
 * colour info (spec-1 §3), plus the edits of set_led_info as new object values with the byte range they touch, so a
 * call writes only the field it changes. The edits and payloads are pure; `readColourState` reads the device.
 */
import type {
  AmbientPayload,
  ColourInfoPayload,
  HsvaPayload,
  KeyMode,
  OuterFramePayload,
} from '../../contract/payloads/lighting.ts';
import type { Capabilities } from '../../core/capabilities.ts';
import { AMBIENT_MODES as AMBIENT_MODE_NAMES, OUTFRAME_MODES } from '../../core/resources.ts';
import { rgbToHex } from '../../core/colour.ts';
import { clampLightingSpeed } from '../../core/rules/lighting.ts';
import { FEATURE } from '../../protocol/commands.ts';
import {
  AmbientLayout,
  AmbientModeLayout,
  HsvaLayout,
  LightingLayout,
  LightModeLayout,
  OuterFrameLayout,
  RgbLayout,
  type Ambient,
  type Hsva,
  type LightMode,
  type Lighting,
  type OuterFrame,
  type Rgb,
} from '../../protocol/objects.ts';
import { decodeList, encodeList, layout, type Layout } from '../../protocol/struct.ts';
import { readCached } from '../cache.ts';
import type { KeytuneDevice } from '../context.ts';

/** The colour text of a channel triple lives in core; the lighting benchmark imports it from here. */
export { rgbToHex } from '../../core/colour.ts';

export type {
  AmbientPayload,
  ColourInfoPayload,
  HsvaPayload,
  KeyMode,
  OuterFramePayload,
} from '../../contract/payloads/lighting.ts';

/** Outer-frame brightness steps: the slider's 1-8 over the wire's 0-255 alpha. */
const FRAME_BRIGHTNESS = { min: 1, max: 8 } as const;

export function brightnessToAlpha(level: number): number {
  return Math.round((level * 255) / FRAME_BRIGHTNESS.max);
}

export function alphaToBrightness(alpha: number): number {
  const level = Math.round((alpha * FRAME_BRIGHTNESS.max) / 255);
  return Math.min(FRAME_BRIGHTNESS.max, Math.max(FRAME_BRIGHTNESS.min, level));
}

// ------------------------------------------------------------------------------------------------ payloads

function keyModeOf(index: number, m: LightMode): KeyMode {
  return {
    index,
    min: m.min,
    max: m.max,
    light: m.light,
    speed: m.speed,
    direction: m.direction ? 'h2l' : 'l2h',
    random: m.random === 1,
    random_by_press: m.randomByPress === 1,
  };
}

export function outerFramePayload(o: OuterFrame): OuterFramePayload {
  const size = Math.min(o.size, o.items.length);
  return {
    lightbar_index: o.index,
    lightbar_use: o.frameSwitch,
    lightbar_size: size,
    items: o.items.slice(0, size).map((h, id) => ({
      id_num: id,
      mode_name: OUTFRAME_MODES[id]?.name ?? `led.outframe.${id}`,
      hsva: { hue: h.h, saturation: h.s, value: h.v, alpha: alphaToBrightness(h.a) } satisfies HsvaPayload,
    })),
  };
}

export function ambientPayload(a: Ambient, lightMax: number): AmbientPayload {
  const count = Math.min(a.modeCount, a.modes.length);
  return {
    ambient_mode_size: count,
    ambient_color_size: a.colourCount,
    ambientmodes: a.modes.slice(0, count).map((m, id) => ({
      index: id,
      mode_name: AMBIENT_MODE_NAMES[id]?.name ?? `led.ambient.${id}`,
      light: m.light,
      speed: m.speed,
      min: 0,
      max: lightMax,
    })),
    keyambient_use: a.ambientSwitch,
    ambient_mode_index: a.modeIndex,
    ambient_color_index: a.colourIndex,
    subtype: a.subtype,
  };
}

/** How many styles the ambient subtype byte selects from: the subtypes of the ambient mode that has them (mode 3). */
export const AMBIENT_SUBTYPE_COUNT = Math.max(0, ...AMBIENT_MODE_NAMES.map((m) => m.subtypes.length));

export interface ColourState {
  colours: Rgb[];
  lighting: Lighting;
  outerFrame: OuterFrame | undefined;
  ambient: Ambient | undefined;
}

/** Key colour info (spec-1 §3). */
export function colourInfoPayload(path: string, s: ColourState, caps: Capabilities): ColourInfoPayload {
  return {
    path,
    keycolors: s.colours.map(rgbToHex),
    keymodes: s.lighting.modes.map((m, i) => keyModeOf(i, m)),
    keyoutframe: s.outerFrame ? outerFramePayload(s.outerFrame) : null,
    keyambient: s.ambient ? ambientPayload(s.ambient, caps.lighting.lightMax) : null,
    keylight_use: s.lighting.lightSwitch,
    kmm_index: s.lighting.modeIndex,
    krm_index: s.lighting.colourIndex,
    kmm_size: s.lighting.modes.length,
    krm_size: s.lighting.palette.length,
    palette: s.lighting.palette.map(rgbToHex),
    light_max: caps.lighting.lightMax,
    speed_max: caps.lighting.speedMax,
    level: caps.featureLevel,
  };
}

// ------------------------------------------------------------------------------------------------ edits

/** A changed object and the bytes of it a write must carry. */
export interface ObjectEdit<T> {
  value: T;
  offset: number;
  length: number;
}

/** Byte offset of a field inside a layout. */
export function fieldOffset<T>(l: Layout<T>, name: keyof T & string): number {
  let at = 0;
  for (const [n, f] of l.fields) {
    if (n === name) return at;
    at += layout<Record<string, unknown>>([[n, f]]).size;
  }
  throw new RangeError(`no field ${name}`);
}

/** Sets one byte-sized field. */
export function setByte<T>(l: Layout<T>, value: T, name: keyof T & string, to: number): ObjectEdit<T> {
  return { value: { ...value, [name]: to }, offset: fieldOffset(l, name), length: 1 };
}

export interface ModeData {
  light?: number | undefined;
  speed?: number | undefined;
  direction?: 'l2h' | 'h2l' | undefined;
  random?: boolean | undefined;
  random_by_press?: boolean | undefined;
}

/**
 * Merges mode parameters into mode `index`. Light above the model's maximum is refused; a speed above a third of the
 * light is lowered to it (spec-1 §5), also when only the light went down.
 */
export function editMode(l: Layout<Lighting>, lighting: Lighting, index: number, data: ModeData, lightMax: number) {
  const current = lighting.modes[index];
  if (!current) return { ok: false, reason: `no lighting mode ${index}` } as const;
  const light = data.light ?? current.light;
  if (light > lightMax)
    return { ok: false, reason: `light ${light} is above this model's maximum ${lightMax}` } as const;
  const mode: LightMode = {
    ...current,
    light,
    speed: clampLightingSpeed(data.speed ?? current.speed, light),
    direction: data.direction === undefined ? current.direction : data.direction === 'h2l' ? 1 : 0,
    random: data.random === undefined ? current.random : data.random ? 1 : 0,
    randomByPress: data.random_by_press === undefined ? current.randomByPress : data.random_by_press ? 1 : 0,
  };
  const modes = lighting.modes.map((m, i) => (i === index ? mode : m));
  const edit: ObjectEdit<Lighting> = {
    value: { ...lighting, modes },
    offset: fieldOffset(l, 'modes') + index * LightModeLayout.size,
    length: LightModeLayout.size,
  };
  return { ok: true, edit } as const;
}

/** Selects outer-frame mode `index` and sets its colour: one write from the index field through that item. */
export function editFrameItem(l: Layout<OuterFrame>, frame: OuterFrame, index: number, hsva: HsvaPayload) {
  const item: Hsva = { h: hsva.hue, s: hsva.saturation, v: hsva.value, a: brightnessToAlpha(hsva.alpha) };
  const start = fieldOffset(l, 'index');
  const end = fieldOffset(l, 'items') + (index + 1) * HsvaLayout.size;
  return {
    value: { ...frame, index, items: frame.items.map((h, i) => (i === index ? item : h)) },
    offset: start,
    length: end - start,
  } satisfies ObjectEdit<OuterFrame>;
}

export function editAmbientMode(
  l: Layout<Ambient>,
  ambient: Ambient,
  index: number,
  data: { light?: number | undefined; speed?: number | undefined },
  lightMax: number,
) {
  const current = ambient.modes[index];
  if (!current || index >= ambient.modeCount) return { ok: false, reason: `no ambient mode ${index}` } as const;
  const light = data.light ?? current.light;
  if (light > lightMax)
    return { ok: false, reason: `light ${light} is above this model's maximum ${lightMax}` } as const;
  const mode = { light, speed: clampLightingSpeed(data.speed ?? current.speed, light) };
  const edit: ObjectEdit<Ambient> = {
    value: { ...ambient, modes: ambient.modes.map((m, i) => (i === index ? mode : m)) },
    offset: fieldOffset(l, 'modes') + index * AmbientModeLayout.size,
    length: AmbientModeLayout.size,
  };
  return { ok: true, edit } as const;
}

/** The bytes an edit writes. */
export function editBytes<T>(l: Layout<T>, edit: ObjectEdit<T>): Uint8Array {
  return l.encode(edit.value).slice(edit.offset, edit.offset + edit.length);
}

/** Data of the keyColour setKeys command: `[r, g, b, key mask]`. */
export function colourSetKeysData(c: Rgb, mask: Uint8Array): Uint8Array {
  const out = new Uint8Array(3 + mask.length);
  out.set([c.r, c.g, c.b], 0);
  out.set(mask, 3);
  return out;
}

/** How key colours reach the device: one masked frame when every key gets the same colour, else one range write. */
export type ColourWrite =
  { kind: 'masked'; colour: Rgb; keyIds: number[] } | { kind: 'range'; offset: number; bytes: Uint8Array };

/**
 * The write giving each key of `entries` its colour, keys in between keeping theirs from `base` (the confirmed
 * colours): the smallest byte range of the colours object holding every change, one streamed write that the device
 * commits whole or not at all.
 */
export function planColourWrite(base: readonly Rgb[], entries: readonly { key: number; colour: Rgb }[]): ColourWrite {
  const first = entries[0]!.colour;
  const same = (c: Rgb) => c.r === first.r && c.g === first.g && c.b === first.b;
  if (entries.every((e) => same(e.colour))) return { kind: 'masked', colour: first, keyIds: entries.map((e) => e.key) };
  const colours = base.map((c) => ({ ...c }));
  for (const e of entries) colours[e.key] = { ...e.colour };
  const keys = entries.map((e) => e.key);
  const start = Math.min(...keys);
  const end = Math.max(...keys) + 1;
  const bytes = encodeList(RgbLayout, colours.slice(start, end));
  return { kind: 'range', offset: start * RgbLayout.size, bytes };
}

// ------------------------------------------------------------------------------------------------ device reads

/** What the device has of lighting, from the service's copy (read once, then kept current by writes). */
export async function readColourState(device: KeytuneDevice, caps: Capabilities): Promise<ColourState> {
  const features = device.descriptor.features;
  const colours =
    features & FEATURE.perKeyRgb
      ? decodeList(RgbLayout, await readCached(device, 'colours'), device.descriptor.keyCount)
      : [];
  const lighting = LightingLayout.decode(await readCached(device, 'lighting'));
  const outerFrame =
    caps.lighting.outerFrame && features & FEATURE.outerFrame
      ? OuterFrameLayout.decode(await readCached(device, 'outerFrame'))
      : undefined;
  const ambient =
    caps.lighting.ambient && features & FEATURE.ambient
      ? AmbientLayout.decode(await readCached(device, 'ambient'))
      : undefined;
  return { colours, lighting, outerFrame, ambient };
}
