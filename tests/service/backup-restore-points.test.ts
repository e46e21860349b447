/**
 * Restore points: taken before a factory reset on every family and before a firmware update, kept per keyboard in the
 * store the host gives the service (the last 20, newest first), named in bug reports; an update goes on when no point
 * can be kept.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/contract/client.ts';
import { RESTORE_POINTS_KEPT, type KeyboardBackup } from '../../src/core/backup/format.ts';
import { findModel } from '../../src/core/models.ts';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { buildFirmwareImage } from '../../src/protocol/firmware-image.ts';
import {
  keepRestorePoint,
  listRestorePoints,
  memoryRestorePointStore,
  provideRestorePointStore,
  RESTORE_POINT_ID,
  type RestorePointStore,
} from '../../src/service/backup/restore-points.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';

function open(store?: RestorePointStore) {
  const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
  const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs: 500 } });
  if (store) provideRestorePointStore(service, store);
  return { service, client: createClient(service) };
}

const config = (b: KeyboardBackup) => ({ currentProfile: b.currentProfile, profiles: b.profiles, objects: b.objects });

afterEach(() => vi.restoreAllMocks());

/** `resets`: the virtual VIA keyboard is built like most QMK firmware, without VIA_EEPROM_ALLOW_RESET. */
const FAMILIES = [
  { name: 'keytune', displayName: 'Made68Pro', fwVer: '1.4.2', code: 0x05, resets: true },
  { name: 'libhmk', displayName: 'HE60 (libhmk)', fwVer: '1.7.0', code: 0x05, resets: true },
  { name: 'via', displayName: 'Keytune VIA 65', fwVer: '12.0.0', code: 0x05, resets: false },
];

describe.each(FAMILIES)('a factory reset of $name', (c) => {
  it('keeps the keyboard as it was in a restore point first', async () => {
    const store = memoryRestorePointStore();
    const { client } = open(store);
    const path = await client.addVirtualDevice({ display_name: c.displayName, fw_ver: c.fwVer });
    await client.setKeyInfo({ path, index: 0, select: [2, 3], code: c.code });
    const before = await client.getBackup({ path });

    const reset = client.runOtherFunc({ path, cmd: 'reset' });
    if (c.resets) {
      await reset;
      expect(config(await client.getBackup({ path }))).not.toEqual(config(before));
    } else {
      await expect(reset).rejects.toMatchObject({ toastKey: 'err.family.not.offered' });
      expect(config(await client.getBackup({ path }))).toEqual(config(before));
    }
    const [point, ...rest] = await client.listRestorePoints({ path });
    expect(rest).toEqual([]);
    expect(point!.reason).toBe('factory-reset');
    expect(point!.id).toMatch(RESTORE_POINT_ID);
    const kept = await client.getRestorePoint({ path, id: point!.id });
    expect(config(kept)).toEqual(config(before));
    // The given store holds it.
    expect(
      await store.list(`${before.device.family}/${before.device.model}/${before.device.serial || 'no-serial'}`),
    ).toEqual([point]);

    if (!c.resets) return;
    // Putting it back makes the keyboard what it was (and keeps the reset state as a point of its own).
    const back = await client.restoreBackup({ path, backup: JSON.stringify(kept) });
    expect(back.restorePoint?.reason).toBe('restore');
    expect(config(await client.getBackup({ path }))).toEqual(config(before));
  });
});

