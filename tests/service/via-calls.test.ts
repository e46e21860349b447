/**
 * The via-only calls against the simulated VIA keyboard: round trips, what the keyboard holds afterwards, refusals of
 * bad values before anything is sent, and refusals on devices without the port.
 */
import { describe, expect, it } from 'vitest';
import { KEYTUNE_VIA_65_DEFINITION } from '../../src/firmware/via/index.ts';
import { MENU_DEFINITION, refusal, viaService } from './via-harness.ts';

const bundled = () => viaService({ definition: KEYTUNE_VIA_65_DEFINITION });

describe('via layout options', () => {
  it('reads the options and the choice; setting a choice is kept and redraws the record', async () => {
    const { client, path, record, sim } = await bundled();
    expect(await client.viaGetLayoutOptions({ path })).toEqual({
      options: [{ label: 'Split Backspace', choices: [] }],
      choices: [0],
      value: 0,
    });
    const splitKey = 2 * 15 + 13;
    expect(record().layout!.keys.some((k) => k.id === splitKey)).toBe(false);
    const answer = await client.viaSetLayoutOptions({ path, choices: [1] });
    expect(answer).toMatchObject({ choices: [1], value: 1 });
    expect(sim.serialize().layoutOptions).toBe(1);
    const keys = record().layout!.keys;
    expect(keys.filter((k) => k.id === splitKey)).toHaveLength(1);
    expect(keys.find((k) => k.id === 13)!.w).toBe(1);
    expect(keys.every((k) => k.option === undefined)).toBe(true);
  });

  it('a keyboard that holds a choice opens drawn with it', async () => {
    const first = await bundled();
    await first.client.viaSetLayoutOptions({ path: first.path, choices: [1] });
    const again = await viaService({ definition: KEYTUNE_VIA_65_DEFINITION, image: first.sim.serialize() });
    expect(again.record().layout!.keys.some((k) => k.id === 43)).toBe(true);
    expect((await again.client.viaGetLayoutOptions({ path: again.path })).choices).toEqual([1]);
  });

  it('refuses a choice out of range or a wrong count, and sends nothing', async () => {
    const { client, path, sim } = await bundled();
    const before = sim.received;
    expect(await refusal(client.viaSetLayoutOptions({ path, choices: [2] }))).toEqual({
      key: 'err.args.invalid',
      args: ['via.layout.choice', '1', '1'],
    });
    expect((await refusal(client.viaSetLayoutOptions({ path, choices: [0, 0] }))).args[0]).toBe('via.layout.count');
    expect(sim.received).toBe(before);
  });
});

describe('via lighting', () => {
  it('reads the channel, changes it, and saves it so it outlives a power cycle', async () => {
    const { client, path, sim } = await bundled();
    const [channel] = await client.viaGetLighting({ path });
    expect(channel).toMatchObject({ channel: 'rgb_matrix', brightness_max: 255, speed: true, colour: true });
    expect(channel!.effects.length).toBeGreaterThan(10);
    const after = await client.viaSetLighting({ path, channel: 'rgb_matrix', effect: 5, brightness: 120, hue: 30 });
    expect(after[0]).toMatchObject({ effect: 5, brightness: 120, hue: 30, saturation: channel!.saturation });
    sim.powerCycle();
    expect((await client.viaGetLighting({ path }))[0]!.effect).toBe(channel!.effect);
    await client.viaSetLighting({ path, channel: 'rgb_matrix', effect: 7 });
    expect(await client.viaSaveLighting({ path, channel: 'rgb_matrix' })).toBe(true);
    sim.powerCycle();
    expect((await client.viaGetLighting({ path }))[0]!.effect).toBe(7);
  });

  it('refuses an effect, channel or brightness the keyboard does not have', async () => {
    const { client, path, sim } = await bundled();
    await client.viaGetLighting({ path });
    const before = sim.received;
    expect((await refusal(client.viaSetLighting({ path, channel: 'rgb_matrix', effect: 200 }))).args[0]).toBe(
      'via.lighting.effect',
    );
    expect((await refusal(client.viaSetLighting({ path, channel: 'backlight', effect: 1 }))).args[0]).toBe(
      'via.lighting.noChannel',
    );
    expect((await refusal(client.viaSaveLighting({ path, channel: 'backlight' }))).args[0]).toBe(
      'via.lighting.noChannel',
    );
    expect((await refusal(client.viaSetLighting({ path, channel: 'rgb_matrix', brightness: 256 }))).key).toBe(
      'err.args.invalid',
    );
    // The effect check reads the channel first; nothing is written.
    expect(sim.lighting.mode).not.toBe(200);
    expect(sim.received - before).toBeLessThanOrEqual(4);
  });
});

