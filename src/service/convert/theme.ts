/**
 * Theme slots and scene files (.mgscene). A scene is a versioned JSON document holding one slot's complete profile:
 * key map, per-key colours, lighting, outer frame, ambient light, key performance and the advanced-key lists.
 * Records other than performance keep the field names of the wire layouts (docs/protocol.md); travel is in mm and
 * colours are '#rrggbb', as everywhere at the bridge. The zod schema is the only way a scene gets in.
 */
import { SWITCH_TYPE_COUNT } from '../../core/switch-types.ts';
import { z } from 'zod';
import { lightingSpeedMax } from '../../core/capabilities.ts';
import {
  AMBIENT_MODES,
  LIGHT_MODES,
  LightingLayout,
  NAME_BYTES,
  OUTER_FRAME_MODES,
  PALETTE_SIZE,
  PERF_FLAG,
  RgbLayout,
  ThemesLayout,
  type Descriptor,
  type PerfKey,
  type Themes,
} from '../../protocol/objects.ts';
import {
  ADVANCED_RECORD_LAYOUTS,
  advancedCapacity,
  DKS_ROWS,
  MACRO_EVENTS,
  SHORTCUT_KEYS,
} from '../../protocol/advanced-records.ts';
import type { ThemeInfo } from '../../contract/payloads/theme.ts';
import { ADVANCED_TYPE_NAMES, type AdvancedType } from '../../core/advanced-keys.ts';
import { hexToRgb, rgbToHex } from '../../core/colour.ts';
import { utf8ByteLength } from '../../core/text-limit.ts';

export const SCENE_FORMAT = 'keytune-scene';
export const SCENE_VERSION = 1;
export const SCENE_EXTENSION = '.mgscene';
/** Catalogue keys of the spec's "Import Failure" and "Export Failure" texts. */
export const IMPORT_FAILURE_KEY = 'theme.import.failure';
export const EXPORT_FAILURE_KEY = 'theme.export.failure';
/** A scene saved from another model: its key map, lights and travel mean other things there. */
export const IMPORT_OTHER_MODEL_KEY = 'theme.import.other.model';

/** The scene names this model (names compare without case or surrounding spaces, as model names do everywhere). */
export function sceneFitsModel(scene: { model: string }, model: string): boolean {
  return scene.model.trim().toLowerCase() === model.trim().toLowerCase();
}

export type { ThemeInfo } from '../../contract/payloads/theme.ts';

export function themeInfo(path: string, themes: Themes): ThemeInfo {
  return {
    path,
    theme_mode: themes.current,
    theme_info_list: themes.names.slice(0, themes.count).map((n) => n.name),
  };
}

export function decodeThemes(bytes: Uint8Array): Themes {
  return ThemesLayout.decode(bytes);
}

/** Theme name with spaces replaced by underscores, plus the scene extension (spec-2 §3). */
export function sceneFileName(themeName: string): string {
  return `${themeName.replace(/ /g, '_')}${SCENE_EXTENSION}`;
}

/* ---------- colours ---------- */

/** The colour conversions live in core; handlers of the theme area still import them from here. */
export { hexToRgb, rgbToHex } from '../../core/colour.ts';

/* ---------- schema ---------- */

const u8 = z.number().int().min(0).max(0xff);
const u16 = z.number().int().min(0).max(0xffff);
const flag = z.union([z.literal(0), z.literal(1)]);
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must be #rrggbb');
const name = z.string().refine((s) => utf8ByteLength(s) <= NAME_BYTES, `name longer than ${NAME_BYTES} bytes`);
const travel = z.number().finite().min(0).max(10);

const LightingSchema = z
  .object({
    lightSwitch: flag,
    modeIndex: z
      .number()
      .int()
      .min(0)
      .max(LIGHT_MODES - 1),
    colourIndex: z
      .number()
      .int()
      .min(0)
      .max(PALETTE_SIZE - 1),
    modes: z
      .array(
        z
          .object({ light: u8, speed: u8, direction: flag, random: flag, randomByPress: flag, min: u8, max: u8 })
          .strict()
          .refine((m) => m.min <= m.max, 'brightness min above max')
          .refine((m) => m.speed <= lightingSpeedMax(m.light), 'speed above a third of light'),
      )
      .length(LIGHT_MODES),
    palette: z.array(hexColour).length(PALETTE_SIZE),
  })
  .strict();

const OuterFrameSchema = z
  .object({
    frameSwitch: flag,
    index: z
      .number()
      .int()
      .min(0)
      .max(OUTER_FRAME_MODES - 1),
    size: z.number().int().min(0).max(OUTER_FRAME_MODES),
    items: z.array(z.object({ h: u8, s: u8, v: u8, a: u8 }).strict()).length(OUTER_FRAME_MODES),
  })
  .strict();

