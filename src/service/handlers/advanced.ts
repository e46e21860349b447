/**
 * Advanced-key calls (spec-1 §7): get_key_func_info, set_func_info, and the macro recording stream (dev_event
 * stream). Every save is checked with the core rules, written as one record, and followed by a fresh read of the
 * lists, because the device is the truth for which slots are used.
 */
import { z } from 'zod';
import {
  ADVANCED_TYPE,
  CHANGE_TYPE,
  MACRO_LIMITS,
  SHORTCUT_HOLD_TIME,
  needsKeyBinding,
  type AdvancedItem,
  type DksItem,
  type DksStages,
  type HypertapItem,
  type MacroItem,
  type ShortcutItem,
  type ShortcutTypeId,
  type SnaptapItem,
} from '../../core/advanced-keys.ts';
import type { AdvancedType, Capabilities } from '../../core/capabilities.ts';
import { ADVANCED_LETTERS, KC_NONE, makeKeycode, type KeycodeKind } from '../../core/keycode-space.ts';
import { keycodeEntry } from '../../core/keycodes.ts';
import { checkAdvancedTypeOffered, checkCanAddAdvanced } from '../../core/rules/advanced-list.ts';
import { checkDksSave } from '../../core/rules/dks.ts';
import { checkMacroSave } from '../../core/rules/macro.ts';
import { fail, firstFailure, OK, type RuleFailure, type RuleResult } from '../../core/rules/result.ts';
import { checkShortcutCategory, checkShortcutSave, checkShortcutTypeOffered } from '../../core/rules/shortcut.ts';
import { checkHypertapSave, checkSnaptapSave } from '../../core/rules/tap.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { CMD, keyMask, REPORT_MODE, SUB } from '../../protocol/commands.ts';
import { KeyEventLayout } from '../../protocol/objects.ts';
import { int, invalid, json, str } from '../args.ts';
import { BridgeCallError } from '../bridge.ts';
import { readFresh, writeThrough } from '../cache.ts';
import type { DeviceEntry } from '../context.ts';
import {
  ADVANCED_LISTS,
  LIST_TYPE,
  RECORD_LAYOUTS,
  capacityOf,
  encodeItem,
  funcInfoPayload,
  readAdvanced,
  snaptapKeysTaken,
  unusedIds,
  usedBitmapOf,
  type AdvancedLists,
} from '../convert/advanced.ts';
import {
  cellsWithCode,
  currentLayer,
  decodeKeymap,
  defaultLayers,
  isAssignableCode,
  keyDescriptorOf,
  keyEntryOf,
  readKeymap,
  withCode,
  withDefaults,
  writeKeymap,
} from '../convert/keymap.ts';
import { unitsToMm } from '../convert/units.ts';
import type { DeviceService } from '../service.ts';
import { capabilitiesOf } from './lighting.ts';
import { keyValueInfo } from './keymap.ts';

function refuse(failure: RuleFailure, message: string): BridgeCallError {
  return new BridgeCallError(failure.toastKey, message, [], { type: failure.type as 1 | 2, delay: failure.delay });
}

function check(result: RuleResult, message: string): void {
  if (!result.ok) throw refuse(result, message);
}

/** Function info (spec-1 §3), read from the device. */
export async function funcInfo(device: DeviceEntry) {
  const caps = capabilitiesOf(device);
  const { info, lists } = await readAdvanced(device, caps);
  return { payload: funcInfoPayload(device.path, info, lists, caps), lists };
}

// ------------------------------------------------------------------------------------------------ item arguments

const u8 = z.number().int().min(0).max(0xff);
const u16 = z.number().int().min(0).max(0xffff);
const code = u16;
const keyRef = z.object({ key_id: z.number().int() });
const base = { id_num: z.number().int(), name: z.string().default('') };

