/**
 * Lighting under lost answers and a lossy link: an edit is never built from a copy the keyboard has not confirmed,
 * and the service's copy always matches the keyboard.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CMD } from '../../src/protocol/commands.ts';
import { decodeFrame, isWrite } from '../../src/protocol/frame.ts';
import { LightingLayout, RgbLayout } from '../../src/protocol/objects.ts';
import { decodeList } from '../../src/protocol/struct.ts';
import { readCached } from '../../src/service/cache.ts';
import { rgbToHex } from '../../src/core/colour.ts';
import { makeHarness } from './harness.ts';

type Harness = ReturnType<typeof makeHarness>;

async function addDevice(h: Harness, model = 'Made68Pro') {
  const path = await h.add(model);
  const kb = h.keyboardOf();
  const transport = h.transportOf();
  const entry = h.service.devices().find((d) => d.path === path)!;
  const profile = () => {
    const s = kb.inspect().state;
    return s.profiles[s.currentTheme]!;
  };
  return { path, kb, transport, entry, profile };
}
type Device = Awaited<ReturnType<typeof addDevice>>;

async function expectCopiesMatchDevice(d: Device) {
  const keyCount = d.entry.descriptor.keyCount;
  for (const name of ['colours', 'lighting'] as const) {
    const copy = await readCached(d.entry, name);
    expect(Buffer.from(copy).equals(Buffer.from(await d.entry.session.readObject(name))), name).toBe(true);
  }
  expect(decodeList(RgbLayout, await readCached(d.entry, 'colours'), keyCount)).toEqual(d.profile().colours);
  expect(LightingLayout.decode(await readCached(d.entry, 'lighting'))).toEqual(d.profile().lighting);
}

/** The keyboard applies its next lighting write (key colours or lighting modes) but its answer never arrives. */
function loseNextLightingAck(d: Device) {
  const receive = d.kb.receive.bind(d.kb);
  let lost = false;
  vi.spyOn(d.kb, 'receive').mockImplementation((report: Uint8Array) => {
    const replies = receive(report);
    const f = decodeFrame(report);
    if (!lost && f.cmd === CMD.keyColour && isWrite(f.sub)) {
      lost = true;
      return [];
    }
    return replies;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lighting edits after a lost answer', () => {
  it('builds a mode edit from the keyboard, not from a copy an unanswered edit may have changed', async () => {
    const h = makeHarness(undefined, 80);
    const d = await addDevice(h);
    await h.client.getKeyColorInfo({ path: d.path });
    loseNextLightingAck(d);
    await expect(h.client.setLedInfo({ path: d.path, mode_data: { index: 2, light: 120 } })).rejects.toMatchObject({
      toastKey: 'err.dev.timeout',
    });
    const info = await h.client.setLedInfo({ path: d.path, mode_data: { index: 2, direction: 'h2l' } });
    expect(d.profile().lighting.modes[2]).toMatchObject({ light: 120, direction: 1 });
    expect(info.keymodes[2]).toMatchObject({ light: 120, direction: 'h2l' });
    await expectCopiesMatchDevice(d);
  });

  it('answers the colours the keyboard holds after a colour edit whose answer was lost', async () => {
    const h = makeHarness(undefined, 80);
    const d = await addDevice(h);
    await h.client.getKeyColorInfo({ path: d.path });
    loseNextLightingAck(d);
    await expect(
      h.client.setLedInfo({ path: d.path, select: [5], rgba: { r: 9, g: 8, b: 7, a: 1 } }),
    ).rejects.toMatchObject({ toastKey: 'err.dev.timeout' });
    const info = await h.client.setLedInfo({ path: d.path, select: [6], rgba: '#102030' });
    expect(info.keycolors[5]).toBe('#090807');
    expect(info.keycolors).toEqual(d.profile().colours.map(rgbToHex));
    await expectCopiesMatchDevice(d);
  });
});

describe('lighting edits on a lossy link', () => {
  it('ends every field at its last acknowledged value, and the copies match the keyboard', async () => {
    let seed = 5;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const h = makeHarness({ reportIntervalMs: 0, latencyMs: 1, jitterMs: 3, loss: 0, random }, 60);
    const d = await addDevice(h);
    await h.client.getKeyColorInfo({ path: d.path });
    d.transport.setLink({ loss: 0.04 });
    type Edit = { field: string; value: unknown; args: Record<string, unknown> };
    const edits: Edit[] = [];
    for (let i = 0; i < 36; i++) {
      const n = i % 8;
      switch (i % 4) {
        case 0:
          edits.push({ field: 'modeIndex', value: n, args: { mode_index: n } });
          break;
        case 1:
          edits.push({ field: 'colourIndex', value: 7 - n, args: { color_index: 7 - n } });
          break;
        case 2:
          edits.push({ field: 'mode3.light', value: 30 + i, args: { mode_data: { index: 3, light: 30 + i } } });
          break;
        default: {
          const c = { r: i, g: 2 * i, b: 3 * i };
          edits.push({ field: 'key10', value: c, args: { select: [10, 11], rgba: { ...c, a: 1 } } });
        }
      }
    }
    const profile = d.profile();
    const read = (p: typeof profile, field: string): unknown =>
      field === 'modeIndex'
        ? p.lighting.modeIndex
        : field === 'colourIndex'
          ? p.lighting.colourIndex
          : field === 'mode3.light'
            ? p.lighting.modes[3]!.light
            : p.colours[10];
    const outcomes = await Promise.allSettled(edits.map((e) => h.client.setLedInfo({ path: d.path, ...e.args })));
    d.transport.setLink({ loss: 0 });
    const after = d.profile();
    for (const field of ['modeIndex', 'colourIndex', 'mode3.light', 'key10']) {
      const mine = edits
        .map((e, i) => ({ ...e, ok: outcomes[i]!.status === 'fulfilled' }))
        .filter((e) => e.field === field);
      const lastOk = mine.map((e) => e.ok).lastIndexOf(true);
      const possible = [
        lastOk >= 0 ? mine[lastOk]!.value : read(profile, field),
        ...mine.slice(lastOk + 1).map((e) => e.value),
      ];
      expect(possible, field).toContainEqual(read(after, field));
    }
    expect(after.colours[11]).toEqual(after.colours[10]);
    expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
    await expectCopiesMatchDevice(d);
  });
});

describe('bad lighting arguments', () => {
  it.each([
    ['a colour channel above 255', ['--select', '[1]', '--rgba', '{"r":256,"g":0,"b":0}']],
    ['an alpha above 1', ['--select', '[1]', '--rgba', '{"r":1,"g":0,"b":0,"a":2}']],
    ['a colour with an unknown field', ['--select', '[1]', '--rgba', '{"r":1,"g":0,"b":0,"x":1}']],
    ['a colour of five hex digits', ['--select', '[1]', '--rgba', '#12345']],
    ['a key the board lacks', ['--select', '[68]', '--rgba', '#123456']],
    ['no keys', ['--select', '[]', '--rgba', '#123456']],
    ['mode data with an unknown field', ['--mode_data', '{"index":1,"glow":3}']],
    ['a light above 255', ['--mode_data', '{"index":1,"light":256}']],
    ['a negative mode index', ['--mode_index', '-1']],
    ['a mode index that is not a number', ['--mode_index', 'two']],
    ['a light switch of 2', ['--light_switch', '2']],
    ['a trailing option with no value', ['--light_switch']],
    [
      'an outer-frame colour without brightness',
      ['--outframe_data', '{"index":0,"hsva":{"hue":1,"saturation":1,"value":1}}'],
    ],
  ])('refuses %s with err.args.invalid, changing nothing', async (_, args) => {
    const h = makeHarness();
    const d = await addDevice(h);
    const before = Buffer.from(d.kb.serialize());
    await expect(h.service.call('dev_info', 'set_led_info', ['--path', d.path, ...args])).rejects.toMatchObject({
      toastKey: 'err.args.invalid',
    });
    expect(Buffer.from(d.kb.serialize()).equals(before)).toBe(true);
    expect(LightingLayout.decode(await d.entry.session.readObject('lighting'))).toEqual(d.profile().lighting);
  });
});
