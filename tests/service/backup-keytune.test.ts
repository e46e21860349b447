/**
 * Backups of our own protocol: the read after a change (which keeps what cannot have changed) always equals what the
 * keyboard holds, over random sequences of changes, slot switches behind the service's back and lossy exchanges; an
 * apply is one transaction, so a link cut at any report leaves the keyboard wholly as it was or wholly as the backup
 * says; values the keyboard cannot hold are refused before anything is sent.
 */
import { describe, expect, it } from 'vitest';
import type { KeyboardBackup } from '../../src/core/backup/format.ts';
import { applyKeyboard } from '../../src/service/backup/apply.ts';
import { configToAreas } from '../../src/service/backup/keytune.ts';
import { readKeyboard } from '../../src/service/backup/read.ts';
import { configOf, decodeSlot, readSlotObjects, readThemes, slotCount } from '../../src/service/config-backup.ts';
import type { KeytuneDevice } from '../../src/service/context.ts';
import type { LinkDirection, LinkPower } from '../../src/transport/types.ts';
import { configOf as heldBy } from './flash-tap.ts';
import { FAMILY_CASES, openFamily } from './backup-family-harness.ts';

/** A keyboard of our own protocol: its entry has the session and handshake these tests read. */
async function openKeytune(...args: Parameters<typeof openFamily>) {
  const opened = await openFamily(...args);
  return { ...opened, device: opened.device as KeytuneDevice };
}

const KEYTUNE = FAMILY_CASES[0]!;

/** What the keyboard holds, read with slot reads that never touch the service's copies. */
async function truth(device: KeytuneDevice) {
  const themes = await readThemes(device);
  const slots = [];
  for (let slot = 0; slot < slotCount(device, themes); slot++)
    slots.push(decodeSlot(device.descriptor, await readSlotObjects(device, slot)));
  const settings = await device.session.readObject('settings');
  return configToAreas(device.descriptor, await configOf(device, themes, slots, settings));
}

const areas = (b: KeyboardBackup) => ({ currentProfile: b.currentProfile, profiles: b.profiles, objects: b.objects });

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

describe('keytune backups read after every change', () => {
  it('equal what the keyboard holds over random changes, switches behind the cache and lost answers', async () => {
    const { client, path, device, link } = await openKeytune(KEYTUNE, undefined, 300);
    const next = random(7);
    const failures: string[] = [];
    let cases = 0;
    await readKeyboard(device);
    const steps: [string, () => Promise<unknown>][] = [
      ['remap', () => client.setKeyInfo({ path, index: next(4), select: [next(68), next(68)], code: 4 + next(20) })],
      ['trigger', () => client.setPerfInfo({ path, key_ids: [next(68)], trigger: 0.5 + next(20) / 10 })],
      ['switch', () => client.setThemeInfo({ path, change_theme_id: next(4) })],
      ['rename', () => client.setThemeInfo({ path, theme_name: `T${next(100)}`, cur_theme_id: next(4) })],
      [
        'import into a slot',
        async () => {
          const scene = await client.setThemeInfo({ path, export: true, cur_theme_id: next(4) });
          await client.setThemeInfo({ path, import: (scene as { content: string }).content, cur_theme_id: next(4) });
        },
      ],
      ['settings', () => client.setSettingInfo({ path, use_n_key: next(2) as 0 | 1 })],
      // The keyboard switches its slot itself (a key): the service's copies are not told.
      ['keyboard switch', () => device.session.writeObject('themes', 0, new Uint8Array([next(4)]))],
      [
        'lost answer',
        async () => {
          link.injectFault('toHost', 1, { kind: 'drop' });
          await client.setKeyInfo({ path, index: 0, select: [next(68)], code: 4 + next(20) }).catch(() => undefined);
        },
      ],
    ];
    for (let i = 0; i < 60; i++) {
      const [what, step] = steps[next(steps.length)]!;
      await step();
      const read = areas(await readKeyboard(device));
      cases++;
      const held = await truth(device);
      if (JSON.stringify(read) !== JSON.stringify(held)) failures.push(`step ${i} after ${what}`);
    }
    console.log(`backup-read-after-change: cases=${cases} failures=${failures.length}`);
    expect(failures).toEqual([]);
  }, 60_000);

  it('sees a slot the keyboard switched to by itself, and what another slot was given', async () => {
    const { client, path, device } = await openKeytune(KEYTUNE);
    await client.setKeyInfo({ path, index: 0, select: [3], code: 0x1e });
    const first = await readKeyboard(device);
    expect(first.currentProfile).toBe(0);
    await device.session.writeObject('themes', 0, new Uint8Array([1]));
    const switched = await readKeyboard(device);
    expect(switched.currentProfile).toBe(1);
    expect(switched.profiles[0]!.keymap![0]![3]).toBe(0x1e);
    expect(switched.profiles[1]!.keymap![0]![3]).not.toBe(0x1e);
    expect(areas(switched)).toEqual(await truth(device));
    const scene = await client.setThemeInfo({ path, export: true, cur_theme_id: 0 });
    await client.setThemeInfo({ path, import: (scene as { content: string }).content, cur_theme_id: 3 });
    const imported = await readKeyboard(device);
    expect(imported.profiles[3]!.keymap![0]![3]).toBe(0x1e);
    expect(areas(imported)).toEqual(await truth(device));
  });

  it('after a change, reads only the slot switch and calibration again, not the other slots', async () => {
    const { client, path, device, link } = await openKeytune(KEYTUNE);
    await readKeyboard(device);
    await client.setKeyInfo({ path, index: 0, select: [3], code: 4 });
    const before = link.delivered.toDevice;
    await readKeyboard(device);
    // One multi-read request (themes and calibration); the keymap's copy was updated by the write itself.
    expect(link.delivered.toDevice - before).toBeLessThanOrEqual(2);
  });
});

