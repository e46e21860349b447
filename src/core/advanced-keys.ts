/**
 * Advanced-key items in the shape of spec-1 §3 (the JSON carried by set_func_info and get_key_func_info), their
 * constants, and the pure editing steps the DKS and macro editors need. Validation on save lives in rules/.
 */
import { KC_NONE } from './keycode-space.ts';

/**
 * The five kinds of advanced key: their names (the lists, objects and call arguments of each kind carry them) and
 * their type numbers (the `type` of an item). Every list of the kinds in the product derives from this one.
 */
export const ADVANCED_TYPE = { dks: 0, shortcut: 1, macro: 2, snaptap: 3, hypertap: 4 } as const;
export type AdvancedType = keyof typeof ADVANCED_TYPE;
export type AdvancedTypeId = (typeof ADVANCED_TYPE)[AdvancedType];
/** The names in type-number order: ADVANCED_TYPE_NAMES[id] names type `id`. */
export const ADVANCED_TYPE_NAMES: readonly AdvancedType[] = (Object.keys(ADVANCED_TYPE) as AdvancedType[]).sort(
  (a, b) => ADVANCED_TYPE[a] - ADVANCED_TYPE[b],
);

/** Card badge letters (spec-1 §2). Hyper-tap's badge is T although its binding keyword letter is H. */
export const BADGE_LETTERS = { dks: 'D', shortcut: 'A', macro: 'M', snaptap: 'S', hypertap: 'T' } as const;

/** The type's name, or undefined for a number that names no type (a call may carry anything). */
export function advancedTypeName(type: number): AdvancedType | undefined {
  return ADVANCED_TYPE_NAMES[type];
}

/** set_func_info --change_type. */
export const CHANGE_TYPE = { delete: 0, add: 1, edit: 2 } as const;
/** id_num of an item that has not been saved yet. */
export const NEW_ITEM_ID = -1;

/** Saving an item with an id below 0 adds it; any other id edits it (spec-1 §4). */
export function saveChangeType(idNum: number): 1 | 2 {
  return idNum < 0 ? CHANGE_TYPE.add : CHANGE_TYPE.edit;
}

/** DKS, shortcut and macro are bound to keys; snap-tap and hyper-tap carry their keys inside. */
export function needsKeyBinding(type: AdvancedTypeId): boolean {
  return type === ADVANCED_TYPE.dks || type === ADVANCED_TYPE.shortcut || type === ADVANCED_TYPE.macro;
}

/** Snap-tap and hyper-tap cards have no rename entry. */
export function canRename(type: AdvancedTypeId): boolean {
  return needsKeyBinding(type);
}

// ---------------------------------------------------------------------------------------------- item shapes

/** A physical key reference: key_id is the key's index on the board, -1 while none is chosen. */
export interface DisplayEntry {
  name: string;
  alias: string;
  key_id: number;
}

/** A key code as the key-code picker hands it over. */
export interface KeyDescriptor {
  keywords: string;
  name: string;
  alias: string;
  image: string;
  code: number;
  type: number;
  stype: number;
  sys_code: number;
}

interface ItemBase<T extends AdvancedTypeId> {
  id_num: number;
  name: string;
  context: string;
  type: T;
  vis: boolean;
}

/** One of the four travel stages of a DKS row. useID: how many following stages the action spans (0-3). */
export interface DksStage {
  useID: number;
  vis: boolean;
}
export type DksStages = [DksStage, DksStage, DksStage, DksStage];

export interface DksRow extends KeyDescriptor {
  data: DksStages;
}

export interface DksItem extends ItemBase<0> {
  display: DksRow[];
  /** mm, one decimal. */
  top_level: number;
  bottom_level: number;
  /** 0 static, 1 dynamic. */
  tick_type: 0 | 1;
  tick_min: number;
  tick_max: number;
}

export const SHORTCUT_TYPE = { replace: 0, action: 1, lock: 2, modTap: 4, toggle: 5 } as const;
export type ShortcutTypeId = (typeof SHORTCUT_TYPE)[keyof typeof SHORTCUT_TYPE];

export interface ShortcutItem extends ItemBase<1> {
  sc_type: ShortcutTypeId;
  display: KeyDescriptor[];
  /** ms; used by mod-tap only. */
  hold_time: number;
}

export interface MacroEvent extends KeyDescriptor {
  key_id: number;
  /** ms to wait after this event before the next one; the last event's delay is 0. */
  delay: number;
  is_down: boolean;
}

export interface MacroItem extends ItemBase<2> {
  display: MacroEvent[];
  family_max_id: number;
  /** 0 fixed delays as recorded, 1 random delay between delay_min and delay_max. */
  delay_type: 0 | 1;
  delay_min: number;
  delay_max: number;
  repeat_count: number;
  count: number;
  /** 0-4; 3 and 4 only on firmware level 1 and above. */
  trigger_action_type: number;
  trigger_delay: number;
}

export interface SnaptapItem extends ItemBase<3> {
  display: DisplayEntry[];
}

