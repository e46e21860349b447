/**
 * Bad input and a bad link: metadata that is not gzip, not JSON or lies; firmware too old; replies of the wrong
 * length; 0xFF on a write; a link cut in the middle of a write. The driver says what did not take and never reports
 * as written what the keyboard does not hold.
 */
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { libhmkFamily, NotTakenError } from '../../../src/drivers/libhmk/index.ts';
import { createLibhmkSimulator } from '../../../src/firmware/libhmk/index.ts';
import { editedMetadata, openRig, transportFor } from './harness.ts';

const openWith = (metadata: Uint8Array) =>
  libhmkFamily.open(transportFor(createLibhmkSimulator({ metadata })), { replyTimeoutMs: 200 });

describe('libhmk driver refuses a keyboard it cannot trust', () => {
  it('metadata that is not gzip, damaged gzip or not JSON', async () => {
    const json = new TextEncoder().encode('{"name":"HE60"}');
    await expect(openWith(json)).rejects.toMatchObject({ reason: 'unsupported', message: /not gzip/ });
    const damaged = gzipSync(json);
    damaged[damaged.length - 6]! ^= 0xff;
    await expect(openWith(damaged)).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(openWith(gzipSync(new TextEncoder().encode('{nope')))).rejects.toMatchObject({
      reason: 'unsupported',
      message: /not JSON/,
    });
  });

  it('metadata that lies about its keys, layers or sizes', async () => {
    const lies: [string, (d: Record<string, unknown>) => void, RegExp][] = [
      ['more keys than its layout', (d) => (d.numKeys = 68), /draws 67/],
      ['a layout key past its keys', (d) => (d.numKeys = 66), /key 66/],
      ['more layers than a byte field holds', (d) => (d.numLayers = 9), /numLayers/],
      ['more keys than the protocol addresses', (d) => (d.numKeys = 300), /numKeys/],
      ['default keymaps of the wrong shape', (d) => ((d.defaultKeymaps as unknown[]).length = 3), /default keymaps/],
      ['an unknown key code name', (d) => ((d.defaultKeymaps as string[][][])[0]![0]![0] = 'KC_NOPE'), /KC_NOPE/],
      ['a layout option it does not have', (d) => ((d.layout as { labels: string[] }).labels = ['One']), /option/],
    ];
    for (const [, edit, message] of lies) {
      await expect(openWith(editedMetadata(edit))).rejects.toMatchObject({ reason: 'unsupported', message });
    }
  });

  it('firmware 1.3 is refused with a message naming both versions', async () => {
    const sim = createLibhmkSimulator({ version: 0x0103 });
    await expect(libhmkFamily.open(transportFor(sim))).rejects.toMatchObject({
      reason: 'unsupported',
      message: expect.stringMatching(/1\.3.*1\.4/),
    });
  });

  it('a device that does not answer is not a libhmk keyboard', async () => {
    const sim = createLibhmkSimulator();
    sim.enterBootloader();
    await expect(libhmkFamily.open(transportFor(sim), { replyTimeoutMs: 50 })).rejects.toMatchObject({
      reason: 'unsupported',
    });
  });
});

describe('libhmk driver on a bad link', () => {
  it('a reply of the wrong length is refused, and the next exchange still works', async () => {
    const rig = await openRig();
    rig.transport.injectFault('toHost', 1, { kind: 'replace', with: (r) => [r.slice(0, 32)] });
    await expect(rig.driver.ports.profiles!.current()).rejects.toMatchObject({ reason: 'reply' });
    expect(await rig.driver.ports.profiles!.current()).toBe(0);
  });

  it('0xFF is a refusal at once, not a timeout', async () => {
    const rig = await openRig({}, undefined, 5000);
    rig.sim.failFlashWrites(1);
    const t0 = performance.now();
    await expect(rig.driver.ports.performance!.writeTickRate!(9, 0)).rejects.toMatchObject({ reason: 'refused' });
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('0xFF on one report of a write: the other runs take, the refused keys are named', async () => {
    const rig = await openRig();
    const km = rig.driver.ports.keymap!;
    rig.sim.failFlashWrites(1);
    const cells = Array.from({ length: 67 }, (_, keyId) => ({ profile: 0, layer: 3, keyId, code: 0x10 }));
    const error = await km.write(cells).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotTakenError);
    expect((error as NotTakenError).reason).toBe('refused');
    expect((error as NotTakenError).notTaken).toHaveLength(59);
    expect((error as NotTakenError).notTaken[0]).toBe('profile 0 layer 3 key 0');
    const held = (await km.read(0))[3]!;
    expect(held.slice(59)).toEqual(new Array(8).fill(0x10));
    expect(held.slice(0, 59)).toEqual(new Array(59).fill(0x01));
  });

  it('a cut in the middle of a write reports every key it cannot confirm, and nothing else', async () => {
    const rig = await openRig();
    const km = rig.driver.ports.keymap!;
    const cells = Array.from({ length: 67 }, (_, keyId) => ({ profile: 1, layer: 1, keyId, code: 0x11 }));
    rig.transport.injectFault('toDevice', 2, { kind: 'cut', power: 'kept' });
    const error = (await km.write(cells).catch((e: unknown) => e)) as NotTakenError;
    expect(error).toBeInstanceOf(NotTakenError);
    expect(error.reason).toBe('disconnected');
    expect(error.notTaken).toHaveLength(67);
    // The keyboard took the first report before the cut: a new session sees it, and the rest unchanged.
    rig.transport.reconnect();
    const again = await libhmkFamily.open(transportFor(rig.sim));
    const held = (await again.ports.keymap!.read(1))[1]!;
    expect(held.slice(0, 59)).toEqual(new Array(59).fill(0x11));
    expect(held[60]).not.toBe(0x11);
  });

  it('a lost reply times out and the driver goes on', async () => {
    const rig = await openRig({}, undefined, 50);
    rig.transport.injectFault('toHost', 1, { kind: 'drop' });
    await expect(rig.driver.ports.profiles!.current()).rejects.toMatchObject({ reason: 'timeout' });
    expect(await rig.driver.ports.profiles!.current()).toBe(0);
  });

  it('a duplicated reply does not answer the next request', async () => {
    const rig = await openRig();
    await rig.driver.ports.keymap!.write([{ profile: 0, layer: 0, keyId: 63, code: 0x05 }]);
    rig.transport.injectFault('toHost', 1, { kind: 'duplicate' });
    const layers = await rig.driver.ports.keymap!.read(0);
    expect(layers[0]![63]).toBe(0x05);
    expect(layers[0]![0]).toBe(0x27);
  });
});
