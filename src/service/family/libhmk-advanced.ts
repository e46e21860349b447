/**
 * libhmk's advanced keys in the spec's shapes (spec-1 §3), through the driver's `advanced` port. Every kind shares the
 * keyboard's slots, so a slot number is the item's id_num in whichever list its kind maps to:
 * dynamic keystroke -> DKS item (four codes, the four phases as the rows' stages), null bind -> snap-tap item (mode:
 * the behaviour's index last / primary / secondary / neutral / distance, also as `behaviour`, which a caller may give
 * instead; `bottom_out` its bottom-out point), tap-hold -> shortcut mod-tap (tap, hold; hold_time is the tapping term,
 * `hold_on_other_key_press`), toggle -> shortcut toggle (hold_time its tapping term). Every item says where it sits
 * (`layer`, `key_id`); an edit with one key selected moves it there (Bind). A slot sits on one key of one layer, so an added DKS or
 * shortcut goes on the one key selected, on the current layer. Key codes are libhmk codes.
 */
import type { advancedCalls } from '../../contract/areas/advanced.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import type { ParsedArgs } from '../../contract/contract.ts';
import type { AdvancedLists, FuncInfoPayload, SavedItem } from '../../contract/payloads/advanced.ts';
import {
  ADVANCED_TYPE,
  CHANGE_TYPE,
  DKS_DEFAULTS,
  SHORTCUT_TYPE,
  type DisplayEntry,
  type DksItem,
  type DksStages,
  type KeyDescriptor,
  type ShortcutItem,
} from '../../core/advanced-keys.ts';
import { spaceOf } from '../../core/keycode-spaces/index.ts';
import {
  DKS_PHASES,
  NULL_BIND_BEHAVIOURS,
  TAPPING_TERM_MS,
  type DksAction,
  type LibhmkAdvancedKey,
  type Quad,
} from '../../drivers/libhmk/advanced-codec.ts';
import { distanceToMm, MIN_DISTANCE, TRAVEL_MM } from '../../drivers/libhmk/distance.ts';
import type { LibhmkAdvancedPort } from '../../drivers/libhmk/port-advanced.ts';
import { LIBHMK_ADVANCED } from '../../drivers/libhmk/extensions.ts';
import type { CallContext, DriverDevice, Handlers } from '../context.ts';
import type { DeviceService } from '../service.ts';
import { registerAdvancedMapping } from './advanced.ts';
import { currentLayer, currentProfile, driverDevice } from './device.ts';
import { FAMILY_KEYS } from './keys.ts';

type Kind = Exclude<LibhmkAdvancedKey['kind'], 'none'>;
type Slot<K extends Kind> = Extract<LibhmkAdvancedKey, { kind: K }>;
type ListName = 'dks' | 'shortcut' | 'snaptap';

/** Which spec list each libhmk kind is listed in. */
const LIST_OF: Record<Kind, ListName> = { dks: 'dks', tapHold: 'shortcut', toggle: 'shortcut', nullBind: 'snaptap' };
const PHASES = DKS_PHASES.length;

/** A refusal a person reads (src/i18n/sections/libhmk.ts), with the technical reason for logs and the CLI. */
const refuse = (key: string, message: string, ...args: (string | number)[]) =>
  new BridgeCallError(`libhmk.adv.err.${key}`, message, args.map(String));

function advancedPort(device: DriverDevice): LibhmkAdvancedPort {
  const port = device.driver.extension(LIBHMK_ADVANCED);
  if (!port)
    throw new BridgeCallError(FAMILY_KEYS.notOffered, `${device.record.display_name} has no libhmk advanced keys`);
  return port;
}

// ------------------------------------------------------------------------------------------------ reading

function descriptor(code: number): KeyDescriptor {
  const { name, alias } = spaceOf('libhmk').describe(code);
  return { keywords: '', name, alias, image: '', code, type: 0, stype: 0, sys_code: 0 };
}

function physicalKey(device: DriverDevice, keyId: number): DisplayEntry {
  const printed = device.driver.layout?.keys.find((k) => k.id === keyId)?.code;
  const named = printed === undefined ? undefined : spaceOf('libhmk').describe(printed);
  return { name: named?.name ?? `#${keyId}`, alias: named?.alias ?? `#${keyId}`, key_id: keyId };
}

/**
 * One code's four phase actions as the spec's stages: a tap is a mark without a span; a press is a mark whose bar
 * spans the phases until the next action of that code (a release ends it there, another press or tap just after it).
 */