/** Second hyper-tap entry: a key id, or on older firmware a key descriptor. */
export type HypertapEntry = DisplayEntry | KeyDescriptor;

export interface HypertapItem extends ItemBase<4> {
  display: HypertapEntry[];
}

export type AdvancedItem = DksItem | ShortcutItem | MacroItem | SnaptapItem | HypertapItem;

export function isKeyDescriptor(entry: HypertapEntry): entry is KeyDescriptor {
  return 'code' in entry;
}

// ---------------------------------------------------------------------------------------------- constants

export const DKS_DEFAULTS = {
  topLevel: 0.5,
  /** bottom_level defaults to the maximum travel minus this. */
  bottomBelowMax: 0.4,
  tickMin: 3,
  tickMax: 5,
  maxTrigger: 3.6,
  baseRows: 4,
  stagesPerRow: 4,
  /** Longest span a dragged stage can reach (useID). */
  maxSpan: 3,
} as const;

export const MACRO_LIMITS = {
  maxEvents: 80,
  defaultDelay: 30,
  randomMin: 30,
  randomMax: 35,
  repeatMin: 1,
  repeatMax: 1000,
  triggerDelay: 0,
  triggerActionTypes: 5,
  /** Largest per-event delay in ms; our choice, so a delay fits 16 bits. */
  maxDelay: 65535,
} as const;

export const SHORTCUT_HOLD_TIME = { min: 10, max: 1000, step: 1, default: 200 } as const;

/** Most keys per shortcut type. Action's limit is our choice: one action key. */
export const SHORTCUT_KEY_LIMIT: Readonly<Record<ShortcutTypeId, number>> = { 0: 6, 1: 1, 2: 6, 4: 2, 5: 1 };

const SUMMARY_LIMIT = 3;
export const ELLIPSIS = '…';

// ---------------------------------------------------------------------------------------------- DKS editing

const round1 = (n: number): number => Math.round(n * 10) / 10;

export function emptyDksRow(): DksRow {
  return {
    keywords: '',
    name: '',
    alias: '',
    image: '',
    code: KC_NONE,
    type: 0,
    stype: 0,
    sys_code: 0,
    data: [0, 1, 2, 3].map(() => ({ useID: 0, vis: false })) as DksStages,
  };
}

export function newDksItem(maxTrigger: number = DKS_DEFAULTS.maxTrigger): DksItem {
  return {
    id_num: NEW_ITEM_ID,
    name: '',
    context: '',
    type: ADVANCED_TYPE.dks,
    vis: true,
    display: Array.from({ length: DKS_DEFAULTS.baseRows }, emptyDksRow),
    top_level: DKS_DEFAULTS.topLevel,
    bottom_level: round1(maxTrigger - DKS_DEFAULTS.bottomBelowMax),
    tick_type: 0,
    tick_min: DKS_DEFAULTS.tickMin,
    tick_max: DKS_DEFAULTS.tickMax,
  };
}

export function dksRowHasKey(row: DksRow): boolean {
  return row.code !== KC_NONE;
}

export function dksRowHasMarks(row: DksRow): boolean {
  return row.data.some((s) => s.vis);
}

/** The add-row button shows only while the row count is below the model's slot count. */
export function canAddDksRow(item: DksItem, slotCount: number): boolean {
  return item.display.length < slotCount;
}

export function addDksRow(item: DksItem, slotCount: number): DksItem {
  return canAddDksRow(item, slotCount) ? { ...item, display: [...item.display, emptyDksRow()] } : item;
}

function withStage(row: DksRow, index: number, stage: DksStage): DksRow {
  const data = row.data.map((s, i) => (i === index ? stage : s)) as DksStages;
  return { ...row, data };
}

/** Marks or unmarks a stage; unmarking also resets its span to 0 (spec-1 §4). */
export function setDksStageVisible(row: DksRow, index: number, vis: boolean): DksRow {
  const stage = row.data[index];
  if (!stage) return row;
  return withStage(row, index, { useID: vis ? stage.useID : 0, vis });
}

/**
 * Drags a marked stage's bar to span `span` following stages (0-3). A later marked stage blocks the bar, so the span
 * stops just before it; the bar also stops at the last stage. An unmarked stage has no bar and is left alone.
 */
export function dragDksStage(row: DksRow, index: number, span: number): DksRow {
  const stage = row.data[index];
  if (!stage?.vis || !Number.isFinite(span)) return row;
  const wanted = Math.max(0, Math.min(Math.round(span), DKS_DEFAULTS.maxSpan, row.data.length - 1 - index));
  let allowed = 0;
  while (allowed < wanted && !row.data[index + allowed + 1]?.vis) allowed++;
  return allowed === stage.useID ? row : withStage(row, index, { ...stage, useID: allowed });
}

// ---------------------------------------------------------------------------------------------- macro editing

/** A key event from the recording stream (dev_event); delay is the time since the previous event. */
export interface RecordedKeyEvent extends KeyDescriptor {
  is_down: boolean;
  delay?: number;
  key_id?: number;
}