const AmbientSchema = z
  .object({
    ambientSwitch: flag,
    modeIndex: u8,
    colourIndex: u8,
    subtype: z.number().int().min(0).max(3),
    modeCount: z.number().int().min(1).max(AMBIENT_MODES),
    colourCount: z.number().int().min(0).max(PALETTE_SIZE),
    modes: z
      .array(
        z
          .object({ light: u8, speed: u8 })
          .strict()
          .refine((m) => m.speed <= lightingSpeedMax(m.light), 'speed above a third of light'),
      )
      .length(AMBIENT_MODES),
  })
  .strict()
  .refine((a) => a.modeIndex < a.modeCount, 'ambient mode out of range')
  .refine((a) => a.colourIndex < Math.max(1, a.colourCount), 'ambient colour out of range');

const PerfKeySchema = z
  .object({
    switch_type: z.number().int().min(1).max(SWITCH_TYPE_COUNT),
    trigger: travel,
    dead: travel,
    p_rapid_value: travel,
    r_rapid_value: travel,
    use_rapid: z.boolean(),
    use_series_rapid: z.boolean(),
    advance_rapid_mode: flag,
    rt_mode: flag,
    rt_sensitivity_state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  })
  .strict();
export type ScenePerfKey = z.infer<typeof PerfKeySchema>;

const DksSchema = z
  .object({
    used: flag,
    topLevel: u16,
    bottomLevel: u16,
    tickType: u8,
    tickMin: u8,
    tickMax: u8,
    name,
    rows: z
      .array(
        z
          .object({
            code: u16,
            stages: z.array(u8.refine((b) => (b & 0x78) === 0 && (b & 0x07) <= 4, 'invalid DKS stage')).length(4),
          })
          .strict(),
      )
      .length(DKS_ROWS),
  })
  .strict()
  .refine((d) => !d.used || (d.topLevel < d.bottomLevel && d.tickMin <= d.tickMax), 'DKS levels out of order');

const ShortcutSchema = z
  .object({
    used: flag,
    scType: z.number().int().min(0).max(5),
    keyCount: z.number().int().min(0).max(SHORTCUT_KEYS),
    holdTime: u16,
    name,
    keys: z.array(u16).length(SHORTCUT_KEYS),
  })
  .strict();

const MacroSchema = z
  .object({
    used: flag,
    name,
    delayType: flag,
    delayMin: u16,
    delayMax: u16,
    repeat: u16,
    triggerType: z.number().int().min(0).max(4),
    triggerDelay: u16,
    count: z.number().int().min(0).max(MACRO_EVENTS),
    // Only the recorded events: the rest of the device's event table means nothing.
    events: z.array(z.object({ code: u16, flags: u8, delay: u16 }).strict()).max(MACRO_EVENTS),
  })
  .strict()
  .refine((m) => m.events.length === m.count, 'macro event count does not match its events')
  .refine((m) => !m.used || m.delayMin <= m.delayMax, 'macro delay min above max');

const SnaptapSchema = z.object({ used: flag, keyA: u8, keyB: u8, mode: z.number().int().min(0).max(2) }).strict();
const HypertapSchema = z.object({ used: flag, keyA: u8, secondKind: flag, second: u16 }).strict();

