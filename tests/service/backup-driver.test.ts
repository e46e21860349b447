/**
 * Backups of libhmk and VIA keyboards: read with one port read per profile, applied part by part with only what
 * differs, a part the keyboard refuses or drops reported as not taken by name, values outside the keyboard's range
 * refused before anything is sent, and a changed current profile left alone where the family cannot switch it.
 */
import { describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import type { KeyboardBackup } from '../../src/core/backup/format.ts';
import type { LibhmkAdvancedKey } from '../../src/drivers/libhmk/advanced-codec.ts';
import type { GamepadConfig, LightingState, MacroAction } from '../../src/drivers/types.ts';
import { applyKeyboard } from '../../src/service/backup/apply.ts';
import { readKeyboard } from '../../src/service/backup/read.ts';
import type { DeviceEntry, DriverDevice } from '../../src/service/context.ts';
import type { LoopbackTransport } from '../../src/transport/loopback.ts';
import { FAMILY_CASES, openFamily } from './backup-family-harness.ts';

const [, LIBHMK, VIA] = FAMILY_CASES as [unknown, (typeof FAMILY_CASES)[number], (typeof FAMILY_CASES)[number]];

async function rejection(p: Promise<unknown>): Promise<BridgeCallError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(BridgeCallError);
  return e as BridgeCallError;
}

/**
 * Each edit of the keyboard's own backup is refused with backup.err.invalid and nothing is sent, though the target
 * also holds a valid change: the refusal comes before anything is written.
 */
async function refusedBeforeSending(
  device: DeviceEntry,
  link: LoopbackTransport,
  current: KeyboardBackup,
  edits: ((b: KeyboardBackup) => void)[],
) {
  for (const edit of edits) {
    const target = structuredClone(current);
    target.profiles[0]!.keymap![1]![1] = 0x07;
    edit(target);
    const sent = link.delivered.toDevice;
    expect((await rejection(applyKeyboard(device, target, current))).toastKey).toBe('backup.err.invalid');
    expect(link.delivered.toDevice).toBe(sent);
  }
}

/** Counts the calls of one method of a port. */
function spy<T extends object>(port: T, method: keyof T): { calls: unknown[][] } {
  const record = { calls: [] as unknown[][] };
  const original = (port[method] as (...args: unknown[]) => unknown).bind(port);
  (port as Record<keyof T, unknown>)[method] = (...args: unknown[]) => {
    record.calls.push(args);
    return original(...args);
  };
  return record;
}

describe('libhmk backups', () => {
  it('read each port once per profile', async () => {
    const { device } = await openFamily(LIBHMK);
    const ports = (device as DriverDevice).driver.ports;
    const keymap = spy(ports.keymap!, 'read');
    const performance = spy(ports.performance!, 'read');
    const gamepad = spy(ports.gamepad!, 'read');
    const backup = await readKeyboard(device);
    expect(keymap.calls.map((c) => c[0])).toEqual([0, 1, 2, 3]);
    expect(performance.calls).toHaveLength(4);
    expect(gamepad.calls).toHaveLength(4);
    expect(backup.profiles).toHaveLength(4);
  });

  it('write performance once per distinct change, on the profile it belongs to', async () => {
    const { device } = await openFamily(LIBHMK);
    const current = await readKeyboard(device);
    const target = structuredClone(current);
    for (const key of [1, 2, 3, 4, 5]) target.profiles[2]!.performance![key]!.actuationMm = 1.2;
    for (const key of [7, 8]) target.profiles[2]!.performance![key]!.actuationMm = 2.4;
    const write = spy((device as DriverDevice).driver.ports.performance!, 'write');
    await applyKeyboard(device, target, current);
    expect(write.calls).toEqual([
      [[1, 2, 3, 4, 5], { actuationMm: 1.2 }, 2],
      [[7, 8], { actuationMm: 2.4 }, 2],
    ]);
    const after = await readKeyboard(device);
    expect(after.profiles[2]!.performance![7]!.actuationMm).toBe(2.4);
    expect(after.profiles[0]).toEqual(current.profiles[0]);
  });

  it('a write the keyboard refuses is reported as not taken, naming the part', async () => {
    const { device, link } = await openFamily(LIBHMK);
    const current = await readKeyboard(device);
    const target = structuredClone(current);
    target.profiles[1]!.keymap![0]![5] = 0x06;
    // The key map write arrives damaged: the keyboard does not know the command and refuses it.
    link.injectFault('toDevice', 1, { kind: 'damage', byte: 0 });
    const e = await rejection(applyKeyboard(device, target, current));
    expect(e.toastKey).toBe('err.family.not.taken');
    expect(e.args).toEqual(['profiles[1].keymap']);
    expect((await readKeyboard(device)).profiles[1]!.keymap).toEqual(current.profiles[1]!.keymap);
  });

  it('moves the profile the app edits on a changed current profile, writing nothing (libhmk cannot switch its own)', async () => {
    const { device, link } = await openFamily(LIBHMK);
    const current = await readKeyboard(device);
    const profiles = (device as DriverDevice).driver.ports.profiles as unknown as {
      keyboardCurrent(): Promise<number>;
    };
    const own = await profiles.keyboardCurrent();
    const sent = link.delivered.toDevice;
    await applyKeyboard(device, { ...structuredClone(current), currentProfile: 2 }, current);
    // One GET_PROFILE (a switch made on the keyboard is followed first); no write.
    expect(link.delivered.toDevice).toBe(sent + 1);
    expect(await profiles.keyboardCurrent()).toBe(own);
    expect((await readKeyboard(device)).currentProfile).toBe(2);
  });

  it('refuses values outside the keyboard’s range before sending anything', async () => {
    const { device, link } = await openFamily(LIBHMK);
    const current = await readKeyboard(device);
    const edits: ((b: KeyboardBackup) => void)[] = [
      (b) => (b.profiles[0]!.performance![0]!.actuationMm = 9),
      (b) => Object.assign(b.profiles[1]!.performance![0]!, { rapidTrigger: true, rtPressMm: 0.01 }),
      (b) => (b.profiles[0]!.objects!.tickRate = 300),
      (b) => ((b.profiles[0]!.objects!.gamepad as GamepadConfig).buttons = [250]),
      (b) => {
        const slots = b.profiles[0]!.objects!.advanced as LibhmkAdvancedKey[];
        slots[0] = { kind: 'toggle', layer: 0, keyId: 999, code: 4, tappingTermMs: 200 } as never;
      },
      (b) => (b.profiles[0]!.keymap![0]![0] = 300),
      (b) => (b.objects.options = { noSuchOption: true }),
      (b) => b.profiles.push(structuredClone(b.profiles[0]!)),
    ];
    await refusedBeforeSending(device, link, current, edits);
  });
});

