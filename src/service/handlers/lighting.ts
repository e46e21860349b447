/**
 * Lighting calls: get_key_color_info and set_led_info (spec-1 §7), per-key colours, modes, outer frame, ambient.
 * Each option writes only the bytes it changes, built from the service's copy of the object, which is dropped
 * whenever a write fails or goes unanswered, so the next call reads the device again before it builds anything.
 */
import type { lightingCalls } from '../../contract/areas/lighting.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import type { ParsedArgs } from '../../contract/contract.ts';
import type { ColourInfoPayload } from '../../contract/payloads/lighting.ts';
import type { Capabilities } from '../../core/capabilities.ts';
import { fail } from '../../core/rules/result.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { CMD, FEATURE, keyMask, SUB } from '../../protocol/commands.ts';
import {
  AmbientLayout,
  LightingLayout,
  OuterFrameLayout,
  RgbLayout,
  type Ambient,
  type Lighting,
  type OuterFrame,
} from '../../protocol/objects.ts';
import type { ObjectName } from '../../protocol/registry.ts';
import { decodeList, encodeList, type Layout } from '../../protocol/struct.ts';
import { configObjects, invalidate, prefetch, readCached, remember, writeThrough } from '../cache.ts';
import type { CallContext, KeytuneDevice, Handlers } from '../context.ts';
import {
  AMBIENT_SUBTYPE_COUNT,
  colourInfoPayload,
  colourSetKeysData,
  editAmbientMode,
  editBytes,
  editFrameItem,
  editMode,
  planColourWrite,
  readColourState,
  setByte,
  type ObjectEdit,
} from '../convert/lighting.ts';
import { refusal } from '../refusal.ts';
import type { DeviceService } from '../service.ts';

type LedArgs = ParsedArgs<'setLedInfo'>;

const OPTIONS = [
  'mode_data',
  'mode_index',
  'color_index',
  'light_switch',
  'outframe_data',
  'outframe_switch',
  'ambient_mode_data',
  'ambient_mode_index',
  'ambient_color_index',
  'ambient_switch',
  'ambient_subtype',
  'select',
  'key_colors',
] as const satisfies readonly (keyof LedArgs)[];
type LedOption = (typeof OPTIONS)[number];

const invalid = (message: string) => new BridgeCallError(TOAST_KEYS.invalidArgs, message);

const notApplicable = (message: string) => refusal(fail(TOAST_KEYS.notApply), message);

/** Key colour info of a device, from the service's copy of its objects. */
export async function colourInfo(device: KeytuneDevice): Promise<ColourInfoPayload> {
  return colourInfoPayload(device.path, await readColourState(device, device.caps), device.caps);
}

/** Writes the bytes an edit changes; a write that fails drops the service's copy of the object (cache.ts). */
function writeEdit<T>(device: KeytuneDevice, name: ObjectName, l: Layout<T>, edit: ObjectEdit<T>): Promise<void> {
  return writeThrough(device, name, edit.offset, editBytes(l, edit));
}

/** A value within 0-max, else err.args.invalid naming the option. */
function upTo(option: LedOption, value: number, max: number): number {
  if (value > max) throw invalid(`--${option} must be 0-${max}`);
  return value;
}

async function requireOuterFrame(device: KeytuneDevice, caps: Capabilities): Promise<OuterFrame> {
  if (!caps.lighting.outerFrame || !(device.descriptor.features & FEATURE.outerFrame))
    throw notApplicable(`${device.record.display_name} has no outer-frame light`);
  return OuterFrameLayout.decode(await readCached(device, 'outerFrame'));
}

async function requireAmbient(device: KeytuneDevice, caps: Capabilities): Promise<Ambient> {
  if (!caps.lighting.ambient || !(device.descriptor.features & FEATURE.ambient))
    throw notApplicable(`${device.record.display_name} has no ambient light`);
  return AmbientLayout.decode(await readCached(device, 'ambient'));
}

async function setKeyColours(device: KeytuneDevice, select: number[], rgba: LedArgs['rgba']): Promise<void> {
  if (!(device.descriptor.features & FEATURE.perKeyRgb))
    throw notApplicable(`${device.record.display_name} has no per-key colours`);
  if (!rgba) throw invalid('--select needs --rgba');
  const keyCount = device.descriptor.keyCount;
  const keyIds = [...new Set(select)];
  if (keyIds.some((id) => id >= keyCount)) throw invalid(`--select: key ids are 0-${keyCount - 1}`);
  const { r, g, b } = rgba;
  // The copy is read before the write so that it can be patched to what the device acknowledged.
  const colours = decodeList(RgbLayout, await readCached(device, 'colours'), keyCount);
  try {
    await device.session.command(CMD.keyColour, SUB.keyColour.setKeys, colourSetKeysData({ r, g, b }, keyMask(keyIds)));
  } catch (e) {
    // The keyboard may or may not hold the new colours: the copy is read again before its next use.
    invalidate(device, 'colours');
    throw e;
  }
  for (const id of keyIds) colours[id] = { r, g, b };
  remember(device, 'colours', encodeList(RgbLayout, colours));
}

/**
 * A colour per key: one streamed write of the smallest range of the colours object holding them (one masked frame
 * when they all share a colour). The device commits a stream whole, so a write cut anywhere leaves every old colour.
 */
