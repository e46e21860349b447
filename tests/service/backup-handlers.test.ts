/**
 * Whole-keyboard backups through the contract, on every family's virtual keyboard: a backup, a change, the diff that
 * lists it and the restore that undoes it; a backup restored onto a factory keyboard; files of another family, model
 * or firmware version; undo and redo that refuse a keyboard changed elsewhere; restore points before a restore.
 */
import { describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { createClient } from '../../src/contract/client.ts';
import type { KeyboardBackup } from '../../src/core/backup/format.ts';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';

interface FamilyCase {
  name: string;
  displayName: string;
  fwVer: string;
  /** Another firmware version of the same model. */
  otherFw: string;
  a: number;
  b: number;
}

const FAMILIES: FamilyCase[] = [
  { name: 'keytune', displayName: 'Made68Pro', fwVer: '1.4.2', otherFw: '1.2.0', a: 0x0004, b: 0x0005 },
  { name: 'libhmk', displayName: 'HE60 (libhmk)', fwVer: '1.7.0', otherFw: '1.4.0', a: 0x04, b: 0x05 },
  { name: 'via', displayName: 'Keytune VIA 65', fwVer: '12.0.0', otherFw: '10.0.0', a: 0x0004, b: 0x0005 },
];

function open() {
  const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
  const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs: 500 } });
  const client = createClient(service);
  const restored: { path: string; reason: string }[] = [];
  client.on('config_restored', (e) => restored.push(e));
  const add = (c: FamilyCase, fw = c.fwVer) => client.addVirtualDevice({ display_name: c.displayName, fw_ver: fw });
  return { service, client, restored, add };
}

/** The configuration of a backup: what a restore puts back (not when or from which keyboard it was taken). */
const config = (b: KeyboardBackup) => ({ currentProfile: b.currentProfile, profiles: b.profiles, objects: b.objects });
const text = (b: KeyboardBackup) => JSON.stringify(b);

async function refusal(p: Promise<unknown>): Promise<BridgeCallError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(BridgeCallError);
  return e as BridgeCallError;
}

/** Changes a few things on the keyboard through ordinary calls: keys on two layers, and the trigger where it has one. */
async function customise(client: ReturnType<typeof open>['client'], path: string, c: FamilyCase) {
  await client.setKeyInfo({ path, index: 0, select: [2, 3], code: c.b });
  await client.setKeyInfo({ path, index: 1, select: [5], code: c.a });
  const record = (await client.getDevList()).find((d) => d.path === path)!;
  if (record.features.performance) await client.setPerfInfo({ path, key_ids: [0, 1, 2, 3], trigger: 1.2 });
}

