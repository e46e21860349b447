/** A service with one family's virtual keyboard, for the backup tests: the device entry, its link and the client. */
import { createClient } from '../../src/contract/client.ts';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { createDeviceService } from '../../src/service/index.ts';
import type { LoopbackTransport } from '../../src/transport/loopback.ts';
import { LINK_PRESETS, type LinkOptions } from '../../src/transport/types.ts';

export interface FamilyCase {
  name: 'keytune' | 'libhmk' | 'via';
  displayName: string;
  fwVer: string;
  /** Two codes of the family's space, and the short name of the first. */
  a: number;
  b: number;
  aName: string;
  model: string;
  profiles: number;
  objects: string[];
  profileObjects: string[];
}

export const FAMILY_CASES: FamilyCase[] = [
  {
    name: 'keytune',
    displayName: 'Made68Pro',
    fwVer: '1.4.2',
    a: 0x0004,
    b: 0x0005,
    aName: 'A',
    model: 'made68pro',
    profiles: 4,
    objects: ['calibration', 'settings'],
    profileObjects: ['dks', 'hypertap', 'lighting', 'macro', 'outerFrame', 'rapidComplete', 'shortcut', 'snaptap'],
  },
  {
    name: 'libhmk',
    displayName: 'HE60 (libhmk)',
    fwVer: '1.7.0',
    a: 0x04,
    b: 0x05,
    aName: 'C',
    model: 'he60',
    profiles: 4,
    objects: ['calibration', 'options'],
    profileObjects: ['advanced', 'gamepad', 'tickRate'],
  },
  {
    name: 'via',
    displayName: 'Keytune VIA 65',
    fwVer: '12.0.0',
    a: 0x0004,
    b: 0x0005,
    aName: 'A',
    model: '4b54:5641',
    profiles: 1,
    objects: ['layoutOptions', 'lighting', 'macros'],
    profileObjects: [],
  },
];

export async function openFamily(c: FamilyCase, link: Partial<LinkOptions> = LINK_PRESETS.instant, timeoutMs = 150) {
  const factory = loopbackVirtualFactory(link);
  const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs } });
  const client = createClient(service);
  const path = await client.addVirtualDevice({ display_name: c.displayName, fw_ver: c.fwVer });
  const device = service.allDevices().find((d) => d.path === path)!;
  const transport: LoopbackTransport = (factory.made[0] ?? factory.familyMade[0])!.transport;
  return { service, client, path, device, record: device.record, link: transport, factory };
}
