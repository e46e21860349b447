import { describe, expect, it } from 'vitest';
import { capabilitiesFor } from '../../src/core/capabilities.ts';
import { CONFIGURABLE_MODELS } from '../../src/core/models.ts';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import type { PerformancePayload } from '../../src/service/convert/performance.ts';
import type { SceneDocument, ThemeInfo } from '../../src/service/convert/theme.ts';
import { makeHarness } from './harness.ts';

async function setup(model = 'Made68Pro', fw = '9.9.9') {
  const h = makeHarness();
  const path = await h.add(model, fw);
  const kb = h.keyboardOf();
  const call = (func: string, args: string[] = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  const snapshot = () => new TextDecoder().decode(kb.serialize());
  const state = () => kb.inspect().state;
  const exportSlot = async (slot: number) =>
    (await call('set_theme_info', ['--export', '', '--cur_theme_id', String(slot)])) as {
      file_name: string;
      content: string;
      theme_id: number;
    };
  return { ...h, path, kb, call, snapshot, state, exportSlot };
}

async function refusalOf(promise: Promise<unknown>): Promise<BridgeCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BridgeCallError);
  return error as BridgeCallError;
}

/** A profile without its name, for comparing what a slot holds. */
const content = (p: object) => ({ ...p, name: undefined });

describe.each(CONFIGURABLE_MODELS)('themes on %s', (model) => {
  const refused = !capabilitiesFor(model, '9.9.9').settings.themeChange;

  it('answers and emits the theme slots', async () => {
    const h = await setup(model);
    const info = (await h.call('get_theme_info')) as ThemeInfo;
    const state = h.state();
    expect(info).toEqual({
      path: h.path,
      theme_mode: state.currentTheme,
      theme_info_list: state.profiles.map((p) => p.name),
    });
    expect(h.last('get_theme_info')).toEqual(info);
  });

  it(refused ? 'refuses a theme change' : 'switches the theme and emits the theme info', async () => {
    const h = await setup(model);
    if (refused) {
      const before = h.snapshot();
      const e = await refusalOf(h.call('set_theme_info', ['--change_theme_id', '2']));
      expect(e.toastKey).toBe(`warn.not.apply.theme.chosen.${model}`);
      expect([e.toastType, e.toastDelay]).toEqual([2, 7]);
      expect(h.snapshot()).toBe(before);
      return;
    }
    const mark = h.events.length;
    const info = (await h.call('set_theme_info', ['--change_theme_id', '2'])) as ThemeInfo;
    expect(info.theme_mode).toBe(2);
    expect(h.state().currentTheme).toBe(2);
    const after = h.events.slice(mark).filter((e) => e.event !== 'sync_update');
    expect(after.map((e) => e.event)).toEqual(['up_theme_info', 'get_theme_info']);
    expect(h.last('get_theme_info')).toEqual(info);
    // The new slot's data comes from the device, not from the old slot's copy.
    const perf = (await h.call('get_key_perf_info')) as PerformancePayload;
    expect(perf.key_triggers).toEqual(h.state().profiles[2]!.perf.map((k) => k.trigger / 100));
  });

  it('exports a slot and imports it into a slot, round trip', async () => {
    const h = await setup(model);
    // Where the theme cannot change, only the current slot can be exported and imported.
    const [source, target] = refused ? [0, 0] : [3, 1];
    const exported = await h.exportSlot(source);
    const scene = JSON.parse(exported.content) as SceneDocument;
    expect(scene).toMatchObject({ format: 'keytune-scene', version: 1, key_count: h.kb.model.keyCount });
    const before = h.state();
    expect(exported.file_name).toBe(`${before.profiles[source]!.name.replace(/ /g, '_')}.mgscene`);
    expect(before.currentTheme).toBe(0);

    // Edit the current slot after the export, so the import visibly puts the exported state back.
    await h.call('set_perf_info', ['--key_ids', '[0]', '--trigger', '3']);
    await h.call('set_setting_info', ['--use_n_key', '1']);
    const info = (await h.call('set_theme_info', [
      '--import',
      exported.content,
      '--cur_theme_id',
      String(target),
    ])) as ThemeInfo;
    const after = h.state();
    expect(content(after.profiles[target]!)).toEqual(content(before.profiles[source]!));
    expect(after.currentTheme).toBe(0);
    expect(info.theme_info_list[target]).toBe(scene.name);
    expect(h.last('up_theme_save')).toMatchObject({ path: h.path, theme_id: target });
  });
});

