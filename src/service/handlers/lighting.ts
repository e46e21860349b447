/** Lighting calls: get_key_color_info and set_led_info (spec-1 §7), per-key colours, modes, outer frame, ambient. */
import { z } from 'zod';
import { capabilitiesFor, type Capabilities } from '../../core/capabilities.ts';
import { checkRgba, parseHexColour, type Rgba } from '../../core/rules/colour.ts';
import { fail, type RuleFailure } from '../../core/rules/result.ts';
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
import { int, invalid, json, str } from '../args.ts';
import { BridgeCallError } from '../bridge.ts';
import { configObjects, prefetch, readCached, remember, writeThrough } from '../cache.ts';
import type { CallContext, DeviceEntry } from '../context.ts';
import {
  colourInfoPayload,
  colourSetKeysData,
  editAmbientMode,
  editBytes,
  editFrameItem,
  editMode,
  FRAME_BRIGHTNESS,
  readColourState,
  setByte,
  type ColourInfoPayload,
  type ObjectEdit,
} from '../convert/lighting.ts';
import type { DeviceService } from '../service.ts';

export function capabilitiesOf(device: DeviceEntry): Capabilities {
  return capabilitiesFor(device.record.display_name, device.record.fw_ver);
}

function refuse(failure: RuleFailure, message: string): BridgeCallError {
  return new BridgeCallError(failure.toastKey, message, [], { type: failure.type as 1 | 2, delay: failure.delay });
}

/** Key colour info of a device, from the service's copy of its objects. */
export async function colourInfo(device: DeviceEntry): Promise<ColourInfoPayload> {
  const caps = capabilitiesOf(device);
  return colourInfoPayload(device.path, await readColourState(device, caps), caps);
}

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);
const byte = z.number().int().min(0).max(255);

const modeDataSchema = z.object({
  index: z.number().int().min(0).optional(),
  light: byte.optional(),
  speed: byte.optional(),
  direction: z
    .union([z.enum(['l2h', 'h2l']), z.literal(0), z.literal(1)])
    .transform((d) => (d === 1 || d === 'h2l' ? 'h2l' : 'l2h'))
    .optional(),
  random: flag.optional(),
  random_by_press: flag.optional(),
});

const outframeDataSchema = z.object({
  index: z.number().int().min(0),
  hsva: z.object({
    hue: byte,
    saturation: byte,
    value: byte,
    alpha: z.number().int().min(FRAME_BRIGHTNESS.min).max(FRAME_BRIGHTNESS.max),
  }),
});

const ambientModeDataSchema = z.object({
  index: z.number().int().min(0).optional(),
  light: byte.optional(),
  speed: byte.optional(),
});

const keyIdsSchema = z.array(z.number().int().min(0)).min(1);

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
  'select',
] as const;
type LedOption = (typeof OPTIONS)[number];

/** --rgba is JSON {r, g, b, a} (a 0-1, default 1) or a hex colour, quoted or not. */
function parseRgba(text: string): Rgba {
  const t = text.trim();
  let colour: Rgba;
  if (t.startsWith('{')) {
    const schema = z.object({ r: z.number(), g: z.number(), b: z.number(), a: z.number().default(1) });
    const parsed = schema.safeParse(
      (() => {
        try {
          return JSON.parse(t) as unknown;
        } catch {
          return undefined;
        }
      })(),
    );
    if (!parsed.success) throw invalid('--rgba must be {r, g, b, a} or a hex colour');
    colour = parsed.data;
  } else {
    const hex = parseHexColour(t.replace(/^"|"$/g, ''));
    if (!hex.ok) throw invalid(`--rgba "${t}" is not a colour`);
    colour = hex.value;
  }
  if (!checkRgba(colour).ok) throw invalid('--rgba: r, g, b must be 0-255 and a 0-1 in steps of 0.01');
  return colour;
}

const switchValue = (args: Map<string, string>, name: string): number => int(args, name, 0, 1);

async function writeEdit<T>(device: DeviceEntry, name: ObjectName, l: Layout<T>, edit: ObjectEdit<T>) {
  await writeThrough(device, name, edit.offset, editBytes(l, edit));
}

async function requireOuterFrame(device: DeviceEntry, caps: Capabilities): Promise<OuterFrame> {
  if (!caps.lighting.outerFrame || !(device.descriptor.features & FEATURE.outerFrame))
    throw refuse(fail(TOAST_KEYS.notApply), `${device.record.display_name} has no outer-frame light`);
  return OuterFrameLayout.decode(await readCached(device, 'outerFrame'));
}

async function requireAmbient(device: DeviceEntry, caps: Capabilities): Promise<Ambient> {
  if (!caps.lighting.ambient || !(device.descriptor.features & FEATURE.ambient))
    throw refuse(fail(TOAST_KEYS.notApply), `${device.record.display_name} has no ambient light`);
  return AmbientLayout.decode(await readCached(device, 'ambient'));
}