const dksSchema = z.object({
  ...base,
  display: z.array(
    z.object({ code, data: z.array(z.object({ useID: z.number().int(), vis: z.boolean() })).length(4) }),
  ),
  top_level: z.number(),
  bottom_level: z.number(),
  tick_type: z.union([z.literal(0), z.literal(1)]).default(0),
  tick_min: u8,
  tick_max: u8,
});
const shortcutSchema = z.object({
  ...base,
  sc_type: z.number().int(),
  display: z.array(z.object({ code })),
  hold_time: z.number().int().default(SHORTCUT_HOLD_TIME.default),
});
const macroSchema = z.object({
  ...base,
  display: z.array(z.object({ code, is_down: z.boolean(), delay: z.number().int().default(0) })),
  delay_type: z.union([z.literal(0), z.literal(1)]).default(0),
  delay_min: z.number().int().default(MACRO_LIMITS.randomMin),
  delay_max: z.number().int().default(MACRO_LIMITS.randomMax),
  repeat_count: z.number().int().default(1),
  trigger_action_type: z.number().int().default(0),
  trigger_delay: z.number().int().default(MACRO_LIMITS.triggerDelay),
});
const snaptapSchema = z.object({ ...base, display: z.array(keyRef), mode: z.number().int().min(0).max(2).default(0) });
const hypertapSchema = z.object({ ...base, display: z.array(z.union([z.object({ code }), keyRef])) });
const idOnlySchema = z.object({ id_num: z.number().int() });
const keyIdsSchema = z.array(z.number().int().min(0)).min(1);

const common = (id: number, name: string) => ({ id_num: id, name, context: '', vis: true });

/** Reads the item argument into the spec's item shape, filling key descriptors from the codes. */
function parseItem(list: AdvancedType, args: Map<string, string>, model: string): AdvancedItem {
  switch (list) {
    case 'dks': {
      const d = json(args, 'dks', dksSchema);
      const display = d.display.map((r) => ({ ...keyDescriptorOf(r.code), data: r.data as DksStages }));
      return { ...d, ...common(d.id_num, d.name), type: ADVANCED_TYPE.dks, display } satisfies DksItem;
    }
    case 'shortcut': {
      const s = json(args, 'shortcut', shortcutSchema);
      const display = s.display.map((k) => keyDescriptorOf(k.code));
      const sc_type = s.sc_type as ShortcutTypeId;
      return {
        ...s,
        ...common(s.id_num, s.name),
        type: ADVANCED_TYPE.shortcut,
        sc_type,
        display,
      } satisfies ShortcutItem;
    }
    case 'macro': {
      const m = json(args, 'macro', macroSchema);
      const display = m.display.map((e) => ({
        ...keyDescriptorOf(e.code),
        key_id: -1,
        delay: e.delay,
        is_down: e.is_down,
      }));
      const item: MacroItem = {
        ...m,
        ...common(m.id_num, m.name),
        type: ADVANCED_TYPE.macro,
        display,
        family_max_id: 0,
        count: display.length,
      };
      return item;
    }
    case 'snaptap': {
      const s = json(args, 'snaptap', snaptapSchema);
      const display = s.display.map((e) => keyEntryOf(model, e.key_id));
      return { ...common(s.id_num, ''), type: ADVANCED_TYPE.snaptap, display, mode: s.mode } as SnaptapItem;
    }
    case 'hypertap': {
      const h = json(args, 'hypertap', hypertapSchema);
      const display = h.display.map((e) => ('code' in e ? keyDescriptorOf(e.code) : keyEntryOf(model, e.key_id)));
      return { ...common(h.id_num, ''), type: ADVANCED_TYPE.hypertap, display } satisfies HypertapItem;
    }
  }
}

// ------------------------------------------------------------------------------------------------ rules

interface SaveContext {
  device: DeviceEntry;
  caps: Capabilities;
  lists: AdvancedLists;
  dksMaxTrigger: number;
  macroMaxEvents: number;
}

/** Key codes inside an item must be codes a key can carry (no advanced keys inside advanced keys). */
function codesValid(codes: readonly number[], layerCount: number): RuleResult {
  return codes.every((c) => c === KC_NONE || isAssignableCode(c, layerCount)) ? OK : fail(TOAST_KEYS.invalidArgs);
}

