/**
 * Advanced-key calls (spec-1 §7): get_key_func_info, set_func_info, and the macro recording stream (dev_event
 * stream). Every save is checked with the core rules and written, together with the keys it binds or unbinds, as one
 * change the device commits whole; then the lists are read again, because the device is the truth for which slots
 * are used.
 */
import { ITEM_ARGS, type advancedCalls } from '../../contract/areas/advanced.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import type { ParsedArgs } from '../../contract/contract.ts';
import type { FuncInfoPayload, SavedItem } from '../../contract/payloads/advanced.ts';
import {
  ADVANCED_TYPE,
  ADVANCED_TYPE as LIST_TYPE,
  ADVANCED_TYPE_NAMES as ADVANCED_LISTS,
  CHANGE_TYPE,
  MACRO_LIMITS,
  needsKeyBinding,
  type AdvancedItem,
  type AdvancedType,
  type MacroItem,
} from '../../core/advanced-keys.ts';
import { checkMacroSave } from '../../core/rules/macro.ts';
import type { Capabilities } from '../../core/capabilities.ts';
import { ADVANCED_LETTERS, KC_NONE, makeKeycode, type KeycodeKind } from '../../core/keycode-space.ts';
import { keycodeEntry } from '../../core/keycodes.ts';
import { checkAdvancedTypeOffered, checkCanAddAdvanced } from '../../core/rules/advanced-list.ts';
import { checkDksSave } from '../../core/rules/dks.ts';
import { fail, firstFailure, OK, type RuleFailure, type RuleResult } from '../../core/rules/result.ts';
import { checkShortcutCategory, checkShortcutSave, checkShortcutTypeOffered } from '../../core/rules/shortcut.ts';
import { checkHypertapSave, checkSnaptapSave } from '../../core/rules/tap.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { CMD, keyMask, REPORT_MODE, SUB } from '../../protocol/commands.ts';
import { KeyEventLayout } from '../../protocol/objects.ts';
import {
  ADVANCED_RECORD_LAYOUTS as RECORD_LAYOUTS,
  advancedCapacity as capacityOf,
  advancedUsedBitmap as usedBitmapOf,
} from '../../protocol/advanced-records.ts';
import { stateSlot, type CallContext, type KeytuneDevice, type Handlers } from '../context.ts';
import { encodeItem, itemFromArg, type ItemArg } from '../convert/advanced-records.ts';
import {
  forgetLists,
  funcInfoPayload,
  readAdvanced,
  snaptapKeysTaken,
  writeItemAndKeys,
  unusedIds,
  type AdvancedLists,
} from '../convert/advanced.ts';
import {
  currentLayer,
  isAssignableCode,
  keyDescriptorOf,
  keymapBindPlan,
  keymapUnbindPlan,
} from '../convert/keymap.ts';
import { unitsToMm } from '../convert/units.ts';
import { keyValueInfo } from '../payloads/key-values.ts';
import { refusal } from '../refusal.ts';
import type { DeviceService } from '../service.ts';

const invalid = (message: string) => new BridgeCallError(TOAST_KEYS.invalidArgs, message);

function check(result: RuleResult, message: string): void {
  if (!result.ok) throw refusal(result, message);
}

/** Function info (spec-1 §3), read from the device. */
async function funcInfo(device: KeytuneDevice): Promise<{ payload: FuncInfoPayload; lists: AdvancedLists }> {
  const { info, lists } = await readAdvanced(device);
  return { payload: funcInfoPayload(device.path, info, lists, device.caps), lists };
}

// ------------------------------------------------------------------------------------------------ rules

interface SaveContext {
  device: KeytuneDevice;
  caps: Capabilities;
  lists: AdvancedLists;
  dksMaxTrigger: number;
  macroMaxEvents: number;
}

/** Key codes inside an item must be codes a key can carry (no advanced keys inside advanced keys). */
function codesValid(codes: readonly number[], layerCount: number): RuleResult {
  return codes.every((c) => c === KC_NONE || isAssignableCode(c, layerCount)) ? OK : fail(TOAST_KEYS.invalidArgs);
}

/**
 * What is wrong with a macro, in words that name the field, or undefined when the save rules (checkMacroSave, spec-1
 * §5 and §9) accept it and it fits the device's event limit.
 */