export function stagesOf(actions: Quad<DksAction>): DksStages {
  const stages = actions.map(() => ({ useID: 0, vis: false })) as DksStages;
  actions.forEach((action, i) => {
    if (action === 'tap') stages[i] = { useID: 0, vis: true };
    if (action !== 'press') return;
    let end = i + 1;
    while (end < PHASES && actions[end] === 'hold') end++;
    stages[i] = { useID: Math.min(end - 1 - i, DKS_DEFAULTS.maxSpan), vis: true };
  });
  return stages;
}

/** The inverse of stagesOf: a bar presses at its start and releases in the phase after it, unless that one is marked. */
export function actionsOf(stages: DksStages): Quad<DksAction> {
  const actions: Quad<DksAction> = ['hold', 'hold', 'hold', 'hold'];
  stages.forEach((stage, i) => {
    if (!stage.vis) return;
    if (stage.useID === 0) {
      actions[i] = 'tap';
      return;
    }
    actions[i] = 'press';
    const after = i + stage.useID + 1;
    if (after < PHASES && !stages[after]!.vis) actions[after] = 'release';
  });
  return actions;
}

type Extra = { layer: number; key_id: number };

function itemOf(device: DriverDevice, slot: number, key: LibhmkAdvancedKey, actuationMm: number[]) {
  const base = { id_num: slot, name: '', context: '', vis: true };
  if (key.kind === 'none') return undefined;
  const at: Extra = { layer: key.layer, key_id: key.keyId };
  switch (key.kind) {
    case 'dks':
      return {
        ...base,
        ...at,
        type: ADVANCED_TYPE.dks,
        display: key.codes.map((code, i) => ({ ...descriptor(code), data: stagesOf(key.actions[i]!) })),
        top_level: actuationMm[key.keyId] ?? 0,
        bottom_level: key.bottomOutMm,
        tick_type: 0,
        tick_min: DKS_DEFAULTS.tickMin,
        tick_max: DKS_DEFAULTS.tickMax,
      } satisfies DksItem & Extra;
    case 'tapHold':
    case 'toggle':
      return {
        ...base,
        ...at,
        type: ADVANCED_TYPE.shortcut,
        sc_type: key.kind === 'tapHold' ? SHORTCUT_TYPE.modTap : SHORTCUT_TYPE.toggle,
        display: (key.kind === 'tapHold' ? [key.tapCode, key.holdCode] : [key.code]).map(descriptor),
        hold_time: key.tappingTermMs,
        ...(key.kind === 'tapHold' ? { hold_on_other_key_press: key.holdOnOtherKeyPress } : {}),
      } satisfies ShortcutItem & Extra;
    case 'nullBind':
      return {
        ...base,
        ...at,
        type: ADVANCED_TYPE.snaptap,
        display: [physicalKey(device, key.keyId), physicalKey(device, key.secondaryKeyId)],
        mode: NULL_BIND_BEHAVIOURS.indexOf(key.behaviour),
        behaviour: NULL_BIND_BEHAVIOURS.indexOf(key.behaviour),
        bottom_out: key.bottomOutMm,
      };
  }
}

async function readSlots(device: DriverDevice) {
  const profile = await currentProfile(device);
  const slots = await advancedPort(device).read(profile);
  const usesDks = slots.some((s) => s.kind === 'dks');
  const actuation = usesDks ? ((await device.driver.ports.performance?.read(profile)) ?? []) : [];
  return { profile, slots, actuationMm: actuation.map((a) => a.actuationMm) };
}

export async function libhmkAdvancedLists(device: DriverDevice): Promise<AdvancedLists> {
  const { slots, actuationMm } = await readSlots(device);
  const lists: AdvancedLists = { dks: [], shortcut: [], macro: [], snaptap: [], hypertap: [] };
  slots.forEach((key, slot) => {
    const item = itemOf(device, slot, key, actuationMm);
    if (!item) return;
    if (item.type === ADVANCED_TYPE.dks) lists.dks.push(item);
    else if (item.type === ADVANCED_TYPE.shortcut) lists.shortcut.push(item);
    else lists.snaptap.push(item);
  });
  return lists;
}

export async function libhmkFuncInfo(device: DriverDevice): Promise<FuncInfoPayload> {
  const port = advancedPort(device);
  const lists = await libhmkAdvancedLists(device);
  const size = port.slots();
  const taken = new Set([...lists.dks, ...lists.shortcut, ...lists.snaptap].map((i) => i.id_num));
  const free = Array.from({ length: size }, (_, i) => i).filter((i) => !taken.has(i));
  return {
    path: device.path,
    dks_list: lists.dks,
    shortcut_list: lists.shortcut,
    macro_list: [],
    snaptap_list: lists.snaptap,
    hypertap_list: [],
    dks_size: size,
    shortcut_size: size,
    macro_size: 0,
    snaptap_size: size,
    hypertap_size: 0,
    dks_unuse_id: free,
    shortcut_unuse_id: free,
    macro_unuse_id: [],
    snaptap_unuse_id: free,
    hypertap_unuse_id: [],
    dks_max_trigger: TRAVEL_MM,
    dks_slot_count: PHASES,
    macro_max_events: 0,
    advanced_enabled: size > 0,
    advanced_types: [ADVANCED_TYPE.dks, ADVANCED_TYPE.shortcut, ADVANCED_TYPE.snaptap],
    shortcut_types: [SHORTCUT_TYPE.modTap, SHORTCUT_TYPE.toggle],
    macro_trigger_types: [],
    hypertap_second_entry: 'key-id',
  };
}

