/**
 * A VIA definition read into what Keytune draws and addresses. Key ids: id = row × cols + col, the index of the key
 * in the keyboard's dynamic keymap (QMK stores layer, row, col at (layer × rows × cols + row × cols + col) × 2), so
 * a layout key, a keymap cell and a switch-matrix bit name the same switch. Keys drawn for one choice of a layout
 * option carry `option: [group, choice]`; an encoder drawn on its own carries `encoder: true` and its encoder index.
 */
import type { DeviceLayout, DeviceLayoutKey } from '../types.ts';
import {
  DEFINITION_LIMITS,
  definitionV2Schema,
  definitionV3Schema,
  type DefinitionV2,
  type DefinitionV3,
} from './definition-schema.ts';
import { KleError, readKle, type KleKey } from './kle.ts';
import { corners } from './layout-choices.ts';
import {
  lightingFromMenus,
  lightingFromV2,
  menuControls,
  type LightingChannelDef,
  type MenuControl,
} from './lighting-menus.ts';
import { menuTree, type ViaMenu } from './menu-tree.ts';

/** Why a definition is refused: an i18n id of the via section and its arguments. */
export class ViaDefinitionError extends Error {
  constructor(
    readonly id: string,
    readonly args: (string | number)[] = [],
  ) {
    super(`${id}${args.length ? ` (${args.join(', ')})` : ''}`);
    this.name = 'ViaDefinitionError';
  }
}

export interface ViaDefinition {
  version: 2 | 3;
  name: string;
  vendorId: number;
  productId: number;
  matrix: { rows: number; cols: number };
  layout: DeviceLayout;
  /** Choices of each layout option, in the order their bits are packed (the first in the highest bits). */
  optionChoices: number[];
  customKeycodes: { name: string; title?: string; shortName?: string }[];
  lighting: LightingChannelDef[];
  controls: MenuControl[];
  /** The definition's own menus with their sections, as drawn (built-in lighting menus are in `lighting`). */
  menus: ViaMenu[];
}

export function parseViaDefinition(text: string): ViaDefinition {
  if (text.length > DEFINITION_LIMITS.bytes) throw new ViaDefinitionError('via.definition.tooLarge');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ViaDefinitionError('via.definition.notJson');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new ViaDefinitionError('via.definition.notJson');
  const isV2 = 'lighting' in json;
  const parsed = (isV2 ? definitionV2Schema : definitionV3Schema).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ViaDefinitionError('via.definition.invalid', [issue ? `${issue.path.join('.')}: ${issue.message}` : '']);
  }
  return build(parsed.data, isV2 ? 2 : 3);
}

function build(def: DefinitionV2 | DefinitionV3, version: 2 | 3): ViaDefinition {
  const { rows, cols } = def.matrix;
  let keys: KleKey[];
  try {
    keys = readKle(def.layouts.keymap, DEFINITION_LIMITS.keys);
  } catch (e) {
    if (e instanceof KleError && e.kind === 'too-many')
      throw new ViaDefinitionError('via.definition.tooManyKeys', [DEFINITION_LIMITS.keys]);
    if (e instanceof KleError) throw new ViaDefinitionError('via.definition.badLegend', [e.text]);
    throw e;
  }
  if (keys.length === 0) throw new ViaDefinitionError('via.definition.noKeys');
  for (const k of keys)
    if (k.row >= rows || k.col >= cols)
      throw new ViaDefinitionError('via.definition.outsideMatrix', [`${k.row},${k.col}`, rows, cols]);
  const labels = def.layouts.labels ?? [];
  for (const k of keys)
    if (k.option && k.option[0] >= labels.length && labels.length > 0)
      throw new ViaDefinitionError('via.definition.badOption', [k.option.join(',')]);
  const lighting =
    version === 2
      ? lightingFromV2((def as DefinitionV2).lighting)
      : lightingFromMenus((def as DefinitionV3).menus ?? []);
  const menus = version === 2 ? ((def as DefinitionV2).customMenus ?? []) : ((def as DefinitionV3).menus ?? []);
  return {
    version,
    name: def.name,
    vendorId: Number.parseInt(def.vendorId, 16),
    productId: Number.parseInt(def.productId, 16),
    matrix: { rows, cols },
    layout: {
      ...layoutOf(keys, cols),
      options: labels.map((l) =>
        typeof l === 'string' ? { label: l, choices: [] } : { label: l[0]!, choices: l.slice(1) },
      ),
    },
    optionChoices: labels.map((l) => (typeof l === 'string' ? 2 : l.length - 1)),
    customKeycodes: def.customKeycodes ?? [],
    lighting,
    controls: menuControls(menus.filter((m) => typeof m !== 'string')),
    menus: menuTree(menus),
  };
}

