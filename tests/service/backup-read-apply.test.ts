/**
 * Whole-keyboard backups read and applied on every family's virtual keyboard. Changes are made through the contract
 * (remaps, actuation, a slot switch and a rename, libhmk advanced keys and gamepad, VIA macros, lighting and layout
 * options); applying the first backup then gives a keyboard that reads exactly as it did, and applying a backup
 * equal to the keyboard sends nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/contract/client.ts';
import { sameConfiguration } from '../../src/core/backup/diff.ts';
import { keyboardBackupSchema, type KeyboardBackup } from '../../src/core/backup/format.ts';
import { applyKeyboard } from '../../src/service/backup/apply.ts';
import { backupNames, readKeyboard } from '../../src/service/backup/read.ts';
import { openFamily, FAMILY_CASES, type FamilyCase } from './backup-family-harness.ts';

/** What each family's test changes through the contract. */
const CHANGES: Record<FamilyCase['name'], (client: Client, path: string, c: FamilyCase) => Promise<void>> = {
  keytune: async (client, path, c) => {
    await client.setKeyInfo({ path, index: 1, select: [2, 3], code: c.a });
    await client.setKeyInfo({ path, index: 0, select: [10], code: c.b });
    await client.setPerfInfo({ path, key_ids: [1, 2, 3], trigger: 1.2 });
    await client.setThemeInfo({ path, theme_name: 'Game', cur_theme_id: 2 });
    await client.setThemeInfo({ path, change_theme_id: 2 });
    await client.setKeyInfo({ path, index: 0, select: [4], code: c.a });
  },
  libhmk: async (client, path, c) => {
    await client.setKeyInfo({ path, index: 1, select: [2, 3], code: c.a });
    await client.setPerfInfo({ path, key_ids: [1, 2, 3], trigger: 1.2 });
    const shortcut = { id_num: -1, name: '', sc_type: 4, display: [{ code: 0x04 }, { code: 0xe0 }], hold_time: 250 };
    await client.setFuncInfo({ path, change_type: 1, shortcut, key_ids: [9] });
    await client.libhmkSetGamepad({ path, buttons: [1, 2, 3, 4] });
    const thresholds = await client.libhmkGetCalibration({ path });
    await client.libhmkSetCalibration({ path, rest: thresholds.rest + 10, bottom_out: thresholds.bottom_out - 10 });
    await client.libhmkSetOption({ path, name: 'xinput', value: !(await client.libhmkGetOptions({ path })).xinput });
  },
  via: async (client, path, c) => {
    await client.setKeyInfo({ path, index: 1, select: [2, 3], code: c.a });
    await client.viaSetMacros({ path, macros: [[{ kind: 'text', text: 'hi' }], [{ kind: 'tap', code: c.b }]] });
    await client.viaSetLighting({ path, channel: 'rgb_matrix', effect: 5, brightness: 120, hue: 30 });
    await client.viaSetLayoutOptions({ path, choices: [1] });
  },
};

const withoutDate = (b: KeyboardBackup) => ({ ...b, created: '' });

describe.each(FAMILY_CASES)('backups of $name', (c) => {
  it('reads a valid backup of the device, each profile and area the family has', async () => {
    const { device, record } = await openFamily(c);
    const backup = await readKeyboard(device, new Date('2026-01-02T03:04:05Z'));
    expect(keyboardBackupSchema.parse(backup)).toEqual(backup);
    expect(backup.created).toBe('2026-01-02T03:04:05.000Z');
    expect(backup.device).toMatchObject({ family: c.name, model: c.model, keyCount: record.features.keyCount });
    expect(backup.profiles).toHaveLength(c.profiles);
    for (const profile of backup.profiles) {
      expect(profile.keymap).toHaveLength(record.features.layers);
      for (const layer of profile.keymap!) expect(layer).toHaveLength(record.features.keyCount);
    }
    expect(Object.keys(backup.objects).sort()).toEqual(c.objects);
    expect(Object.keys(backup.profiles[0]!.objects ?? {}).sort()).toEqual(c.profileObjects);
  });

  it('after changes through the contract, applying the first backup gives the keyboard it was', async () => {
    const { client, path, device } = await openFamily(c);
    const first = await readKeyboard(device);
    await CHANGES[c.name](client, path, c);
    const changed = await readKeyboard(device);
    expect(sameConfiguration(first, changed)).toBe(false);
    await applyKeyboard(device, first, changed);
    const after = await readKeyboard(device);
    expect(withoutDate(after)).toEqual(withoutDate(first));
    // And forward again: the changes come back.
    await applyKeyboard(device, changed, after);
    expect(withoutDate(await readKeyboard(device))).toEqual(withoutDate(changed));
  });

  it('applying a backup equal to the keyboard sends nothing', async () => {
    const { client, path, device, link } = await openFamily(c);
    await CHANGES[c.name](client, path, c);
    const current = await readKeyboard(device);
    const before = { ...link.delivered };
    await applyKeyboard(device, structuredClone(current), current);
    expect(link.delivered).toEqual(before);
  });

  it('names keys by their factory legend and codes in the family’s space', async () => {
    const { device, record } = await openFamily(c);
    const names = backupNames(device);
    expect(names.code(c.a)).toBe(c.aName);
    const printed = record.layout!.keys.find((k) => k.code !== undefined);
    if (printed) expect(names.key(printed.id)).not.toMatch(/^#/);
    expect(names.key(100_000)).toBe('#100000');
  });
});