function checkItem(item: AdvancedItem, ctx: SaveContext): RuleResult {
  const { device, caps, lists } = ctx;
  const layers = device.descriptor.layerCount;
  const keyIds = Array.from({ length: device.descriptor.keyCount }, (_, id) => id);
  switch (item.type) {
    case ADVANCED_TYPE.dks:
      return firstFailure(
        checkDksSave(item, { slotCount: caps.advanced.dksSlotCount, maxTrigger: ctx.dksMaxTrigger }),
        codesValid(
          item.display.map((r) => r.code),
          layers,
        ),
      );
    case ADVANCED_TYPE.shortcut:
      return firstFailure(
        checkShortcutTypeOffered(item.sc_type, caps),
        checkShortcutSave(item),
        codesValid(
          item.display.map((k) => k.code),
          layers,
        ),
        ...item.display.map((k) => checkShortcutCategory(keycodeEntry(k.code)?.category ?? '')),
      );
    case ADVANCED_TYPE.macro:
      return firstFailure(
        checkMacroSave(item, caps),
        item.display.length <= ctx.macroMaxEvents ? OK : fail(TOAST_KEYS.macroArgs),
        codesValid(
          item.display.map((e) => e.code),
          layers,
        ),
      );
    case ADVANCED_TYPE.snaptap:
      return firstFailure(
        checkSnaptapSave(item, keyIds),
        snaptapKeysTaken(item, lists.snaptap) ? fail(TOAST_KEYS.snaptapArgs) : OK,
      );
    case ADVANCED_TYPE.hypertap:
      return firstFailure(
        checkHypertapSave(item, keyIds, lists.hypertap, caps.advanced.hypertapSecondEntry),
        item.display.every((e) => !('code' in e) || isAssignableCode(e.code, layers))
          ? OK
          : fail(TOAST_KEYS.invalidArgs),
      );
  }
}

// ------------------------------------------------------------------------------------------------ save

const KIND_OF: Readonly<Record<AdvancedType, KeycodeKind>> = {
  dks: ADVANCED_LETTERS.D,
  shortcut: ADVANCED_LETTERS.A,
  macro: ADVANCED_LETTERS.M,
  snaptap: ADVANCED_LETTERS.S,
  hypertap: ADVANCED_LETTERS.H,
};

/**
 * Keys bound to an item get their factory codes back, on every layer, in one write. The key map is read fresh: a key
 * left pointing at a freed slot would do nothing, so the service's copy is not trusted here.
 */
async function unbindEverywhere(device: DeviceEntry, code: number): Promise<boolean> {
  const { layerCount, keyCount } = device.descriptor;
  const layers = decodeKeymap(await readFresh(device, 'keymap'), layerCount, keyCount);
  const cells = cellsWithCode(layers, code);
  if (cells.length === 0) return false;
  const defaults = defaultLayers(device.record.display_name, layerCount, keyCount);
  await writeKeymap(device, withDefaults(layers, defaults, cells), cells);
  return true;
}

async function bindKeys(device: DeviceEntry, code: number, keyIds: readonly number[]): Promise<void> {
  const layer = currentLayer(device);
  const cells = keyIds.map((keyId) => ({ layer, keyId }));
  await writeKeymap(device, withCode(await readKeymap(device), layer, keyIds, code), cells);
}

