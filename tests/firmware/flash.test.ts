import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/core/models.ts';
import { VersionFormatError } from '../../src/core/version.ts';
import {
  buildFirmwareImage,
  FlashImageError,
  UnknownModelError,
  VirtualKeyboard,
  type FlashImageProblem,
} from '../../src/firmware/index.ts';
import { CMD, keyMask, SUB } from '../../src/protocol/commands.ts';
import { crc32 } from '../../src/protocol/crc.ts';
import { OBJECTS, type ObjectName } from '../../src/protocol/registry.ts';
import { errorName, Host, makeKeyboard, sameBytes } from './helpers.ts';

/** Rebuilds an image around an edited payload with a correct header and checksum. */
function reimage(image: Uint8Array, edit: (state: Record<string, unknown>) => void): Uint8Array {
  const state = JSON.parse(new TextDecoder().decode(image.subarray(14))) as Record<string, unknown>;
  edit(state);
  const payload = new TextEncoder().encode(JSON.stringify(state));
  const out = new Uint8Array(14 + payload.length);
  out.set(image.subarray(0, 6));
  const view = new DataView(out.buffer);
  view.setUint32(6, crc32(payload), true);
  view.setUint32(10, payload.length, true);
  out.set(payload, 14);
  return out;
}

function rejection(image: unknown): FlashImageProblem | undefined {
  try {
    VirtualKeyboard.restore(image as Uint8Array);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(FlashImageError);
    return (error as FlashImageError).problem;
  }
}

function readable(host: Host): ObjectName[] {
  return (Object.keys(OBJECTS) as ObjectName[]).filter((name) => {
    const spec = OBJECTS[name];
    return (
      errorName(host.send({ cmd: spec.cmd, sub: spec.sub, offset: 0, data: new Uint8Array([0, 0]) })[0]) === undefined
    );
  });
}

describe('flash image', () => {
  it.each(MODELS.map((m) => [m.name, m] as const))('round-trips %s with every object intact', (_, model) => {
    const kb = makeKeyboard({
      model: model.displayName,
      fwVer: '1.4.0',
      ...(model.wireless ? { battery: 42, accessMode: 2 } : {}),
    });
    const host = new Host(kb);
    if (model.keyCount > 0 && model.devType === 2) {
      host.write('themes', 0, new Uint8Array([1]));
      host.command(CMD.keymap, SUB.keymap.setKeys, [3, 0x34, 0x12, ...keyMask([0])]);
      host.write('settings', 2, new Uint8Array([17]));
    }
    const image = kb.serialize();
    const restored = new Host(VirtualKeyboard.restore(image));
    expect(sameBytes(restored.kb.serialize(), image)).toBe(true);
    expect(restored.kb.descriptor).toEqual(kb.descriptor);
    const names = readable(host);
    expect(readable(restored)).toEqual(names);
    for (const name of names) expect(sameBytes(restored.readObject(name), host.readObject(name)), name).toBe(true);
  });

  it('rejects images that are foreign, truncated or damaged', () => {
    const image = makeKeyboard().serialize();
    const flipped = image.slice();
    flipped[image.length - 20]! ^= 0x01;
    const wrongFormat = image.slice();
    wrongFormat[4] = 9;
    expect(rejection(buildFirmwareImage(3, '1.0.0', 100))).toBe('magic');
    expect(rejection(new Uint8Array(0))).toBe('magic');
    expect(rejection('not bytes')).toBe('magic');
    expect(rejection(wrongFormat)).toBe('format');
    expect(rejection(image.subarray(0, image.length - 1))).toBe('length');
    expect(rejection(flipped)).toBe('crc');
  });

  it('rejects well-formed images that hold impossible contents', () => {
    const image = makeKeyboard().serialize();
    type Stored = {
      device: { modelId: number };
      settings: { sleepTime: number };
      profiles: { tables: Record<string, string> }[];
    };
    const edit = (change: (s: Stored) => void) => reimage(image, (s) => change(s as unknown as Stored));
    const editTable = (slot: number, table: string, change: (bytes: Buffer) => Buffer) =>
      edit((s) => {
        const tables = s.profiles[slot]!.tables;
        tables[table] = change(Buffer.from(tables[table]!, 'base64')).toString('base64');
      });

    expect(rejection(reimage(image, (s) => delete s.settings))).toBe('schema');
    expect(rejection(edit((s) => void (s.profiles[1]!.tables.dks = 'not base64!')))).toBe('schema');
    expect(rejection(edit((s) => void (s.device.modelId = 99)))).toBe('model');
    expect(rejection(edit((s) => void (s.settings.sleepTime = 0)))).toBe('values');
    expect(rejection(edit((s) => void s.profiles.pop()))).toBe('values');
    // Key 5 of slot 2 with a 4.5 mm trigger.
    expect(rejection(editTable(2, 'perf', (b) => (b.writeUInt16LE(450, 5 * 10), b)))).toBe('values');
    expect(rejection(editTable(0, 'keymap', (b) => b.subarray(2)))).toBe('values');
    // A macro name that is not UTF-8.
    expect(rejection(editTable(0, 'macro', (b) => (b.fill(0xff, 1, 3), b)))).toBe('values');
    expect(rejection(edit(() => undefined))).toBeUndefined();
  });

  it('keeps injected clocks and schedulers on restore', () => {
    const image = makeKeyboard().serialize();
    const pending: (() => void)[] = [];
    const host = new Host(VirtualKeyboard.restore(image, { schedule: (fn) => void pending.push(fn) }));
    host.write('rapidComplete', 0, new Uint8Array([1]));
    expect(pending).toHaveLength(1);
  });

  it('tells the host when a flash write has completed', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    let saved = 0;
    kb.onPersist(() => saved++);
    host.write('rapidComplete', 0, new Uint8Array([1]));
    expect(saved).toBe(1);
  });
});

describe('construction', () => {
  it('refuses an unknown model or firmware text with typed errors', () => {
    expect(() => new VirtualKeyboard({ model: 'Made99', fwVer: '1.0.0' })).toThrow(UnknownModelError);
    expect(() => new VirtualKeyboard({ model: 'made68', fwVer: 'one' })).toThrow(VersionFormatError);
    expect(() => new VirtualKeyboard({ model: 'made68', fwVer: '1.300.0' })).toThrow(RangeError);
    expect(() => new VirtualKeyboard({ model: 'made68', fwVer: '1.0.0', serial: 'x'.repeat(17) })).toThrow(RangeError);
  });

  it('accepts the display name in any case and a V prefix', () => {
    const kb = new VirtualKeyboard({ model: ' MADE68PRO+ ', fwVer: 'V2.0.1' });
    expect(kb.descriptor).toMatchObject({ modelId: 4, fw: [2, 0, 1] });
    expect(kb.firmwareVersion).toBe('V2.0.1');
    expect(kb.descriptor.serial).toMatch(/^KT04[0-9A-F]{8}$/);
  });
});
