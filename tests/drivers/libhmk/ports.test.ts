/** Every port of the libhmk driver against the virtual HE60: what goes on the wire and what the keyboard then holds. */
import { describe, expect, it } from 'vitest';
import { libhmkFamily } from '../../../src/drivers/libhmk/index.ts';
import { openRig } from './harness.ts';

describe('libhmk family and driver', () => {
  it('matches the raw collection 0xFFAB/0xAB with 64-byte reports only', () => {
    const c = (usagePage: number, usage: number, bytes?: number) => ({
      vendorId: 1,
      productId: 2,
      productName: 'x',
      collections: [{ usagePage, usage, ...(bytes ? { inputReportBytes: bytes, outputReportBytes: bytes } : {}) }],
    });
    expect(libhmkFamily.matches(c(0xffab, 0xab, 64))).toBe(true);
    expect(libhmkFamily.matches(c(0xffab, 0xab))).toBe(true);
    expect(libhmkFamily.matches(c(0xffab, 0xab, 32))).toBe(false);
    expect(libhmkFamily.matches(c(0xff60, 0x61, 64))).toBe(false);
    expect(libhmkFamily.filters).toEqual([{ usagePage: 0xffab, usage: 0xab }]);
  });

  it('opens with version, serial and metadata, and draws the layout from the rows', async () => {
    const { driver } = await openRig();
    expect(driver.identity).toMatchObject({
      name: 'he60',
      displayName: 'HE60',
      firmware: '1.7.0',
      serial: '3A0041001851333039383734',
    });
    expect(driver.features).toMatchObject({ keyCount: 67, layers: 4, profiles: { count: 4, switchable: false } });
    const byId = (id: number) => driver.layout!.keys.filter((k) => k.id === id);
    expect(byId(16)[0]).toMatchObject({ x: 0, y: 1, w: 1.5, h: 1, code: 0x29 });
    // The split spacebar is drawn where the whole one is.
    expect(byId(64)[0]).toMatchObject({ x: 3.75, y: 4, option: [1, 1] });
    expect(byId(15)[0]).toMatchObject({ x: 14, y: 0 });
    expect([driver.layout!.width, driver.layout!.height]).toEqual([15, 5]);
    expect(driver.layout!.options).toEqual([
      { label: 'Split Backspace', choices: ['off', 'on'] },
      { label: 'Split Spacebar', choices: ['off', 'on'] },
    ]);
  });

  it('gates features on the version: options, save threshold', async () => {
    const v = async (version: number) => (await openRig({ version })).driver;
    expect((await v(0x0104)).features.options).toEqual(['xinput', 'saveBottomOutThreshold']);
    expect((await v(0x0106)).features.options).toEqual(['xinput', 'saveBottomOutThreshold']);
    expect((await v(0x0107)).features.options).toEqual(['xinput']);
    expect((await v(0x0106)).ports.calibration.saveThreshold).toBeUndefined();
    const d7 = await v(0x0107);
    expect(d7.features.calibration).toEqual({ thresholds: true, saveThreshold: true, doneShare: 0.95 });
    await d7.ports.calibration.saveThreshold!();
  });
});

