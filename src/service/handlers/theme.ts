/**
 * dev_info theme (scene) calls (spec-2 §2.4, §4, §7): get_theme_info and set_theme_info — switch slot, rename,
 * export and import .mgscene files, and the open tab whose data is sent again after a switch.
 *
 * The device reads and writes only its current slot, so exporting or importing another slot switches to it and back.
 * On models whose theme change is refused (the slot is chosen with a button on the keyboard) that detour is refused
 * the same way, and only the current slot can be exported or imported.
 */
import { checkPerfValue, perfRanges } from '../../core/rules/perf.ts';
import { checkThemeChange, checkThemeName } from '../../core/rules/settings.ts';
import { FEATURE } from '../../protocol/commands.ts';
import {
  AmbientLayout,
  NAME_BYTES,
  OuterFrameLayout,
  PerfKeyLayout,
  RgbLayout,
  themeNameOffset,
  type SwitchSpec,
} from '../../protocol/objects.ts';
import { decodeU16List, encodeU16List, type ObjectName } from '../../protocol/registry.ts';
import { decodeList, encodeList, encodeText } from '../../protocol/struct.ts';
import { int, invalid, str } from '../args.ts';
import { BridgeCallError } from '../bridge.ts';
import { invalidate, readCached, readFresh, writeThrough } from '../cache.ts';
import type { CallContext, DeviceEntry } from '../context.ts';
import { accuracyOf, decodeSwitches, readPerformance, switchSpecOf } from '../convert/performance.ts';
import {
  ADVANCED_LAYOUTS,
  ADVANCED_LISTS,
  EXPORT_FAILURE_KEY,
  IMPORT_FAILURE_KEY,
  SceneSchema,
  SCENE_FORMAT,
  SCENE_VERSION,
  decodeLighting,
  decodeThemes,
  encodeColours,
  encodeLighting,
  listCapacity,
  listItemToScene,
  sceneItemToRecord,
  parseScene,
  perfKeyToScene,
  rgbToHex,
  sceneFileName,
  sceneToPerfKey,
  themeInfo,
  type SceneDocument,
  type SceneProfile,
  type ThemeInfo,
} from '../convert/theme.ts';
import { mmToUnits, unitsToMm } from '../convert/units.ts';
import type { DeviceService } from '../service.ts';
import { SessionError } from '../session.ts';
import { capabilitiesOf, refusal } from './performance.ts';
import { emitSettingData } from './settings.ts';

const PAGE_KEY = 'theme.page';
/** Device page tabs whose data is sent again after a theme switch (spec-2 §2.3, §4). */
const PAGES = [0, 1, 3, 4] as const;

/** Theme slots as the device has them now: the slot can change from the keyboard itself, so never from the cache. */
export async function readThemeInfo(device: DeviceEntry): Promise<ThemeInfo> {
  return themeInfo(device.path, decodeThemes(await readFresh(device, 'themes')));
}

const isKeyboard = (device: DeviceEntry): boolean => device.descriptor.devType === 2;
const has = (device: DeviceEntry, bit: number): boolean => (device.descriptor.features & bit) !== 0;

function slotArg(ctx: CallContext, name: string, info: ThemeInfo): number {
  return int(ctx.args, name, 0, Math.max(0, info.theme_info_list.length - 1));
}

function requireThemeChange(device: DeviceEntry): void {
  const allowed = checkThemeChange(capabilitiesOf(device));
  if (!allowed.ok) throw refusal(allowed, 'this keyboard chooses its theme with the switch button');
}

/** Makes `slot` current on the device; every remembered object belonged to the old slot. */
async function switchSlot(device: DeviceEntry, slot: number): Promise<void> {
  await writeThrough(device, 'themes', 0, new Uint8Array([slot]));
  invalidate(device);
}

/** Runs `work` with `slot` current, switching there and back when it is not. */
async function onSlot<T>(device: DeviceEntry, slot: number, info: ThemeInfo, work: () => Promise<T>): Promise<T> {
  if (slot === info.theme_mode) return work();
  requireThemeChange(device);
  await switchSlot(device, slot);
  try {
    return await work();
  } finally {
    if (device.session.isOpen) await switchSlot(device, info.theme_mode);
  }
}

/* ---------- reading and writing a whole profile ---------- */

