/**
 * Key-mapping calls (spec-1 §7): get_key_value_info, set_key_info and cfg_info get_common_layers. Assigning one code
 * to any number of keys is one masked frame; resets write the smallest range holding the keys they restore.
 */
import { configObjects, prefetch } from '../cache.ts';
import { z } from 'zod';
import { capabilitiesFor, type AdvancedType, type Capabilities } from '../../core/capabilities.ts';
import {
  ADVANCED_LETTERS,
  keycodeKind,
  keycodeToKeyword,
  keycodeValue,
  keywordToKeycode,
} from '../../core/keycode-space.ts';
import { DEV_TYPE } from '../../core/models.ts';
import { buildCommonLayers } from '../../core/resources.ts';
import { fail } from '../../core/rules/result.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { int, invalid, json, str } from '../args.ts';
import { BridgeCallError } from '../bridge.ts';
import type { DeviceEntry } from '../context.ts';
import { readAdvanced, rememberedLists, type AdvancedLists } from '../convert/advanced.ts';
import {
  currentLayer,
  defaultLayers,
  isAdvancedCode,
  isAssignableCode,
  readKeymap,
  setCurrentLayer,
  withCode,
  withDefaults,
  writeKeymap,
  type KeyCell,
} from '../convert/keymap.ts';
import { ambientPayload, outerFramePayload, readColourState, rgbToHex } from '../convert/lighting.ts';
import { readPerformance } from '../convert/performance.ts';
import type { DeviceService } from '../service.ts';

/**
 * Key value info (spec-1 §3): key map, performance, colours and the special-key lists. Pass the lists when they were
 * just read, so they are not read twice.
 */
export async function keyValueInfo(device: DeviceEntry, lists?: AdvancedLists) {
  const caps = capabilitiesFor(device.record.display_name, device.record.fw_ver);
  const { layerCount, devType } = device.descriptor;
  const keycodes = await readKeymap(device);
  const perf = devType === DEV_TYPE.keyboard ? await readPerformance(device) : undefined;
  const colour = devType === DEV_TYPE.dongle ? undefined : await readColourState(device, caps);
  const advanced = lists ?? (await readAdvanced(device, caps)).lists;
  return {
    ...perf,
    path: device.path,
    kcm_size: layerCount,
    kcm_index: currentLayer(device),
    keycodes,
    keycolors: colour?.colours.map(rgbToHex) ?? [],
    krm_index: colour?.lighting.colourIndex ?? 0,
    kmm_index: colour?.lighting.modeIndex ?? 0,
    keyambient: colour?.ambient ? ambientPayload(colour.ambient, caps.lighting.lightMax) : null,
    keyoutframe: colour?.outerFrame ? outerFramePayload(colour.outerFrame) : null,
    dks_list: advanced.dks,
    shortcut_list: advanced.shortcut,
    macro_list: advanced.macro,
    snaptap_list: advanced.snaptap,
    hypertap_list: advanced.hypertap,
  };
}
export type KeyValueInfo = Awaited<ReturnType<typeof keyValueInfo>>;

const keyIdsSchema = z.array(z.number().int().min(0)).min(1);
const codeSchema = z.union([
  z.number().int().min(0).max(0xffff),
  z.object({ code: z.number().int().min(0).max(0xffff) }).transform((entry) => entry.code),
]);

const LIST_OF_KIND = new Map<number, AdvancedType>([
  [ADVANCED_LETTERS.D, 'dks'],
  [ADVANCED_LETTERS.A, 'shortcut'],
  [ADVANCED_LETTERS.M, 'macro'],
  [ADVANCED_LETTERS.S, 'snaptap'],
  [ADVANCED_LETTERS.H, 'hypertap'],
]);

/**
 * An advanced-key code may go on a key only when its item exists on the device and this firmware offers the type.
 * Answers the lists it read, so the event after the write does not read them again.
 */
