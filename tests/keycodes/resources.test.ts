import { describe, expect, it } from 'vitest';
import { KEYCODES } from '../../src/core/keycodes';
import { parseResource } from '../../src/core/resource-schemas';
import { buildDefaultResources, COMMON_LAYER_NAMES } from '../../src/core/resources';
import { CONFIGURABLE_MODELS } from '../../src/core/models';

const defaults = buildDefaultResources('1.2.3');
const clone = <T>(v: T): T => structuredClone(v);

describe('default resources', () => {
  it('all pass their own schema', () => {
    for (const kind of ['keycodes', 'common', 'ledModes', 'version'] as const) {
      const result = parseResource(kind, JSON.stringify(defaults[kind]));
      expect(result.ok ? 'ok' : result.error.message).toBe('ok');
    }
  });

  it('list the key codes once each and split them into the picker tabs', () => {
    expect(defaults.keycodes).toHaveLength(KEYCODES.length);
    expect(Object.keys(defaults.common)).toEqual([...COMMON_LAYER_NAMES]);
    const mouse = defaults.common.mouse.data.map((e) => e.name);
    const mouseAdv = defaults.common.mouse_adv.data.map((e) => e.name);
    expect(mouse).toContain('WhUp');
    expect(mouse).not.toContain('DPI');
    expect(mouseAdv).toEqual(expect.arrayContaining([...mouse, 'DPI', 'MBtn6']));
    expect(defaults.common.special_257.data.map((e) => e.name)).toEqual(
      expect.arrayContaining(['Fn', 'Trns', 'MO(1)']),
    );
  });

  it('show brightness and speed above mode 1 and an extra control on modes 3, 5, 6, 7', () => {
    const modes = defaults.ledModes.modes;
    expect(modes.map((m) => m.brightness && m.speed)).toEqual([false, false, true, true, true, true, true, true]);
    expect(modes.filter((m) => m.extra !== null).map((m) => m.id)).toEqual([3, 5, 6, 7]);
    expect(defaults.ledModes.outframe_modes[0]?.name).toMatch(/off/);
    expect(defaults.ledModes.outframe_modes.filter((m) => m.warn).every((m) => m.id > 1)).toBe(true);
    expect(defaults.ledModes.ambient_colors.map((c) => c.name.replace('color.', ''))).toEqual([
      'white',
      'red',
      'green',
      'blue',
      'yellow',
      'orange',
      'magenta',
      'cyan',
    ]);
    expect(defaults.ledModes.ambient_modes[3]?.subtypes.length).toBeGreaterThan(0);
  });

  it('carry the app version and a latest firmware for every configurable model', () => {
    expect(defaults.version.app).toBe('1.2.3');
    for (const model of CONFIGURABLE_MODELS) expect(defaults.version.firmware[model]).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('parseResource', () => {
  it('names the bad field of a key-code entry', () => {
    const bad = clone(defaults.keycodes);
    bad[12] = { ...bad[12]!, code: 70000 };
    const result = parseResource('keycodes', bad);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('keycodes');
      expect(result.error.issues[0]?.path).toBe('12.code');
      expect(result.error.message).toMatch(/^default\/keycodes\.json: 12\.code: /);
    }
  });

  it('refuses duplicate codes, unknown categories and text that is not JSON', () => {
    const dup = clone(defaults.keycodes);
    dup[3] = { ...dup[3]!, code: dup[2]!.code };
    const dupResult = parseResource('keycodes', dup);
    expect(!dupResult.ok && dupResult.error.message).toMatch(/3\.code: duplicate key code/);

    const category = clone(defaults.keycodes) as unknown as Record<string, unknown>[];
    category[0]!.category = 'gamepad';
    const catResult = parseResource('keycodes', category);
    expect(!catResult.ok && catResult.error.issues[0]?.path).toBe('0.category');

    const text = parseResource('version', '{"app": ');
    expect(!text.ok && text.error.message).toMatch(/default\/version\.json: not valid JSON/);
  });

  it('names a missing picker tab and a bad colour', () => {
    const common = clone(defaults.common) as Partial<typeof defaults.common>;
    delete common.mouse_adv;
    const commonResult = parseResource('common', common);
    expect(!commonResult.ok && commonResult.error.issues.map((i) => i.path)).toEqual(['mouse_adv']);

    const led = clone(defaults.ledModes);
    led.color_list[2] = { hex: 'red' };
    const ledResult = parseResource('ledModes', led);
    expect(!ledResult.ok && ledResult.error.issues[0]?.path).toBe('color_list.2.hex');
  });

  it('refuses LED modes out of order and malformed versions', () => {
    const led = clone(defaults.ledModes);
    led.modes = [led.modes[1]!, led.modes[0]!, ...led.modes.slice(2)];
    const ledResult = parseResource('ledModes', led);
    expect(!ledResult.ok && ledResult.error.issues[0]?.path).toBe('modes.0.id');

    const version = { ...clone(defaults.version), firmware: { made68: 'V1.2' } };
    const versionResult = parseResource('version', version);
    expect(!versionResult.ok && versionResult.error.issues[0]?.path).toBe('firmware.made68');
  });

  it('returns the typed value on success', () => {
    const result = parseResource('version', defaults.version);
    expect(result.ok && result.value.firmware['real67']).toBe('3.9.8');
  });
});