describe.each(FAMILIES)('backups: $name', (c) => {
  it('backs up, lists a change in the diff, restores, and the keyboard is the backup again', async () => {
    const { client, add, restored } = open();
    const path = await add(c);
    const backup = await client.getBackup({ path });
    expect(backup.device.family).toBe(c.name);
    expect((await client.diffBackup({ path, backup: text(backup) })).lines).toEqual([]);

    await client.setKeyInfo({ path, index: 1, select: [2], code: c.a });
    const diff = await client.diffBackup({ path, backup: text(backup) });
    expect(diff.lines.length).toBeGreaterThan(0);
    expect(diff.lines.some((l) => l.area === 'keymap')).toBe(true);
    // The diff changes nothing.
    expect((await client.getKeyValueInfo({ path })).keycodes[1]![2]).toBe(c.a);
    expect(restored).toEqual([]);

    const result = await client.restoreBackup({ path, backup: text(backup) });
    expect(result.applied).toEqual(diff.lines);
    expect(result.restorePoint?.reason).toBe('restore');
    expect(config(await client.getBackup({ path }))).toEqual(config(backup));
    expect(restored).toEqual([{ path, reason: 'restore' }]);
  });

  it("restores a customised keyboard's backup onto a factory keyboard of the same model", async () => {
    const { client: first, add: addFirst } = open();
    const from = await addFirst(c);
    await customise(first, from, c);
    const backup = await first.getBackup({ path: from });
    // Another app with another keyboard of the model (VIA keyboards without a serial share a path).
    const { client, add } = open();
    const to = await add(c);
    expect(config(await client.getBackup({ path: to }))).not.toEqual(config(backup));

    const result = await client.restoreBackup({ path: to, backup: text(backup) });
    expect(result.applied.length).toBeGreaterThan(0);
    const after = await client.getBackup({ path: to });
    expect(config(after)).toEqual(config(backup));
    expect({ ...after, created: '', device: backup.device }).toEqual({ ...backup, created: '' });
    // Nothing left to change.
    expect((await client.diffBackup({ path: to, backup: text(backup) })).lines).toEqual([]);
  });

  it("refuses another family's and another model's file, and changes nothing", async () => {
    const { client, add, restored } = open();
    const path = await add(c);
    const other = FAMILIES.find((f) => f !== c)!;
    const otherPath = await add(other);
    await customise(client, otherPath, other);
    const foreign = await client.getBackup({ path: otherPath });
    const before = await client.getBackup({ path });

    for (const call of [client.diffBackup, client.restoreBackup])
      expect((await refusal(call({ path, backup: text(foreign) }))).toastKey).toBe('backup.err.family');
    const otherModel = { ...before, device: { ...before.device, model: 'another-model', displayName: 'Another' } };
    const e = await refusal(client.restoreBackup({ path, backup: text(otherModel) }));
    expect(e.toastKey).toBe('backup.err.model');
    expect(e.args).toEqual(['Another', before.device.displayName]);

    expect(config(await client.getBackup({ path }))).toEqual(config(before));
    expect(await client.listRestorePoints({ path })).toEqual([]);
    expect(restored).toEqual([]);
  });

  it('refuses what is not a backup with the reason, before reading the keyboard', async () => {
    const { client, add } = open();
    const path = await add(c);
    const backup = await client.getBackup({ path });
    const cases: [string, string][] = [
      ['not json', 'backup.err.notJson'],
      ['{"format":"something-else"}', 'backup.err.notBackup'],
      [text({ ...backup, version: 9 as 2 }), 'backup.err.newer'],
      [text({ ...backup, currentProfile: -1 }), 'backup.err.invalid'],
    ];
    for (const [file, id] of cases)
      expect((await refusal(client.restoreBackup({ path, backup: file }))).toastKey).toBe(id);
  });

  it('accepts a file of another firmware version of the same model, naming what the keyboard cannot hold', async () => {
    const older = open();
    const newer = open();
    const olderPath = await older.add(c, c.otherFw);
    const newerPath = await newer.add(c);
    await customise(newer.client, newerPath, c);
    await customise(older.client, olderPath, c);
    await older.client.setKeyInfo({ path: olderPath, index: 0, select: [7], code: c.a });
    const newerFile = await newer.client.getBackup({ path: newerPath });
    const olderFile = await older.client.getBackup({ path: olderPath });
    for (const [file, to, toPath] of [
      [newerFile, older, olderPath],
      [olderFile, newer, newerPath],
    ] as const) {
      if (file.device.keycodeSpace !== (await to.client.getBackup({ path: toPath })).device.keycodeSpace) {
        // VIA protocols number some keys differently: the same codes would be other keys, so the file is refused.
        const held = await to.client.getBackup({ path: toPath });
        expect((await refusal(to.client.diffBackup({ path: toPath, backup: text(file) }))).toastKey).toBe(
          'backup.err.space',
        );
        expect((await refusal(to.client.restoreBackup({ path: toPath, backup: text(file) }))).args).toEqual(
          file === newerFile ? ['VIA 12', 'VIA 10'] : ['VIA 10', 'VIA 12'],
        );
        expect(config(await to.client.getBackup({ path: toPath }))).toEqual(config(held));
        continue;
      }
      const diff = await to.client.diffBackup({ path: toPath, backup: text(file) });
      expect(diff.lines.length).toBeGreaterThan(0);
      for (const part of diff.unheld) expect(part).toMatch(/^(profile|layer|keys|object|area|field|setting|names)\b/);
      await to.client.restoreBackup({ path: toPath, backup: text(file) });
      // What the keyboard holds now is the file as far as it can hold it: nothing is left to change.
      expect((await to.client.diffBackup({ path: toPath, backup: text(file) })).lines).toEqual([]);
    }
  });

  it('undoes and redoes with --expect, and refuses a keyboard changed elsewhere without writing', async () => {
    const { client, add, restored } = open();
    const path = await add(c);
    const before = await client.getBackup({ path });
    await client.setKeyInfo({ path, index: 0, select: [4], code: c.a });
    const after = await client.getBackup({ path });

    // Undo, then redo: no restore point is taken for either.
    const undo = await client.restoreBackup({ path, backup: text(before), expect: text(after), reason: 'undo' });
    expect(undo.restorePoint).toBeUndefined();
    expect(config(await client.getBackup({ path }))).toEqual(config(before));
    await client.restoreBackup({ path, backup: text(after), expect: text(before), reason: 'redo' });
    expect(config(await client.getBackup({ path }))).toEqual(config(after));
    expect(restored.map((r) => r.reason)).toEqual(['undo', 'redo']);

    // Something else changes the keyboard: undoing the step recorded against `after` is refused.
    await client.setKeyInfo({ path, index: 0, select: [6], code: c.b });
    const elsewhere = await client.getBackup({ path });
    const e = await refusal(client.restoreBackup({ path, backup: text(before), expect: text(after), reason: 'undo' }));
    expect(e.toastKey).toBe('backup.err.changed');
    expect(e.args).toHaveLength(1);
    expect(e.args[0]).toMatch(/\S/);
    // For logs: the first difference found, as its line id and values.
    expect(e.args[0]).toMatch(/^backup\.keymap\.cell /);
    expect(config(await client.getBackup({ path }))).toEqual(config(elsewhere));
    expect(await client.listRestorePoints({ path })).toEqual([]);
    expect(restored).toHaveLength(2);
  });

  it('keeps a restore point of the keyboard as it was before a restore, newest first', async () => {
    const { client, add } = open();
    const path = await add(c);
    const factory = await client.getBackup({ path });
    await customise(client, path, c);
    const customised = await client.getBackup({ path });

    // Restoring what the keyboard already holds writes nothing and keeps no point.
    expect(await client.restoreBackup({ path, backup: text(customised) })).toEqual({ applied: [] });
    expect(await client.listRestorePoints({ path })).toEqual([]);

    const first = (await client.restoreBackup({ path, backup: text(factory) })).restorePoint!;
    const second = (await client.restoreBackup({ path, backup: text(customised) })).restorePoint!;
    expect(await client.listRestorePoints({ path })).toEqual([second, first]);
    expect(config(await client.getRestorePoint({ path, id: first.id }))).toEqual(config(customised));
    expect(config(await client.getRestorePoint({ path, id: second.id }))).toEqual(config(factory));
    const e = await refusal(client.getRestorePoint({ path, id: 'nothing-like-it' }));
    expect(e.toastKey).toBe('backup.err.noPoint');
  });
});

