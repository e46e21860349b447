/**
 * Handlers of the via-only calls (src/contract/areas/via.ts): they reach the keyboard through its VIA driver's ports
 * and refuse a device of another family, or a VIA keyboard without the port (no definition yet, no macro buffer).
 * Bad values are refused before anything is sent, with err.args.invalid carrying the reason's text id first.
 */
import type {
  ViaDefinitionInfo,
  ViaLayoutOptions,
  ViaLightingChannel,
  ViaMacros,
  ViaMenu,
  viaCalls,
} from '../../contract/areas/via.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import {
  DriverError,
  type DeviceDriver,
  type DriverPorts,
  type LightingState,
  type MacroAction,
} from '../../drivers/types.ts';
import {
  MacroBufferLockedError,
  packLayoutOptions,
  unpackLayoutOptions,
  VIA_KEYBOARD,
  ViaDefinitionError,
  type ViaKeyboard,
} from '../../drivers/via/index.ts';
import type { CallContext, DriverDevice, Handlers } from '../context.ts';
import { deviceRecord } from '../records.ts';
import type { DeviceService } from '../service.ts';

/** Text ids of the refusals (src/i18n/sections/via.ts). */
const NOT_VIA = 'via.err.notVia';
const NO_PORT = 'via.err.noPort';

/** A VIA keyboard's driver and what it offers as one (its definition, ids, protocol). */
interface ViaDevice {
  driver: DeviceDriver;
  via: ViaKeyboard;
}

function viaOf(driver: DeviceDriver | undefined): ViaDevice | undefined {
  const via = driver?.extension(VIA_KEYBOARD);
  return driver && via ? { driver, via } : undefined;
}

function viaDriver(ctx: CallContext): ViaDevice {
  const found = viaOf(ctx.device().driver);
  if (!found) throw new BridgeCallError(NOT_VIA, 'only VIA keyboards answer this call');
  return found;
}

/** Why a port is missing: no definition yet (keymap, matrix, lighting) or nothing of the kind on the keyboard. */
function port<K extends keyof DriverPorts>(ctx: CallContext, name: K, what: string): NonNullable<DriverPorts[K]> {
  const { driver, via } = viaDriver(ctx);
  const found = driver.ports[name];
  if (!found) {
    const reason = via.definition ? 'the keyboard has none' : 'it needs the keyboard’s definition first';
    throw new BridgeCallError(NO_PORT, `${what}: ${reason}`, [what]);
  }
  return found as NonNullable<DriverPorts[K]>;
}

/** A caller's bad value: err.args.invalid whose first argument names the reason's text. */
function invalid(id: string, message: string, values: (string | number)[] = []): BridgeCallError {
  return new BridgeCallError('err.args.invalid', message, [id, ...values.map(String)]);
}

/**
 * The record of a VIA keyboard redrawn from its driver (a definition arrived, a layout option changed) and the device
 * list sent again. It belongs with the service's registry (`service.refreshDriverRecord(path)`); it is written here
 * until the service has it.
 */
function refreshDriverRecord(ctx: CallContext, driver: DeviceDriver): void {
  redrawRecord(ctx, driver);
}

/** The record of the call's device redrawn when it is a VIA keyboard (after a restore that may change its options). */
export function redrawViaRecord(ctx: CallContext): void {
  const found = viaOf(ctx.device().driver);
  if (found) redrawRecord(ctx, found.driver);
}

function redrawRecord(ctx: CallContext, driver: DeviceDriver): void {
  const entry = ctx.device();
  const features = driver.features;
  const fresh = deviceRecord(
    entry.path,
    { identity: driver.identity, features, layout: driver.layout },
    entry.record.virtual,
  );
  entry.record = { ...fresh, red_point: entry.record.red_point, update_fw_ver: entry.record.update_fw_ver };
  ctx.emit('devs_changed', ctx.service.deviceRecords());
}

function definitionInfo({ via }: ViaDevice): ViaDefinitionInfo {
  const problem = via.definitionProblem;
  return {
    vendor_id: via.keyboard.vendorId,
    product_id: via.keyboard.productId,
    protocol: via.protocol,
    name: via.definition?.name ?? '',
    has_definition: via.definition !== undefined,
    problem:
      problem instanceof ViaDefinitionError
        ? [problem.id, ...problem.args.map(String)]
        : problem
          ? ['via.definition.invalid', problem.message]
          : null,
  };
}

async function setDefinition(ctx: CallContext, content: string): Promise<ViaDefinitionInfo> {
  const found = viaDriver(ctx);
  try {
    await found.via.useDefinition(content);
  } catch (e) {
    if (e instanceof ViaDefinitionError) throw invalid(e.id, `definition refused: ${e.message}`, e.args);
    throw e;
  }
  refreshDriverRecord(ctx, found.driver);
  return definitionInfo(found);
}

