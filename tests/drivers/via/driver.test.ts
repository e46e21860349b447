/** The VIA driver against the simulated keyboard over the loopback link, every port, protocol 10 to 13. */
import { DriverError } from '../../../src/drivers/types.ts';
import { ViaNotTakenError } from '../../../src/drivers/via/index.ts';
import { openVia, memoryStore } from './helpers.ts';

describe.each([10, 11, 12, 13])('VIA protocol %i', (protocol) => {
  it('opens with the definition: features, key-code space, layout', async () => {
    const { driver } = await openVia({ protocol });
    const f = driver.features;
    expect(f.family).toBe('via');
    expect(f.keycodeSpace).toBe(protocol >= 12 ? 'qmk-v12' : protocol === 11 ? 'qmk-v11' : 'qmk-v10');
    expect(f).toMatchObject({
      keymap: true,
      layers: 4,
      keyCount: 75,
      matrixTester: true,
      macroBuffer: { count: 16, bytes: 383 },
    });
    expect(f.lighting?.channels.map((c) => c.id)).toEqual(['rgb_matrix']);
    expect(driver.layout?.keys.filter((k) => !k.option || k.option[1] === 0)).toHaveLength(68);
  });

  it('keymap: reads every layer, writes ranges and single keys, reads them back', async () => {
    const { driver, keyboard } = await openVia({ protocol });
    const keymap = driver.ports.keymap!;
    const before = await keymap.read();
    expect(before).toHaveLength(4);
    expect(before[0]![0]).toBe(0x29);
    expect(before[0]![4 * 15 + 10]).toBe(protocol >= 11 ? 0x5221 : 0x5101);
    const cells = Array.from({ length: 75 }, (_, keyId) => ({ layer: 2, keyId, code: 0x04 + (keyId % 26) }));
    await keymap.write([...cells, { layer: 3, keyId: 40, code: 0x1234 }]);
    expect(keyboard.keycode(2, 4, 14)).toBe(0x04 + (74 % 26));
    expect(keyboard.keycode(3, 2, 10)).toBe(0x1234);
    const after = await keymap.read();
    expect(after[2]).toEqual(cells.map((c) => c.code));
    expect(after[0]).toEqual(before[0]);
  });

  it('keymap: refuses a cell outside the keyboard before writing anything', async () => {
    const { driver, keyboard } = await openVia({ protocol });
    const sent = keyboard.received;
    await expect(driver.ports.keymap!.write([{ layer: 4, keyId: 0, code: 4 }])).rejects.toBeInstanceOf(DriverError);
    await expect(driver.ports.keymap!.write([{ layer: 0, keyId: 75, code: 4 }])).rejects.toThrow();
    expect(keyboard.received).toBe(sent);
  });

  it("macros: round trip in this protocol's encoding, and the keyboard plays them", async () => {
    const { driver, keyboard } = await openVia({ protocol });
    const macros = driver.ports.macros!;
    const m0 = [
      { kind: 'text' as const, text: 'Hello, VIA!' },
      { kind: 'down' as const, code: 0xe1 },
      { kind: 'tap' as const, code: 0x04 },
      { kind: 'up' as const, code: 0xe1 },
      ...(protocol >= 11 ? [{ kind: 'delay' as const, ms: 250 }] : []),
    ];
    await macros.write([m0, [], [{ kind: 'text', text: 'x' }]]);
    const back = await macros.read();
    expect(back).toHaveLength(16);
    expect(back[0]).toEqual(m0);
    expect(back[2]).toEqual([{ kind: 'text', text: 'x' }]);
    expect(keyboard.playMacro(2)).toEqual([{ type: 'char', char: 'x' }]);
    expect(keyboard.playMacro(0)?.[11]).toEqual({ type: 'down', key: 0xe1 });
    expect(await macros.bufferBytes()).toBe(383);
    expect(macros.size([m0])).toBe(macros.size([m0, []]));
  });

  it('macros: an overflow is refused before anything is sent', async () => {
    const { driver, keyboard } = await openVia({ protocol });
    const big = [[{ kind: 'text' as const, text: 'a'.repeat(400) }]];
    expect(driver.ports.macros!.size(big)).toBeGreaterThan(383);
    const sent = keyboard.received;
    await expect(driver.ports.macros!.write(big)).rejects.toMatchObject({ reason: 'refused' });
    expect(keyboard.received).toBe(sent);
  });

  it('lighting: reads the RGB matrix channel, writes effect, brightness, speed and colour, saves', async () => {
    const { driver, keyboard } = await openVia({ protocol });
    const lighting = driver.ports.lighting!;
    const [state] = await lighting.read();
    expect(state).toMatchObject({ channel: 'rgb_matrix', effect: 12, brightness: 200 });
    await lighting.write({ channel: 'rgb_matrix', effect: 5, brightness: 128, speed: 40, hue: 85, saturation: 170 });
    expect(keyboard.lighting).toMatchObject({ enabled: true, mode: 5, speed: 40, hue: 85, sat: 170 });
    expect((await lighting.read())[0]).toMatchObject({
      effect: 5,
      brightness: 128,
      speed: 40,
      hue: 85,
      saturation: 170,
    });
    keyboard.powerCycle();
    expect(keyboard.lighting.mode).toBe(12);
    await lighting.write({ channel: 'rgb_matrix', effect: 0, brightness: 10, speed: 1, hue: 1, saturation: 1 });
    await lighting.save('rgb_matrix');
    keyboard.powerCycle();
    expect(keyboard.lighting.enabled).toBe(false);
    await expect(
      lighting.write({ channel: 'rgblight', effect: 1, brightness: 1, speed: 1, hue: 1, saturation: 1 }),
    ).rejects.toThrow();
  });

  it('matrix tester: the switches pressed on the keyboard, by key id', async () => {
    const { driver, keyboard } = await openVia({ protocol });
    keyboard.pressKey(0, 0, true);
    keyboard.pressKey(3, 12, true);
    keyboard.pressKey(4, 14, true);
    const pressed = (await driver.ports.matrix!.read()).flatMap((down, id) => (down ? [id] : []));
    expect(pressed).toEqual([0, 3 * 15 + 12, 4 * 15 + 14]);
    keyboard.pressKey(0, 0, false);
    expect((await driver.ports.matrix!.read())[0]).toBe(false);
  });

  it('layout options and custom values', async () => {
    const { driver, keyboard } = await openVia({ protocol });
    await driver.ports.layoutOptions!.write(1);
    expect(await driver.ports.layoutOptions!.read()).toBe(1);
    expect(await driver.ports.customValues!.get(3, 3, 1)).toEqual([127]);
    await driver.ports.customValues!.set(3, 3, [66]);
    expect(keyboard.lighting.speed).toBe(66);
    await driver.ports.customValues!.save(3);
    await expect(driver.ports.customValues!.get(0, 1, 1)).rejects.toMatchObject({ reason: 'unsupported' });
  });

  it('device: bootloader jump and EEPROM reset are refused as unsupported when the keyboard answers 0xFF', async () => {
    const { driver } = await openVia({ protocol });
    await expect(driver.ports.device!.bootloader!()).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(driver.ports.device!.factoryReset!()).rejects.toMatchObject({ reason: 'unsupported' });
    const open = await openVia({ protocol, allowEepromReset: true, bootloaderJump: true });
    await open.driver.ports.keymap!.write([{ layer: 0, keyId: 0, code: 4 }]);
    await open.driver.ports.device!.factoryReset!();
    expect(open.keyboard.keycode(0, 0, 0)).toBe(0x29);
    await open.driver.ports.device!.bootloader!();
    expect(open.keyboard.inBootloader).toBe(true);
  });
});

