/**
 * A different colour on many keys at once (`set_led_info --key_colors`): one streamed write of the colours, which the
 * keyboard keeps (a new service reads them back), and which a pulled cable never leaves half applied.
 */
import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/contract/client.ts';
import { LATEST_FIRMWARE } from '../../src/core/resources.ts';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { SUB_WRITE } from '../../src/protocol/frame.ts';
import { rgbToHex } from '../../src/core/colour.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';
import type { VirtualKeyboard } from '../../src/firmware/index.ts';
import { makeHarness } from './harness.ts';

type Harness = ReturnType<typeof makeHarness>;

const MODEL = 'made84ultra';
const hex = (n: number) => n.toString(16).padStart(2, '0');
/** A colour of its own for every key. */
const colourOf = (id: number) => `#${hex((id * 37) & 0xff)}${hex((id * 91 + 40) & 0xff)}${hex((255 - id * 3) & 0xff)}`;

async function setup(timeoutMs = 500) {
  const h = makeHarness(undefined, timeoutMs);
  const path = await h.add(MODEL, LATEST_FIRMWARE[MODEL]);
  const keyCount = h.service.devices().find((d) => d.path === path)!.descriptor.keyCount;
  return { h, path, keyCount };
}

const coloursOn = (kb: VirtualKeyboard) => {
  const { state } = kb.inspect();
  return state.profiles[state.currentTheme]!.colours.map(rgbToHex);
};

/** The key colours as a new service reads them from the same keyboard, as after restarting the app. */
async function readWithNewService(kb: VirtualKeyboard): Promise<string[]> {
  const service = createDeviceService({
    createVirtual: () =>
      Promise.resolve({
        transport: new LoopbackTransport(kb, {}, LINK_PRESETS.instant),
        pressKey: (keyId: number, depth: number) => Promise.resolve(kb.pressKey(keyId, depth)),
      }),
  });
  const client = createClient(service);
  const path = (await service.call('app_info', 'add_virtual_device', [
    '--display_name',
    MODEL,
    '--fw_ver',
    LATEST_FIRMWARE[MODEL],
  ])) as string;
  const info = await client.getKeyColorInfo({ path });
  await service.removeDevice(path);
  return info.keycolors;
}

/** Sub-commands of the colour writes the keyboard receives from now on. */
function colourWrites(h: Harness) {
  const frames: number[] = [];
  const kb = h.keyboardOf();
  const receive = kb.receive.bind(kb);
  vi.spyOn(kb, 'receive').mockImplementation((report: Uint8Array) => {
    if (report[0] === CMD.keyColour && report[1]! & SUB_WRITE) frames.push(report[1]! & 0x3f);
    return receive(report);
  });
  return frames;
}