function macroProblem(item: MacroItem, caps: Capabilities, deviceMaxEvents: number): string | undefined {
  const delayOk = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= MACRO_LIMITS.maxDelay;
  const maxEvents = Math.min(MACRO_LIMITS.maxEvents, deviceMaxEvents);
  const events = item.display;
  const triggers = caps.advanced.macroTriggerActionTypes;
  if (events.length === 0) return 'a macro needs at least one event';
  if (events.length > maxEvents) return `a macro holds at most ${maxEvents} events, this one has ${events.length}`;
  const badDelay = events.findIndex((e) => !delayOk(e.delay));
  if (badDelay >= 0)
    return `the delay of event ${badDelay + 1} is ${events[badDelay]!.delay} ms; a delay is 0-${MACRO_LIMITS.maxDelay} ms`;
  const { repeatMin, repeatMax } = MACRO_LIMITS;
  if (!Number.isInteger(item.repeat_count) || item.repeat_count < repeatMin || item.repeat_count > repeatMax)
    return `the repeat count is ${item.repeat_count}; a macro repeats ${repeatMin} to ${repeatMax} times`;
  if (!delayOk(item.delay_min) || !delayOk(item.delay_max) || item.delay_min > item.delay_max)
    return `the random delay range ${item.delay_min}-${item.delay_max} ms is not an ordered range within 0-${MACRO_LIMITS.maxDelay} ms`;
  if (!triggers.includes(item.trigger_action_type))
    return `trigger action ${item.trigger_action_type} is not offered on this firmware (${triggers.join(', ')})`;
  if (!delayOk(item.trigger_delay))
    return `the trigger delay is ${item.trigger_delay} ms; it is 0-${MACRO_LIMITS.maxDelay} ms`;
  return checkMacroSave(item, caps).ok ? undefined : 'the macro is not valid';
}

