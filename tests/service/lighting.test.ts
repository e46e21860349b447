import { describe, expect, it, vi } from 'vitest';
import { capabilitiesFor } from '../../src/core/capabilities.ts';
import { rgbToHex } from '../../src/core/colour.ts';
import { CONFIGURABLE_MODELS } from '../../src/core/models.ts';
import { LATEST_FIRMWARE } from '../../src/core/resources.ts';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { SUB_WRITE } from '../../src/protocol/frame.ts';
import { LightingLayout, OuterFrameLayout, type Lighting } from '../../src/protocol/objects.ts';
import {
  alphaToBrightness,
  brightnessToAlpha,
  colourSetKeysData,
  editFrameItem,
  editMode,
  fieldOffset,
  type ColourInfoPayload,
} from '../../src/service/convert/lighting.ts';
import { makeHarness } from './harness.ts';

type Harness = ReturnType<typeof makeHarness>;

async function setup(model: string, fw: string = LATEST_FIRMWARE[model as keyof typeof LATEST_FIRMWARE]) {
  const h = makeHarness();
  const path = await h.add(model, fw);
  const call = (func: string, args: string[] = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  const led = (...args: string[]) => call('set_led_info', args) as Promise<ColourInfoPayload>;
  return { h, path, call, led };
}

function profileOf(h: Harness) {
  const { state } = h.keyboardOf().inspect();
  return state.profiles[state.currentTheme]!;
}

const flashOf = (h: Harness): Buffer => Buffer.from(h.keyboardOf().serialize());

async function expectRefused(h: Harness, call: Promise<unknown>, key: string) {
  const before = flashOf(h);
  await expect(call).rejects.toMatchObject({ toastKey: key });
  expect(h.last('toast_message')).toMatchObject({ title: key });
  expect(flashOf(h).equals(before)).toBe(true);
}

/** Write frames of one command group the device receives from now on. */
function writesOf(h: Harness, cmd: number) {
  const frames: number[] = [];
  const kb = h.keyboardOf();
  const receive = kb.receive.bind(kb);
  vi.spyOn(kb, 'receive').mockImplementation((report: Uint8Array) => {
    if (report[0] === cmd && report[1]! & SUB_WRITE) frames.push(report[1]! & 0x3f);
    return receive(report);
  });
  return frames;
}

describe('get_key_color_info and set_led_info on every model', () => {
  it.each(CONFIGURABLE_MODELS)('%s: reads and sets colours, modes, outer frame and ambient light', async (model) => {
    const { h, call, led } = await setup(model);
    const caps = capabilitiesFor(model, LATEST_FIRMWARE[model]);
    const info = (await call('get_key_color_info')) as ColourInfoPayload;
    expect(h.last('get_key_color_info')).toEqual(info);
    const profile = profileOf(h);
    expect(info.keycolors).toEqual(profile.colours.map(rgbToHex));
    expect(info.keymodes).toHaveLength(8);
    expect(info.keymodes[0]).toMatchObject({ index: 0, light: profile.lighting.modes[0]!.light, direction: 'l2h' });
    expect(info).toMatchObject({
      kmm_index: profile.lighting.modeIndex,
      krm_index: profile.lighting.colourIndex,
      keylight_use: 1,
      kmm_size: 8,
      krm_size: 8,
      light_max: caps.lighting.lightMax,
      level: caps.featureLevel,
    });
    expect(info.palette).toHaveLength(8);
    expect(info.keyoutframe !== null).toBe(caps.lighting.outerFrame);
    expect(info.keyambient !== null).toBe(caps.lighting.ambient);

    // Colouring any number of keys is one masked frame.
    const frames = writesOf(h, CMD.keyColour);
    const coloured = await led('--select', '[0,3,7]', '--rgba', '{"r":1,"g":2,"b":3,"a":1}');
    expect(frames.splice(0)).toEqual([SUB.keyColour.setKeys]);
    expect(profileOf(h).colours[3]).toEqual({ r: 1, g: 2, b: 3 });
    expect(coloured.keycolors[7]).toBe('#010203');
    expect(h.last('get_key_color_info')).toEqual(coloured);
    await led('--select', '[1]', '--rgba', '#FF8000');
    expect(profileOf(h).colours[1]).toEqual({ r: 255, g: 128, b: 0 });

    // A speed above a third of the light is lowered; light above the model's maximum is refused.
    const max = caps.lighting.lightMax;
    const moded = await led('--mode_data', JSON.stringify({ index: 2, light: max, speed: 255, direction: 'h2l' }));
    expect(moded.keymodes[2]).toMatchObject({ light: max, speed: Math.floor(max / 3), direction: 'h2l' });
    expect(profileOf(h).lighting.modes[2]).toMatchObject({ light: max, speed: Math.floor(max / 3), direction: 1 });
    await expectRefused(h, led('--mode_data', JSON.stringify({ index: 2, light: max + 1 })), 'err.args.invalid');

    await led('--mode_index', '3');
    await led('--color_index', '5');
    const off = await led('--light_switch', '0');
    expect(profileOf(h).lighting).toMatchObject({ modeIndex: 3, colourIndex: 5, lightSwitch: 0 });
    expect(off).toMatchObject({ kmm_index: 3, krm_index: 5, keylight_use: 0 });

    const hsva = { hue: 10, saturation: 20, value: 30, alpha: 8 };
    if (caps.lighting.outerFrame) {
      const framed = await led('--outframe_data', JSON.stringify({ index: 1, hsva }));
      expect(profileOf(h).outerFrame.items[1]).toEqual({ h: 10, s: 20, v: 30, a: 255 });
      expect(framed.keyoutframe).toMatchObject({ lightbar_index: 1 });
      expect(framed.keyoutframe!.items[1]!.hsva).toEqual(hsva);
      await led('--outframe_switch', '0');
      expect(profileOf(h).outerFrame.frameSwitch).toBe(0);
    } else {
      await expectRefused(h, led('--outframe_data', JSON.stringify({ index: 1, hsva })), 'warn.not.apply');
      await expectRefused(h, led('--outframe_switch', '0'), 'warn.not.apply');
    }

    if (caps.lighting.ambient) {
      const lit = await led('--ambient_mode_data', JSON.stringify({ index: 1, light: 100, speed: 50 }));
      expect(lit.keyambient!.ambientmodes[1]).toMatchObject({ light: 100, speed: 33 });
      await led('--ambient_mode_index', '2');
      await led('--ambient_color_index', '7');
      const amb = await led('--ambient_switch', '0');
      expect(profileOf(h).ambient).toMatchObject({ modeIndex: 2, colourIndex: 7, ambientSwitch: 0 });
      expect(amb.keyambient).toMatchObject({ ambient_mode_index: 2, ambient_color_index: 7, keyambient_use: 0 });
      await expectRefused(h, led('--ambient_color_index', '8'), 'err.args.invalid');
    } else {
      await expectRefused(h, led('--ambient_mode_index', '1'), 'warn.not.apply');
      await expectRefused(h, led('--ambient_switch', '1'), 'warn.not.apply');
    }
  });

  it.each([
    ['made68pro', '1.3.6', 0],
    ['made68pro', '1.3.7', 1],
    ['cyber01', '2.1.9', 0],
    ['cyber01', '2.2.0', 1],
  ])('%s at %s reports feature level %i', async (model, fw, level) => {
    const { call } = await setup(model, fw);
    expect(((await call('get_key_color_info')) as ColourInfoPayload).level).toBe(level);
  });

  it('rejects with err.dev.disconnected when the device goes away mid-call', async () => {
    const { h, led } = await setup('made68air');
    // The cable goes when the first report of the call reaches the keyboard.
    vi.spyOn(h.keyboardOf(), 'receive').mockImplementation(() => {
      h.transportOf().disconnect();
      return [];
    });
    const pending = led('--mode_index', '2');
    await expect(pending).rejects.toMatchObject({ toastKey: 'err.dev.disconnected' });
  });
});

describe('set_led_info refusals', () => {
  const hsva = (over: object) =>
    JSON.stringify({ index: 1, hsva: { hue: 1, saturation: 1, value: 1, alpha: 1, ...over } });
  const cases: [string, string[]][] = [
    ['no option', []],
    ['two options', ['--mode_index', '1', '--color_index', '1']],
    ['--rgba without --select', ['--rgba', '#ffffff']],
    ['--select without --rgba', ['--select', '[1]']],
    ['a key the board lacks', ['--select', '[68]', '--rgba', '#ffffff']],
    ['a colour that is not one', ['--select', '[1]', '--rgba', 'zzz']],
    ['a channel above 255', ['--select', '[1]', '--rgba', '{"r":300,"g":0,"b":0}']],
    ['a mode the device lacks', ['--mode_index', '8']],
    ['a palette slot the device lacks', ['--color_index', '8']],
    ['a switch that is not 0 or 1', ['--light_switch', '2']],
    ['mode data that is not JSON', ['--mode_data', '{light']],
    ['an unknown direction', ['--mode_data', '{"direction":"up"}']],
    ['outer-frame brightness 0', ['--outframe_data', hsva({ alpha: 0 })]],
    ['outer-frame brightness 9', ['--outframe_data', hsva({ alpha: 9 })]],
    ['a hue above 255', ['--outframe_data', hsva({ hue: 256 })]],
    [
      'an outer-frame mode the device lacks',
      ['--outframe_data', JSON.stringify({ index: 8, hsva: { hue: 1, saturation: 1, value: 1, alpha: 1 } })],
    ],
  ];
  let shared: Awaited<ReturnType<typeof setup>> | undefined;
  it.each(cases)('refuses %s with err.args.invalid', async (_, args) => {
    shared ??= await setup('made68pro');
    await expectRefused(shared.h, shared.led(...args), 'err.args.invalid');
  });

  it('refuses ambient light where the model has none', async () => {
    shared ??= await setup('made68pro');
    await expectRefused(shared.h, shared.led('--ambient_mode_data', '{"light":10}'), 'warn.not.apply');
  });
});

describe('lighting conversion', () => {
  const mode = { light: 90, speed: 10, direction: 0, random: 0, randomByPress: 0, min: 0, max: 248 };
  const lighting: Lighting = {
    lightSwitch: 1,
    modeIndex: 0,
    colourIndex: 0,
    modes: Array.from({ length: 8 }, () => ({ ...mode })),
    palette: Array.from({ length: 8 }, () => ({ r: 0, g: 0, b: 0 })),
  };

  it('writes hex colours in lower case with two digits per channel', () => {
    expect(rgbToHex({ r: 1, g: 171, b: 255 })).toBe('#01abff');
  });

  it('maps outer-frame brightness 1-8 onto the wire alpha and back', () => {
    expect([1, 4, 8].map(brightnessToAlpha)).toEqual([32, 128, 255]);
    for (let level = 1; level <= 8; level++) expect(alphaToBrightness(brightnessToAlpha(level))).toBe(level);
    expect(alphaToBrightness(0)).toBe(1);
  });

  it('locates fields in a layout', () => {
    expect(fieldOffset(LightingLayout, 'modes')).toBe(3);
    expect(fieldOffset(LightingLayout, 'palette')).toBe(3 + 8 * 7);
  });

  it('lowers the speed to a third of the light, also when only the light goes down', () => {
    const result = editMode(LightingLayout, lighting, 1, { light: 12 }, 248);
    expect(result.ok && result.edit.value.modes[1]).toMatchObject({ light: 12, speed: 4 });
    expect(result.ok && [result.edit.offset, result.edit.length]).toEqual([3 + 7, 7]);
    expect(editMode(LightingLayout, lighting, 1, { light: 249 }, 248).ok).toBe(false);
    expect(editMode(LightingLayout, lighting, 8, {}, 248).ok).toBe(false);
  });

  it('selects an outer-frame mode and sets its colour in one write', () => {
    const frame = {
      frameSwitch: 1,
      index: 0,
      size: 8,
      items: Array.from({ length: 8 }, () => ({ h: 0, s: 0, v: 0, a: 0 })),
    };
    const edit = editFrameItem(OuterFrameLayout, frame, 2, { hue: 5, saturation: 6, value: 7, alpha: 8 });
    expect(edit.value.index).toBe(2);
    expect(edit.value.items[2]).toEqual({ h: 5, s: 6, v: 7, a: 255 });
    expect([edit.offset, edit.length]).toEqual([1, 2 + 3 * 4]);
  });

  it('lays out the colour setKeys command as r, g, b, key mask', () => {
    expect(Array.from(colourSetKeysData({ r: 1, g: 2, b: 3 }, new Uint8Array([5])))).toEqual([1, 2, 3, 5]);
  });
});