async function setFuncInfo(service: DeviceService, device: DeviceEntry, args: Map<string, string>) {
  const changeType = int(args, 'change_type', 0, 2);
  const given = ADVANCED_LISTS.filter((l) => args.has(l));
  if (given.length !== 1) throw invalid(`set_func_info takes exactly one of --${ADVANCED_LISTS.join(', --')}`);
  const list = given[0]!;
  const model = device.record.display_name;
  const item = changeType === CHANGE_TYPE.delete ? undefined : parseItem(list, args, model);
  const idNum = item?.id_num ?? json(args, list, idOnlySchema).id_num;
  let keyIds: number[] | undefined;
  if (args.has('key_ids')) {
    if (changeType === CHANGE_TYPE.delete || !needsKeyBinding(LIST_TYPE[list]))
      throw invalid('--key_ids binds dks, shortcut and macro items when they are added or edited');
    keyIds = [...new Set(json(args, 'key_ids', keyIdsSchema))];
    if (keyIds.some((id) => id >= device.descriptor.keyCount))
      throw invalid(`--key_ids: key ids are 0-${device.descriptor.keyCount - 1}`);
  }
  if (changeType === CHANGE_TYPE.add && idNum >= 0) throw invalid('an item to add has id_num -1');

  const caps = capabilitiesOf(device);
  if (!caps.advanced.enabled) throw refuse(fail(TOAST_KEYS.notApply), `advanced keys need newer firmware on ${model}`);
  check(checkAdvancedTypeOffered(LIST_TYPE[list], caps), `${list} is not offered on this firmware`);

  const { info, lists } = await readAdvanced(device, caps);
  const bitmap = usedBitmapOf(info, list);
  const capacity = capacityOf(info, list);
  const free = unusedIds(bitmap, capacity);
  if (changeType !== CHANGE_TYPE.add && !lists[list].some((i) => i.id_num === idNum))
    throw invalid(`${list} ${idNum} is not in use on this device`);
  if (changeType === CHANGE_TYPE.add)
    check(
      checkCanAddAdvanced({ size: capacity, unuseIds: free, count: lists[list].length }),
      `the ${list} list is full`,
    );
  const id = changeType === CHANGE_TYPE.add ? free[0]! : idNum;
  if (item) {
    const ctx = {
      device,
      caps,
      lists,
      dksMaxTrigger: unitsToMm(info.dksMaxTrigger),
      macroMaxEvents: info.macroMaxEvents,
    };
    check(checkItem({ ...item, id_num: id }, ctx), `the ${list} item is incomplete or invalid`);
  }

  const bindCode = makeKeycode(KIND_OF[list], id);
  const size = RECORD_LAYOUTS[list].size;
  let keymapChanged = false;
  if (item) {
    await writeThrough(device, list, id * size, encodeItem(item));
    if (keyIds) {
      await bindKeys(device, bindCode, keyIds);
      keymapChanged = true;
    }
  } else {
    // Keys are released before the item goes, so no key ever points at a free slot.
    keymapChanged = await unbindEverywhere(device, bindCode);
    await writeThrough(device, list, id * size, new Uint8Array(size));
  }

  const fresh = await funcInfo(device);
  service.emit('get_key_func_info', fresh.payload);
  if (keymapChanged) service.emit('get_key_value_info', await keyValueInfo(device, fresh.lists));
  return { id_num: id };
}

// ------------------------------------------------------------------------------------------------ macro recording

const RECORDING = 'macro.recording';
interface Recording {
  lastTime: number | undefined;
}

async function setRecording(device: DeviceEntry, on: boolean): Promise<void> {
  const all = Array.from({ length: device.descriptor.keyCount }, (_, id) => id);
  const mode = on ? REPORT_MODE.keyEvents : REPORT_MODE.off;
  const data = new Uint8Array([mode, ...keyMask(on ? all : [])]);
  // Set before the command: the first key event may arrive right behind the acknowledgement.
  if (on) device.state.set(RECORDING, { lastTime: undefined } satisfies Recording);
  else device.state.delete(RECORDING);
  try {
    await device.session.command(CMD.notify, SUB.notify.reportMode, data);
  } catch (e) {
    device.state.delete(RECORDING);
    throw e;
  }
}

export function registerAdvancedHandlers(service: DeviceService): void {
  service.handle('dev_info', 'get_key_func_info', async (ctx) => {
    const { payload } = await funcInfo(ctx.device());
    ctx.emit('get_key_func_info', payload);
    return payload;
  });

  service.handle('dev_info', 'set_func_info', (ctx) => setFuncInfo(service, ctx.device(), ctx.args));

  service.handle('dev_event', 'stream', async (ctx) => {
    const device = ctx.device();
    const action = str(ctx.args, 'action');
    if (action !== 'start' && action !== 'stop') throw invalid('--action is "start" or "stop"');
    await setRecording(device, action === 'start');
    return { path: device.path, action, recording: action === 'start' };
  });

  service.onNotify(SUB.notify.keyEvent, (device, frame) => {
    const recording = device.state.get(RECORDING) as Recording | undefined;
    if (!recording || frame.data.length < KeyEventLayout.size) return;
    const ev = KeyEventLayout.decode(frame.data);
    // Device time wraps at 2^32 ms; unsigned subtraction keeps the delay right across the wrap.
    const delay = recording.lastTime === undefined ? 0 : (ev.time - recording.lastTime) >>> 0;
    recording.lastTime = ev.time;
    const isDown = ev.down === 1;
    service.emit('dev_event', {
      path: device.path,
      ...keyDescriptorOf(ev.code),
      ev_type: isDown ? 'keydown' : 'keyup',
      key_id: ev.keyId,
      delay,
      is_down: isDown,
    });
  });
}