/** The first rule the item breaks, with what to tell the caller, or undefined when it may be saved. */
function itemProblem(item: AdvancedItem, ctx: SaveContext): { failure: RuleFailure; message: string } | undefined {
  const { device, caps, lists } = ctx;
  const layers = device.descriptor.layerCount;
  const keyIds = Array.from({ length: device.descriptor.keyCount }, (_, id) => id);
  const first = (result: RuleResult, message: string) => (result.ok ? undefined : { failure: result, message });
  switch (item.type) {
    case ADVANCED_TYPE.dks:
      return first(
        firstFailure(
          checkDksSave(item, { slotCount: caps.advanced.dksSlotCount, maxTrigger: ctx.dksMaxTrigger }),
          codesValid(
            item.display.map((r) => r.code),
            layers,
          ),
        ),
        `the DKS item is incomplete or invalid (rows of a key and its stages, at most ${caps.advanced.dksSlotCount} rows, levels within 0-${ctx.dksMaxTrigger} mm)`,
      );
    case ADVANCED_TYPE.shortcut:
      return first(
        firstFailure(
          checkShortcutTypeOffered(item.sc_type, caps),
          checkShortcutSave(item),
          codesValid(
            item.display.map((k) => k.code),
            layers,
          ),
          ...item.display.map((k) => checkShortcutCategory(keycodeEntry(k.code)?.category ?? '')),
        ),
        'the shortcut item is incomplete or invalid',
      );
    case ADVANCED_TYPE.macro: {
      const problem = macroProblem(item, caps, ctx.macroMaxEvents);
      if (problem) return { failure: fail(TOAST_KEYS.macroArgs), message: problem };
      return first(
        codesValid(
          item.display.map((e) => e.code),
          layers,
        ),
        'a macro event carries a key code that is not in the catalogue',
      );
    }
    case ADVANCED_TYPE.snaptap:
      return first(
        firstFailure(
          checkSnaptapSave(item, keyIds),
          snaptapKeysTaken(item, lists.snaptap) ? fail(TOAST_KEYS.snaptapArgs) : OK,
        ),
        'a snap-tap pair needs two different keys of the board, neither in another pair',
      );
    case ADVANCED_TYPE.hypertap:
      return first(
        firstFailure(
          checkHypertapSave(item, keyIds, lists.hypertap, caps.advanced.hypertapSecondEntry),
          item.display.every((e) => !('code' in e) || isAssignableCode(e.code, layers))
            ? OK
            : fail(TOAST_KEYS.invalidArgs),
        ),
        'a hyper-tap needs both keys, of the board, and a first key no other hyper-tap starts with',
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

type SetFuncArgs = ParsedArgs<'setFuncInfo'>;

/** The one list the call names, and its argument. */
function namedList(args: SetFuncArgs): { list: AdvancedType; value: { id_num: number } } {
  const given = ADVANCED_LISTS.filter((l) => args[l] !== undefined);
  if (given.length !== 1) throw invalid(`set_func_info takes exactly one of --${ADVANCED_LISTS.join(', --')}`);
  const list = given[0]!;
  return { list, value: args[list]! };
}

/** The whole item an add or edit must carry, checked against its schema so a refusal names the field. */
function itemArgOf(list: AdvancedType, value: unknown): ItemArg {
  const parsed = ITEM_ARGS[list].safeParse(value);
  if (parsed.success) return { list, arg: parsed.data } as ItemArg;
  const issue = parsed.error.issues[0];
  throw invalid(`--${[list, ...(issue?.path ?? [])].join('.')}: ${issue?.message ?? 'invalid item'}`);
}

async function setFuncInfo(args: SetFuncArgs, ctx: CallContext<KeytuneDevice>): Promise<SavedItem> {
  const device = ctx.device();
  const changeType = args.change_type;
  const { list, value } = namedList(args);
  const model = device.record.display_name;
  const item = changeType === CHANGE_TYPE.delete ? undefined : itemFromArg(itemArgOf(list, value), model);
  const idNum = value.id_num;
  let keyIds: number[] | undefined;
  if (args.key_ids) {
    if (changeType === CHANGE_TYPE.delete || !needsKeyBinding(LIST_TYPE[list]))
      throw invalid('--key_ids binds dks, shortcut and macro items when they are added or edited');
    keyIds = [...new Set(args.key_ids)];
    if (keyIds.some((id) => id >= device.descriptor.keyCount))
      throw invalid(`--key_ids: key ids are 0-${device.descriptor.keyCount - 1}`);
  }
  if (changeType === CHANGE_TYPE.add && idNum >= 0) throw invalid('an item to add has id_num -1');

  const { caps } = device;
  if (!caps.advanced.enabled) throw refusal(fail(TOAST_KEYS.notApply), `advanced keys need newer firmware on ${model}`);
  check(checkAdvancedTypeOffered(LIST_TYPE[list], caps), `${list} is not offered on this firmware`);

  const { info, lists } = await readAdvanced(device);
  const capacity = capacityOf(info, list);
  const free = unusedIds(usedBitmapOf(info, list), capacity);
  if (changeType !== CHANGE_TYPE.add && !lists[list].some((i) => i.id_num === idNum))
    throw invalid(`${list} ${idNum} is not in use on this device`);
  if (changeType === CHANGE_TYPE.add)
    check(
      checkCanAddAdvanced({ size: capacity, unuseIds: free, count: lists[list].length }),
      `the ${list} list is full`,
    );
  const id = changeType === CHANGE_TYPE.add ? free[0]! : idNum;
  if (item) {
    const save = {
      device,
      caps,
      lists,
      dksMaxTrigger: unitsToMm(info.dksMaxTrigger),
      macroMaxEvents: info.macroMaxEvents,
    };
    const problem = itemProblem({ ...item, id_num: id }, save);
    if (problem) throw refusal(problem.failure, problem.message);
  }

  // The record and the keys it binds or unbinds are one change: the device commits both or neither.
  const bindCode = makeKeycode(KIND_OF[list], id);
  const size = RECORD_LAYOUTS[list].size;
  const keymapPlan = item
    ? keyIds && keymapBindPlan(currentLayer(device), keyIds, bindCode)
    : await keymapUnbindPlan(device, bindCode);
  const record = { list, offset: id * size, bytes: item ? encodeItem(item) : new Uint8Array(size), frees: !item };
  // Until the change is answered the lists are not known: a failure must not leave the old ones in later answers.
  forgetLists(device);
  await writeItemAndKeys(device, record, keymapPlan);

  const fresh = await funcInfo(device);
  ctx.emit('get_key_func_info', fresh.payload);
  if (keymapPlan) ctx.emit('get_key_value_info', await keyValueInfo(device, fresh.lists));
  return { id_num: id };
}

// ------------------------------------------------------------------------------------------------ macro recording

/** While recording: the device time of the last key event, so each event carries the delay since the one before. */
const RECORDING = stateSlot<{ on: boolean; lastTime: number | undefined }>('advanced.recording', () => ({
  on: false,
  lastTime: undefined,
}));

async function setRecording(device: KeytuneDevice, on: boolean): Promise<void> {
  const all = Array.from({ length: device.descriptor.keyCount }, (_, id) => id);
  const mode = on ? REPORT_MODE.keyEvents : REPORT_MODE.off;
  const data = new Uint8Array([mode, ...keyMask(on ? all : [])]);
  const recording = device.slot(RECORDING);
  // Set before the command: the first key event may arrive right behind the acknowledgement.
  recording.on = on;
  recording.lastTime = undefined;
  try {
    await device.session.command(CMD.notify, SUB.notify.reportMode, data);
  } catch (e) {
    recording.on = false;
    throw e;
  }
}

export function registerAdvancedHandlers(service: DeviceService): void {
  const handlers: Handlers<keyof typeof advancedCalls, KeytuneDevice> = {
    getKeyFuncInfo: async (_args, ctx) => {
      const { payload } = await funcInfo(ctx.device());
      ctx.emit('get_key_func_info', payload);
      return payload;
    },

    setFuncInfo,

    devEventStream: async ({ action }, ctx) => {
      const device = ctx.device();
      await setRecording(device, action === 'start');
      return { path: device.path, action, recording: action === 'start' };
    },
  };
  service.implementFor('keytune', handlers);

  service.onNotify(SUB.notify.keyEvent, (device, frame) => {
    const recording = device.slot(RECORDING);
    if (!recording.on || frame.data.length < KeyEventLayout.size) return;
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
