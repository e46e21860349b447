/**
 * dev_info theme (scene) calls (spec-2 §2.4, §4, §7): get_theme_info and set_theme_info — switch slot, rename,
 * export and import .mgscene files.
 *
 * Each change is one atomic change on the device: a switch and a rename are one write stream each, and an import is
 * one device-side transaction (every object of the scene, and the slot's new name), so a cable pulled at any report
 * leaves the slot as it was or as the scene says, never a mix. The service holds no UI state: after a switch it emits
 * the theme info, and asking for the open tab's data again (spec-2 §4) is the UI's part.
 *
 * Writes address the current slot only. Importing into another slot switches to it and back inside the transaction,
 * so the keyboard never stays there. Exporting another slot reads it with slot reads (docs/protocol.md §5.2.1), so the
 * keyboard never leaves its slot, whatever happens to the link. Firmware of protocol 1 answers those with
 * unknownCommand: then the export switches to the slot and back around the reads, and should the link drop in
 * between, the slot the keyboard was on is put back as soon as it is attached again. On models whose theme is chosen
 * with a button on the keyboard (mojo68rt, made68air) only the current slot can be exported or imported.
 */
import type { themeCalls } from '../../contract/areas/theme.ts';
import type { SceneExport, ThemeInfo } from '../../contract/payloads/theme.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import { checkPerfValue, perfRanges } from '../../core/rules/perf.ts';
import { checkThemeChange, checkThemeName } from '../../core/rules/settings.ts';
import { findModel } from '../../core/models.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { FEATURE } from '../../protocol/commands.ts';
import { DEVICE_ERROR } from '../../protocol/errors.ts';
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
import { invalidate, prefetch, readCached, writeAtomicThrough, writeThrough } from '../cache.ts';
import type { ParsedArgs } from '../../contract/contract.ts';
import type { CallContext, KeytuneDevice, Emit, Handlers } from '../context.ts';
import { outsideUpdateMode } from '../convert/firmware.ts';
import { accuracyOf, decodeSwitches, switchSpecOf } from '../convert/performance.ts';
import {
  ADVANCED_LAYOUTS,
  ADVANCED_LISTS,
  EXPORT_FAILURE_KEY,
  IMPORT_FAILURE_KEY,
  IMPORT_OTHER_MODEL_KEY,
  SceneSchema,
  SCENE_FORMAT,
  SCENE_VERSION,
  decodeLighting,
  encodeColours,
  encodeLighting,
  listCapacity,
  listItemToScene,
  parseScene,
  perfKeyToScene,
  rgbToHex,
  sceneFileName,
  sceneFitsModel,
  sceneItemToRecord,
  sceneToPerfKey,
  type SceneDocument,
  type SceneProfile,
} from '../convert/theme.ts';
import { mmToUnits, unitsToMm } from '../convert/units.ts';
import { emitThemeInfo, readSlot, readThemeInfo } from '../payloads/theme.ts';
import { refusal } from '../refusal.ts';
import type { DeviceService } from '../service.ts';
import { SessionError, type AtomicOp } from '../session.ts';

const invalid = (message: string): BridgeCallError => new BridgeCallError(TOAST_KEYS.invalidArgs, message);
const isKeyboard = (device: KeytuneDevice): boolean => device.descriptor.devType === 2;
const has = (device: KeytuneDevice, bit: number): boolean => (device.descriptor.features & bit) !== 0;

/** The slot a call names, refused when the device has no such slot. */
function slotOf(value: number | undefined, name: string, info: ThemeInfo): number {
  if (value === undefined) throw invalid(`--${name} is required`);
  const count = info.theme_info_list.length;
  if (value >= count) throw invalid(`--${name} ${value}: this keyboard has ${count} theme slots`);
  return value;
}

function requireThemeChange(device: KeytuneDevice): void {
  const allowed = checkThemeChange(device.caps);
  if (!allowed.ok) throw refusal(allowed, 'this keyboard chooses its theme with the switch button');
}

/** The write that makes `slot` current: one byte of the themes object. */
const slotWrite = (slot: number): AtomicOp => ({
  kind: 'object',
  name: 'themes',
  offset: 0,
  bytes: new Uint8Array([slot]),
});

/* ---------- reading and writing a whole profile ---------- */

/** The objects one slot's profile is made of on this device. */
function profileObjects(device: KeytuneDevice): ObjectName[] {
  const d = device.descriptor;
  const names: ObjectName[] = ['keymap', 'lighting'];
  if (isKeyboard(device)) names.push('colours', 'perf', 'rapidComplete');
  if (has(device, FEATURE.outerFrame)) names.push('outerFrame');
  if (has(device, FEATURE.ambient)) names.push('ambient');
  for (const list of ADVANCED_LISTS) if (listCapacity(d, list) > 0) names.push(list);
  return names;
}

type ReadObject = (name: ObjectName) => Promise<Uint8Array>;

