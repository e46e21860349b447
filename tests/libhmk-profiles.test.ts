/**
 * libhmk profiles, on the virtual HE60 through the device service: every profile opens and takes edits while the
 * keyboard keeps its own, copy and reset are the firmware's commands, the profile keys switch the keyboard as the
 * firmware's layout does, the app follows such a switch before it reads or writes, and an undo is not refused for it.
 */
import { describe, expect, it } from 'vitest';
import type { KeyboardBackup } from '../src/core/backup/format.ts';
import type { ThemeInfo } from '../src/contract/payloads/theme.ts';
import { At } from '../src/firmware/libhmk/eeprom.ts';
import { createDeviceService } from '../src/service/index.ts';
import { openRig } from './drivers/libhmk/harness.ts';

/** Key ids of the virtual HE60: MO(1) on layer 0, and PF(0)-PF(3), PF_SWAP, PF_NEXT on layer 1. */
const MO1 = 55;
const PF = (n: number) => 31 + n;
const PF_SWAP = 35;
const PF_NEXT = 36;
const KC_X = 0x19;

async function he60() {
  const rig = await openRig();
  const service = createDeviceService({});
  const { path } = service.attachDriver(rig.driver, rig.transport, { virtual: true });
  const call = (channel: 'dev_info' | 'cfg_info', name: string, args: Record<string, unknown> = {}) =>
    service.call(
      channel,
      name,
      Object.entries({ path, ...args }).flatMap(([k, v]) => [`--${k}`, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
  const themes = async () => (await call('dev_info', 'get_theme_info')) as ThemeInfo;
  /** The profile the keyboard itself types with, from its flash. */
  const keyboardProfile = () => rig.sim.eeprom.u8(At.currentProfile);
  /** A key's actuation point of a profile (distance 0-255), from its flash. */
  const actuationAt = (profile: number, key: number) => rig.sim.eeprom.u8(At.actuation(profile) + key * 4);
  const codeAt = (profile: number, layer: number, key: number) => rig.sim.eeprom.u8(At.keymap(profile, layer) + key);
  /** Taps a layer-1 key with MO(1) held, past the actuation point, as a person does on the keyboard. */
  const tapFn = (key: number) => {
    rig.sim.pressKey(MO1, 4);
    rig.sim.pressKey(key, 4);
    rig.sim.pressKey(key, 0);
    rig.sim.pressKey(MO1, 0);
  };
  return { rig, service, path, call, themes, keyboardProfile, codeAt, actuationAt, tapFn };
}

describe('the profile keys on the virtual keyboard (layout.c)', () => {
  it('PF(n) makes n the current profile in flash; PF_SWAP goes to the first and back; PF_NEXT wraps', async () => {
    const { tapFn, keyboardProfile, rig } = await he60();
    expect(keyboardProfile()).toBe(0);
    tapFn(PF(2));
    expect(keyboardProfile()).toBe(2);
    expect(rig.sim.eeprom.u8(At.lastNonDefaultProfile)).toBe(2);
    tapFn(PF_SWAP);
    expect(keyboardProfile()).toBe(0);
    tapFn(PF_SWAP);
    expect(keyboardProfile()).toBe(2);
    tapFn(PF_NEXT);
    tapFn(PF_NEXT);
    expect(keyboardProfile()).toBe(0);
    // Without MO(1) held the same key types its layer-0 code: no switch. A power cycle keeps the profile.
    tapFn(PF(3));
    rig.sim.pressKey(PF(1), 4);
    rig.sim.pressKey(PF(1), 0);
    expect(keyboardProfile()).toBe(3);
    rig.sim.powerCycle();
    expect(keyboardProfile()).toBe(3);
  });
});

describe('every profile opens and takes edits in the app', () => {
  it('choosing profile 3 shows it and writes there, while the keyboard keeps typing with profile 1', async () => {
    const { call, themes, keyboardProfile, codeAt, actuationAt } = await he60();
    expect((await themes()).theme_info_list).toHaveLength(4);
    const chosen = (await call('dev_info', 'set_theme_info', { change_theme_id: 2 })) as ThemeInfo;
    expect(chosen.theme_mode).toBe(2);
    expect(keyboardProfile()).toBe(0);
    await call('dev_info', 'set_key_info', { index: 0, select: [5], code: KC_X });
    expect(codeAt(2, 0, 5)).toBe(KC_X);
    expect(codeAt(0, 0, 5)).not.toBe(KC_X);
    // Actuation 2.01 mm is distance 128 (the default); 3 mm is 191.
    await call('dev_info', 'set_perf_info', { key_ids: [5], trigger: 3 });
    expect(actuationAt(2, 5)).toBe(191);
    expect(actuationAt(0, 5)).toBe(128);
    expect((await themes()).theme_mode).toBe(2);
  });

  it('a profile switched on the keyboard moves the app there before the next read or write', async () => {
    const { call, themes, tapFn, codeAt } = await he60();
    await call('dev_info', 'set_theme_info', { change_theme_id: 2 });
    tapFn(PF(1));
    expect((await themes()).theme_mode).toBe(1);
    tapFn(PF(3));
    expect(await call('dev_info', 'libhmk_get_profile')).toEqual({ edited: 3, keyboard: 3 });
    tapFn(PF(1));
    await call('dev_info', 'set_key_info', { index: 0, select: [6], code: KC_X });
    expect(codeAt(1, 0, 6)).toBe(KC_X);
    expect(codeAt(2, 0, 6)).not.toBe(KC_X);
    // Back to a profile of the app's choosing, the keyboard still on profile 2: the choice holds.
    await call('dev_info', 'set_theme_info', { change_theme_id: 3 });
    expect((await themes()).theme_mode).toBe(3);
    expect(await call('dev_info', 'libhmk_get_profile')).toEqual({ edited: 3, keyboard: 1 });
  });
});

describe('copy and reset', () => {
  it('copies a whole profile onto another and resets one to the defaults, the others kept', async () => {
    const { call, codeAt, rig } = await he60();
    await call('dev_info', 'set_theme_info', { change_theme_id: 1 });
    await call('dev_info', 'set_key_info', { index: 2, select: [7], code: KC_X });
    expect(await call('dev_info', 'libhmk_duplicate_profile', { from: 1, to: 3 })).toBe(true);
    expect(codeAt(3, 2, 7)).toBe(KC_X);
    const p = (n: number) => rig.sim.eeprom.read(At.profile(n), At.profile(1) - At.profile(0));
    expect(p(3)).toEqual(p(1));
    expect(await call('dev_info', 'libhmk_reset_profile', { profile: 1 })).toBe(true);
    expect(codeAt(1, 2, 7)).toBe(codeAt(0, 2, 7));
    expect(codeAt(3, 2, 7)).toBe(KC_X);
  });

  it('refuses a copy onto itself before anything is sent', async () => {
    const { call, rig } = await he60();
    rig.resetCount();
    await expect(call('dev_info', 'libhmk_duplicate_profile', { from: 2, to: 2 })).rejects.toMatchObject({
      toastKey: 'libhmk.profile.err.invalid',
    });
    expect(rig.sent()).toBe(0);
  });
});

describe('undo after a switch on the keyboard', () => {
  it('is not refused as changed elsewhere, and leaves the keyboard in the profile it moved to', async () => {
    const { call, tapFn, codeAt, keyboardProfile, themes } = await he60();
    const before = (await call('cfg_info', 'get_backup')) as KeyboardBackup;
    await call('dev_info', 'set_key_info', { index: 0, select: [8], code: KC_X });
    const after = (await call('cfg_info', 'get_backup')) as KeyboardBackup;
    expect(codeAt(0, 0, 8)).toBe(KC_X);
    tapFn(PF(2));
    await call('cfg_info', 'restore_backup', {
      backup: JSON.stringify(before),
      expect: JSON.stringify(after),
      reason: 'undo',
    });
    expect(codeAt(0, 0, 8)).toBe(before.profiles[0]!.keymap![0]![8]);
    expect(keyboardProfile()).toBe(2);
    expect((await themes()).theme_mode).toBe(2);
  });
});