describe('theme rules', () => {
  it('renames a slot with limit style 2 and names the export file after it', async () => {
    const h = await setup();
    const info = (await h.call('set_theme_info', [
      '--theme_name',
      '<b>Weekend</b> gaming theme 2024',
      '--cur_theme_id',
      '1',
    ])) as ThemeInfo;
    expect(info.theme_info_list[1]).toBe('Weekend gaming t');
    expect(h.state().profiles[1]!.name).toBe('Weekend gaming t');
    expect(h.last('get_theme_info')).toEqual(info);
    expect((await h.exportSlot(1)).file_name).toBe('Weekend_gaming_t.mgscene');

    const before = h.snapshot();
    expect(
      (await refusalOf(h.call('set_theme_info', ['--theme_name', '<i></i>  ', '--cur_theme_id', '1']))).toastKey,
    ).toBe('err.args.invalid');
    expect((await refusalOf(h.call('set_theme_info', ['--theme_name', 'x', '--cur_theme_id', '4']))).toastKey).toBe(
      'err.args.invalid',
    );
    expect((await refusalOf(h.call('set_theme_info', ['--change_theme_id', '7']))).toastKey).toBe('err.args.invalid');
    expect((await refusalOf(h.call('set_theme_info', ['--current_page_id_num', '2']))).toastKey).toBe(
      'err.args.invalid',
    );
    expect(h.snapshot()).toBe(before);
  });

  it('refuses to export another slot where the theme cannot change', async () => {
    const h = await setup('Mojo68RT');
    const e = await refusalOf(h.exportSlot(2));
    expect(e.toastKey).toBe('warn.not.apply.theme.chosen.mojo68rt');
  });

  it('refuses bad scene files with theme.import.failure and changes nothing', async () => {
    const h = await setup();
    const good = (await h.exportSlot(0)).content;
    const other = await setup('Cyber01');
    const foreign = (await other.exportSlot(0)).content;
    const edit = (change: (s: SceneDocument) => void) => {
      const s = JSON.parse(good) as SceneDocument;
      change(s);
      return JSON.stringify(s);
    };
    const bad = [
      'not json',
      '{}',
      foreign,
      edit((s) => (s.version = 2 as 1)),
      edit((s) => (s.profile.performance.keys[3]!.trigger = 9)),
      edit((s) => (s.profile.performance.keys[3]!.dead = 0.9)),
      edit((s) => (s.profile.performance.keys[3]!.switch_type = 18)),
      edit((s) => (s.profile.colours[0] = 'red')),
      edit((s) => (s.profile.lighting.modes[0]!.light = 255)),
      edit((s) => (s.profile.keymap[0] = [1, 2, 3])),
      edit((s) => s.profile.advanced.snaptap.push({ used: 1, keyA: 1, keyB: 2, mode: 0 })),
    ];
    const before = h.snapshot();
    for (const text of bad) {
      const e = await refusalOf(h.call('set_theme_info', ['--import', text, '--cur_theme_id', '1']));
      expect(e.toastKey).toBe('theme.import.failure');
    }
    expect(h.snapshot()).toBe(before);
    expect(h.last('toast_message')).toMatchObject({ title: 'theme.import.failure' });
  });

  it('puts everything back when the keyboard refuses part of a scene', async () => {
    const h = await setup();
    const scene = JSON.parse((await h.exportSlot(0)).content) as SceneDocument;
    scene.profile.performance.keys[0]!.trigger = 0.5;
    // Valid for the file format, but deeper than this keyboard's DKS travel: the device refuses that object.
    Object.assign(scene.profile.advanced.dks[0]!, { used: 1, topLevel: 10, bottomLevel: 4000 });
    const before = h.snapshot();
    const e = await refusalOf(h.call('set_theme_info', ['--import', JSON.stringify(scene), '--cur_theme_id', '0']));
    expect(e.toastKey).toBe('theme.import.failure');
    expect(h.snapshot()).toBe(before);
    expect(((await h.call('get_key_perf_info')) as PerformancePayload).key_triggers[0]).not.toBe(0.5);
  });

  it('refuses a scene made on another board of the same size, changing nothing', async () => {
    const from = await setup('Made68');
    await from.call('set_perf_info', ['--key_ids', '[1,2]', '--trigger', '0.5']);
    const scene = (await from.exportSlot(0)).content;
    const h = await setup('Made68Ultra');
    const before = h.snapshot();
    const e = await refusalOf(h.call('set_theme_info', ['--import', scene, '--cur_theme_id', '0']));
    expect(e.toastKey).toBe('theme.import.other.model');
    expect(e.args).toEqual(['Made68', 'Made68Ultra']);
    expect(h.snapshot()).toBe(before);
  });

  it('rejects with err.dev.disconnected when the cable is pulled mid-import', async () => {
    const h = await setup();
    const scene = (await h.exportSlot(3)).content;
    h.transportOf().injectFault('toDevice', 5, { kind: 'cut', power: 'kept' });
    const pending = h.call('set_theme_info', ['--import', scene, '--cur_theme_id', '0']);
    expect((await refusalOf(pending)).toastKey).toBe('err.dev.disconnected');
  });
});