describe('libhmk ports', () => {
  it('keymap: all 67 keys of a layer take 2 writes and 2 read-backs; every profile and layer is reachable', async () => {
    const rig = await openRig();
    const km = rig.driver.ports.keymap!;
    rig.resetCount();
    await km.write(Array.from({ length: 67 }, (_, keyId) => ({ profile: 3, layer: 2, keyId, code: 0x05 })));
    expect(rig.sent()).toBe(4);
    expect((await km.read(3))[2]).toEqual(new Array(67).fill(0x05));
    expect((await km.read(0))[2]).toEqual(new Array(67).fill(0x01));
    rig.resetCount();
    await km.read(1);
    expect(rig.sent()).toBe(8);
    expect(km.defaults!()![0]!.slice(0, 3)).toEqual([0x27, 0x1c, 0x1d]);
  });

  it('keymap: scattered keys go as contiguous runs; cells without a profile use the current one', async () => {
    const rig = await openRig();
    const km = rig.driver.ports.keymap!;
    rig.resetCount();
    await km.write([2, 3, 4, 40, 41].map((keyId) => ({ layer: 1, keyId, code: 0x9b })));
    // GET_PROFILE, two runs, one read-back window.
    expect(rig.sent()).toBe(4);
    const layer = (await km.read(0))[1]!;
    expect([2, 3, 4, 40, 41].map((k) => layer[k])).toEqual(new Array(5).fill(0x9b));
  });

  it('performance: mm with two decimals over 4 mm; patches keep what they do not name', async () => {
    const { driver } = await openRig();
    const perf = driver.ports.performance!;
    expect((await perf.read(0))[0]).toEqual({
      actuationMm: 2.01,
      rapidTrigger: false,
      rtPressMm: 0,
      rtReleaseMm: 0,
      continuous: false,
    });
    await perf.write([5, 6], { rapidTrigger: true, rtPressMm: 0.25, continuous: true }, 1);
    expect((await perf.read(1))[5]).toEqual({
      actuationMm: 2.01,
      rapidTrigger: true,
      rtPressMm: 0.25,
      rtReleaseMm: 0.25,
      continuous: true,
    });
    await perf.write([5], { rtReleaseMm: 1 }, 1);
    expect((await perf.read(1))[5]).toMatchObject({ rtPressMm: 0.25, rtReleaseMm: 1 });
    await perf.write([5], { rapidTrigger: false }, 1);
    expect((await perf.read(1))[5]).toMatchObject({ rapidTrigger: false, actuationMm: 2.01 });
    await expect(perf.write([5], { actuationMm: 4.5 }, 1)).rejects.toMatchObject({ reason: 'refused' });
    // The smallest distance the firmware acts on is one step (4/255 mm): 0.02 mm is held, 0.01 takes that step too.
    await perf.write([5], { actuationMm: 0.02 }, 1);
    expect((await perf.read(1))[5]).toMatchObject({ actuationMm: 0.02 });
    await perf.write([5], { actuationMm: 0.01 }, 1);
    expect((await perf.read(1))[5]).toMatchObject({ actuationMm: 0.02 });
    await expect(perf.write([5], { actuationMm: 0.005 }, 1)).rejects.toMatchObject({ reason: 'refused' });
    await perf.writeTickRate!(12, 2);
    expect(await perf.readTickRate!(2)).toBe(12);
    await expect(perf.writeTickRate!(256, 2)).rejects.toMatchObject({ reason: 'refused' });
  });

  it('travel: 67 keys in 4 ANALOG_INFO requests, depth in mm', async () => {
    const rig = await openRig();
    rig.sim.pressKey(66, 4);
    rig.resetCount();
    const samples = await rig.driver.ports.travel!.read();
    expect(rig.sent()).toBe(4);
    expect(samples).toHaveLength(67);
    expect(samples[66]).toMatchObject({ keyId: 66, depthMm: 4 });
    expect(samples[0]!.depthMm).toBe(0);
  });

  it('calibration: thresholds within the ADC range, recalibrate waits for the keyboard', async () => {
    const { driver } = await openRig();
    const cal = driver.ports.calibration;
    await cal.writeThresholds!({ rest: 2200, bottomOut: 700 });
    expect(await cal.readThresholds!()).toEqual({ rest: 2200, bottomOut: 700 });
    await expect(cal.writeThresholds!({ rest: 4096, bottomOut: 700 })).rejects.toMatchObject({ reason: 'refused' });
    await cal.recalibrate();
  });

  it("profiles: current, duplicate (from, to) and reset; switching chooses the profile edited, not the keyboard's", async () => {
    const { driver } = await openRig();
    const p = driver.ports.profiles!;
    expect(await p.current()).toBe(0);
    await p.switchTo!(3);
    expect(await p.current()).toBe(3);
    await p.switchTo!(0);
    await driver.ports.keymap!.write([{ profile: 1, layer: 0, keyId: 0, code: 0x04 }]);
    await p.duplicate!(1, 2);
    expect((await driver.ports.keymap!.read(2))[0]![0]).toBe(0x04);
    await p.reset!(2);
    expect((await driver.ports.keymap!.read(2))[0]![0]).toBe(0x27);
    await expect(p.duplicate!(0, 4)).rejects.toMatchObject({ reason: 'refused' });
  });

  it('options: named bits written without touching the others', async () => {
    const rig = await openRig({ version: 0x0105 });
    await rig.driver.ports.options!.write('xinput', true);
    expect(await rig.driver.ports.options!.read()).toEqual({ xinput: true, saveBottomOutThreshold: true });
    await expect(rig.driver.ports.options!.write('highPollingRate', true)).rejects.toMatchObject({ reason: 'refused' });
  });

  it('gamepad: buttons per key in runs of 60, curve in mm, flags', async () => {
    const rig = await openRig();
    const g = rig.driver.ports.gamepad!;
    expect(g.buttons()).toHaveLength(26);
    rig.resetCount();
    await g.write({ buttons: new Array(67).fill(0).map((_, k) => (k < 4 ? k + 1 : 0)) }, 1);
    expect(rig.sent()).toBe(4);
    await g.write(
      {
        curve: [
          { mm: 0.5, out: 0 },
          { mm: 1, out: 100 },
          { mm: 2, out: 200 },
          { mm: 4, out: 255 },
        ],
        flags: { squareJoystick: true },
      },
      1,
    );
    const read = await g.read(1);
    expect(read.buttons.slice(0, 5)).toEqual([1, 2, 3, 4, 0]);
    expect(read.curve[0]).toEqual({ mm: 0.5, out: 0 });
    expect(read.flags).toEqual({
      keyboardEnabled: true,
      gamepadOverride: false,
      squareJoystick: true,
      snappyJoystick: true,
    });
    await expect(g.write({ buttons: [26] }, 1)).rejects.toMatchObject({ reason: 'refused' });
  });

  it('advanced keys: every kind round-trips through the slots; bad slots are refused before writing', async () => {
    const { driver } = await openRig();
    const adv = driver.ports.advanced;
    expect(adv.slots()).toBe(32);
    const keys = [
      { kind: 'nullBind', layer: 0, keyId: 31, secondaryKeyId: 33, behaviour: 'distance', bottomOutMm: 3.5 },
      {
        kind: 'dks',
        layer: 1,
        keyId: 20,
        codes: [0x02, 0x03, 0, 0],
        actions: [
          ['press', 'hold', 'hold', 'release'],
          ['hold', 'tap', 'hold', 'hold'],
          ['hold', 'hold', 'hold', 'hold'],
          ['hold', 'hold', 'hold', 'hold'],
        ],
        bottomOutMm: 3.61,
      },
      {
        kind: 'tapHold',
        layer: 0,
        keyId: 30,
        tapCode: 0x27,
        holdCode: 0x7b,
        tappingTermMs: 1000,
        holdOnOtherKeyPress: false,
      },
      { kind: 'toggle', layer: 2, keyId: 5, code: 0x04, tappingTermMs: 10 },
      { kind: 'none' },
    ] as const;
    await adv.write(
      keys.map((key, i) => ({ slot: 3 + i, key: structuredClone(key) as never })),
      2,
    );
    expect((await adv.read(2)).slice(3, 8)).toEqual(keys);
    await expect(
      adv.write([{ slot: 0, key: { kind: 'toggle', layer: 0, keyId: 1, code: 4, tappingTermMs: 5 } }], 2),
    ).rejects.toMatchObject({ reason: 'refused' });
    await expect(adv.write([{ slot: 32, key: { kind: 'none' } }], 2)).rejects.toMatchObject({ reason: 'refused' });
  });

  it('device: factory reset answers; reboot and bootloader do not, and the driver does not wait for them', async () => {
    const rig = await openRig();
    await rig.driver.ports.keymap!.write([{ profile: 0, layer: 0, keyId: 0, code: 4 }]);
    await rig.driver.ports.device!.factoryReset!();
    expect((await rig.driver.ports.keymap!.read(0))[0]![0]).toBe(0x27);
    await rig.driver.ports.device!.reboot!();
    await rig.driver.ports.device!.bootloader!();
    await new Promise((r) => setTimeout(r, 10));
    expect(rig.sim.bootloader).toBe(true);
  });
});
