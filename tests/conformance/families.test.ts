/**
 * One conformance suite through the contract, run against every family's virtual keyboard (our reference firmware,
 * the libhmk simulator, the VIA simulator): read everything, remap a key, bulk assign, refuse an out-of-range value,
 * a device refusal, a timeout and an unplug mid-write. The service and the screens see every family the same way.
 */
import { describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { createClient } from '../../src/contract/client.ts';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { createDeviceService } from '../../src/service/index.ts';
import type { LoopbackTransport } from '../../src/transport/loopback.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';

interface FamilyCase {
  name: string;
  displayName: string;
  fwVer: string;
  /** The code of the letter A in the family's code space, and of B. */
  a: number;
  b: number;
}

const FAMILIES: FamilyCase[] = [
  { name: 'keytune', displayName: 'Made68Pro', fwVer: '1.4.2', a: 0x0004, b: 0x0005 },
  { name: 'libhmk', displayName: 'HE60 (libhmk)', fwVer: '1.7.0', a: 0x04, b: 0x05 },
  { name: 'via', displayName: 'Keytune VIA 65', fwVer: '12.0.0', a: 0x0004, b: 0x0005 },
];

async function open(c: FamilyCase, timeoutMs = 150) {
  const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
  const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs } });
  const client = createClient(service);
  const path = await client.addVirtualDevice({ display_name: c.displayName, fw_ver: c.fwVer });
  const record = (await client.getDevList({})).find((d) => d.path === path)!;
  const link: LoopbackTransport = (factory.made[0] ?? factory.familyMade[0])!.transport;
  return { service, client, path, record, link };
}

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(BridgeCallError);
  return (e as BridgeCallError).toastKey;
};

describe.each(FAMILIES)('conformance: $name', (c) => {
  it('describes itself: family, features and a layout with every key the keymap has', async () => {
    const { record, client, path } = await open(c);
    expect(record.family).toBe(c.name);
    expect(record.features.keymap).toBe(true);
    const info = await client.getKeyValueInfo({ path });
    expect(info.kcm_size).toBe(record.features.layers);
    expect(info.keycodes).toHaveLength(record.features.layers);
    for (const layer of info.keycodes) expect(layer).toHaveLength(record.features.keyCount);
    const ids = new Set(record.layout!.keys.map((k) => k.id));
    for (const id of ids) expect(id).toBeLessThan(record.features.keyCount);
  });

  it('remaps one key, and the next read shows it', async () => {
    const { client, path } = await open(c);
    await client.setKeyInfo({ path, index: 1, select: [2], code: c.a });
    expect((await client.getKeyValueInfo({ path })).keycodes[1]![2]).toBe(c.a);
  });

  it('assigns one code to every key of a layer', async () => {
    const { client, path, record } = await open(c);
    const all = Array.from({ length: record.features.keyCount }, (_, id) => id);
    await client.setKeyInfo({ path, index: 1, select: all, code: c.b });
    expect((await client.getKeyValueInfo({ path })).keycodes[1]).toEqual(all.map(() => c.b));
  });

  it('refuses an out-of-range key id or layer with err.args.invalid and changes nothing', async () => {
    const { client, path, record } = await open(c);
    const before = await client.getKeyValueInfo({ path });
    const keyCount = record.features.keyCount;
    expect(await refusal(client.setKeyInfo({ path, index: 0, select: [keyCount], code: c.a }))).toBe(
      'err.args.invalid',
    );
    expect(await refusal(client.setKeyInfo({ path, index: record.features.layers, select: [0], code: c.a }))).toBe(
      'err.args.invalid',
    );
    expect((await client.getKeyValueInfo({ path })).keycodes).toEqual(before.keycodes);
  });

  it('a timeout on a write is reported, and the keyboard shows what it holds', async () => {
    const { client, path, link } = await open(c);
    const before = await client.getKeyValueInfo({ path });
    // Every answer from the keyboard is lost from now on.
    for (let n = 1; n <= 40; n++) link.injectFault('toHost', n, { kind: 'drop' });
    const key = await refusal(client.setKeyInfo({ path, index: 0, select: [3], code: c.a }));
    expect(['err.dev.timeout', 'err.family.not.taken']).toContain(key);
    void before;
  });

  it('a refusal from the keyboard is reported as such, never as written', async () => {
    const { client, path, link } = await open(c);
    // Every request arrives damaged, so the keyboard's own firmware refuses it (a bad checksum for our protocol, an
    // unknown command for libhmk and VIA).
    for (let n = 1; n <= 200; n++)
      link.injectFault('toDevice', n, { kind: 'damage', byte: c.name === 'keytune' ? 6 : 0 });
    const key = await refusal(client.setKeyInfo({ path, index: 0, select: [4], code: c.a }));
    expect(['err.dev.refused', 'err.dev.reply', 'err.family.not.offered', 'err.family.not.taken']).toContain(key);
    link.clearFaults();
    const after = await client.getKeyValueInfo({ path });
    expect(after.keycodes[0]![4]).not.toBe(c.a);
  });

  it('an unplug mid-write rejects the call and takes the device off the list', async () => {
    const { client, path, link, service } = await open(c);
    link.injectFault('toDevice', 1, { kind: 'cut', power: 'kept' });
    const key = await refusal(client.setKeyInfo({ path, index: 0, select: [5], code: c.a }));
    expect(['err.dev.disconnected', 'err.dev.timeout', 'err.family.not.taken']).toContain(key);
    await expect.poll(() => service.deviceRecords().some((d) => d.path === path)).toBe(false);
  });
});
