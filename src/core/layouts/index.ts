/** Per-model key layouts and default keymaps. The dongle has no keys and therefore no layout. */
import { findModel, type ModelName } from '../models';
import {
  ansi60,
  ansi65,
  ansi65NoRightCtrl,
  ansi75,
  ansi75Grouped,
  ansi75MacroColumn,
  compact96,
  mouse6,
  numpad21,
} from './boards';
import { fnLayer } from './fn-layer';
import type { Layout } from './types';

export type { Layout, LayoutKey } from './types';
export { fnLayer } from './fn-layer';

type Shape = (name: ModelName) => Layout;

const SHAPES: Partial<Record<ModelName, Shape>> = {
  cyber01: ansi75Grouped,
  made68: ansi65,
  made68pro: ansi65,
  'made68pro+': ansi65,
  made68ultra: ansi65,
  'made68ultra+': ansi65,
  mojo68rt: ansi65,
  made84pro: ansi75,
  made84ultra: ansi75,
  made68air: ansi65,
  lumi68: ansi65,
  real67: ansi65NoRightCtrl,
  magi60: ansi60,
  magipad: numpad21,
  mj65: ansi65NoRightCtrl,
  modern90: ansi75MacroColumn,
  modern97: compact96,
  mojo68: ansi65,
  mojo84: ansi75,
  mojopad: numpad21,
  pixel: ansi65,
  o2: ansi65,
  mouse01: mouse6,
};

const cache = new Map<ModelName, Layout>();

/** The layout of a model by display name in any case, or undefined for the dongle and for unknown names. */
export function layoutFor(modelName: string): Layout | undefined {
  const model = findModel(modelName);
  if (!model) return undefined;
  const cached = cache.get(model.name);
  if (cached) return cached;
  const shape = SHAPES[model.name];
  if (!shape) return undefined;
  const layout = shape(model.name);
  cache.set(model.name, layout);
  return layout;
}

/** Number of layers every model keeps. */
const DEFAULT_LAYER_COUNT = 4;

/**
 * The factory keymap: layer 0 the printed legends, layer 1 the Fn layer, layers 2 and 3 copies of layer 0.
 * A model without keys gets four empty layers. Throws for a name that is not a known model.
 */
export function defaultKeymap(modelName: string): number[][] {
  if (!findModel(modelName)) throw new Error(`Unknown model "${modelName}"`);
  const layout = layoutFor(modelName);
  if (!layout) return Array.from({ length: DEFAULT_LAYER_COUNT }, () => []);
  const base = layout.keys.map((k) => k.code);
  return [base, fnLayer(layout), [...base], [...base]];
}