/** A slot's profile as a scene carries it, built from the objects `read` answers. */
async function profileOf(device: KeytuneDevice, read: ReadObject): Promise<unknown> {
  const d = device.descriptor;
  const keyboard = isKeyboard(device);
  const codes = decodeU16List(await read('keymap'));
  const keymap = Array.from({ length: d.layerCount }, (_, l) => codes.slice(l * d.keyCount, (l + 1) * d.keyCount));
  const colours = keyboard ? decodeList(RgbLayout, await read('colours'), d.keyCount).map(rgbToHex) : [];
  const perf = keyboard ? decodeList(PerfKeyLayout, await read('perf'), d.keyCount) : [];
  const complete = keyboard ? ((await read('rapidComplete'))[0] ?? 0) : 0;
  const advanced: Record<string, unknown[]> = {};
  for (const list of ADVANCED_LISTS) {
    const cap = listCapacity(d, list);
    const items = cap > 0 ? decodeList<unknown>(ADVANCED_LAYOUTS[list], await read(list), cap) : [];
    advanced[list] = items.map((item) => listItemToScene(list, item));
  }
  return {
    keymap,
    colours,
    lighting: decodeLighting(await read('lighting')),
    outer_frame: has(device, FEATURE.outerFrame) ? OuterFrameLayout.decode(await read('outerFrame')) : null,
    ambient: has(device, FEATURE.ambient) ? AmbientLayout.decode(await read('ambient')) : null,
    performance: { key_rapid_use_complete: complete ? 1 : 0, keys: perf.map((k) => perfKeyToScene(k, unitsToMm)) },
    advanced,
  };
}

/** The current slot's profile, read from the device in one multi-read and kept as the service's copy. */
async function readProfile(device: KeytuneDevice): Promise<unknown> {
  await prefetch(device, profileObjects(device));
  return profileOf(device, (name) => readCached(device, name));
}

/**
 * Another slot's profile, read with slot reads (protocol 1.1): the keyboard stays on its slot throughout, whatever
 * happens to the link. The service's copies belong to the current slot and are left alone.
 */
async function readSlotProfile(device: KeytuneDevice, slot: number): Promise<unknown> {
  const got = await readSlot(device, slot, profileObjects(device));
  return profileOf(device, async (name) => {
    const bytes = got.get(name);
    if (!bytes)
      throw new BridgeCallError(EXPORT_FAILURE_KEY, `the keyboard did not answer the ${name} of slot ${slot}`);
    return bytes;
  });
}

/** True when the device refused a request as a command it does not know: firmware of protocol 1. */
const unknownCommand = (e: unknown): boolean =>
  e instanceof SessionError && e.reason === 'device' && e.deviceCode === DEVICE_ERROR.unknownCommand;