/** Top-left-most key of a set (the anchor a layout option's choices are lined up on). */
function pivot(keys: KleKey[]): KleKey {
  return [...keys].sort((a, b) => a.y - b.y || a.x - b.x)[0]!;
}

function layoutOf(keys: KleKey[], cols: number): Omit<DeviceLayout, 'options'> {
  // A choice other than the first is drawn where the first one is: line its top-left key up on the first's.
  const groups = new Map<number, Map<number, KleKey[]>>();
  for (const k of keys) {
    if (!k.option) continue;
    const [g, c] = k.option;
    const choices = groups.get(g) ?? new Map<number, KleKey[]>();
    choices.set(c, [...(choices.get(c) ?? []), k]);
    groups.set(g, choices);
  }
  const placed = keys.map((k) => {
    if (!k.option || k.option[1] === 0) return k;
    const choices = groups.get(k.option[0])!;
    const first = choices.get(0);
    if (!first) return k;
    const a = pivot(first);
    const b = pivot(choices.get(k.option[1])!);
    return { ...k, x: k.x - (b.x - a.x), y: k.y - (b.y - a.y), rx: k.rx - (b.x - a.x), ry: k.ry - (b.y - a.y) };
  });
  const drawn = placed.filter((k) => !k.option || k.option[1] === 0).flatMap(corners);
  const minX = Math.min(...drawn.map((p) => p.x));
  const minY = Math.min(...drawn.map((p) => p.y));
  const width = Math.max(...drawn.map((p) => p.x)) - minX;
  const height = Math.max(...drawn.map((p) => p.y)) - minY;
  const out: DeviceLayoutKey[] = [];
  for (const k of placed) {
    const base: DeviceLayoutKey = { id: 0, x: round(k.x - minX), y: round(k.y - minY), w: k.w, h: k.h };
    if (k.r) Object.assign(base, { r: k.r, rx: round(k.rx - minX), ry: round(k.ry - minY) });
    if (k.option) base.option = [k.option[0], k.option[1]];
    if (k.row >= 0) out.push({ ...base, id: k.row * cols + k.col });
    if (k.encoder !== undefined) out.push({ ...base, id: k.encoder, encoder: true });
  }
  return { keys: out, width: round(width), height: round(height) };
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** Packs layout option choices into the keyboard's number (the first option in the highest bits, as VIA does). */
export function packLayoutOptions(choices: readonly number[], counts: readonly number[]): number {
  let value = 0;
  counts.forEach((count, i) => {
    value = (value * 2 ** bitsFor(count) + ((choices[i] ?? 0) & ((1 << bitsFor(count)) - 1))) >>> 0;
  });
  return value >>> 0;
}

export function unpackLayoutOptions(value: number, counts: readonly number[]): number[] {
  const out: number[] = [];
  let rest = value >>> 0;
  for (let i = counts.length - 1; i >= 0; i--) {
    const bits = bitsFor(counts[i]!);
    out[i] = rest & ((1 << bits) - 1);
    rest = Math.floor(rest / 2 ** bits);
  }
  return out;
}

function bitsFor(count: number): number {
  return Math.max(1, Math.ceil(Math.log2(Math.max(2, count))));
}