async function layoutOptions(ctx: CallContext): Promise<ViaLayoutOptions> {
  const { via } = viaDriver(ctx);
  const value = await port(ctx, 'layoutOptions', 'layout options').read();
  const counts = via.definition?.optionChoices ?? [];
  return {
    options: (via.definition?.layout.options ?? []).map((o) => ({ label: o.label, choices: [...o.choices] })),
    choices: unpackLayoutOptions(value, counts),
    value,
  };
}

async function setLayoutOptions(ctx: CallContext, choices: number[]): Promise<ViaLayoutOptions> {
  const { driver, via } = viaDriver(ctx);
  const counts = via.definition?.optionChoices;
  if (!counts) throw new BridgeCallError(NO_PORT, 'layout options: the keyboard’s definition names them', ['layout']);
  if (choices.length !== counts.length)
    throw invalid('via.layout.count', `--choices: this keyboard has ${counts.length} layout options`, [counts.length]);
  choices.forEach((c, i) => {
    if (c >= counts[i]!)
      throw invalid('via.layout.choice', `--choices: option ${i + 1} has choices 0-${counts[i]! - 1}`, [
        i + 1,
        counts[i]! - 1,
      ]);
  });
  await port(ctx, 'layoutOptions', 'layout options').write(packLayoutOptions(choices, counts));
  const answer = await layoutOptions(ctx);
  refreshDriverRecord(ctx, driver);
  return answer;
}

/** The channel's state and what the definition offers on it. */
async function lighting(ctx: CallContext): Promise<ViaLightingChannel[]> {
  const { via } = viaDriver(ctx);
  const states = await port(ctx, 'lighting', 'lighting').read();
  const defs = via.definition?.lighting ?? [];
  return states.map((s) => {
    const def = defs.find((d) => d.id === s.channel)!;
    return {
      channel: s.channel,
      effects: def.effects,
      brightness_max: def.brightnessMax,
      speed: def.speed,
      colour: def.colour,
      effect: s.effect,
      brightness: s.brightness,
      speed_value: s.speed,
      hue: s.hue,
      saturation: s.saturation,
    };
  });
}

type LightingPatch = Partial<Omit<LightingState, 'channel'>>;

function checkChannel(ctx: CallContext, channel: string): void {
  if (!viaDriver(ctx).via.definition?.lighting.some((c) => c.id === channel))
    throw invalid('via.lighting.noChannel', `--channel: this keyboard has no lighting channel "${channel}"`, [channel]);
}

async function setLighting(ctx: CallContext, channel: string, patch: LightingPatch): Promise<ViaLightingChannel[]> {
  const p = port(ctx, 'lighting', 'lighting');
  checkChannel(ctx, channel);
  const now = (await lighting(ctx)).find((c) => c.channel === channel)!;
  if (patch.effect !== undefined && now.effects.length && !now.effects.some((e) => e.id === patch.effect))
    throw invalid('via.lighting.effect', `--effect: ${patch.effect} is not an effect of ${channel}`, [patch.effect]);
  if (patch.brightness !== undefined && patch.brightness > now.brightness_max)
    throw invalid('via.lighting.brightness', `--brightness: 0-${now.brightness_max}`, [now.brightness_max]);
  await p.write({
    channel,
    effect: patch.effect ?? now.effect,
    brightness: patch.brightness ?? now.brightness,
    speed: patch.speed ?? now.speed_value,
    hue: patch.hue ?? now.hue,
    saturation: patch.saturation ?? now.saturation,
  });
  return lighting(ctx);
}

async function menus(ctx: CallContext): Promise<ViaMenu[]> {
  const { via } = viaDriver(ctx);
  const values = port(ctx, 'customValues', 'custom values');
  const out: ViaMenu[] = [];
  for (const menu of via.definition?.menus ?? []) {
    const sections: ViaMenu['sections'] = [];
    for (const section of menu.sections) {
      const controls: ViaMenu['sections'][number]['controls'] = [];
      for (const c of section.controls) {
        const valueId = c.valueId[0] ?? 0;
        let value: number[] | null;
        try {
          value = await values.get(c.channel, valueId, c.bytes);
        } catch (e) {
          // A value the keyboard does not handle is drawn as unavailable; the rest of the menu still works.
          if (!(e instanceof DriverError && e.reason === 'unsupported')) throw e;
          value = null;
        }
        controls.push({
          label: c.label,
          type: c.type,
          name: c.name,
          ...(c.showIf !== undefined ? { show_if: c.showIf } : {}),
          channel: c.channel,
          value_id: valueId,
          bytes: c.bytes,
          options: c.options ?? null,
          value,
        });
      }
      sections.push({
        label: section.label,
        ...(section.showIf !== undefined ? { show_if: section.showIf } : {}),
        controls,
      });
    }
    out.push({ label: menu.label, sections });
  }
  return out;
}