/** The object writes that put a scene's profile on the device, in a fixed order. */
function profileWrites(device: KeytuneDevice, p: SceneProfile): [ObjectName, Uint8Array][] {
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

/* ---------- the calls ---------- */

export function registerThemeHandlers(service: DeviceService): void {
  /**
   * Devices whose link dropped while an export on protocol 1 had switched them to another slot, with the slot to put
   * back. The entry is made before the first switch and removed once the keyboard is back on its slot.
   */
  const detours = new Map<string, number>();

  service.onDeviceAttached((device) => {
    const slot = detours.get(device.path);
    if (slot === undefined) return;
    // Queued before anything else can reach the new session, so no call sees the detour's slot.
    writeThrough(device, 'themes', 0, new Uint8Array([slot])).then(
      () => {
        if (detours.get(device.path) === slot) detours.delete(device.path);
        invalidate(device);
      },
      () => undefined,
    );
  });

  /**
   * Devices whose firmware answered a slot read with unknownCommand (protocol 1): their exports switch slots. Kept per
   * attached device, so a firmware update (a new attach) asks again.
   */
  const withoutSlotRead = new WeakSet<KeytuneDevice>();

  /**
   * Protocol 1 fallback: runs `read` with `slot` made current, and makes the keyboard's own slot current again
   * afterwards. Reads inside a transaction answer the committed state (docs/protocol.md §5.5), so the switch cannot
   * be staged in one; a link lost in between is repaired on the next attach (`detours`).
   */
  async function onSlot<T>(device: KeytuneDevice, slot: number, info: ThemeInfo, read: () => Promise<T>): Promise<T> {
    detours.set(device.path, info.theme_mode);
    try {
      await writeThrough(device, 'themes', 0, new Uint8Array([slot]));
      invalidate(device);
      return await read();
    } finally {
      if (device.session.isOpen) {
        await writeThrough(device, 'themes', 0, new Uint8Array([info.theme_mode]));
        invalidate(device);
        detours.delete(device.path);
      }
    }
  }

  /**
   * The profile of `slot`: the current one as the pages read it; another with a slot read, the keyboard staying on
   * its slot, or on protocol 1 firmware (unknownCommand) switched to and back.
   */
  async function slotProfile(device: KeytuneDevice, slot: number, info: ThemeInfo): Promise<unknown> {
    if (slot === info.theme_mode) return readProfile(device);
    requireThemeChange(device);
    if (!withoutSlotRead.has(device)) {
      try {
        return await readSlotProfile(device, slot);
      } catch (e) {
        if (!unknownCommand(e)) throw e;
        withoutSlotRead.add(device);
      }
    }
    return onSlot(device, slot, info, () => readProfile(device));
  }

  async function exportSlot(device: KeytuneDevice, slot: number, info: ThemeInfo): Promise<SceneExport> {
    const name = info.theme_info_list[slot] ?? `Theme ${slot + 1}`;
    const profile = await slotProfile(device, slot, info);
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

  async function importScene(device: KeytuneDevice, text: string, slot: number, info: ThemeInfo, emit: Emit) {
    const parsed = parseScene(text, device.descriptor, device.caps.lighting.lightMax);
    if (!parsed.ok) throw importFailure(parsed.reason);
    const scene: SceneDocument = parsed.scene;
    if (!sceneFitsModel(scene, device.record.name)) {
      const here = findModel(device.record.name)?.displayName ?? device.record.name;
      const there = findModel(scene.model)?.displayName ?? scene.model;
      throw new BridgeCallError(
        IMPORT_OTHER_MODEL_KEY,
        `Import failure: the scene was saved from a ${there}, this keyboard is a ${here}`,
        [there, here],
      );
    }
    if (isKeyboard(device)) {
      const reason = checkScenePerf(scene.profile, decodeSwitches(await readCached(device, 'switches')));
      if (reason) throw importFailure(reason);
    }
    const other = slot !== info.theme_mode;
    if (other) requireThemeChange(device);
    // One transaction: another slot is made current only inside it, so the keyboard never stays there.
    const ops: AtomicOp[] = other ? [slotWrite(slot)] : [];
    for (const [name, bytes] of profileWrites(device, scene.profile)) {
      // On the current slot, an object that already holds the scene's bytes costs no write.
      if (!other && sameBytes(await readCached(device, name), bytes)) continue;
      ops.push({ kind: 'object', name, offset: 0, bytes });
    }
    if (other) ops.push(slotWrite(info.theme_mode));
    const label = checkThemeName(scene.name);
    if (label.ok)
      ops.push({
        kind: 'object',
        name: 'themes',
        offset: themeNameOffset(slot),
        bytes: encodeText(label.value, NAME_BYTES),
      });
    try {
      await writeAtomicThrough(device, ops);
    } catch (e) {
      // A refusal by the device means the transaction changed nothing.
      if (e instanceof SessionError && e.reason === 'device')
        throw importFailure(`the keyboard refused the scene (${e.message})`);
      throw e;
    }
    const after = await readThemeInfo(device);
    emit('up_theme_save', { path: device.path, theme_id: slot, name: after.theme_info_list[slot] ?? '' });
    emit('get_theme_info', after);
    return after;
  }

  async function setThemeInfo(args: ParsedArgs<'setThemeInfo'>, ctx: CallContext<KeytuneDevice>): Promise<ThemeInfo | SceneExport> {
    const device = ctx.device();
    const given = (['change_theme_id', 'theme_name', 'export', 'import'] as const).filter((a) => args[a] !== undefined);
    if (given.length > 1)
      throw invalid('set_theme_info takes one of --change_theme_id, --theme_name, --export, --import');
    const info = await readThemeInfo(device);
    switch (given[0]) {
      case 'change_theme_id': {
        const slot = slotOf(args.change_theme_id, 'change_theme_id', info);
        requireThemeChange(device);
        try {
          await writeThrough(device, 'themes', 0, new Uint8Array([slot]));
        } finally {
          // Every copy the service holds belonged to the old slot (or may, when the write's outcome is unknown).
          invalidate(device);
        }
        const after = await readThemeInfo(device);
        ctx.emit('up_theme_info', after);
        ctx.emit('get_theme_info', after);
        return after;
      }
      case 'theme_name': {
        const slot = slotOf(args.cur_theme_id, 'cur_theme_id', info);
        const name = checkThemeName(args.theme_name ?? '');
        if (!name.ok) throw refusal(name, 'the theme name is empty');
        await writeThrough(device, 'themes', themeNameOffset(slot), encodeText(name.value, NAME_BYTES));
        return emitThemeInfo(device, ctx.emit);
      }
      case 'export':
        return exportSlot(device, slotOf(args.cur_theme_id, 'cur_theme_id', info), info);
      case 'import':
        return importScene(device, args.import ?? '', slotOf(args.cur_theme_id, 'cur_theme_id', info), info, ctx.emit);
      default:
        if (args.current_page_id_num === undefined) throw invalid('set_theme_info needs an action');
        return info;
    }
  }

  const handlers: Handlers<keyof typeof themeCalls, KeytuneDevice> = {
    getThemeInfo: (_args, ctx) => outsideUpdateMode(() => emitThemeInfo(ctx.device(), ctx.emit)),

    setThemeInfo: (args, ctx) => outsideUpdateMode(() => setThemeInfo(args, ctx)),
  };
  service.implementFor('keytune', handlers);
}