async function setKeyColourList(device: KeytuneDevice, list: NonNullable<LedArgs['key_colors']>): Promise<void> {
  if (!(device.descriptor.features & FEATURE.perKeyRgb))
    throw notApplicable(`${device.record.display_name} has no per-key colours`);
  const keyCount = device.descriptor.keyCount;
  if (list.some((e) => e.key >= keyCount)) throw invalid(`--key_colors: key ids are 0-${keyCount - 1}`);
  const entries = list.map(({ key, rgba: { r, g, b } }) => ({ key, colour: { r, g, b } }));
  const base = decodeList(RgbLayout, await readCached(device, 'colours'), keyCount);
  const plan = planColourWrite(base, entries);
  if (plan.kind === 'masked') return setKeyColours(device, plan.keyIds, { ...plan.colour, a: 1 });
  await writeThrough(device, 'colours', plan.offset, plan.bytes);
}

async function setLighting(device: KeytuneDevice, args: LedArgs, option: LedOption, caps: Capabilities) {
  const lighting: Lighting = LightingLayout.decode(await readCached(device, 'lighting'));
  let edit: ObjectEdit<Lighting>;
  if (args.mode_data) {
    const data = args.mode_data;
    const result = editMode(LightingLayout, lighting, data.index ?? lighting.modeIndex, data, caps.lighting.lightMax);
    if (!result.ok) throw invalid(`--mode_data: ${result.reason}`);
    edit = result.edit;
  } else if (args.mode_index !== undefined) {
    edit = setByte(LightingLayout, lighting, 'modeIndex', upTo(option, args.mode_index, lighting.modes.length - 1));
  } else if (args.color_index !== undefined) {
    const index = upTo(option, args.color_index, lighting.palette.length - 1);
    edit = setByte(LightingLayout, lighting, 'colourIndex', index);
  } else {
    edit = setByte(LightingLayout, lighting, 'lightSwitch', args.light_switch ? 1 : 0);
  }
  await writeEdit(device, 'lighting', LightingLayout, edit);
}

async function setOuterFrame(device: KeytuneDevice, args: LedArgs, caps: Capabilities) {
  const frame = await requireOuterFrame(device, caps);
  if (args.outframe_switch !== undefined) {
    const edit = setByte(OuterFrameLayout, frame, 'frameSwitch', args.outframe_switch ? 1 : 0);
    return writeEdit(device, 'outerFrame', OuterFrameLayout, edit);
  }
  const data = args.outframe_data!;
  const size = Math.min(frame.size, frame.items.length);
  if (data.index >= size) throw invalid(`--outframe_data: index must be 0-${size - 1}`);
  await writeEdit(
    device,
    'outerFrame',
    OuterFrameLayout,
    editFrameItem(OuterFrameLayout, frame, data.index, data.hsva),
  );
}

async function setAmbient(device: KeytuneDevice, args: LedArgs, option: LedOption, caps: Capabilities) {
  const ambient = await requireAmbient(device, caps);
  let edit: ObjectEdit<Ambient>;
  if (args.ambient_mode_data) {
    const data = args.ambient_mode_data;
    const index = data.index ?? ambient.modeIndex;
    const result = editAmbientMode(AmbientLayout, ambient, index, data, caps.lighting.lightMax);
    if (!result.ok) throw invalid(`--ambient_mode_data: ${result.reason}`);
    edit = result.edit;
  } else if (args.ambient_mode_index !== undefined) {
    const index = upTo(option, args.ambient_mode_index, ambient.modeCount - 1);
    edit = setByte(AmbientLayout, ambient, 'modeIndex', index);
  } else if (args.ambient_color_index !== undefined) {
    const index = upTo(option, args.ambient_color_index, Math.min(7, ambient.colourCount - 1));
    edit = setByte(AmbientLayout, ambient, 'colourIndex', index);
  } else if (args.ambient_subtype !== undefined) {
    if (!caps.lighting.ambientSubtypeDropdown)
      throw notApplicable(`${device.record.display_name} at firmware ${device.record.fw_ver} has no ambient subtype`);
    edit = setByte(AmbientLayout, ambient, 'subtype', upTo(option, args.ambient_subtype, AMBIENT_SUBTYPE_COUNT - 1));
  } else {
    edit = setByte(AmbientLayout, ambient, 'ambientSwitch', args.ambient_switch ? 1 : 0);
  }
  await writeEdit(device, 'ambient', AmbientLayout, edit);
}

async function answer(ctx: CallContext<KeytuneDevice>, device: KeytuneDevice): Promise<ColourInfoPayload> {
  const payload = await colourInfo(device);
  ctx.emit('get_key_color_info', payload);
  return payload;
}

async function setLedInfo(args: LedArgs, ctx: CallContext<KeytuneDevice>): Promise<ColourInfoPayload> {
  const given = OPTIONS.filter((o) => args[o] !== undefined);
  if (given.length !== 1) throw invalid(`set_led_info takes exactly one of --${OPTIONS.join(', --')}`);
  const option = given[0]!;
  if (option !== 'select' && args.rgba !== undefined) throw invalid('--rgba goes with --select');
  const device = ctx.device();
  const caps = device.caps;
  if (args.select) await setKeyColours(device, args.select, args.rgba);
  else if (args.key_colors) await setKeyColourList(device, args.key_colors);
  else if (option.startsWith('outframe_')) await setOuterFrame(device, args, caps);
  else if (option.startsWith('ambient_')) await setAmbient(device, args, option, caps);
  else await setLighting(device, args, option, caps);
  return answer(ctx, device);
}

export function registerLightingHandlers(service: DeviceService): void {
  const handlers: Handlers<keyof typeof lightingCalls, KeytuneDevice> = {
    getKeyColorInfo: async (_args, ctx) => {
      const device = ctx.device();
      await prefetch(device, configObjects(device, 'colour'));
      return answer(ctx, device);
    },
    setLedInfo,
  };
  service.implementFor('keytune', handlers);
}
