/** Lighting calls (spec-1 §7): key colours, lighting modes, outer frame and ambient light. */
import { z } from 'zod';
import { checkRgba, isHexColourText, parseHexColour, type Rgba } from '../../core/rules/colour.ts';
import { call, flag, int, path, MAX_KEY_ID } from '../define.ts';
import type { ColourInfoPayload } from '../payloads/lighting.ts';

export type {
  AmbientModePayload,
  AmbientPayload,
  ColourInfoPayload,
  HsvaPayload,
  KeyMode,
  OuterFramePayload,
} from '../payloads/lighting.ts';

const byte = int(0, 255);
const onOff = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

/** `{ r, g, b, a }` (a 0-1 in steps of 0.01, default 1) or a hex colour, quoted or not. */
const rgba = z
  .union([
    z.strictObject({ r: z.number(), g: z.number(), b: z.number(), a: z.number().default(1) }),
    z
      .string()
      .transform((t) => t.trim().replace(/^"(.*)"$/, '$1'))
      .refine(isHexColourText, 'not a colour'),
  ])
  .transform((v): Rgba => {
    if (typeof v !== 'string') return v;
    const hex = parseHexColour(v);
    return hex.ok ? hex.value : { r: -1, g: -1, b: -1, a: 1 };
  })
  .refine((c) => checkRgba(c).ok, 'r, g, b must be 0-255 and a 0-1 in steps of 0.01');

/** Parameters merged into a lighting mode of the per-key light. */
const modeData = z.strictObject({
  index: byte.optional(),
  light: byte.optional(),
  speed: byte.optional(),
  direction: z
    .union([z.enum(['l2h', 'h2l']), z.literal(0), z.literal(1)])
    .transform((d): 'l2h' | 'h2l' => (d === 1 || d === 'h2l' ? 'h2l' : 'l2h'))
    .optional(),
  random: onOff.optional(),
  random_by_press: onOff.optional(),
});

/** Outer-frame mode and its colour: hue, saturation, value 0-255, alpha the brightness 1-8. */
const outframeData = z.strictObject({
  index: byte,
  hsva: z.strictObject({ hue: byte, saturation: byte, value: byte, alpha: int(1, 8) }),
});

const ambientModeData = z.strictObject({ index: byte.optional(), light: byte.optional(), speed: byte.optional() });

/** A colour for each of several keys: `[{ key, rgba }]`, each key at most once. */
const keyColors = z
  .array(z.strictObject({ key: int(0, MAX_KEY_ID), rgba }))
  .min(1)
  .max(200)
  .refine((list) => new Set(list.map((e) => e.key)).size === list.length, 'each key may appear only once');

export const lightingCalls = {
  getKeyColorInfo: call<ColourInfoPayload>()(
    'dev_info',
    'get_key_color_info',
    { path },
    {
      doc: 'Key colours, lighting modes, outer frame and ambient light; emits get_key_color_info.',
      answer: 'ColourInfoPayload',
    },
  ),
  setLedInfo: call<ColourInfoPayload>()(
    'dev_info',
    'set_led_info',
    {
      path,
      mode_data: modeData.optional(),
      mode_index: byte.optional(),
      color_index: byte.optional(),
      light_switch: flag.optional(),
      outframe_data: outframeData.optional(),
      outframe_switch: flag.optional(),
      ambient_mode_data: ambientModeData.optional(),
      ambient_mode_index: byte.optional(),
      ambient_color_index: byte.optional(),
      ambient_switch: flag.optional(),
      /** Style of ambient mode 3 (rhythm), an index into that mode's subtypes; firmware 3.9.7 and later. */
      ambient_subtype: byte.optional(),
      select: z.array(int(0, MAX_KEY_ID)).min(1).optional(),
      rgba: rgba.optional(),
      /** A colour per key, keys coloured differently in one write (one streamed write of the colours). */
      key_colors: keyColors.optional(),
    },
    {
      doc: 'Exactly one lighting option (or --select with --rgba, or --key_colors, a colour per key written at once); writes only what it changes; emits get_key_color_info.',
      answer: 'ColourInfoPayload',
    },
  ),
};

/** Events of this area and their payloads. */
export interface LightingEvents {
  get_key_color_info: ColourInfoPayload;
}