async function checkAdvancedBinding(device: DeviceEntry, caps: Capabilities, code: number): Promise<AdvancedLists> {
  const list = LIST_OF_KIND.get(keycodeKind(code))!;
  const keyword = keycodeToKeyword(code) ?? String(code);
  if (!caps.advanced.enabled || !caps.advanced.types[list]) {
    const refusal = fail(TOAST_KEYS.notApply);
    throw new BridgeCallError(refusal.toastKey, `${list} keys are not offered on this firmware`, [], {
      type: refusal.type as 1 | 2,
      delay: refusal.delay,
    });
  }
  const { lists } = await readAdvanced(device, caps);
  if (!lists[list].some((item) => item.id_num === keycodeValue(code)))
    throw invalid(`${keyword} is not in use on this device`);
  return lists;
}

function selectedKeys(device: DeviceEntry, args: Map<string, string>): number[] {
  const ids = [...new Set(json(args, 'select', keyIdsSchema))];
  const keyCount = device.descriptor.keyCount;
  if (ids.some((id) => id >= keyCount)) throw invalid(`--select: key ids are 0-${keyCount - 1}`);
  return ids;
}

const cellsOf = (layer: number, keyIds: readonly number[]): KeyCell[] => keyIds.map((keyId) => ({ layer, keyId }));

/** The code set_key_info puts on the selected keys, from --code or --keywords. */
function requestedCode(args: Map<string, string>, layerCount: number): number {
  if (args.has('keywords')) {
    const keyword = str(args, 'keywords');
    const code = keywordToKeycode(keyword);
    if (code === undefined) throw invalid(`--keywords "${keyword}" is not D, A, M, S or H followed by an id`);
    return code;
  }
  const code = json(args, 'code', codeSchema);
  if (!isAdvancedCode(code) && !isAssignableCode(code, layerCount))
    throw invalid(`--code ${code} is not a key code this device can carry`);
  return code;
}

async function setKeyInfo(device: DeviceEntry, args: Map<string, string>): Promise<AdvancedLists | undefined> {
  const { layerCount, keyCount } = device.descriptor;
  const layer = int(args, 'index', 0, layerCount - 1);
  const actions = ['code', 'keywords', 'reset'].filter((a) => args.has(a));
  if (actions.length > 1) throw invalid('set_key_info takes one of --code, --keywords or --reset');
  if (actions.length === 0) {
    if (args.has('select')) throw invalid('--select needs --code, --keywords or --reset');
    setCurrentLayer(device, layer);
    return undefined;
  }
  if (actions[0] === 'reset') {
    const which = str(args, 'reset');
    if (which !== 'selected' && which !== 'layer') throw invalid('--reset is "selected" or "layer"');
    if (which === 'layer' && args.has('select')) throw invalid('--reset layer resets every key; leave out --select');
    const keyIds = which === 'layer' ? Array.from({ length: keyCount }, (_, id) => id) : selectedKeys(device, args);
    const cells = cellsOf(layer, keyIds);
    const defaults = defaultLayers(device.record.display_name, layerCount, keyCount);
    await writeKeymap(device, withDefaults(await readKeymap(device), defaults, cells), cells);
    return undefined;
  }
  const keyIds = selectedKeys(device, args);
  const code = requestedCode(args, layerCount);
  const caps = capabilitiesFor(device.record.display_name, device.record.fw_ver);
  const lists = isAdvancedCode(code) ? await checkAdvancedBinding(device, caps, code) : undefined;
  await writeKeymap(device, withCode(await readKeymap(device), layer, keyIds, code), cellsOf(layer, keyIds));
  return lists;
}

export function registerKeymapHandlers(service: DeviceService): void {
  service.handle('dev_info', 'get_key_value_info', async (ctx) => {
    const device = ctx.device();
    await prefetch(device, configObjects(device));
    const payload = await keyValueInfo(device);
    ctx.emit('get_key_value_info', payload);
    return payload;
  });

  service.handle('dev_info', 'set_key_info', async (ctx) => {
    const device = ctx.device();
    const lists = await setKeyInfo(device, ctx.args);
    const payload = await keyValueInfo(device, lists ?? rememberedLists(device));
    ctx.emit('get_key_value_info', payload);
    return payload;
  });

  service.handle('cfg_info', 'get_common_layers', (ctx) => {
    if (ctx.args.has('path')) ctx.device();
    return buildCommonLayers();
  });
}
