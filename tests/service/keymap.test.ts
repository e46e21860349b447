import { describe, expect, it, vi } from 'vitest';
import { capabilitiesFor } from '../../src/core/capabilities.ts';
import { KEYCODE_KIND, KC_NONE, makeKeycode } from '../../src/core/keycode-space.ts';
import { keycodeByName, layerKeycode } from '../../src/core/keycodes.ts';
import { defaultKeymap } from '../../src/core/layouts/index.ts';
import { CONFIGURABLE_MODELS, findModel } from '../../src/core/models.ts';
import { COMMON_LAYER_NAMES, LATEST_FIRMWARE } from '../../src/core/resources.ts';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { SUB_WRITE } from '../../src/protocol/frame.ts';
import {
  decodeKeymap,
  defaultLayers,
  encodeKeymap,
  isAssignableCode,
  keyDescriptorOf,
  keymapSetKeysData,
  planKeymapWrite,
  withCode,
} from '../../src/service/convert/keymap.ts';
import type { KeyValueInfo } from '../../src/contract/payloads/keymap.ts';
import { makeHarness } from './harness.ts';

type Harness = ReturnType<typeof makeHarness>;

const F13 = keycodeByName('F13')!.code;
const hex = (c: { r: number; g: number; b: number }) =>
  `#${[c.r, c.g, c.b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;

async function setup(model: string, fw: string = LATEST_FIRMWARE[model as keyof typeof LATEST_FIRMWARE]) {
  const h = makeHarness();
  const path = await h.add(model, fw);
  const call = (func: string, args: string[] = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  return { h, path, call };
}

function profileOf(h: Harness) {
  const { state } = h.keyboardOf().inspect();
  return state.profiles[state.currentTheme]!;
}

/** Keymap write frames the device receives from now on. */
function keymapWrites(h: Harness) {
  const frames: { sub: number; length: number }[] = [];
  const kb = h.keyboardOf();
  const receive = kb.receive.bind(kb);
  vi.spyOn(kb, 'receive').mockImplementation((report: Uint8Array) => {
    if (report[0] === CMD.keymap && report[1]! & SUB_WRITE) frames.push({ sub: report[1]! & 0x3f, length: report[2]! });
    return receive(report);
  });
  return frames;
}

/** Pulls the cable when the device receives the next report, so the call in progress loses its device mid-exchange. */
function pullCableAtNextReport(h: Harness): void {
  const kb = h.keyboardOf();
  const receive = kb.receive.bind(kb);
  const spy = vi.spyOn(kb, 'receive').mockImplementation((report: Uint8Array) => {
    spy.mockRestore();
    h.transportOf().disconnect();
    return receive(report).slice(0, 0);
  });
}

/** The device's whole persistent state, compared as bytes (a deep compare of the image is slow). */
const flashOf = (h: Harness): Buffer => Buffer.from(h.keyboardOf().serialize());

async function expectRefused(h: Harness, call: Promise<unknown>, key: string) {
  const before = flashOf(h);
  await expect(call).rejects.toMatchObject({ toastKey: key });
  expect(h.last('toast_message')).toMatchObject({ title: key });
  expect(flashOf(h).equals(before)).toBe(true);
}

async function addDks(call: (func: string, args: string[]) => Promise<unknown>): Promise<number> {
  const row = (code: number) => ({
    code,
    data: [true, false, false, true].map((vis) => ({ useID: 0, vis: vis && code !== 0 })),
  });
  const dks = {
    id_num: -1,
    name: 'd',
    display: [row(4), row(KC_NONE)],
    top_level: 0.5,
    bottom_level: 3.2,
    tick_min: 3,
    tick_max: 5,
  };
  const saved = (await call('set_func_info', ['--change_type', '1', '--dks', JSON.stringify(dks)])) as {
    id_num: number;
  };
  return saved.id_num;
}

describe('get_key_value_info and set_key_info on every model', () => {
  it.each(CONFIGURABLE_MODELS)('%s: answers the key data and records the current layer', async (model) => {
    const { h, call } = await setup(model);
    const info = (await call('get_key_value_info')) as KeyValueInfo;
    expect(h.last('get_key_value_info')).toEqual(info);
    const profile = profileOf(h);
    const keyCount = findModel(model)!.keyCount;
    expect(info.kcm_size).toBe(4);
    expect(info.kcm_index).toBe(0);
    expect(info.keycodes).toEqual(profile.keymap);
    expect(info.keycolors).toEqual(profile.colours.map(hex));
    expect(info.key_triggers).toEqual(profile.perf.map((p) => p.trigger / 100));
    expect(info.key_deads).toHaveLength(keyCount);
    expect(info.key_calibrations).toHaveLength(keyCount);
    expect(info.kmm_index).toBe(profile.lighting.modeIndex);
    expect(info.krm_index).toBe(profile.lighting.colourIndex);
    const caps = capabilitiesFor(model, LATEST_FIRMWARE[model]);
    expect(info.keyoutframe !== null).toBe(caps.lighting.outerFrame);
    expect(info.keyambient !== null).toBe(caps.lighting.ambient);
    for (const list of [info.dks_list, info.shortcut_list, info.macro_list, info.snaptap_list, info.hypertap_list])
      expect(list).toEqual([]);

    // --index alone is the matrix switch: it records the layer and writes nothing.
    const before = flashOf(h);
    const switched = (await call('set_key_info', ['--index', '2'])) as KeyValueInfo;
    expect(switched.kcm_index).toBe(2);
    expect(h.last('get_key_value_info')).toEqual(switched);
    expect(flashOf(h).equals(before)).toBe(true);
  });

  it.each(CONFIGURABLE_MODELS)('%s: assigns, resets and binds keys with the fewest frames', async (model) => {
    const { h, call } = await setup(model);
    const defaults = defaultKeymap(model);
    const frames = keymapWrites(h);

    // One code on several keys: one masked frame.
    const before = profileOf(h).keymap;
    const info = (await call('set_key_info', [
      '--index',
      '2',
      '--select',
      '[0,5,9]',
      '--code',
      String(F13),
    ])) as KeyValueInfo;
    expect(frames.splice(0)).toEqual([{ sub: SUB.keymap.setKeys, length: 3 + 25 }]);
    expect(profileOf(h).keymap).toEqual(withCode(before, 2, [0, 5, 9], F13));
    expect(info.keycodes).toEqual(profileOf(h).keymap);
    expect(h.last('get_key_value_info')).toEqual(info);

    // Resetting keys whose defaults differ: one streamed write of the range from the first to the last key.
    const keys = [0, 40, 60];
    expect(new Set(keys.map((k) => defaults[0]![k])).size).toBe(3);
    await call('set_key_info', ['--index', '0', '--select', JSON.stringify(keys), '--code', String(F13)]);
    frames.splice(0);
    await call('set_key_info', ['--index', '0', '--select', JSON.stringify(keys), '--reset', 'selected']);
    expect(frames.every((f) => f.sub === SUB.keymap.keymap)).toBe(true);
    expect(frames.splice(0)).toHaveLength(Math.ceil(((60 - 0 + 1) * 2) / 56));
    for (const k of keys) expect(profileOf(h).keymap[0]![k]).toBe(defaults[0]![k]);

    // Resetting a layer restores only that layer.
    await call('set_key_info', ['--index', '1', '--select', '[4]', '--code', String(F13)]);
    frames.splice(0);
    const reset = (await call('set_key_info', ['--index', '2', '--reset', 'layer'])) as KeyValueInfo;
    expect(frames.splice(0)).toHaveLength(Math.ceil((findModel(model)!.keyCount * 2) / 56));
    expect(profileOf(h).keymap[2]).toEqual(defaults[2]);
    expect(profileOf(h).keymap[1]![4]).toBe(F13);
    expect(reset.keycodes).toEqual(profileOf(h).keymap);

    // --keywords binds an advanced item the device holds, and refuses one it does not.
    const id = await addDks(call);
    const bound = (await call('set_key_info', [
      '--index',
      '0',
      '--select',
      '[3,4]',
      '--keywords',
      `D${id}`,
    ])) as KeyValueInfo;
    const code = makeKeycode(KEYCODE_KIND.dks, id);
    expect(profileOf(h).keymap[0]!.slice(3, 5)).toEqual([code, code]);
    expect(bound.dks_list.map((d) => d.id_num)).toEqual([id]);
    await expectRefused(
      h,
      call('set_key_info', ['--index', '0', '--select', '[3]', '--keywords', `D${id + 1}`]),
      'err.args.invalid',
    );
  });

  it('takes the code as an entry object too', async () => {
    const { h, call } = await setup('made84pro');
    await call('set_key_info', [
      '--index',
      '0',
      '--select',
      '[7]',
      '--code',
      JSON.stringify({ code: F13, name: 'F13' }),
    ]);
    expect(profileOf(h).keymap[0]![7]).toBe(F13);
  });

  it('rejects with err.dev.disconnected when the device goes away mid-call', async () => {
    const { h, call } = await setup('made68pro');
    pullCableAtNextReport(h);
    const pending = call('get_key_value_info');
    await expect(pending).rejects.toMatchObject({ toastKey: 'err.dev.disconnected' });
  });
});

describe('set_key_info refusals', () => {
  const refusals: [string, string[]][] = [
    ['a layer the device lacks', ['--index', '4']],
    ['a key id beyond the board', ['--index', '0', '--select', '[68]', '--code', '4']],
    ['an empty selection', ['--index', '0', '--select', '[]', '--code', '4']],
    ['an unknown code', ['--index', '0', '--select', '[1]', '--code', '31420']],
    ['a code entry without a code', ['--index', '0', '--select', '[1]', '--code', '{"name":"A"}']],
    ['a selection without an action', ['--index', '0', '--select', '[1]']],
    ['a name without a value', ['--index', '0', '--select', '[1]', '--code']],
    ['an argument the call does not take', ['--index', '0', '--select', '[1]', '--code', '4', '--layer', '1']],
    ['an unknown reset', ['--index', '0', '--reset', 'all']],
    ['a layer reset with a selection', ['--index', '0', '--reset', 'layer', '--select', '[1]']],
    ['two actions', ['--index', '0', '--select', '[1]', '--code', '4', '--reset', 'selected']],
    ['a malformed keyword', ['--index', '0', '--select', '[1]', '--keywords', 'X1']],
    ['a keyword not in use', ['--index', '0', '--select', '[1]', '--keywords', 'M0']],
    [
      'an advanced code not in use',
      ['--index', '0', '--select', '[1]', '--code', String(makeKeycode(KEYCODE_KIND.dks, 3))],
    ],
  ];
  let shared: Awaited<ReturnType<typeof setup>> | undefined;
  it.each(refusals)('refuses %s with err.args.invalid and changes nothing', async (_, args) => {
    shared ??= await setup('made68pro');
    await expectRefused(shared.h, shared.call('set_key_info', args), 'err.args.invalid');
  });

  it.each([
    ['advanced keys below the minimum firmware', 'made68pro', '1.3.5', 'D0'],
    ['snap-tap where the firmware does not offer it', 'made68pro', '1.3.6', 'S0'],
    ['dks on mojo68rt firmware without core types', 'mojo68rt', '0.9.9', 'D0'],
  ])('refuses binding %s with warn.not.apply', async (_, model, fw, keyword) => {
    const { h, call } = await setup(model, fw);
    await expectRefused(
      h,
      call('set_key_info', ['--index', '0', '--select', '[1]', '--keywords', keyword]),
      'warn.not.apply',
    );
  });

  it('binds on the lowest firmware that offers advanced keys', async () => {
    const { h, call } = await setup('made68', '2.1.7');
    const id = await addDks(call);
    await call('set_key_info', ['--index', '1', '--select', '[2]', '--keywords', `D${id}`]);
    expect(profileOf(h).keymap[1]![2]).toBe(makeKeycode(KEYCODE_KIND.dks, id));
  });

  it('refuses an unknown device with err.dev.not.found', async () => {
    const h = makeHarness();
    await expect(h.service.call('dev_info', 'set_key_info', ['--path', 'nope', '--index', '0'])).rejects.toMatchObject({
      toastKey: 'err.dev.not.found',
    });
  });

  it('rejects with err.dev.disconnected when the device goes away mid-write', async () => {
    const { h, call } = await setup('lumi68');
    pullCableAtNextReport(h);
    const pending = call('set_key_info', ['--index', '0', '--select', '[1]', '--code', String(F13)]);
    await expect(pending).rejects.toMatchObject({ toastKey: 'err.dev.disconnected' });
  });
});

describe('cfg_info get_common_layers', () => {
  it('answers the seven common layers, with or without a device', async () => {
    const { h, path } = await setup('real67');
    const layers = (await h.service.call('cfg_info', 'get_common_layers', [])) as Record<string, unknown>;
    expect(Object.keys(layers).sort()).toEqual([...COMMON_LAYER_NAMES].sort());
    const basic = layers.basic as { dwidth: number; dheight: number; data: { name: string }[] };
    expect(basic.dwidth).toBe(1);
    expect(basic.dheight).toBe(1);
    expect(basic.data.map((e) => e.name)).toContain('A');
    expect(await h.service.call('cfg_info', 'get_common_layers', ['--path', path])).toEqual(layers);
    await expect(h.service.call('cfg_info', 'get_common_layers', ['--path', 'nope'])).rejects.toMatchObject({
      toastKey: 'err.dev.not.found',
    });
  });
});

describe('keymap conversion', () => {
  const layers = [
    [1, 2, 3],
    [4, 5, 6],
  ];

  it('round-trips the wire key map, layer by layer', () => {
    const bytes = encodeKeymap(layers);
    expect(Array.from(bytes.slice(6, 8))).toEqual([4, 0]);
    expect(decodeKeymap(bytes, 2, 3)).toEqual(layers);
  });

  it('lays out the setKeys command as layer, code, key mask', () => {
    const data = keymapSetKeysData(2, 0x1234, [0, 9]);
    expect(Array.from(data.slice(0, 5))).toEqual([2, 0x34, 0x12, 0b1, 0b10]);
    expect(data).toHaveLength(28);
  });

  it('plans one masked frame for one code on one layer, else the smallest byte range', () => {
    const same = withCode(layers, 1, [0, 2], 9);
    expect(
      planKeymapWrite(
        same,
        [
          { layer: 1, keyId: 0 },
          { layer: 1, keyId: 2 },
        ],
        3,
      ),
    ).toEqual({
      kind: 'masked',
      layer: 1,
      code: 9,
      keyIds: [0, 2],
    });
    const mixed = [
      [1, 7, 3],
      [8, 5, 6],
    ];
    const plan = planKeymapWrite(
      mixed,
      [
        { layer: 0, keyId: 1 },
        { layer: 1, keyId: 0 },
      ],
      3,
    );
    expect(plan).toEqual({ kind: 'range', offset: 2, bytes: new Uint8Array([7, 0, 3, 0, 8, 0]) });
    expect(planKeymapWrite(mixed, [], 3)).toBeUndefined();
  });

  it('accepts catalogue codes and layer keys for layers the device has', () => {
    expect(isAssignableCode(F13, 4)).toBe(true);
    expect(isAssignableCode(0x7abc, 4)).toBe(false);
    expect(isAssignableCode(layerKeycode('toggle', 3), 4)).toBe(true);
    expect(isAssignableCode(layerKeycode('toggle', 3), 2)).toBe(false);
  });

  it('describes codes with their legend, and advanced codes with their keyword', () => {
    expect(keyDescriptorOf(F13)).toMatchObject({ name: 'F13', code: F13, keywords: '', type: 0 });
    expect(keyDescriptorOf(makeKeycode(KEYCODE_KIND.macro, 3))).toMatchObject({
      keywords: 'M3',
      name: 'M3',
      type: 0xa,
    });
  });

  it('shapes the factory map to the device, padding what the layout lacks', () => {
    const d = defaultLayers('made68pro', 4, 70);
    expect(d[0]!.slice(0, 68)).toEqual(defaultKeymap('made68pro')[0]);
    expect(d[0]!.slice(68)).toEqual([KC_NONE, KC_NONE]);
  });
});
