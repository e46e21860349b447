/**
 * The key value info (spec-1 §3) both the key-mapping and the advanced-key handlers answer and emit: key map,
 * performance, colours and the special-key lists, built from the service's copy of each object.
 */
import type { KeyValueInfo } from '../../contract/payloads/keymap.ts';
import { DEV_TYPE } from '../../core/models.ts';
import type { KeytuneDevice } from '../context.ts';
import { readAdvanced, type AdvancedLists } from '../convert/advanced.ts';
import { currentLayer, readKeymap } from '../convert/keymap.ts';
import { rgbToHex } from '../../core/colour.ts';
import { ambientPayload, outerFramePayload, readColourState } from '../convert/lighting.ts';
import { readPerformance } from '../convert/performance.ts';

/**
 * Key value info of a device. Pass the special-key lists when they were just read (or are known unchanged), so they
 * are not read twice; without them they are read from the device, which is the truth for advanced keys.
 */
export async function keyValueInfo(device: KeytuneDevice, lists?: AdvancedLists): Promise<KeyValueInfo> {
  const { caps } = device;
  const { layerCount, devType } = device.descriptor;
  const keycodes = await readKeymap(device);
  const perf = devType === DEV_TYPE.keyboard ? await readPerformance(device) : undefined;
  const colour = devType === DEV_TYPE.dongle ? undefined : await readColourState(device, caps);
  const advanced = lists ?? (await readAdvanced(device)).lists;
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
