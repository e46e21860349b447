/**
 * Whole-keyboard backups read and applied on every family's virtual keyboard, through the contract where a change is
 * made: a backup read, changes made, the first backup applied, and the keyboard reads as it did.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/contract/client.ts';
import { sameConfiguration } from '../../src/core/backup/diff.ts';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { applyKeyboard } from '../../src/service/backup/apply.ts';
import { backupNames, readKeyboard } from '../../src/service/backup/read.ts';
import { createDeviceService } from '../../src/service/index.ts';
import type { LoopbackTransport } from '../../src/transport/loopback.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';

const FAMILIES = [
  { name: 'keytune', displayName: 'Made68Pro', fwVer: '1.4.2', a: 0x0004, aName: 'A' },
  { name: 'libhmk', displayName: 'HE60 (libhmk)', fwVer: '1.7.0', a: 0x04, aName: 'C' },
  { name: 'via', displayName: 'Keytune VIA 65', fwVer: '12.0.0', a: 0x0004, aName: 'A' },
];

async function open(c: (typeof FAMILIES)[number]) {
  const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
  const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs: 150 } });
  const client = createClient(service);
  const path = await client.addVirtualDevice({ display_name: c.displayName, fw_ver: c.fwVer });
  const device = service.allDevices().find((d) => d.path === path)!;
  const link: LoopbackTransport = (factory.made[0] ?? factory.familyMade[0])!.transport;
  return { service, client, path, device, link };
}

describe.each(FAMILIES)('backup of $name', (c) => {
  it('reads, and applying the first backup after a remap puts it back', async () => {
    const { client, path, device } = await open(c);
    const first = await readKeyboard(device);
    expect(first.device.family).toBe(c.name);
    await client.setKeyInfo({ path, index: 1, select: [2, 3], code: c.a });
    const changed = await readKeyboard(device);
    expect(sameConfiguration(first, changed)).toBe(false);
    await applyKeyboard(device, first, changed);
    expect(sameConfiguration(first, await readKeyboard(device))).toBe(true);
    expect(backupNames(device).code(c.a)).toBe(c.aName);
  });
});