describe('a firmware update', () => {
  const image = () =>
    JSON.stringify([
      {
        name: 'made68pro.mg',
        data: Buffer.from(buildFirmwareImage(findModel('Made68Pro')!.modelId, '10.3.0', 2000)).toString('base64'),
      },
    ]);

  it('keeps the keyboard as it was in a restore point before it flashes', async () => {
    const { client } = open();
    const path = await client.addVirtualDevice({ display_name: 'Made68Pro', fw_ver: '1.4.2' });
    await client.setKeyInfo({ path, index: 1, select: [4], code: 0x06 });
    const before = await client.getBackup({ path });
    const flashed = await client.runOtherFunc({ path, cmd: 'flash', mg: JSON.parse(image()) });
    expect(flashed).toMatchObject({ fw_ver: 'V10.3.0' });
    const points = await client.listRestorePoints({ path });
    expect(points.map((p) => p.reason)).toEqual(['firmware-update']);
    const kept = await client.getRestorePoint({ path, id: points[0]!.id });
    expect(config(kept)).toEqual(config(before));
    expect(kept.device.firmware).toBe(before.device.firmware);
  });

  it('keeps one point for an update cut short and run again', async () => {
    const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
    const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs: 500 } });
    const client = createClient(service);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const path = await client.addVirtualDevice({ display_name: 'Made68Pro', fw_ver: '1.4.2' });
    const transport = factory.made[0]!.transport;
    transport.injectFault('toDevice', 30, { kind: 'cut', power: 'kept' });
    await expect(client.runOtherFunc({ path, cmd: 'flash', mg: JSON.parse(image()) })).rejects.toMatchObject({
      toastKey: 'err.fw.flash.interrupted',
    });
    transport.reconnect();
    await service.attach(transport, { virtual: true });
    await expect(client.runOtherFunc({ path, cmd: 'flash', mg: JSON.parse(image()) })).resolves.toMatchObject({
      fw_ver: 'V10.3.0',
    });
    expect((await client.listRestorePoints({ path })).map((p) => p.reason)).toEqual(['firmware-update']);
  });

  it('goes on when no restore point can be kept, and says so in the log', async () => {
    const broken: RestorePointStore = {
      ...memoryRestorePointStore(),
      put: () => Promise.reject(new Error('disk full')),
    };
    const { client } = open(broken);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const path = await client.addVirtualDevice({ display_name: 'Made68Pro', fw_ver: '1.4.2' });
    const flashed = await client.runOtherFunc({ path, cmd: 'flash', mg: JSON.parse(image()) });
    expect(flashed).toMatchObject({ fw_ver: 'V10.3.0' });
    expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).toMatch(
      /no restore point before firmware-update.*disk full/,
    );
  });
});

describe('the store of restore points', () => {
  const oneBackup = async () => {
    const { client } = open();
    const path = await client.addVirtualDevice({ display_name: 'HE60 (libhmk)', fw_ver: '1.7.0' });
    return { path, backup: await client.getBackup({ path }) };
  };

  it(`keeps the last ${RESTORE_POINTS_KEPT} per keyboard, newest first, also within one millisecond`, async () => {
    const service = {};
    const { path, backup } = await oneBackup();
    const other = { ...backup, device: { ...backup.device, serial: 'another' } };
    const at = new Date('2025-03-01T10:00:00.000Z');
    const taken = [];
    for (let i = 0; i < RESTORE_POINTS_KEPT + 3; i++)
      taken.push(await keepRestorePoint(service, path, backup, 'manual', i < 5 ? at : new Date(at.getTime() + i)));
    const otherPoint = await keepRestorePoint(service, 'elsewhere', other, 'restore', at);
    const key = 'libhmk/' + backup.device.model + '/' + (backup.device.serial || 'no-serial');
    expect(await listRestorePoints(service, key)).toEqual(taken.slice(3).reverse());
    expect(await listRestorePoints(service, `libhmk/${backup.device.model}/another`)).toEqual([otherPoint]);
  });

  it('is kept per service: one given a store uses it, another keeps its own in memory', async () => {
    const store = memoryRestorePointStore();
    const given = {};
    const own = {};
    provideRestorePointStore(given, store);
    const { path, backup } = await oneBackup();
    const key = `libhmk/${backup.device.model}/${backup.device.serial || 'no-serial'}`;
    await keepRestorePoint(given, path, backup, 'manual');
    await keepRestorePoint(own, path, backup, 'manual');
    expect(await store.list(key)).toHaveLength(1);
    expect(await listRestorePoints(own, key)).toHaveLength(1);
    expect(await listRestorePoints(given, key)).toEqual(await store.list(key));
  });

  it("names a keyboard's restore points in its bug report, also after it went away", async () => {
    const { client } = open();
    const path = await client.addVirtualDevice({ display_name: 'Made68Pro', fw_ver: '1.4.2' });
    expect((await client.getReportBundle({ path })).restore_points).toEqual([]);
    const factory = await client.getBackup({ path });
    await client.setKeyInfo({ path, index: 0, select: [2], code: 0x07 });
    const { restorePoint } = await client.restoreBackup({ path, backup: JSON.stringify(factory) });
    await client.removeDevice({ path });
    const named = (await client.getReportBundle({ path })).restore_points;
    expect(named).toHaveLength(1);
    expect(named[0]).toContain(restorePoint!.id);
    expect(named[0]).toContain('restore');
  });
});