describe.each(FAMILIES)('a restore that fails midway: $name', (c) => {
  it('is refused, and screens are told to read the keyboard again', async () => {
    const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
    const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs: 150 } });
    const client = createClient(service);
    const restored: string[] = [];
    client.on('config_restored', (e) => restored.push(e.reason));
    const path = await client.addVirtualDevice({ display_name: c.displayName, fw_ver: c.fwVer });
    const link = (factory.made[0] ?? factory.familyMade[0])!.transport;
    const backup = text(await client.getBackup({ path }));
    await client.setKeyInfo({ path, index: 0, select: [2], code: c.a });
    await client.diffBackup({ path, backup });
    // The restore reads the keyboard as the diff does; every answer after that read is lost.
    const before = link.delivered.toHost;
    await client.diffBackup({ path, backup });
    const read = link.delivered.toHost - before;
    for (let n = read + 1; n <= read + 100; n++) link.injectFault('toHost', n, { kind: 'drop' });
    await refusal(client.restoreBackup({ path, backup }));
    expect(restored).toEqual(['restore']);
  });
});

describe('restore points through the contract', () => {
  it('keeps the last 20 of a keyboard, the oldest going first', async () => {
    const { client, add } = open();
    const c = FAMILIES[0]!;
    const path = await add(c);
    const a = await client.getBackup({ path });
    await client.setKeyInfo({ path, index: 0, select: [2], code: c.b });
    const b = await client.getBackup({ path });
    const taken = [];
    for (let i = 0; i < 22; i++)
      taken.push((await client.restoreBackup({ path, backup: text(i % 2 === 0 ? a : b) })).restorePoint!);
    const listed = await client.listRestorePoints({ path });
    expect(listed).toEqual(taken.slice(2).reverse());
    expect((await refusal(client.getRestorePoint({ path, id: taken[1]!.id }))).toastKey).toBe('backup.err.noPoint');
  });
});