// ------------------------------------------------------------------------------------------------ writing

type SetArgs = ParsedArgs<'setFuncInfo'>;

function libhmkCode(code: number): number {
  if (!Number.isInteger(code) || code < 0 || code > 0xff)
    throw refuse('code', `key code ${code} is not a libhmk key code (0-255)`, code);
  return code;
}

function tappingTerm(ms: number): number {
  if (!Number.isInteger(ms) || ms < TAPPING_TERM_MS.min || ms > TAPPING_TERM_MS.max)
    throw refuse('term', `tapping term ${ms} ms is outside 10-1000 ms`, ms);
  return ms;
}

/** A bottom-out point (DKS, null bind) the keyboard can hold, in mm. */
function bottomOutPoint(mm: number): number {
  const lowest = distanceToMm(MIN_DISTANCE);
  if (!Number.isFinite(mm) || mm < lowest || mm > TRAVEL_MM)
    throw refuse('bottom', `bottom-out point ${mm} mm is outside ${lowest}-${TRAVEL_MM} mm`, mm);
  return mm;
}

function keyOf(device: DriverDevice, id: number | undefined): number {
  const count = device.driver.features.keyCount;
  if (id === undefined || !Number.isInteger(id) || id < 0 || id >= count)
    throw refuse('keys', `key ${String(id)} is not a key of this keyboard`);
  return id;
}

/** Where a DKS or shortcut goes: the one key selected on the current layer, else where the slot already sits. */
function placeOf(device: DriverDevice, args: SetArgs, old: LibhmkAdvancedKey | undefined) {
  const ids = args.key_ids ? [...new Set(args.key_ids)] : [];
  if (ids.length > 1) throw refuse('oneKey', `libhmk puts an advanced key on one key; ${ids.length} were selected`);
  if (ids.length === 1) return { layer: currentLayer(device), keyId: keyOf(device, ids[0]) };
  if (old && old.kind !== 'none') return { layer: old.layer, keyId: old.keyId };
  throw refuse('oneKey', 'select the one key this advanced key goes on');
}

function dksSlot(device: DriverDevice, args: SetArgs, old: LibhmkAdvancedKey | undefined): Slot<'dks'> {
  const item = args.dks as DksItem;
  if (item.display.length > PHASES) throw refuse('dksRows', `${item.display.length} rows; libhmk has ${PHASES}`);
  const rows = Array.from({ length: PHASES }, (_, i) => item.display[i]);
  const bottom = bottomOutPoint(item.bottom_level);
  const none: DksStages = [0, 1, 2, 3].map(() => ({ useID: 0, vis: false })) as DksStages;
  return {
    kind: 'dks',
    ...placeOf(device, args, old),
    codes: rows.map((r) => libhmkCode(r?.code ?? 0)) as Quad<number>,
    actions: rows.map((r) => actionsOf(r?.data ?? none)) as Quad<Quad<DksAction>>,
    bottomOutMm: bottom,
  };
}

function shortcutSlot(device: DriverDevice, args: SetArgs, old: LibhmkAdvancedKey | undefined) {
  const item = args.shortcut as ShortcutItem & { hold_on_other_key_press?: boolean };
  const place = placeOf(device, args, old);
  const codes = item.display.map((d) => libhmkCode(d.code));
  const term = tappingTerm(item.hold_time);
  if (item.sc_type === SHORTCUT_TYPE.modTap) {
    if (codes.length !== 2) throw refuse('modTapKeys', `mod-tap takes a tap and a hold key, not ${codes.length}`);
    // Left out (a caller that does not know it): an edit keeps what the slot had.
    const holdOnOther = item.hold_on_other_key_press ?? (old?.kind === 'tapHold' ? old.holdOnOtherKeyPress : false);
    return {
      kind: 'tapHold',
      ...place,
      tapCode: codes[0]!,
      holdCode: codes[1]!,
      tappingTermMs: term,
      holdOnOtherKeyPress: holdOnOther,
    } satisfies Slot<'tapHold'>;
  }
  if (item.sc_type === SHORTCUT_TYPE.toggle) {
    if (codes.length !== 1) throw refuse('toggleKeys', `toggle takes one key, not ${codes.length}`);
    return { kind: 'toggle', ...place, code: codes[0]!, tappingTermMs: term } satisfies Slot<'toggle'>;
  }
  throw refuse('scType', `shortcut type ${item.sc_type}: libhmk has mod-tap (4) and toggle (5)`, item.sc_type);
}