export const SceneSchema = z
  .object({
    format: z.literal(SCENE_FORMAT),
    version: z.literal(SCENE_VERSION),
    model: z.string(),
    key_count: z.number().int().min(1).max(200),
    layer_count: z.number().int().min(1).max(8),
    name,
    profile: z
      .object({
        keymap: z.array(z.array(u16)),
        colours: z.array(hexColour),
        lighting: LightingSchema,
        outer_frame: OuterFrameSchema.nullable(),
        ambient: AmbientSchema.nullable(),
        performance: z.object({ key_rapid_use_complete: flag, keys: z.array(PerfKeySchema) }).strict(),
        advanced: z
          .object({
            dks: z.array(DksSchema),
            shortcut: z.array(ShortcutSchema),
            macro: z.array(MacroSchema),
            snaptap: z.array(SnaptapSchema),
            hypertap: z.array(HypertapSchema),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type SceneDocument = z.infer<typeof SceneSchema>;
export type SceneProfile = SceneDocument['profile'];
/** Kept under the names the theme handlers and the backup file import. */
export {
  ADVANCED_TYPE_NAMES as ADVANCED_LISTS,
  ADVANCED_RECORD_LAYOUTS as ADVANCED_LAYOUTS,
  advancedCapacity as listCapacity,
};

/**
 * Parses scene text for this device. Answers the reason of a refusal (bad JSON, wrong format or version, another
 * board size, a value out of range) or the document. Travel limits need the device's switch table and are checked by
 * the caller.
 */
export function parseScene(
  text: string,
  d: Descriptor,
  lightMax: number,
): { ok: true; scene: SceneDocument } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'the file is not JSON' };
  }
  const parsed = SceneSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: issue ? `${issue.path.join('.') || 'scene'}: ${issue.message}` : 'not a scene' };
  }
  const scene = parsed.data;
  const p = scene.profile;
  const n = d.keyCount;
  const checks: [boolean, string][] = [
    [scene.key_count === n, `the scene is for ${scene.key_count} keys, this keyboard has ${n}`],
    [scene.layer_count === d.layerCount, `the scene has ${scene.layer_count} layers, this keyboard ${d.layerCount}`],
    [p.keymap.length === d.layerCount && p.keymap.every((l) => l.length === n), 'key map size does not match'],
    [p.colours.length === n, 'colour count does not match'],
    [p.performance.keys.length === n, 'performance key count does not match'],
    [p.lighting.modes.every((m) => m.light <= lightMax), `light above ${lightMax}`],
    [!p.ambient || p.ambient.modes.every((m) => m.light <= lightMax), `ambient light above ${lightMax}`],
  ];
  for (const list of ADVANCED_TYPE_NAMES) {
    const items = p.advanced[list];
    const cap = advancedCapacity(d, list);
    checks.push([
      items.slice(cap).every((i) => i.used === 0),
      `${list}: more entries than the keyboard holds (${cap})`,
    ]);
  }
  const keyIdOk = (id: number): boolean => id < n;
  checks.push([p.advanced.snaptap.every((s) => !s.used || (keyIdOk(s.keyA) && keyIdOk(s.keyB))), 'snap-tap key id']);
  checks.push([
    p.advanced.hypertap.every((h) => !h.used || (keyIdOk(h.keyA) && (h.secondKind === 1 || keyIdOk(h.second)))),
    'hyper-tap key id',
  ]);
  const failed = checks.find(([ok]) => !ok);
  return failed ? { ok: false, reason: failed[1] } : { ok: true, scene };
}

/* ---------- advanced lists in a scene ---------- */

const NO_EVENT = { code: 0, flags: 0, delay: 0 };

/** A device record of a list as a scene carries it: macros keep only their recorded events. */
export function listItemToScene(list: AdvancedType, item: unknown): unknown {
  if (list !== 'macro') return item;
  const m = item as { count: number; events: unknown[] };
  return { ...m, events: m.events.slice(0, m.count) };
}

/** A scene's list record as the device stores it: the macro event table padded to its fixed size. */
export function sceneItemToRecord(list: AdvancedType, item: unknown): unknown {
  if (list !== 'macro') return item;
  const m = item as { events: unknown[] };
  return { ...m, events: [...m.events, ...Array.from({ length: MACRO_EVENTS - m.events.length }, () => NO_EVENT)] };
}

/* ---------- performance in a scene ---------- */

export function perfKeyToScene(k: PerfKey, mm: (units: number) => number): ScenePerfKey {
  const sensitivity = (k.flags & PERF_FLAG.sensitivityMask) >> PERF_FLAG.sensitivityShift;
  return {
    switch_type: k.switchType,
    trigger: mm(k.trigger),
    dead: mm(k.dead),
    p_rapid_value: mm(k.rapidPress),
    r_rapid_value: mm(k.rapidRelease),
    use_rapid: (k.flags & PERF_FLAG.useRapid) !== 0,
    use_series_rapid: (k.flags & PERF_FLAG.series) !== 0,
    advance_rapid_mode: (k.flags & PERF_FLAG.advance) !== 0 ? 1 : 0,
    rt_mode: (k.flags & PERF_FLAG.rtMode) !== 0 ? 1 : 0,
    rt_sensitivity_state: sensitivity === 1 || sensitivity === 2 ? sensitivity : 0,
  };
}

export function sceneToPerfKey(k: ScenePerfKey, units: (mm: number) => number): PerfKey {
  const flags =
    (k.use_rapid ? PERF_FLAG.useRapid : 0) |
    (k.rt_mode ? PERF_FLAG.rtMode : 0) |
    (k.rt_sensitivity_state << PERF_FLAG.sensitivityShift) |
    (k.use_series_rapid ? PERF_FLAG.series : 0) |
    (k.advance_rapid_mode ? PERF_FLAG.advance : 0);
  return {
    trigger: units(k.trigger),
    dead: units(k.dead),
    rapidPress: units(k.p_rapid_value),
    rapidRelease: units(k.r_rapid_value),
    flags,
    switchType: k.switch_type,
  };
}

/* ---------- wire bytes of the non-performance objects ---------- */

export function encodeLighting(l: SceneProfile['lighting']): Uint8Array {
  return LightingLayout.encode({ ...l, palette: l.palette.map(hexToRgb) });
}

export function decodeLighting(bytes: Uint8Array): SceneProfile['lighting'] {
  const l = LightingLayout.decode(bytes);
  return {
    lightSwitch: l.lightSwitch ? 1 : 0,
    modeIndex: l.modeIndex,
    colourIndex: l.colourIndex,
    modes: l.modes.map((m) => ({
      ...m,
      direction: m.direction ? 1 : 0,
      random: m.random ? 1 : 0,
      randomByPress: m.randomByPress ? 1 : 0,
    })),
    palette: l.palette.map(rgbToHex),
  };
}

export function encodeColours(colours: readonly string[]): Uint8Array {
  const out = new Uint8Array(colours.length * RgbLayout.size);
  colours.forEach((c, i) => RgbLayout.encodeInto(hexToRgb(c), out, i * RgbLayout.size));
  return out;
}
