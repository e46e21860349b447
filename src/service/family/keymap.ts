/**
 * Key mapping on devices of other families: get_key_value_info and set_key_info through the driver's keymap port.
 * Codes are numbers of the device's code space (features.keycodeSpace); the port writes contiguous ranges and reads
 * back what it wrote, so what the event shows is what the keyboard holds.
 */
import type { keymapCalls } from '../../contract/areas/keymap.ts';
import type { KeyValueInfo } from '../../contract/payloads/keymap.ts';
import type { ParsedArgs } from '../../contract/contract.ts';
import { spaceOf } from '../../core/keycode-spaces/index.ts';
import type { DriverDevice, Handlers } from '../context.ts';
import type { DeviceService } from '../service.ts';
import { advancedListsOf } from './advanced.ts';
import {
  currentLayer,
  currentProfile,
  driverDevice,
  invalid,
  keyIdsOf,
  portOf,
  setCurrentLayer,
  writeThenShow,
} from './device.ts';
import { performanceFields } from './performance.ts';

export async function driverKeyValueInfo(device: DriverDevice): Promise<KeyValueInfo> {
  const { features } = device.driver;
  const profile = await currentProfile(device);
  const keymap = await portOf(device, 'keymap').read(profile);
  const perf = device.driver.ports.performance ? await performanceFields(device) : undefined;
  const lists = await advancedListsOf(device);
  return {
    ...perf,
    path: device.path,
    kcm_size: features.layers,
    kcm_index: currentLayer(device),
    keycodes: keymap.map((codes) => Array.from({ length: features.keyCount }, (_, k) => codes[k] ?? 0)),
    keycolors: [],
    krm_index: 0,
    kmm_index: 0,
    keyambient: null,
    keyoutframe: null,
    dks_list: lists.dks,
    shortcut_list: lists.shortcut,
    macro_list: lists.macro,
    snaptap_list: lists.snaptap,
    hypertap_list: lists.hypertap,
  };
}

async function setKeyInfo(device: DriverDevice, args: ParsedArgs<'setKeyInfo'>): Promise<void> {
  const { features } = device.driver;
  const layer = args.index;
  if (layer >= features.layers) throw invalid(`--index: this keyboard has layers 0-${features.layers - 1}`);
  const actions = (['code', 'keywords', 'reset'] as const).filter((a) => args[a] !== undefined);
  if (actions.length > 1) throw invalid('set_key_info takes one of --code, --keywords or --reset');
  if (actions.length === 0) {
    if (args.select) throw invalid('--select needs --code or --reset');
    setCurrentLayer(device, layer);
    return;
  }
  if (args.keywords !== undefined) throw invalid('--keywords binds advanced keys of our own protocol');
  const port = portOf(device, 'keymap');
  const profile = await currentProfile(device);
  const space = spaceOf(features.keycodeSpace);
  const keyIds =
    args.reset === 'layer' ? Array.from({ length: features.keyCount }, (_, id) => id) : keyIdsOf(device, args.select);
  if (args.reset !== undefined) {
    if (args.reset === 'layer' && args.select) throw invalid('--reset layer resets every key; leave out --select');
    const defaults = port.defaults?.()?.[layer];
    await port.write(keyIds.map((keyId) => ({ profile, layer, keyId, code: defaults?.[keyId] ?? space.none })));
    return;
  }
  const code = args.code!;
  if (code < 0 || code >= space.size) throw invalid(`--code ${code} is not a key code of this keyboard`);
  await port.write(keyIds.map((keyId) => ({ profile, layer, keyId, code })));
}

export function registerDriverKeymapHandlers(service: DeviceService): void {
  const handlers: Partial<Handlers<keyof typeof keymapCalls>> = {
    getKeyValueInfo: async (_args, ctx) => {
      const payload = await driverKeyValueInfo(driverDevice(ctx));
      ctx.emit('get_key_value_info', payload);
      return payload;
    },
    setKeyInfo: async (args, ctx) => {
      const device = driverDevice(ctx);
      // What the keyboard holds now, also after a write that did not (all) take.
      return writeThenShow(setKeyInfo(device, args), async () => {
        const payload = await driverKeyValueInfo(device);
        ctx.emit('get_key_value_info', payload);
        return payload;
      });
    },
  };
  service.implement(handlers);
}