describe('VIA without a definition', () => {
  it('opens with layout null and no keymap; a definition given later brings the keymap and is stored', async () => {
    const store = memoryStore();
    const { driver } = await openVia({}, { definitions: store });
    expect(driver.layout).toBeNull();
    expect(driver.features.keymap).toBe(false);
    expect(driver.ports.keymap).toBeUndefined();
    expect(driver.ports.macros).toBeDefined();
    const { KEYTUNE_VIA_65_DEFINITION } = await import('../../../src/firmware/via/index.ts');
    await driver.useDefinition(KEYTUNE_VIA_65_DEFINITION);
    expect(driver.features.keymap).toBe(true);
    expect((await driver.ports.keymap!.read())[0]![0]).toBe(0x29);
    expect(Object.keys(store.data)).toEqual([`${0x4b54}:${0x5641}`]);
  });

  it('a write the keyboard does not keep is reported cell by cell', async () => {
    const { driver, keyboard } = await openVia();
    const original = keyboard.receive.bind(keyboard);
    // A keyboard that echoes writes but keeps nothing of key 5.
    keyboard.receive = (r: Uint8Array) => (r[0] === 0x05 && r[3] === 5 ? [r.slice()] : original(r));
    const error = await driver.ports.keymap!.write([{ layer: 0, keyId: 5, code: 0x2c }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ViaNotTakenError);
    expect((error as ViaNotTakenError).cells).toEqual([{ layer: 0, keyId: 5, wanted: 0x2c, found: 0x22 }]);
  });
});
