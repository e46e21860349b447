/**
 * Payloads of the advanced-key area (spec-1 §3): the function info of get_key_func_info, the lists both it and
 * get_key_value_info carry, the answer of set_func_info, and the key events of the macro recording stream.
 */
import type {
  AdvancedTypeId,
  DksItem,
  HypertapItem,
  KeyDescriptor,
  MacroItem,
  ShortcutItem,
  ShortcutTypeId,
  SnaptapItem,
} from '../../core/advanced-keys.ts';

/**
 * Where an item sits on the keyboard, for families whose items name their own key (libhmk: every advanced key holds
 * its layer and key); Bind moves such an item instead of putting a code on the key.
 */
export interface ItemPlace {
  layer?: number;
  key_id?: number;
}

/**
 * Snap-tap item with the wire's resolution mode (0 last input wins, 1 first input wins, 2 neutral); where the device
 * lists its own behaviours (features.advanced.snaptapBehaviours), `behaviour` is its index there, and `bottom_out` the
 * depth in mm past which both keys register (null: off).
 */
export type SnaptapItemWithMode = SnaptapItem &
  ItemPlace & { mode: number; behaviour?: number; bottom_out?: number | null };

/** Shortcut item; a mod-tap may say whether another key pressed within its hold time makes it hold. */
export type ShortcutItemWithOptions = ShortcutItem & ItemPlace & { hold_on_other_key_press?: boolean };

/** The five special-key lists, in the shape of spec-1 §3. */
export interface AdvancedLists {
  dks: (DksItem & ItemPlace)[];
  shortcut: ShortcutItemWithOptions[];
  macro: MacroItem[];
  snaptap: SnaptapItemWithMode[];
  hypertap: HypertapItem[];
}

/** Function info (spec-1 §3): lists, capacities, free slots, DKS limits and what this firmware offers. */
export interface FuncInfoPayload {
  path: string;
  dks_list: (DksItem & ItemPlace)[];
  shortcut_list: ShortcutItemWithOptions[];
  macro_list: MacroItem[];
  snaptap_list: SnaptapItemWithMode[];
  hypertap_list: HypertapItem[];
  dks_size: number;
  shortcut_size: number;
  macro_size: number;
  snaptap_size: number;
  hypertap_size: number;
  dks_unuse_id: number[];
  shortcut_unuse_id: number[];
  macro_unuse_id: number[];
  snaptap_unuse_id: number[];
  hypertap_unuse_id: number[];
  /** Deepest DKS level in mm. */
  dks_max_trigger: number;
  /** DKS rows this firmware honours, 4 or 8. */
  dks_slot_count: number;
  macro_max_events: number;
  advanced_enabled: boolean;
  advanced_types: AdvancedTypeId[];
  shortcut_types: ShortcutTypeId[];
  macro_trigger_types: number[];
  hypertap_second_entry: 'key-id' | 'key-descriptor';
}

/** Answer of set_func_info: the slot the item was saved in (or freed). */
export interface SavedItem {
  id_num: number;
}

/** One key press or release while a macro is recorded (event dev_event). */
export interface RecordedKeyEventPayload extends KeyDescriptor {
  path: string;
  ev_type: 'keydown' | 'keyup';
  key_id: number;
  /** Milliseconds since the previous event of this recording; 0 for the first. */
  delay: number;
  is_down: boolean;
}

/** Answer of dev_event stream. */
export interface RecordingState {
  path: string;
  action: 'start' | 'stop';
  recording: boolean;
}