/** Only the descriptor fields, so stream-only fields (ev_type) never reach the device. */
export function descriptorOf(k: KeyDescriptor): KeyDescriptor {
  const { keywords, name, alias, image, code, type, stype, sys_code } = k;
  return { keywords, name, alias, image, code, type, stype, sys_code };
}

const sameKey = (a: KeyDescriptor, b: KeyDescriptor): boolean => a.code === b.code && a.type === b.type;

/** Keys pressed in the list and not yet released (their press events). */
function heldKeys(events: readonly MacroEvent[]): MacroEvent[] {
  const held: MacroEvent[] = [];
  for (const ev of events) {
    const at = held.findIndex((h) => sameKey(h, ev));
    if (ev.is_down && at < 0) held.push(ev);
    else if (!ev.is_down && at >= 0) held.splice(at, 1);
  }
  return held;
}

/** The last event waits 0 ms: nothing follows it. */
export function withLastDelayZero(events: readonly MacroEvent[]): MacroEvent[] {
  return events.map((ev, i) => (i === events.length - 1 && ev.delay !== 0 ? { ...ev, delay: 0 } : ev));
}

function positiveDelay(value: unknown): number | undefined {
  const n = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : Number(value);
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return Math.min(Math.round(n), MACRO_LIMITS.maxDelay) || undefined;
}

/**
 * Appends a recorded event. The event's delay becomes the previous event's delay (zero or missing becomes 30 ms).
 * A press is taken only while the list keeps room for it and for the releases of every held key, so the 80-event
 * limit never leaves a key pressed forever; a repeated press of a held key (auto-repeat) and a release of a key
 * pressed before recording started are dropped.
 */
export function appendRecordedEvent(
  events: readonly MacroEvent[],
  rec: RecordedKeyEvent,
): { events: MacroEvent[]; accepted: boolean } {
  const held = heldKeys(events);
  const isHeld = held.some((h) => sameKey(h, rec));
  const room = MACRO_LIMITS.maxEvents - events.length;
  const accepted = rec.is_down ? !isHeld && room >= held.length + 2 : isHeld && room >= 1;
  if (!accepted) return { events: [...events], accepted: false };

  const previousDelay = positiveDelay(rec.delay) ?? MACRO_LIMITS.defaultDelay;
  const out = events.map((ev, i) => (i === events.length - 1 ? { ...ev, delay: previousDelay } : ev));
  out.push({ ...descriptorOf(rec), key_id: rec.key_id ?? -1, is_down: rec.is_down, delay: 0 });
  return { events: out, accepted: true };
}

/** Removes the event at `index` together with its partner (a press's release, or a release's press). */
export function removeMacroKey(events: readonly MacroEvent[], index: number): MacroEvent[] {
  const ev = events[index];
  if (!ev) return [...events];
  let partner = -1;
  if (ev.is_down) {
    partner = events.findIndex((e, i) => i > index && !e.is_down && sameKey(e, ev));
  } else {
    for (let i = index - 1; i >= 0 && partner < 0; i--) {
      const e = events[i];
      if (e && e.is_down && sameKey(e, ev)) partner = i;
    }
  }
  return withLastDelayZero(events.filter((_, i) => i !== index && i !== partner));
}

/** A manual per-event delay edit; empty, zero or unreadable input is ignored (spec-1 §5). */
export function setMacroEventDelay(events: readonly MacroEvent[], index: number, input: string | number): MacroEvent[] {
  const delay = positiveDelay(input);
  if (delay === undefined || !events[index]) return [...events];
  return withLastDelayZero(events.map((ev, i) => (i === index ? { ...ev, delay } : ev)));
}

/** Applies one delay between all events; the caller disables the button for empty input (rules/macro.ts). */
export function applyUniformDelay(events: readonly MacroEvent[], input: string | number): MacroEvent[] {
  const delay = positiveDelay(input);
  if (delay === undefined) return [...events];
  return withLastDelayZero(events.map((ev) => ({ ...ev, delay })));
}

// ---------------------------------------------------------------------------------------------- summaries

/** At most three entries, then an ellipsis entry when more exist. */
export function summarizeEntries(names: readonly string[], limit: number = SUMMARY_LIMIT): string[] {
  return names.length > limit ? [...names.slice(0, limit), ELLIPSIS] : [...names];
}

/** The key names a card title summarises: pressed keys for a macro, chosen keys for every other type. */
function itemKeyNames(item: AdvancedItem): string[] {
  switch (item.type) {
    case ADVANCED_TYPE.dks:
      return item.display.filter(dksRowHasKey).map((r) => r.name);
    case ADVANCED_TYPE.macro:
      return item.display.filter((e) => e.is_down).map((e) => e.name);
    case ADVANCED_TYPE.shortcut:
      return item.display.map((k) => k.name);
    case ADVANCED_TYPE.snaptap:
    case ADVANCED_TYPE.hypertap:
      return item.display.filter((e) => isKeyDescriptor(e) || e.key_id >= 0).map((e) => e.name);
  }
}

export function itemSummary(item: AdvancedItem): string[] {
  return summarizeEntries(itemKeyNames(item));
}