function snaptapSlot(device: DriverDevice, args: SetArgs, old: LibhmkAdvancedKey | undefined): Slot<'nullBind'> {
  const item = args.snaptap as {
    display: { key_id: number }[];
    mode: number;
    behaviour?: number;
    bottom_out?: number | null;
  };
  if (item.display.length !== 2) throw refuse('snaptapKeys', `snap-tap takes two keys, not ${item.display.length}`);
  const [primary, secondary] = item.display.map((d) => keyOf(device, d.key_id)) as [number, number];
  if (primary === secondary) throw refuse('snaptapKeys', 'snap-tap takes two different keys');
  const index = item.behaviour ?? item.mode;
  const behaviour = NULL_BIND_BEHAVIOURS[index];
  if (!behaviour) throw refuse('mode', `mode ${index} is not a null bind behaviour`, index);
  const kept = old?.kind === 'nullBind' ? old.bottomOutMm : null;
  const bottomOut = item.bottom_out === undefined ? kept : item.bottom_out;
  if (bottomOut !== null) bottomOutPoint(bottomOut);
  return {
    kind: 'nullBind',
    // A null bind lives on its primary key of the layer shown; an edit keeps the slot's layer.
    layer: old && old.kind !== 'none' ? old.layer : currentLayer(device),
    keyId: primary,
    secondaryKeyId: secondary,
    behaviour,
    bottomOutMm: bottomOut,
  };
}

function listOfArgs(args: SetArgs): ListName {
  const given = (['dks', 'shortcut', 'macro', 'snaptap', 'hypertap'] as const).filter((l) => args[l] !== undefined);
  if (given.length !== 1) throw refuse('oneItem', 'set_func_info takes exactly one item');
  const list = given[0]!;
  if (list === 'macro' || list === 'hypertap')
    throw refuse('kind', `libhmk keyboards have no ${list} keys`, list === 'macro' ? 'macro' : 'hyper-tap');
  return list;
}

async function setFuncInfo(device: DriverDevice, args: SetArgs): Promise<SavedItem> {
  const port = advancedPort(device);
  const list = listOfArgs(args);
  const { profile, slots } = await readSlots(device);
  const givenId = (args[list] as { id_num: number }).id_num;
  let slot = givenId;
  if (args.change_type === CHANGE_TYPE.add) {
    slot = slots.findIndex((s) => s.kind === 'none');
    if (slot < 0) throw new BridgeCallError('spkey.add.fill.warn', `all ${slots.length} advanced-key slots are taken`);
  } else {
    const held = slots[slot];
    if (!held || held.kind === 'none' || LIST_OF[held.kind] !== list)
      throw refuse('slot', `slot ${slot} holds no ${list} item`, slot);
  }
  const old = args.change_type === CHANGE_TYPE.add ? undefined : slots[slot];
  const build = { dks: dksSlot, shortcut: shortcutSlot, snaptap: snaptapSlot }[list];
  const key: LibhmkAdvancedKey = args.change_type === CHANGE_TYPE.delete ? { kind: 'none' } : build(device, args, old);
  await port.write([{ slot, key }], profile);
  return { id_num: slot };
}

export function registerLibhmkAdvanced(service: DeviceService): void {
  registerAdvancedMapping('libhmk', libhmkAdvancedLists);
  const emitInfo = async (device: DriverDevice, ctx: CallContext) => {
    const payload = await libhmkFuncInfo(device);
    ctx.emit('get_key_func_info', payload);
    return payload;
  };
  const handlers: Partial<Handlers<keyof typeof advancedCalls>> = {
    getKeyFuncInfo: (_args, ctx) => emitInfo(driverDevice(ctx), ctx),
    setFuncInfo: async (args, ctx) => {
      const device = driverDevice(ctx);
      let failure: unknown;
      const saved = await setFuncInfo(device, args).catch((e: unknown) => {
        failure = e;
        return undefined;
      });
      // What the keyboard holds now, also after a write that did not take (a read that fails then leaves the
      // write's own error as the answer).
      if (failure === undefined) await emitInfo(device, ctx);
      else if (!(failure instanceof BridgeCallError)) await emitInfo(device, ctx).catch(() => undefined);
      if (failure !== undefined) throw failure;
      return saved!;
    },
  };
  service.implementFor('libhmk', handlers);
}
