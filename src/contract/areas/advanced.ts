/** Advanced-key calls (spec-1 §7): DKS, shortcut, macro, snap-tap and hyper-tap lists, and the macro recording stream. */
import { z } from 'zod';
import type { AdvancedType } from '../../core/capabilities.ts';
import { MACRO_LIMITS, SHORTCUT_HOLD_TIME } from '../../core/advanced-keys.ts';
import { call, int, path } from '../define.ts';
import type { FuncInfoPayload, RecordedKeyEventPayload, RecordingState, SavedItem } from '../payloads/advanced.ts';
import { keyIdsArg } from './keymap.ts';

export type {
  AdvancedLists,
  FuncInfoPayload,
  ItemPlace,
  RecordedKeyEventPayload,
  RecordingState,
  SavedItem,
  ShortcutItemWithOptions,
  SnaptapItemWithMode,
} from '../payloads/advanced.ts';

// Item arguments: the spec's item shapes (spec-1 §3), of which the service reads the fields below. Key entries are
// read by `code` or `key_id`; the service fills in names. Range rules (rows, events, hold time, …) are the core save
// rules, checked by the service with the spec's toast keys, not here.

const code = int(0, 0xffff);
const keyRef = z.object({ key_id: z.number().int() });
const common = { id_num: z.number().int(), name: z.string().default('') };

export const dksItemArg = z.object({
  ...common,
  display: z.array(
    z.object({
      code,
      data: z.array(z.object({ useID: z.number().int(), vis: z.boolean() })).length(4, 'a DKS row has 4 stages'),
    }),
  ),
  /** mm. */
  top_level: z.number(),
  bottom_level: z.number(),
  tick_type: z.union([z.literal(0), z.literal(1)]).default(0),
  tick_min: int(0, 255),
  tick_max: int(0, 255),
});

export const shortcutItemArg = z.object({
  ...common,
  sc_type: z.number().int(),
  display: z.array(z.object({ code })),
  hold_time: z.number().int().default(SHORTCUT_HOLD_TIME.default),
  /** Mod-tap: hold as soon as another key is pressed within the hold time, where features.advanced.modTapHoldOnOtherKey. */
  hold_on_other_key_press: z.boolean().optional(),
});

export const macroItemArg = z.object({
  ...common,
  /** An event without a delay waits the spec's default 30 ms (spec-1 §9); the last event waits 0. */
  display: z.array(
    z.object({ code, is_down: z.boolean(), delay: z.number().int().default(MACRO_LIMITS.defaultDelay) }),
  ),
  delay_type: z.union([z.literal(0), z.literal(1)]).default(0),
  delay_min: z.number().int().default(MACRO_LIMITS.randomMin),
  delay_max: z.number().int().default(MACRO_LIMITS.randomMax),
  repeat_count: z.number().int().default(MACRO_LIMITS.repeatMin),
  trigger_action_type: z.number().int().default(0),
  trigger_delay: z.number().int().default(MACRO_LIMITS.triggerDelay),
});

export const snaptapItemArg = z.object({
  ...common,
  display: z.array(keyRef),
  /** 0 last input wins, 1 first input wins, 2 neutral. */
  mode: int(0, 2).default(0),
  /**
   * The device's own behaviour, an index into features.advanced.snaptapBehaviours, where the device lists them; it
   * takes the place of mode. Left out: mode.
   */
  behaviour: int(0, 15).optional(),
  /** mm past which both keys register whatever the behaviour, null off, where features.advanced.snaptapBottomOut. */
  bottom_out: z.number().nullable().optional(),
});

export const hypertapItemArg = z.object({ ...common, display: z.array(z.union([z.object({ code }), keyRef])) });

/** The item argument of each list, as an add or edit must give it. */
export const ITEM_ARGS = {
  dks: dksItemArg,
  shortcut: shortcutItemArg,
  macro: macroItemArg,
  snaptap: snaptapItemArg,
  hypertap: hypertapItemArg,
} as const satisfies Record<AdvancedType, z.ZodType>;

export type ItemArgs = { [K in AdvancedType]: z.output<(typeof ITEM_ARGS)[K]> };

/**
 * An item argument of set_func_info: the whole item, or for a delete only its slot (`{"id_num": 3}`); anything else
 * the item carries then is left alone. Which of the two an add or edit needs is the service's check.
 */
const itemOrSlot = <T extends z.ZodType>(item: T) =>
  z.union([item, z.looseObject({ id_num: z.number().int() })], {
    error: 'an item is a JSON object with an integer id_num',
  });

export const advancedCalls = {
  getKeyFuncInfo: call<FuncInfoPayload>()(
    'dev_info',
    'get_key_func_info',
    { path },
    {
      doc: 'The advanced-key lists, capacities, free slots and what this firmware offers; emits get_key_func_info.',
      answer: 'FuncInfoPayload',
    },
  ),
  setFuncInfo: call<SavedItem>()(
    'dev_info',
    'set_func_info',
    {
      path,
      /** 0 delete, 1 add, 2 edit. */
      change_type: int(0, 2),
      dks: itemOrSlot(dksItemArg).optional(),
      shortcut: itemOrSlot(shortcutItemArg).optional(),
      macro: itemOrSlot(macroItemArg).optional(),
      snaptap: itemOrSlot(snaptapItemArg).optional(),
      hypertap: itemOrSlot(hypertapItemArg).optional(),
      /** Keys of the current layer a dks, shortcut or macro item goes on when it is added or edited. */
      key_ids: keyIdsArg.optional(),
    },
    {
      doc: 'Adds, edits or deletes one advanced key (and binds or unbinds its keys in the same change); emits get_key_func_info, and get_key_value_info when keys changed.',
      answer: 'SavedItem',
    },
  ),
  devEventStream: call<RecordingState>()(
    'dev_event',
    'stream',
    { path, action: z.enum(['start', 'stop']) },
    {
      doc: 'Starts or stops macro recording: while it runs, every key press and release emits dev_event.',
      answer: 'RecordingState',
    },
  ),
};

/** Events of this area and their payloads. */
export interface AdvancedEvents {
  get_key_func_info: FuncInfoPayload;
  dev_event: RecordedKeyEventPayload;
}