async function setKeyColours(ctx: CallContext, device: DeviceEntry): Promise<void> {
  if (!(device.descriptor.features & FEATURE.perKeyRgb))
    throw refuse(fail(TOAST_KEYS.notApply), `${device.record.display_name} has no per-key colours`);
  if (!ctx.args.has('rgba')) throw invalid('--select needs --rgba');
  const keyIds = [...new Set(json(ctx.args, 'select', keyIdsSchema))];
  const keyCount = device.descriptor.keyCount;
  if (keyIds.some((id) => id >= keyCount)) throw invalid(`--select: key ids are 0-${keyCount - 1}`);
  const { r, g, b } = parseRgba(str(ctx.args, 'rgba'));
  // The copy is read before the write so that it can be patched to what the device acknowledged.
  const colours = decodeList(RgbLayout, await readCached(device, 'colours'), keyCount);
  await device.session.command(CMD.keyColour, SUB.keyColour.setKeys, colourSetKeysData({ r, g, b }, keyMask(keyIds)));
  for (const id of keyIds) colours[id] = { r, g, b };
  remember(device, 'colours', encodeList(RgbLayout, colours));
}

async function setLighting(ctx: CallContext, device: DeviceEntry, option: LedOption, caps: Capabilities) {
  const { args } = ctx;
  const lighting: Lighting = LightingLayout.decode(await readCached(device, 'lighting'));
  let edit: ObjectEdit<Lighting>;
  if (option === 'mode_data') {
    const data = json(args, 'mode_data', modeDataSchema);
    const index = data.index ?? lighting.modeIndex;
    const result = editMode(LightingLayout, lighting, index, data, caps.lighting.lightMax);
    if (!result.ok) throw invalid(`--mode_data: ${result.reason}`);
    edit = result.edit;
  } else if (option === 'mode_index') {
    edit = setByte(LightingLayout, lighting, 'modeIndex', int(args, 'mode_index', 0, lighting.modes.length - 1));
  } else if (option === 'color_index') {
    edit = setByte(LightingLayout, lighting, 'colourIndex', int(args, 'color_index', 0, lighting.palette.length - 1));
  } else {
    edit = setByte(LightingLayout, lighting, 'lightSwitch', switchValue(args, 'light_switch'));
  }
  await writeEdit(device, 'lighting', LightingLayout, edit);
}

async function setOuterFrame(ctx: CallContext, device: DeviceEntry, option: LedOption, caps: Capabilities) {
  const frame = await requireOuterFrame(device, caps);
  if (option === 'outframe_switch') {
    const edit = setByte(OuterFrameLayout, frame, 'frameSwitch', switchValue(ctx.args, 'outframe_switch'));
    return writeEdit(device, 'outerFrame', OuterFrameLayout, edit);
  }
  const data = json(ctx.args, 'outframe_data', outframeDataSchema);
  const size = Math.min(frame.size, frame.items.length);
  if (data.index >= size) throw invalid(`--outframe_data: index must be 0-${size - 1}`);
  await writeEdit(
    device,
    'outerFrame',
    OuterFrameLayout,
    editFrameItem(OuterFrameLayout, frame, data.index, data.hsva),
  );
}

async function setAmbient(ctx: CallContext, device: DeviceEntry, option: LedOption, caps: Capabilities) {
  const { args } = ctx;
  const ambient = await requireAmbient(device, caps);
  let edit: ObjectEdit<Ambient>;
  if (option === 'ambient_mode_data') {
    const data = json(args, 'ambient_mode_data', ambientModeDataSchema);
    const result = editAmbientMode(
      AmbientLayout,
      ambient,
      data.index ?? ambient.modeIndex,
      data,
      caps.lighting.lightMax,
    );
    if (!result.ok) throw invalid(`--ambient_mode_data: ${result.reason}`);
    edit = result.edit;
  } else if (option === 'ambient_mode_index') {
    edit = setByte(AmbientLayout, ambient, 'modeIndex', int(args, 'ambient_mode_index', 0, ambient.modeCount - 1));
  } else if (option === 'ambient_color_index') {
    const max = Math.min(7, ambient.colourCount - 1);
    edit = setByte(AmbientLayout, ambient, 'colourIndex', int(args, 'ambient_color_index', 0, max));
  } else {
    edit = setByte(AmbientLayout, ambient, 'ambientSwitch', switchValue(args, 'ambient_switch'));
  }
  await writeEdit(device, 'ambient', AmbientLayout, edit);
}

export function registerLightingHandlers(service: DeviceService): void {
  service.handle('dev_info', 'get_key_color_info', async (ctx) => {
    await prefetch(ctx.device(), configObjects(ctx.device(), 'colour'));
    const payload = await colourInfo(ctx.device());
    ctx.emit('get_key_color_info', payload);
    return payload;
  });

  service.handle('dev_info', 'set_led_info', async (ctx) => {
    const device = ctx.device();
    const given = OPTIONS.filter((o) => ctx.args.has(o));
    if (given.length !== 1) throw invalid(`set_led_info takes exactly one of --${OPTIONS.join(', --')}`);
    const option = given[0]!;
    if (option !== 'select' && ctx.args.has('rgba')) throw invalid('--rgba goes with --select');
    const caps = capabilitiesOf(device);
    if (option === 'select') await setKeyColours(ctx, device);
    else if (option.startsWith('outframe_')) await setOuterFrame(ctx, device, option, caps);
    else if (option.startsWith('ambient_')) await setAmbient(ctx, device, option, caps);
    else await setLighting(ctx, device, option, caps);
    const payload = await colourInfo(device);
    ctx.emit('get_key_color_info', payload);
    return payload;
  });
}