describe('a colour per key in one write', () => {
  it('gives every key of a made84ultra its own colour, kept on the keyboard for the next reader', async () => {
    const { h, path, keyCount } = await setup();
    expect(keyCount).toBe(84);
    await h.client.getKeyColorInfo({ path });
    const frames = colourWrites(h);
    const want = Array.from({ length: keyCount }, (_, id) => colourOf(id));
    const info = await h.client.setLedInfo({
      path,
      key_colors: want.map((rgba, key) => ({ key, rgba })),
    });
    // One streamed write of the colours: 84 keys × 3 bytes in 56-byte frames, no frame per colour.
    expect(frames).toEqual(Array(Math.ceil((keyCount * 3) / 56)).fill(SUB.keyColour.colours));
    expect(info.keycolors).toEqual(want);
    expect(h.last('get_key_color_info')).toEqual(info);
    expect(await readWithNewService(h.keyboardOf())).toEqual(want);
    vi.restoreAllMocks();
  });

  it('changes only the keys it names, and one shared colour is one masked frame', async () => {
    const { h, path } = await setup();
    const before = (await h.client.getKeyColorInfo({ path })).keycolors;
    const frames = colourWrites(h);
    const info = await h.client.setLedInfo({
      path,
      key_colors: [
        { key: 40, rgba: '#102030' },
        { key: 10, rgba: { r: 1, g: 2, b: 3 } },
        { key: 25, rgba: 'ff0000' },
      ],
    });
    // Keys 10 to 40, the ones between keeping their colours: 93 bytes, two frames of one stream.
    expect(frames.splice(0)).toEqual([SUB.keyColour.colours, SUB.keyColour.colours]);
    const want = before.map((c, id) => ({ 10: '#010203', 25: '#ff0000', 40: '#102030' })[id] ?? c);
    expect(info.keycolors).toEqual(want);
    expect(coloursOn(h.keyboardOf())).toEqual(want);

    await h.client.setLedInfo({ path, key_colors: [3, 70].map((key) => ({ key, rgba: '#abcdef' })) });
    expect(frames).toEqual([SUB.keyColour.setKeys]);
    expect(coloursOn(h.keyboardOf())[70]).toBe('#abcdef');
    vi.restoreAllMocks();
  });

  it('leaves every old colour when the cable is pulled before the write ends, whatever the cut', async () => {
    const want = Array.from({ length: 84 }, (_, id) => colourOf(id));
    const change = (h: Harness, path: string) =>
      h.client.setLedInfo({ path, key_colors: want.map((rgba, key) => ({ key, rgba })) });
    const reference = await setup();
    await reference.h.client.getKeyColorInfo({ path: reference.path });
    const old = coloursOn(reference.h.keyboardOf());
    const sentBefore = reference.h.transportOf().delivered.toDevice;
    await change(reference.h, reference.path);
    const frames = reference.h.transportOf().delivered.toDevice - sentBefore;
    expect(frames).toBe(5);

    for (let n = 1; n <= frames; n++) {
      for (const power of ['kept', 'lost'] as const) {
        const { h, path } = await setup(60);
        await h.client.getKeyColorInfo({ path });
        h.transportOf().injectFault('toDevice', n, { kind: 'cut', power });
        await expect(change(h, path), `cut at report ${n}`).rejects.toBeDefined();
        // The last frame is the commit: a cut on it never reaches the keyboard either.
        expect(coloursOn(h.keyboardOf()), `cut at report ${n} (power ${power})`).toEqual(old);
        expect(await readWithNewService(h.keyboardOf())).toEqual(old);
      }
    }
  });

  it.each([
    [
      'a key named twice',
      [
        { key: 1, rgba: '#010101' },
        { key: 1, rgba: '#020202' },
      ],
    ],
    [
      'a key the board lacks',
      [
        { key: 84, rgba: '#010101' },
        { key: 1, rgba: '#020202' },
      ],
    ],
    [
      'a colour of five hex digits',
      [
        { key: 1, rgba: '#12345' },
        { key: 2, rgba: '#020202' },
      ],
    ],
    ['a colour channel above 255', [{ key: 1, rgba: { r: 256, g: 0, b: 0 } }]],
    ['an empty list', []],
    ['an entry with an unknown field', [{ key: 1, rgba: '#010101', glow: 1 }]],
  ])('refuses %s with err.args.invalid, changing nothing', async (_, list) => {
    const { h, path } = await setup();
    const before = Buffer.from(h.keyboardOf().serialize());
    await expect(
      h.service.call('dev_info', 'set_led_info', ['--path', path, '--key_colors', JSON.stringify(list)]),
    ).rejects.toMatchObject({ toastKey: 'err.args.invalid' });
    expect(Buffer.from(h.keyboardOf().serialize()).equals(before)).toBe(true);
  });

  it('refuses --key_colors together with another option', async () => {
    const { h, path } = await setup();
    await expect(
      h.service.call('dev_info', 'set_led_info', [
        '--path',
        path,
        '--key_colors',
        '[{"key":1,"rgba":"#010101"}]',
        '--mode_index',
        '1',
      ]),
    ).rejects.toMatchObject({ toastKey: 'err.args.invalid' });
  });
});