describe('keytune devices other than keyboards', () => {
  it.each(['Mouse01', 'Dongle01'])(
    '%s: read, applied unchanged without a report, changed and read back',
    async (name) => {
      const { device, link } = await openKeytune({ ...KEYTUNE, displayName: name });
      const backup = await readKeyboard(device);
      expect(backup.objects.calibration).toBeUndefined();
      const sent = link.delivered.toDevice;
      await applyKeyboard(device, structuredClone(backup), backup);
      expect(link.delivered.toDevice).toBe(sent);
      const target = structuredClone(backup);
      target.currentProfile = target.profiles.length - 1;
      (target.objects.settings as { useSleep: number }).useSleep ^= 1;
      await applyKeyboard(device, target, backup);
      expect(areas(await readKeyboard(device))).toEqual(areas(target));
    },
  );
});

describe('a keytune apply is one transaction', () => {
  /** A keyboard changed in two slots, its backup before, and the backup after the changes. */
  async function changed() {
    const h = await openKeytune(KEYTUNE);
    const first = await readKeyboard(h.device);
    const before = heldBy(h.factory.made[0]!.keyboard);
    await h.client.setKeyInfo({ path: h.path, index: 1, select: [2, 3], code: 4 });
    await h.client.setPerfInfo({ path: h.path, key_ids: [1, 2], trigger: 1.5 });
    await h.client.setThemeInfo({ path: h.path, theme_name: 'Game', cur_theme_id: 2 });
    await h.client.setThemeInfo({ path: h.path, change_theme_id: 2 });
    await h.client.setKeyInfo({ path: h.path, index: 0, select: [4], code: 5 });
    const now = await readKeyboard(h.device);
    return { ...h, first, now, before, after: heldBy(h.factory.made[0]!.keyboard) };
  }

  it('cut at every report, the keyboard holds the whole backup or none of it', async () => {
    const ref = await changed();
    const start = { ...ref.link.delivered };
    await applyKeyboard(ref.device, ref.first, ref.now);
    expect(heldBy(ref.factory.made[0]!.keyboard)).toBe(ref.before);
    const reports = {
      toDevice: ref.link.delivered.toDevice - start.toDevice,
      toHost: ref.link.delivered.toHost - start.toHost,
    };
    expect(reports.toDevice).toBeGreaterThan(10);
    const failures: string[] = [];
    const outcomes = { applied: 0, old: 0 };
    let cases = 0;
    for (const direction of ['toDevice', 'toHost'] as const satisfies LinkDirection[])
      for (let at = 1; at <= reports[direction]; at++) {
        const power: LinkPower = at % 2 ? 'kept' : 'lost';
        const k = await changed();
        k.link.injectFault(direction, at, { kind: 'cut', power });
        await applyKeyboard(k.device, k.first, k.now).catch(() => undefined);
        cases++;
        const held = heldBy(k.factory.made[0]!.keyboard);
        if (held === k.before) outcomes.applied++;
        else if (held === k.after) outcomes.old++;
        else failures.push(`${direction} ${at} (${power}): the keyboard holds part of the backup`);
      }
    console.log(
      `backup-apply-cuts: cases=${cases} failures=${failures.length} (applied ${outcomes.applied}, old ${outcomes.old})`,
    );
    expect(failures).toEqual([]);
    expect(outcomes.old).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a value the keyboard cannot hold before sending anything', async () => {
    const { device, link } = await changed();
    const current = await readKeyboard(device);
    const bad = structuredClone(current);
    bad.profiles[1]!.performance![0]!.actuationMm = 1000;
    const short = structuredClone(current);
    short.profiles[0]!.keymap![0] = [4];
    const extra = structuredClone(current);
    extra.profiles.push(structuredClone(current.profiles[0]!));
    const places = ['profiles[1].performance[0].actuationMm', 'profiles[0].keymap', 'profiles'];
    for (const [i, target] of [bad, short, extra].entries()) {
      const sent = link.delivered.toDevice;
      await expect(applyKeyboard(device, target, current)).rejects.toMatchObject({
        toastKey: 'backup.err.invalid',
        args: [places[i]],
      });
      expect(link.delivered.toDevice).toBe(sent);
    }
  });

  it('a value the keyboard refuses inside the transaction leaves everything else unwritten too', async () => {
    const { device, factory } = await changed();
    const current = await readKeyboard(device);
    const target = structuredClone(current);
    target.profiles[0]!.keymap![0]![7] = 0x1e;
    (target.profiles[3]!.objects!.lighting as { modeIndex: number }).modeIndex = 200;
    const held = heldBy(factory.made[0]!.keyboard);
    await expect(applyKeyboard(device, target, current)).rejects.toThrow();
    expect(heldBy(factory.made[0]!.keyboard)).toBe(held);
  });

  it('converts performance exactly: 0.01 mm units, the raw flags byte and the switch type kept', async () => {
    const { device } = await changed();
    const current = await readKeyboard(device);
    const target = structuredClone(current);
    const key = target.profiles[0]!.performance![5]!;
    Object.assign(key, { actuationMm: 0.29, rtPressMm: 0.07, rtReleaseMm: 0.13, rapidTrigger: true });
    await applyKeyboard(device, target, current);
    const after = await readKeyboard(device);
    expect(after.profiles[0]!.performance![5]).toEqual({ ...key, flags: Number(key.flags) | 1 });
  });
});
