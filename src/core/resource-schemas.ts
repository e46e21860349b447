/**
 * The schemas that check the four start-up resources when they are fetched (their content and tables are in
 * resources.ts). The page never loads this module: the device worker checks the fetched texts, so the validator
 * stays off the first screen's JavaScript (docs/architecture.md, "Start-up").
 */
import { z } from 'zod';
import { KEYCODE_CATEGORIES } from './keycodes';
import {
  COMMON_LAYER_NAMES,
  RESOURCE_FILES,
  type CommonLayerName,
  type ResourceKind,
  type ResourceTypes,
} from './resources';

const HEX_COLOUR = /^#?[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/;
const VERSION = /^\d+\.\d+\.\d+$/;

const keycodeEntrySchema = z.object({
  code: z.number().int().min(0).max(0xffff),
  name: z.string().min(1),
  alias: z.string(),
  alias_zh: z.string().min(1).optional(),
  category: z.enum(KEYCODE_CATEGORIES),
  width: z.number().positive(),
  height: z.number().positive(),
  tip: z.string().optional(),
});

const uniqueCodes = (entries: readonly { code: number }[], ctx: z.RefinementCtx): void => {
  const seen = new Set<number>();
  entries.forEach((e, i) => {
    if (seen.has(e.code)) ctx.addIssue({ code: 'custom', path: [i, 'code'], message: `duplicate key code ${e.code}` });
    seen.add(e.code);
  });
};

const keycodesResourceSchema = z.array(keycodeEntrySchema).min(1).superRefine(uniqueCodes);

const commonLayerSchema = z.object({
  /** Default width and height of an entry in this picker tab, in key units. */
  dwidth: z.number().positive(),
  dheight: z.number().positive(),
  data: z.array(keycodeEntrySchema).superRefine(uniqueCodes),
});

const commonResourceSchema = z.object(
  Object.fromEntries(COMMON_LAYER_NAMES.map((n) => [n, commonLayerSchema])) as Record<
    CommonLayerName,
    typeof commonLayerSchema
  >,
);

const LED_EXTRA_CONTROLS = ['direction', 'random', 'random_by_press'] as const;

const ledModeSchema = z.object({
  id: z.number().int().min(0).max(7),
  /** Catalogue id of the mode's name. */
  name: z.string().min(1),
  brightness: z.boolean(),
  speed: z.boolean(),
  extra: z.enum(LED_EXTRA_CONTROLS).nullable(),
});
const outframeModeSchema = z.object({
  id: z.number().int().min(0),
  name: z.string().min(1),
  /** Uses the hue/saturation sliders (false where the mode cycles colours itself). */
  colour: z.boolean(),
  /** Modes above 1 show a warning when chosen (spec-1 §4). */
  warn: z.boolean(),
});
const ambientModeSchema = z.object({
  id: z.number().int().min(0),
  name: z.string().min(1),
  colour: z.boolean(),
  /** Catalogue ids of the subtypes offered in a dropdown; empty when the mode has none. */
  subtypes: z.array(z.string().min(1)),
});
const namedColourSchema = z.object({
  id: z.number().int().min(0),
  name: z.string().min(1),
  hex: z.string().regex(HEX_COLOUR),
});

const idsInOrder = (items: readonly { id: number }[], ctx: z.RefinementCtx): void => {
  items.forEach((item, i) => {
    if (item.id !== i) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `expected id ${i}, got ${item.id}` });
  });
};

const ledModesResourceSchema = z.object({
  modes: z.array(ledModeSchema).length(8).superRefine(idsInOrder),
  outframe_modes: z.array(outframeModeSchema).min(1).superRefine(idsInOrder),
  ambient_modes: z.array(ambientModeSchema).min(1).superRefine(idsInOrder),
  ambient_colors: z.array(namedColourSchema).length(8).superRefine(idsInOrder),
  color_list: z.array(z.object({ hex: z.string().regex(HEX_COLOUR) })).min(1),
});

const versionResourceSchema = z.object({
  app: z.string().regex(VERSION),
  resources: z.number().int().min(1),
  /** Latest published firmware per lower-case model name, without the "V" prefix. */
  firmware: z.record(z.string().min(1), z.string().regex(VERSION)),
});

export type KeycodesResource = z.infer<typeof keycodesResourceSchema>;
export type CommonResource = z.infer<typeof commonResourceSchema>;
export type LedModesResource = z.infer<typeof ledModesResourceSchema>;
export type VersionResource = z.infer<typeof versionResourceSchema>;

const SCHEMAS: { [K in ResourceKind]: z.ZodType<ResourceTypes[K]> } = {
  keycodes: keycodesResourceSchema,
  common: commonResourceSchema,
  ledModes: ledModesResourceSchema,
  version: versionResourceSchema,
};

// ---------------------------------------------------------------- parsing

export interface ResourceIssue {
  /** Dotted path into the resource ("modes.3.extra"); empty for the whole document. */
  path: string;
  message: string;
}

export interface ResourceError {
  kind: ResourceKind;
  file: string;
  /** One line naming the first problem, e.g. `default/keycodes.json: 12.code: Too big: expected number to be <=65535`. */
  message: string;
  issues: ResourceIssue[];
}

export type ResourceResult<T> = { ok: true; value: T } | { ok: false; error: ResourceError };

function failure(kind: ResourceKind, issues: ResourceIssue[]): { ok: false; error: ResourceError } {
  const file = RESOURCE_FILES[kind];
  const first = issues[0];
  const where = first && first.path ? `${first.path}: ` : '';
  return { ok: false, error: { kind, file, message: `${file}: ${where}${first?.message ?? 'invalid'}`, issues } };
}

/** Checks a fetched resource. `json` is either the response text or an already parsed value. */
export function parseResource<K extends ResourceKind>(kind: K, json: unknown): ResourceResult<ResourceTypes[K]> {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (e) {
      return failure(kind, [{ path: '', message: `not valid JSON (${e instanceof Error ? e.message : String(e)})` }]);
    }
  }
  const result = SCHEMAS[kind].safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return failure(
    kind,
    result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  );
}
