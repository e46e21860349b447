/**
 * Key-mapping calls (spec-1 §7): get_key_value_info, set_key_info and cfg_info get_common_layers. Assigning one code
 * to any number of keys is one masked frame; resets write the smallest range holding the keys they restore.
 */
import { BridgeCallError } from '../../contract/bridge.ts';
import type { ParsedArgs } from '../../contract/contract.ts';
import type { AdvancedType } from '../../core/advanced-keys.ts';
import {
  ADVANCED_LETTERS,
  keycodeKind,
  keycodeToKeyword,
  keycodeValue,
  keywordToKeycode,
} from '../../core/keycode-space.ts';
import { buildCommonLayers } from '../../core/resources.ts';
import { fail } from '../../core/rules/result.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { configObjects, prefetch } from '../cache.ts';
import type { KeytuneDevice, Handlers } from '../context.ts';
import { knownLists, readAdvanced, type AdvancedLists } from '../convert/advanced.ts';
import {
  defaultLayers,
  isAdvancedCode,
  isAssignableCode,
  setCurrentLayer,
  writeKeyCode,
  writeKeyDefaults,
  type KeyCell,
} from '../convert/keymap.ts';
import { keyValueInfo } from '../payloads/key-values.ts';
import { refusal } from '../refusal.ts';
import type { DeviceService } from '../service.ts';

const invalid = (message: string) => new BridgeCallError(TOAST_KEYS.invalidArgs, message);

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
async function checkAdvancedBinding(device: KeytuneDevice, code: number): Promise<AdvancedLists> {
  const list = LIST_OF_KIND.get(keycodeKind(code))!;
  const keyword = keycodeToKeyword(code) ?? String(code);
  const { advanced } = device.caps;
  if (!advanced.enabled || !advanced.types[list])
    throw refusal(fail(TOAST_KEYS.notApply), `${list} keys are not offered on this firmware`);
  const { lists } = await readAdvanced(device);
  if (!lists[list].some((item) => item.id_num === keycodeValue(code)))
    throw invalid(`${keyword} is not in use on this device`);
  return lists;
}

type SetKeyArgs = ParsedArgs<'setKeyInfo'>;

function selectedKeys(device: KeytuneDevice, select: readonly number[] | undefined): number[] {
  if (!select) throw invalid('--select names the keys: a JSON list of key ids');
  const ids = [...new Set(select)];
  const keyCount = device.descriptor.keyCount;
  if (ids.some((id) => id >= keyCount)) throw invalid(`--select: key ids are 0-${keyCount - 1}`);
  return ids;
}

const cellsOf = (layer: number, keyIds: readonly number[]): KeyCell[] => keyIds.map((keyId) => ({ layer, keyId }));

/** The code set_key_info puts on the selected keys, from --code or --keywords. */
function requestedCode(args: SetKeyArgs, layerCount: number): number {
  if (args.keywords !== undefined) {
    const code = keywordToKeycode(args.keywords);
    if (code === undefined) throw invalid(`--keywords "${args.keywords}" is not D, A, M, S or H followed by an id`);
    return code;
  }
  const code = args.code!;
  if (!isAdvancedCode(code) && !isAssignableCode(code, layerCount))
    throw invalid(`--code ${code} is not a key code this device can carry`);
  return code;
}

/** Applies set_key_info; answers the special-key lists when it read them. */
async function setKeyInfo(device: KeytuneDevice, args: SetKeyArgs): Promise<AdvancedLists | undefined> {
  const { layerCount, keyCount } = device.descriptor;
  const layer = args.index;
  if (layer >= layerCount) throw invalid(`--index: this device has layers 0-${layerCount - 1}`);
  const actions = (['code', 'keywords', 'reset'] as const).filter((a) => args[a] !== undefined);
  if (actions.length > 1) throw invalid('set_key_info takes one of --code, --keywords or --reset');
  if (actions.length === 0) {
    if (args.select) throw invalid('--select needs --code, --keywords or --reset');
    setCurrentLayer(device, layer);
    return undefined;
  }
  if (args.reset !== undefined) {
    if (args.reset === 'layer' && args.select) throw invalid('--reset layer resets every key; leave out --select');
    const keyIds =
      args.reset === 'layer' ? Array.from({ length: keyCount }, (_, id) => id) : selectedKeys(device, args.select);
    const defaults = defaultLayers(device.record.display_name, layerCount, keyCount);
    await writeKeyDefaults(device, cellsOf(layer, keyIds), defaults);
    return undefined;
  }
  const keyIds = selectedKeys(device, args.select);
  const code = requestedCode(args, layerCount);
  const lists = isAdvancedCode(code) ? await checkAdvancedBinding(device, code) : undefined;
  await writeKeyCode(device, layer, keyIds, code);
  return lists;
}

export function registerKeymapHandlers(service: DeviceService): void {
  const handlers: Handlers<'getKeyValueInfo' | 'setKeyInfo', KeytuneDevice> = {
    getKeyValueInfo: async (_args, ctx) => {
      const device = ctx.device();
      await prefetch(device, configObjects(device));
      const payload = await keyValueInfo(device);
      ctx.emit('get_key_value_info', payload);
      return payload;
    },

    setKeyInfo: async (args, ctx) => {
      const device = ctx.device();
      const lists = await setKeyInfo(device, args);
      const payload = await keyValueInfo(device, lists ?? (await knownLists(device)));
      ctx.emit('get_key_value_info', payload);
      return payload;
    },
  };
  service.implementFor('keytune', handlers);
  // The common layers are the app's resources: any family's device may name itself.
  service.implement({
    getCommonLayers: (args, ctx) => {
      if (args.path !== undefined) ctx.device();
      return buildCommonLayers();
    },
  });
}