async function readProfile(device: DeviceEntry): Promise<unknown> {
  const d = device.descriptor;
  const keyboard = isKeyboard(device);
  const codes = decodeU16List(await readCached(device, 'keymap'));
  const keymap = Array.from({ length: d.layerCount }, (_, l) => codes.slice(l * d.keyCount, (l + 1) * d.keyCount));
  const colours = keyboard ? decodeList(RgbLayout, await readCached(device, 'colours'), d.keyCount).map(rgbToHex) : [];
  const perf = keyboard ? decodeList(PerfKeyLayout, await readCached(device, 'perf'), d.keyCount) : [];
  const complete = keyboard ? ((await readCached(device, 'rapidComplete'))[0] ?? 0) : 0;
  const advanced: Record<string, unknown[]> = {};
  for (const list of ADVANCED_LISTS) {
    const cap = listCapacity(d, list);
    const items = cap > 0 ? decodeList<unknown>(ADVANCED_LAYOUTS[list], await readCached(device, list), cap) : [];
    advanced[list] = items.map((item) => listItemToScene(list, item));
  }
  return {
    keymap,
    colours,
    lighting: decodeLighting(await readCached(device, 'lighting')),
    outer_frame: has(device, FEATURE.outerFrame)
      ? OuterFrameLayout.decode(await readCached(device, 'outerFrame'))
      : null,
    ambient: has(device, FEATURE.ambient) ? AmbientLayout.decode(await readCached(device, 'ambient')) : null,
    performance: { key_rapid_use_complete: complete ? 1 : 0, keys: perf.map((k) => perfKeyToScene(k, unitsToMm)) },
    advanced,
  };
}

/** The object writes that put a scene's profile on the device, in a fixed order. */
function profileWrites(device: DeviceEntry, p: SceneProfile): [ObjectName, Uint8Array][] {
  const d = device.descriptor;
  const writes: [ObjectName, Uint8Array][] = [['keymap', encodeU16List(p.keymap.flat())]];
  if (isKeyboard(device)) {
    writes.push(['colours', encodeColours(p.colours)]);
    writes.push([
      'perf',
      encodeList(
        PerfKeyLayout,
        p.performance.keys.map((k) => sceneToPerfKey(k, mmToUnits)),
      ),
    ]);
    writes.push(['rapidComplete', new Uint8Array([p.performance.key_rapid_use_complete])]);
  }
  writes.push(['lighting', encodeLighting(p.lighting)]);
  if (p.outer_frame && has(device, FEATURE.outerFrame))
    writes.push(['outerFrame', OuterFrameLayout.encode(p.outer_frame)]);
  if (p.ambient && has(device, FEATURE.ambient)) writes.push(['ambient', AmbientLayout.encode(p.ambient)]);
  for (const list of ADVANCED_LISTS) {
    const cap = listCapacity(d, list);
    if (cap === 0) continue;
    const layout = ADVANCED_LAYOUTS[list] as {
      size: number;
      encodeInto(v: unknown, out: Uint8Array, at: number): void;
    };
    // A shorter list leaves the remaining slots empty; parseScene made sure no used entry lies beyond capacity.
    const out = new Uint8Array(cap * layout.size);
    (p.advanced[list] as unknown[])
      .slice(0, cap)
      .forEach((item, i) => layout.encodeInto(sceneItemToRecord(list, item), out, i * layout.size));
    writes.push([list, out]);
  }
  return writes;
}