describe('VIA backups', () => {
  it('a write the keyboard drops (answered, not kept) is found by reading back', async () => {
    const { device } = await openFamily(VIA);
    const current = await readKeyboard(device);
    const target = structuredClone(current);
    (target.objects.lighting as LightingState[])[0]!.brightness = 77;
    (target.objects.macros as MacroAction[][])[0] = [{ kind: 'text', text: 'ok' }];
    // The keyboard answers the lighting writes but keeps nothing of them.
    (device as DriverDevice).driver.ports.lighting!.write = async () => undefined;
    const e = await rejection(applyKeyboard(device, target, current));
    expect(e.toastKey).toBe('err.family.not.taken');
    expect(e.args).toEqual(['objects.lighting']);
    const after = await readKeyboard(device);
    expect(after.objects.macros).toEqual(target.objects.macros);
    expect(after.objects.lighting).toEqual(current.objects.lighting);
  });

  it('takes a file with fewer macros than the keyboard has room for', async () => {
    const { device } = await openFamily(VIA);
    const current = await readKeyboard(device);
    expect((current.objects.macros as MacroAction[][]).length).toBeGreaterThan(1);
    const target = structuredClone(current);
    target.objects.macros = [[{ kind: 'text', text: 'one' }]];
    await applyKeyboard(device, target, current);
    expect((await readKeyboard(device)).objects.macros).toEqual([
      [{ kind: 'text', text: 'one' }],
      ...(current.objects.macros as MacroAction[][]).slice(1).map(() => []),
    ]);
  });

  it('refuses macros that overflow the buffer and lighting outside its range before sending anything', async () => {
    const { device, link } = await openFamily(VIA);
    const current = await readKeyboard(device);
    const edits: ((b: KeyboardBackup) => void)[] = [
      (b) => (b.objects.macros = [[{ kind: 'text', text: 'x'.repeat(5000) }]]),
      (b) => ((b.objects.lighting as LightingState[])[0]!.brightness = 999),
      (b) => ((b.objects.lighting as LightingState[])[0]!.effect = 200),
      (b) => (b.objects.layoutOptions = -1),
      (b) => (b.profiles[0]!.keymap = [[1]]),
    ];
    await refusedBeforeSending(device, link, current, edits);
  });

  it('keeps no performance area (the family has none)', async () => {
    const { device } = await openFamily(VIA);
    const backup = await readKeyboard(device);
    expect(backup.profiles[0]!.performance).toBeUndefined();
  });
});
