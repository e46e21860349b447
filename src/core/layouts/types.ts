import type { ModelName } from '../models';

/** One key of a drawing, in key units (1 = the width of a letter key). */
export interface LayoutKey {
  /** Index of the key in every per-key list the device keeps (keymaps, colours, performance). */
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** Default layer-0 key code. */
  readonly code: number;
}

export interface Layout {
  /** Lower-case display name of the model. */
  readonly name: ModelName;
  readonly keys: readonly LayoutKey[];
  /** Bounding box of all keys, in key units. */
  readonly width: number;
  readonly height: number;
}
