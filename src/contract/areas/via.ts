/**
 * Calls only via keyboards answer (what the shared areas do not cover); see docs/via.md. Another family's device
 * refuses them. A bad value (not JSON, out of range, an overflowing macro buffer, another keyboard's definition) is
 * refused with err.args.invalid whose first argument is the reason's text id (src/i18n/sections/via.ts) and the rest
 * its values, so a screen can say why in the reader's language.
 */
import { z } from 'zod';
import { call, int, path } from '../define.ts';

/** A keyboard's definition as the service knows it. */
export interface ViaDefinitionInfo {
  vendor_id: number;
  product_id: number;
  /** VIA protocol version the keyboard answers. */
  protocol: number;
  /** The definition's name, "" without one. */
  name: string;
  has_definition: boolean;
  /** Why a stored definition was not used (text id and values), when one was refused at opening. */
  problem: string[] | null;
}

export interface ViaLayoutOptions {
  options: { label: string; choices: string[] }[];
  /** The chosen choice of each option. */
  choices: number[];
  /** The packed number the keyboard keeps. */
  value: number;
}

/** One lighting channel of the definition, with what the keyboard holds now. */
export interface ViaLightingChannel {
  channel: string;
  effects: { id: number; en: string; zh: string }[];
  brightness_max: number;
  speed: boolean;
  colour: boolean;
  effect: number;
  brightness: number;
  speed_value: number;
  hue: number;
  saturation: number;
}

/** A control of a custom menu, with its value as bytes (null when the keyboard did not answer for it). */
export interface ViaMenuControl {
  label: string;
  type: string;
  /** The value's name in the definition, which `show_if` expressions refer to. */
  name: string;
  /** The definition's `showIf`: shown only while it holds over the other controls' values (src/core/show-if.ts). */
  show_if?: string;
  channel: number;
  value_id: number;
  bytes: number;
  options: unknown;
  value: number[] | null;
}

export interface ViaMenu {
  label: string;
  sections: { label: string; show_if?: string; controls: ViaMenuControl[] }[];
}

export type ViaMacroAction =
  { kind: 'text'; text: string } | { kind: 'tap' | 'down' | 'up'; code: number } | { kind: 'delay'; ms: number };

export interface ViaMacros {
  /** Macros the keyboard holds (M0…). */
  count: number;
  /** Bytes of its buffer, and bytes the macros take. */
  bytes: number;
  used: number;
  macros: ViaMacroAction[][];
  /** Delays need VIA protocol 11. */
  delays: boolean;
}

/** A macro types ASCII text only (what QMK's send_string plays). */
const macroText = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[\x20-\x7e\t\n]*$/, 'a macro types ASCII text only');

export const macroAction = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('text'), text: macroText }),
  z.strictObject({ kind: z.enum(['tap', 'down', 'up']), code: int(1, 255) }),
  z.strictObject({ kind: z.literal('delay'), ms: int(0, 9999) }),
]);

const macros = z.array(z.array(macroAction).max(1024)).max(255);
const byte = int(0, 255);

export const viaCalls = {
  viaGetDefinitionInfo: call<ViaDefinitionInfo>()(
    'dev_info',
    'via_get_definition_info',
    { path },
    { doc: 'A VIA keyboard’s ids and whether the service has its definition.', answer: 'ViaDefinitionInfo' },
  ),
  viaSetDefinition: call<ViaDefinitionInfo>()(
    'dev_info',
    'via_set_definition',
    { path, content: z.string().min(1).max(2_000_000) },
    {
      doc: 'Gives a VIA keyboard its definition (--content: the v2 or v3 JSON text): checked against the keyboard, stored, and the record’s layout and features follow (devs_changed).',
      answer: 'ViaDefinitionInfo',
    },
  ),
  viaGetLayoutOptions: call<ViaLayoutOptions>()(
    'dev_info',
    'via_get_layout_options',
    { path },
    { doc: 'The definition’s layout options and the choices the keyboard holds.', answer: 'ViaLayoutOptions' },
  ),
  viaSetLayoutOptions: call<ViaLayoutOptions>()(
    'dev_info',
    'via_set_layout_options',
    { path, choices: z.array(int(0, 255)).max(32) },
    {
      doc: 'Sets the choice of every layout option (--choices, in the definition’s order); read back, and the record’s layout is redrawn (devs_changed).',
      answer: 'ViaLayoutOptions',
    },
  ),
  viaGetMenus: call<ViaMenu[]>()(
    'dev_info',
    'via_get_menus',
    { path },
    { doc: 'The definition’s own menus, their sections and controls, with each value read.', answer: 'ViaMenu[]' },
  ),
  viaGetCustomValue: call<number[]>()(
    'dev_info',
    'via_get_custom_value',
    { path, channel: byte, id: byte, bytes: int(1, 28) },
    { doc: 'Reads one custom value (--channel, --id, --bytes) as bytes.', answer: 'number[]' },
  ),
  viaSetCustomValue: call<number[]>()(
    'dev_info',
    'via_set_custom_value',
    { path, channel: byte, id: byte, value: z.array(byte).min(1).max(28) },
    { doc: 'Sets one custom value (--value: bytes) and answers what the keyboard reads back.', answer: 'number[]' },
  ),
  viaSaveCustomValues: call<boolean>()(
    'dev_info',
    'via_save_custom_values',
    { path, channel: byte },
    { doc: 'Makes the keyboard keep a channel’s custom values across power cycles.', answer: 'boolean' },
  ),
  viaGetLighting: call<ViaLightingChannel[]>()(
    'dev_info',
    'via_get_lighting',
    { path },
    {
      doc: 'Every lighting channel of the definition with its effect, brightness, speed and colour.',
      answer: 'ViaLightingChannel[]',
    },
  ),
  viaSetLighting: call<ViaLightingChannel[]>()(
    'dev_info',
    'via_set_lighting',
    {
      path,
      channel: z.string().min(1).max(40),
      effect: byte.optional(),
      brightness: byte.optional(),
      speed: byte.optional(),
      hue: byte.optional(),
      saturation: byte.optional(),
    },
    {
      doc: 'Changes one lighting channel (values left out stay); written and read back. Not kept across a power cycle until saved.',
      answer: 'ViaLightingChannel[]',
    },
  ),
  viaSaveLighting: call<boolean>()(
    'dev_info',
    'via_save_lighting',
    { path, channel: z.string().min(1).max(40) },
    { doc: 'Makes the keyboard keep a lighting channel’s values across power cycles.', answer: 'boolean' },
  ),
  viaReadMatrix: call<number[]>()(
    'dev_info',
    'via_read_matrix',
    { path },
    {
      doc: 'Key ids whose switches are down now, read from the keyboard’s matrix (the matrix tester).',
      answer: 'number[]',
    },
  ),
  viaGetMacros: call<ViaMacros>()(
    'dev_info',
    'via_get_macros',
    { path },
    { doc: 'The macro buffer: its size, the bytes used and every macro as actions.', answer: 'ViaMacros' },
  ),
  viaMacroBytes: call<ViaMacros>()(
    'dev_info',
    'via_macro_bytes',
    { path, macros },
    {
      doc: 'Measures macros against the keyboard’s buffer without writing them (the answer carries them as given).',
      answer: 'ViaMacros',
    },
  ),
  viaSetMacros: call<ViaMacros>()(
    'dev_info',
    'via_set_macros',
    { path, macros },
    {
      doc: 'Writes every macro (--macros: M0… as lists of actions) in the safe order; an overflow is refused before anything is sent.',
      answer: 'ViaMacros',
    },
  ),
};

/** Events of this area and their payloads. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ViaEvents {}