describe('via custom menus and values', () => {
  it('draws the definition’s menus with every control’s value; one the keyboard ignores is null', async () => {
    const { client, path } = await viaService({ definition: MENU_DEFINITION });
    await client.viaSetLighting({ path, channel: 'rgb_matrix', effect: 2, brightness: 90 });
    const menus = await client.viaGetMenus({ path });
    expect(menus.map((m) => m.label)).toEqual(['Extras']);
    const [loose, glow] = menus[0]!.sections;
    expect(loose).toMatchObject({ label: '', controls: [{ label: 'Secret', value: null }] });
    expect(glow!.label).toBe('Glow');
    expect(glow!.controls.map((c) => [c.type, c.value])).toEqual([
      ['toggle', [2]],
      ['range', [90]],
      ['dropdown', [2]],
      ['color', expect.any(Array)],
      ['keycode', expect.any(Array)],
    ]);
    expect(glow!.controls[1]!.options).toEqual([0, 200]);
  });

  it('sets, reads back and saves a custom value', async () => {
    const { client, path, sim } = await viaService({ definition: MENU_DEFINITION });
    expect(await client.viaSetCustomValue({ path, channel: 3, id: 4, value: [40, 200] })).toEqual([40, 200]);
    expect(await client.viaGetCustomValue({ path, channel: 3, id: 4, bytes: 2 })).toEqual([40, 200]);
    expect(await client.viaSaveCustomValues({ path, channel: 3 })).toBe(true);
    sim.powerCycle();
    expect(await client.viaGetCustomValue({ path, channel: 3, id: 4, bytes: 2 })).toEqual([40, 200]);
  });

  it('refuses bad bytes, and a channel the keyboard does not handle', async () => {
    const { client, path } = await viaService({ definition: MENU_DEFINITION });
    expect((await refusal(client.viaSetCustomValue({ path, channel: 3, id: 1, value: [300] }))).key).toBe(
      'err.args.invalid',
    );
    expect((await refusal(client.viaGetCustomValue({ path, channel: 3, id: 1, bytes: 29 }))).key).toBe(
      'err.args.invalid',
    );
    expect((await refusal(client.viaGetCustomValue({ path, channel: 0, id: 1, bytes: 1 }))).key).toBe(
      'err.family.not.offered',
    );
  });
});

describe('via matrix', () => {
  it('answers the ids of the switches that are down', async () => {
    const { client, path, sim } = await bundled();
    expect(await client.viaReadMatrix({ path })).toEqual([]);
    sim.pressKey(1, 2, true);
    sim.pressKey(4, 14, true);
    expect(await client.viaReadMatrix({ path })).toEqual([17, 74]);
    sim.pressKey(1, 2, false);
    expect(await client.viaReadMatrix({ path })).toEqual([74]);
  });

  it('needs the definition: refused with the no-port reason until it comes', async () => {
    const { client, path } = await viaService();
    expect((await refusal(client.viaReadMatrix({ path }))).key).toBe('via.err.noPort');
    expect((await refusal(client.viaGetLighting({ path }))).key).toBe('via.err.noPort');
    expect((await refusal(client.viaSetLayoutOptions({ path, choices: [1] }))).key).toBe('via.err.noPort');
    // Macros and layout options need no definition.
    expect((await client.viaGetLayoutOptions({ path })).options).toEqual([]);
    expect((await client.viaGetMacros({ path })).count).toBe(16);
  });
});

