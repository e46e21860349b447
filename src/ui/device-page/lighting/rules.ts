/**
 * The Key LED tab's rules (spec-1 §2, §4, §5, §9), pure: which list a lighting mode belongs to, which controls a mode
 * shows at a firmware level, a brightness change that keeps speed within a third of it, the custom colour history,
 * what the preview shows, and the outer frame's 0-255 HSV as CSS colours.
 */
import type { ColourInfoPayload, KeyMode } from '../../../contract/payloads/lighting';
import { lightingSpeedMax } from '../../../core/capabilities';
import { clampLightingSpeed } from '../../../core/rules/lighting';
import type { LedModesResource } from '../../../core/resource-schemas';
import { hsvaToRgba, rgbaToHsva } from '../../widgets/colour-picker/colour-convert';
import { formatHexColour, parseHexColour } from '../../../core/rules/colour';

export type ModeDef = LedModesResource['modes'][number];
/** 0: the light-flow list (animated effects), 1: the colour-mode list (custom per-key colours, one static colour). */
export type LightType = 0 | 1;

/** Modes with brightness and speed animate: they form the light-flow list; the others the colour-mode list. */
export function lightTypeOf(mode: ModeDef | undefined): LightType {
  return mode && (mode.brightness || mode.speed) ? 0 : 1;
}

export function modesOfType(modes: readonly ModeDef[], type: LightType, count: number): ModeDef[] {
  return modes.filter((m) => m.id < count && lightTypeOf(m) === type);
}

export interface ModeControls {
  brightness: boolean;
  speed: boolean;
  extra: ModeDef['extra'];
}

/**
 * The arguments panel of a mode: modes above 1 show brightness and speed; modes 3, 5, 6 and 7 an extra control
 * (direction, random by press, random), which firmware level 0 does not offer.
 */
export function controlsFor(mode: ModeDef | undefined, level: 0 | 1 | 2): ModeControls {
  if (!mode) return { brightness: false, speed: false, extra: null };
  return { brightness: mode.brightness, speed: mode.speed, extra: level >= 1 ? mode.extra : null };
}

/** Brightness above this may make the keyboard unstable (spec-2 catalogue warning). */
export const BRIGHTNESS_WARN_ABOVE = 36;

/** The slider range of a mode's brightness: its own min and max within the model's light maximum. */
export function lightRange(mode: KeyMode, lightMax: number): { min: number; max: number } {
  const max = Math.max(0, Math.min(mode.max || lightMax, lightMax));
  return { min: Math.min(Math.max(0, mode.min), max), max };
}

/** A brightness change: the speed comes down with it when it would exceed a third of the new brightness. */
export function withLight(mode: KeyMode, light: number): KeyMode {
  return { ...mode, light, speed: clampLightingSpeed(mode.speed, light) };
}

export function speedMax(light: number): number {
  return lightingSpeedMax(light);
}

// ------------------------------------------------------------------------ custom colour history

/** The user setting that keeps the custom colours (spec-1 §3). */
export const CUSTOM_COLOURS_KEY = 'custom_colors_hex';
export const CUSTOM_COLOUR_SLOTS = 8;

/** Normalises a colour text to '#rrggbb', or undefined when it is not a 6 or 8 digit hex colour. */
export function normaliseHex(text: string): string | undefined {
  const parsed = parseHexColour(text);
  return parsed.ok ? formatHexColour({ ...parsed.value, a: 1 }).toLowerCase() : undefined;
}

/** The newest colour first, no colour twice, at most eight. */
export function pushCustomColour(history: readonly string[], hex: string): string[] {
  const colour = normaliseHex(hex);
  if (!colour) return [...history];
  return [colour, ...history.filter((h) => h !== colour)].slice(0, CUSTOM_COLOUR_SLOTS);
}

export function loadCustomColours(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): string[] {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(CUSTOM_COLOURS_KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw
      .filter((h): h is string => typeof h === 'string')
      .reduceRight<string[]>((list, h) => pushCustomColour(list, h), []);
  } catch {
    return [];
  }
}

export function saveCustomColours(
  history: readonly string[],
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(CUSTOM_COLOURS_KEY, JSON.stringify(history));
  } catch {
    // A full or blocked storage keeps the history for this session only.
  }
}

// ------------------------------------------------------------------------ preview

export type Preview =
  | { kind: 'off' }
  | { kind: 'static'; colourOf(keyId: number): string | undefined }
  | { kind: 'animated'; mode: ModeDef; colourOf(keyId: number): string | undefined };

/** What the drawing shows: per-key colours (mode 0), the chosen palette colour (mode 1), or an animated effect. */
export function previewOf(info: ColourInfoPayload, modes: readonly ModeDef[]): Preview {
  if (!info.keylight_use) return { kind: 'off' };
  const mode = modes[info.kmm_index];
  const keyColour = (id: number) => info.keycolors[id];
  if (info.kmm_index === 0 || !mode) return { kind: 'static', colourOf: keyColour };
  if (lightTypeOf(mode) === 1) {
    const colour = info.palette[info.krm_index];
    return { kind: 'static', colourOf: () => colour };
  }
  return { kind: 'animated', mode, colourOf: keyColour };
}

// ------------------------------------------------------------------------ outer frame colours

export interface Hsv255 {
  hue: number;
  saturation: number;
  value: number;
}

const to255 = (n: number, of: number) => Math.round((n * 255) / of);

/** A '#rrggbb' colour as the frame's hue, saturation and value, each 0-255. */
export function hexToHsv255(hex: string): Hsv255 | undefined {
  const parsed = parseHexColour(hex);
  if (!parsed.ok) return undefined;
  const { h, s, v } = rgbaToHsva(parsed.value);
  return { hue: Math.min(255, to255(h, 360)), saturation: to255(s, 100), value: to255(v, 100) };
}

export function hsv255ToHex({ hue, saturation, value }: Hsv255): string {
  const rgba = hsvaToRgba({ h: (hue * 360) / 255, s: (saturation * 100) / 255, v: (value * 100) / 255, a: 1 });
  return formatHexColour({ ...rgba, a: 1 }).toLowerCase();
}

// ------------------------------------------------------------------------ gradient across keys

export interface KeySpot {
  id: number;
  /** Centre of the key on the drawing, in key units. */
  x: number;
  y: number;
}

const channel = (hex: string, at: number) => parseInt(hex.slice(at, at + 2), 16);

/** The colour `t` (0-1) of the way from `from` to `to`, both '#rrggbb'. */
export function mixHex(from: string, to: string, t: number): string {
  const c = [1, 3, 5].map((at) => Math.round(channel(from, at) + (channel(to, at) - channel(from, at)) * t));
  return `#${c.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A colour per key running from `from` to `to` along the longer side of the keys' spread (left to right, or top to
 * bottom for a column): keys in line across it share a colour. One key gets `from`.
 */
export function gradientColours(keys: readonly KeySpot[], from: string, to: string): { key: number; hex: string }[] {
  if (keys.length === 0) return [];
  const xs = keys.map((k) => k.x);
  const ys = keys.map((k) => k.y);
  const width = Math.max(...xs) - Math.min(...xs);
  const height = Math.max(...ys) - Math.min(...ys);
  const along = (k: KeySpot) => (width >= height ? k.x - Math.min(...xs) : k.y - Math.min(...ys));
  const span = Math.max(width, height);
  const a = normaliseHex(from) ?? '#000000';
  const b = normaliseHex(to) ?? '#000000';
  return keys.map((k) => ({ key: k.id, hex: span === 0 ? a : mixHex(a, b, along(k) / span) }));
}