/** Snaps each key's travel to its switch's accuracy; refuses a value outside its switch's limits. */
function checkScenePerf(p: SceneProfile, switches: readonly SwitchSpec[]): string | undefined {
  for (const [id, k] of p.performance.keys.entries()) {
    const accuracy = accuracyOf(switchSpecOf(switches, k.switch_type));
    const ranges = perfRanges(accuracy, accuracy.min_trigger);
    const fields = [
      ['trigger', 'trigger'],
      ['dead', 'dead'],
      ['p_rapid_value', 'rapid'],
      ['r_rapid_value', 'rapid'],
    ] as const;
    for (const [field, kind] of fields) {
      const checked = checkPerfValue(kind, k[field], ranges);
      if (!checked.ok) return `key ${id}: ${field} ${k[field]} mm is outside its switch's range`;
      k[field] = checked.value;
    }
  }
  return undefined;
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

const importFailure = (reason: string): BridgeCallError =>
  new BridgeCallError(IMPORT_FAILURE_KEY, `Import failure: ${reason}`, [reason]);

/* ---------- calls ---------- */

async function exportSlot(ctx: CallContext, device: DeviceEntry, info: ThemeInfo) {
  const slot = slotArg(ctx, 'cur_theme_id', info);
  const name = info.theme_info_list[slot] ?? `Theme ${slot + 1}`;
  const profile = await onSlot(device, slot, info, () => readProfile(device));
  const parsed = SceneSchema.safeParse({
    format: SCENE_FORMAT,
    version: SCENE_VERSION,
    model: device.record.name,
    key_count: device.descriptor.keyCount,
    layer_count: device.descriptor.layerCount,
    name,
    profile,
  });
  if (!parsed.success) throw new BridgeCallError(EXPORT_FAILURE_KEY, 'the device holds values a scene cannot carry');
  return { path: device.path, theme_id: slot, file_name: sceneFileName(name), content: JSON.stringify(parsed.data) };
}

async function importSlot(ctx: CallContext, device: DeviceEntry, info: ThemeInfo) {
  const text = str(ctx.args, 'import');
  const slot = slotArg(ctx, 'cur_theme_id', info);
  const parsed = parseScene(text, device.descriptor, capabilitiesOf(device).lighting.lightMax);
  if (!parsed.ok) throw importFailure(parsed.reason);
  const scene: SceneDocument = parsed.scene;
  if (isKeyboard(device)) {
    const reason = checkScenePerf(scene.profile, decodeSwitches(await readCached(device, 'switches')));
    if (reason) throw importFailure(reason);
  }
  const label = checkThemeName(scene.name);
  const writes = profileWrites(device, scene.profile);
  await onSlot(device, slot, info, async () => {
    // Keep what the slot held: a value the device refuses halfway puts every object written so far back.
    const backup: [ObjectName, Uint8Array][] = [];
    const changed: [ObjectName, Uint8Array][] = [];
    for (const [name, bytes] of writes) {
      const held = (await readCached(device, name)).slice();
      // An object that already holds the scene's bytes costs no write.
      if (sameBytes(held, bytes)) continue;
      backup.push([name, held]);
      changed.push([name, bytes]);
    }
    try {
      for (const [name, bytes] of changed) await writeThrough(device, name, 0, bytes);
    } catch (e) {
      if (!(e instanceof SessionError) || e.reason !== 'device') throw e;
      for (const [name, bytes] of backup) await writeThrough(device, name, 0, bytes).catch(() => undefined);
      throw importFailure(`the keyboard refused the scene (${e.message})`);
    }
    if (label.ok) await writeThrough(device, 'themes', themeNameOffset(slot), encodeText(label.value, NAME_BYTES));
  });
  const after = await readThemeInfo(device);
  const saved = { path: device.path, theme_id: slot, name: after.theme_info_list[slot] ?? '' };
  ctx.emit('up_theme_save', saved);
  ctx.emit('get_theme_info', after);
  return after;
}

/** After a switch, the open tab's data and then the key values are sent again (spec-2 §4). */
async function refreshPage(service: DeviceService, ctx: CallContext, device: DeviceEntry): Promise<void> {
  const page = device.state.get(PAGE_KEY);
  const others = (func: string) => service.call('dev_info', func, ['--path', device.path]).catch(() => undefined);
  if (page === 1) await others('get_key_color_info');
  else if (page === 0) await others('get_key_func_info');
  else if (page === 3) ctx.emit('get_key_perf_info', await readPerformance(device));
  else if (page === 4) await emitSettingData(ctx, device);
  await others('get_key_value_info');
}

async function setThemeInfo(service: DeviceService, ctx: CallContext): Promise<unknown> {
  const device = ctx.device();
  const actions = ['change_theme_id', 'theme_name', 'export', 'import'].filter((a) => ctx.args.has(a));
  if (actions.length > 1)
    throw invalid('set_theme_info takes one of --change_theme_id, --theme_name, --export, --import');
  if (ctx.args.has('current_page_id_num')) {
    const page = int(ctx.args, 'current_page_id_num', 0, 4);
    if (!(PAGES as readonly number[]).includes(page)) throw invalid(`--current_page_id_num ${page} is not a tab`);
    device.state.set(PAGE_KEY, page);
  }
  const info = await readThemeInfo(device);
  switch (actions[0]) {
    case 'change_theme_id': {
      const slot = slotArg(ctx, 'change_theme_id', info);
      requireThemeChange(device);
      await switchSlot(device, slot);
      const after = await readThemeInfo(device);
      ctx.emit('up_theme_info', after);
      ctx.emit('get_theme_info', after);
      await refreshPage(service, ctx, device);
      return after;
    }
    case 'theme_name': {
      const slot = slotArg(ctx, 'cur_theme_id', info);
      const name = checkThemeName(str(ctx.args, 'theme_name'));
      if (!name.ok) throw refusal(name, 'the theme name is empty');
      await writeThrough(device, 'themes', themeNameOffset(slot), encodeText(name.value, NAME_BYTES));
      const after = await readThemeInfo(device);
      ctx.emit('get_theme_info', after);
      return after;
    }
    case 'export':
      return exportSlot(ctx, device, info);
    case 'import':
      return importSlot(ctx, device, info);
    default:
      if (!ctx.args.has('current_page_id_num')) throw invalid('set_theme_info needs an action');
      return info;
  }
}

export function registerThemeHandlers(service: DeviceService): void {
  service.handle('dev_info', 'get_theme_info', async (ctx) => {
    const info = await readThemeInfo(ctx.device());
    ctx.emit('get_theme_info', info);
    return info;
  });
  service.handle('dev_info', 'set_theme_info', (ctx) => setThemeInfo(service, ctx));
}