describe('via macros', () => {
  it('writes macros in the safe order, reads them back, and the keyboard plays them', async () => {
    const { client, path, sim } = await bundled();
    const empty = await client.viaGetMacros({ path });
    expect(empty).toMatchObject({ count: 16, bytes: 383, used: 16, delays: true });
    expect(empty.macros).toHaveLength(16);
    const macros = [
      [{ kind: 'text' as const, text: 'hi' }],
      [
        { kind: 'down' as const, code: 0xe1 },
        { kind: 'tap' as const, code: 0x04 },
        { kind: 'up' as const, code: 0xe1 },
        { kind: 'delay' as const, ms: 250 },
      ],
    ];
    const after = await client.viaSetMacros({ path, macros });
    expect(after.macros.slice(0, 2)).toEqual(macros);
    expect(after.used).toBe((await client.viaMacroBytes({ path, macros })).used);
    expect(sim.playMacro(0)).toEqual([
      { type: 'char', char: 'h' },
      { type: 'char', char: 'i' },
    ]);
    expect(sim.playMacro(1)).toEqual([
      { type: 'down', key: 0xe1 },
      { type: 'tap', key: 0x04 },
      { type: 'up', key: 0xe1 },
      { type: 'delay', ms: 250 },
    ]);
  });

  it('refuses an overflow before sending anything', async () => {
    const { client, path, sim } = await bundled();
    const macros = [[{ kind: 'text' as const, text: 'x'.repeat(380) }]];
    const measured = await client.viaMacroBytes({ path, macros });
    expect(measured.used).toBe(396);
    const before = sim.received;
    expect(await refusal(client.viaSetMacros({ path, macros }))).toEqual({
      key: 'err.args.invalid',
      args: ['via.macros.overflow', '396', '383'],
    });
    expect(sim.received).toBe(before);
  });

  it('refuses too many macros, text that is not ASCII, and delays before protocol 11', async () => {
    const { client, path } = await bundled();
    const many = Array.from({ length: 17 }, () => [{ kind: 'text' as const, text: 'a' }]);
    expect((await refusal(client.viaSetMacros({ path, macros: many }))).args[0]).toBe('via.macros.tooMany');
    expect((await refusal(client.viaSetMacros({ path, macros: [[{ kind: 'text', text: 'é' }]] }))).key).toBe(
      'err.args.invalid',
    );
    const old = await viaService({ definition: KEYTUNE_VIA_65_DEFINITION });
    const p10 = await old.client.addVirtualDevice({ display_name: 'Keytune VIA 65', fw_ver: '10.0.0' });
    expect(await refusal(old.client.viaSetMacros({ path: p10, macros: [[{ kind: 'delay', ms: 10 }]] }))).toEqual({
      key: 'err.args.invalid',
      args: ['via.macros.noDelays', '10'],
    });
  });

  it('a buffer left half-written is told as such, and writing again mends it', async () => {
    const { client, path, transport, sim } = await bundled();
    // The first report (locking the buffer) arrives; the link is cut at the second.
    transport.injectFault('toDevice', 2, { kind: 'cut', power: 'kept' });
    await refusal(client.viaSetMacros({ path, macros: [[{ kind: 'text', text: 'abc' }]] }));
    expect(sim.playMacro(0)).toBeNull();
    const again = await viaService({ definition: KEYTUNE_VIA_65_DEFINITION, image: sim.serialize() });
    expect((await refusal(again.client.viaGetMacros({ path: again.path }))).key).toBe('via.macros.halfWritten');
    await again.client.viaSetMacros({ path: again.path, macros: [] });
    expect((await again.client.viaGetMacros({ path: again.path })).used).toBe(16);
  });

  it('is refused on a keyboard of another family', async () => {
    const { client } = await bundled();
    const keytune = await client.addVirtualDevice({ display_name: 'Made68Pro', fw_ver: '1.4.2' });
    expect((await refusal(client.viaGetMacros({ path: keytune }))).key).toBe('via.err.notVia');
    expect((await refusal(client.viaReadMatrix({ path: keytune }))).key).toBe('via.err.notVia');
  });
});
