/**
 * Payload of the key-mapping area: the key value info (spec-1 §3) that get_key_value_info and set_key_info answer and
 * the get_key_value_info event carries. It gathers the key map, the performance data of spec-2 §3, the key colours
 * and the special-key lists, so a key's tooltip and drawing need no other call.
 */
import type { AdvancedLists } from './advanced.ts';
import type { AmbientPayload, OuterFramePayload } from './lighting.ts';
import type { PerformancePayload } from './performance.ts';

export interface KeyMapInfo {
  path: string;
  /** Number of layers (matrices). */
  kcm_size: number;
  /** The current layer, set by set_key_info --index alone; new bindings of advanced keys go there. */
  kcm_index: number;
  /** Per layer, per key: the key code (docs/keycodes.md). */
  keycodes: number[][];
  /** Per key: '#rrggbb'; empty on a dongle. */
  keycolors: string[];
  /** Selected palette colour and lighting mode. */
  krm_index: number;
  kmm_index: number;
  /** Ambient data as get_key_color_info gives it; null on models without ambient light. */
  keyambient: AmbientPayload | null;
  /** Outer-frame data as get_key_color_info gives it; null on models without outer frame. */
  keyoutframe: OuterFramePayload | null;
  dks_list: AdvancedLists['dks'];
  shortcut_list: AdvancedLists['shortcut'];
  macro_list: AdvancedLists['macro'];
  snaptap_list: AdvancedLists['snaptap'];
  hypertap_list: AdvancedLists['hypertap'];
}

/**
 * Key value info. The performance fields are present on keyboards (dev_type 2) and absent on mice and dongles, which
 * have no per-key performance.
 */
export type KeyValueInfo = KeyMapInfo & Partial<Omit<PerformancePayload, 'path'>>;
