/**
 * The VIA keyboard definition JSON, versions 2 and 3 (the-via/reader's KeyboardDefinitionV2 / V3), as zod schemas.
 * Ids are hex strings ("0x4B54"); the layout is a KLE (keyboard-layout-editor) array whose legends carry
 * "row,col" (top left), the layout option "group,choice" (bottom right) and encoders "e<n>" (centre).
 */
import { z } from 'zod';

/** Sane limits: a definition beyond them is refused before any work is done with it. */
export const DEFINITION_LIMITS = {
  bytes: 1_000_000,
  rows: 32,
  cols: 32,
  keys: 1024,
  kleRows: 256,
  labels: 32,
  menus: 64,
  customKeycodes: 256,
} as const;

const hexId = z.string().regex(/^0x[0-9a-fA-F]{1,4}$/);
const kleProps = z.record(z.string(), z.unknown());
const kleRow = z.array(z.union([z.string(), kleProps])).max(DEFINITION_LIMITS.keys);
const kleLayout = z.array(z.union([kleRow, kleProps])).max(DEFINITION_LIMITS.kleRows);
const label = z.union([z.string().max(200), z.array(z.string().max(200)).min(2).max(32)]);

export const matrixSchema = z.object({
  rows: z.number().int().min(1).max(DEFINITION_LIMITS.rows),
  cols: z.number().int().min(1).max(DEFINITION_LIMITS.cols),
});

const customKeycode = z.object({
  name: z.string().max(100),
  title: z.string().max(200).optional(),
  shortName: z.string().max(40).optional(),
});

const layouts = z.object({
  keymap: kleLayout,
  labels: z.array(label).max(DEFINITION_LIMITS.labels).optional(),
  presets: z.record(z.string(), z.array(z.number())).optional(),
});

/** One menu control: [value name, channel, value id, ...more id bytes]. */
export const menuCommand = z
  .tuple([z.string(), z.number().int().min(0).max(255), z.number().int().min(0).max(255)])
  .rest(z.number().int().min(0).max(255));

export type MenuItem = {
  label?: string;
  type?: string;
  showIf?: string;
  options?: unknown;
  bytes?: number;
  content?: unknown;
};

/** Menus are nested label/content trees; their items are checked where they are used (lighting, custom values). */
const menu: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    label: z.string().max(200).optional(),
    type: z.string().max(40).optional(),
    showIf: z.string().max(500).optional(),
    options: z.unknown().optional(),
    bytes: z.number().int().min(1).max(4).optional(),
    content: z.union([z.array(z.union([menu, z.string(), z.number()])).max(256), z.string()]).optional(),
  }),
);

const lightingV2 = z.union([
  z.string(),
  z.object({
    extends: z.string(),
    effects: z.array(z.tuple([z.string(), z.number()])).optional(),
    underglowEffects: z.array(z.tuple([z.string(), z.number()])).optional(),
  }),
]);

const common = {
  name: z.string().min(1).max(200),
  vendorId: hexId,
  productId: hexId,
  matrix: matrixSchema,
  customKeycodes: z.array(customKeycode).max(DEFINITION_LIMITS.customKeycodes).optional(),
  layouts,
};

export const definitionV2Schema = z.object({
  ...common,
  lighting: lightingV2,
  customMenus: z.array(menu).max(DEFINITION_LIMITS.menus).optional(),
  customFeatures: z.array(z.string()).optional(),
});

export const definitionV3Schema = z.object({
  ...common,
  firmwareVersion: z.number().int().min(0).optional(),
  keycodes: z.array(z.string()).optional(),
  menus: z
    .array(z.union([z.string(), menu]))
    .max(DEFINITION_LIMITS.menus)
    .optional(),
});

export type DefinitionV2 = z.infer<typeof definitionV2Schema>;
export type DefinitionV3 = z.infer<typeof definitionV3Schema>;
export type KleLayout = z.infer<typeof kleLayout>;