/** Macros measured against the buffer; a value the encoding cannot carry is the caller's mistake. */
function measure(ctx: CallContext, macros: MacroAction[][]): ViaMacros {
  const { driver, via } = viaDriver(ctx);
  const p = port(ctx, 'macros', 'macros');
  const { macroBuffer } = driver.features;
  const count = macroBuffer?.count ?? 0;
  const bytes = macroBuffer?.bytes ?? 0;
  if (macros.length > count)
    throw invalid('via.macros.tooMany', `--macros: this keyboard holds ${count} macros`, [count]);
  if (via.protocol < 11 && macros.some((m) => m.some((a) => a.kind === 'delay')))
    throw invalid('via.macros.noDelays', `--macros: delays need VIA protocol 11`, [via.protocol]);
  let used: number;
  try {
    used = p.size(macros);
  } catch (e) {
    if (e instanceof DriverError) throw invalid('via.macros.bad', `--macros: ${e.message}`, [e.message]);
    throw e;
  }
  const padded = Array.from({ length: count }, (_, i) => macros[i] ?? []);
  return { count, bytes, used, macros: padded, delays: via.protocol >= 11 };
}

async function readMacros(ctx: CallContext): Promise<ViaMacros> {
  try {
    return measure(ctx, await port(ctx, 'macros', 'macros').read());
  } catch (e) {
    if (e instanceof MacroBufferLockedError) throw new BridgeCallError('via.macros.halfWritten', e.message);
    throw e;
  }
}

async function writeMacros(ctx: CallContext, macros: MacroAction[][]): Promise<ViaMacros> {
  const measured = measure(ctx, macros);
  if (measured.used > measured.bytes)
    throw invalid(
      'via.macros.overflow',
      `the macros take ${measured.used} bytes; the keyboard keeps ${measured.bytes}`,
      [measured.used, measured.bytes],
    );
  await port(ctx, 'macros', 'macros')
    .write(macros)
    .catch((e: unknown) => {
      // Cut short on the link: the buffer is written in pieces, so which macros took is not known; every one is named
      // (the keyboard plays none of a macro cut short: its end marker comes last).
      if (e instanceof DriverError && (e.reason === 'disconnected' || e.reason === 'timeout' || e.reason === 'reply'))
        throw Object.assign(new DriverError(e.reason, `the macros were not all written (${e.message})`), {
          notTaken: macros.map((_, i) => `M${i}`),
        });
      throw e;
    });
  return readMacros(ctx);
}

export function registerViaHandlers(service: DeviceService): void {
  const handlers: Handlers<keyof typeof viaCalls, DriverDevice> = {
    viaGetDefinitionInfo: (_args, ctx) => definitionInfo(viaDriver(ctx)),
    viaSetDefinition: (args, ctx) => setDefinition(ctx, args.content),
    viaGetLayoutOptions: (_args, ctx) => layoutOptions(ctx),
    viaSetLayoutOptions: (args, ctx) => setLayoutOptions(ctx, args.choices),
    viaGetMenus: (_args, ctx) => menus(ctx),
    viaGetCustomValue: (args, ctx) => port(ctx, 'customValues', 'custom values').get(args.channel, args.id, args.bytes),
    viaSetCustomValue: async (args, ctx) => {
      const values = port(ctx, 'customValues', 'custom values');
      await values.set(args.channel, args.id, args.value);
      return values.get(args.channel, args.id, args.value.length);
    },
    viaSaveCustomValues: async (args, ctx) => {
      await port(ctx, 'customValues', 'custom values').save(args.channel);
      return true;
    },
    viaGetLighting: (_args, ctx) => lighting(ctx),
    viaSetLighting: (args, ctx) => {
      const { path: _path, channel, ...patch } = args;
      return setLighting(ctx, channel, patch);
    },
    viaSaveLighting: async (args, ctx) => {
      const p = port(ctx, 'lighting', 'lighting');
      checkChannel(ctx, args.channel);
      await p.save(args.channel);
      return true;
    },
    viaReadMatrix: async (_args, ctx) => {
      const down = await port(ctx, 'matrix', 'the switch matrix').read();
      return down.flatMap((on, id) => (on ? [id] : []));
    },
    viaGetMacros: (_args, ctx) => readMacros(ctx),
    viaMacroBytes: (args, ctx) => measure(ctx, args.macros),
    viaSetMacros: (args, ctx) => writeMacros(ctx, args.macros),
  };
  // On a keyboard of another family the router refuses these with VIA's own words (via.err.notVia).
  service.implementFor('via', handlers, { toastKey: NOT_VIA });
}
