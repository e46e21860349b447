import { describe, expect, it } from 'vitest';
import { CONFIGURABLE_MODELS, OTHER_MODELS, REDIRECT_MODELS } from '../../src/core/models.ts';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { BridgeCallError, type DeviceRecord } from '../../src/contract/bridge.ts';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import { makeHarness } from './harness.ts';

describe('app_info calls', () => {
  it.each([...CONFIGURABLE_MODELS, ...REDIRECT_MODELS, ...OTHER_MODELS])(
    'adds a virtual %s and lists it with its device record',
    async (model) => {
      const h = makeHarness();
      const path = await h.add(model, '1.3.7');
      const list = (await h.service.call('app_info', 'get_dev_list')) as DeviceRecord[];
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ path, name: model, fw_ver: 'V1.3.7', online: true, virtual: true });
      expect(h.last('devs_changed')).toEqual(list);
    },
  );

  it('refuses unknown models, bad versions and impossible links with err.args.invalid, adding nothing', async () => {
    const h = makeHarness();
    for (const args of [
      ['--display_name', 'nokia3310', '--fw_ver', '1.0.0'],
      ['--display_name', 'made68pro', '--fw_ver', 'one'],
      ['--display_name', 'made68pro', '--fw_ver', '1.0.0', '--access_mode', '1'],
      ['--display_name', 'made68pro', '--fw_ver', '1.0.0', '--access_mode', '7'],
      ['--fw_ver', '1.0.0'],
    ]) {
      const error = await h.service.call('app_info', 'add_virtual_device', args).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BridgeCallError);
      expect((error as BridgeCallError).toastKey).toBe('err.args.invalid');
      expect(h.last('toast_message')).toMatchObject({ title: 'err.args.invalid', type: 1 });
    }
    expect(await h.service.call('app_info', 'get_dev_list')).toEqual([]);
  });

  it('gives a wireless model its access mode and battery', async () => {
    const h = makeHarness();
    await h.add('mojo68rt', '1.3.7', ['--access_mode', '2']);
    const [record] = (await h.service.call('app_info', 'get_dev_list')) as DeviceRecord[];
    expect(record).toMatchObject({ access_mode: 2, access_text: 'Bluetooth' });
    expect(record!.electricity).toBeGreaterThanOrEqual(0);
  });

  it('presses keys of a virtual keyboard, within its key range only', async () => {
    const h = makeHarness();
    const path = await h.add('made68pro', '1.3.7');
    await h.service.call('app_info', 'press_key', ['--path', path, '--key_id', '3', '--depth', '2.5']);
    // The firmware keeps travel in 0.01 mm.
    expect(h.keyboardOf().inspect().keys[3]!.travel).toBe(250);
    await h.service.call('app_info', 'press_key', ['--path', path, '--key_id', '3', '--depth', '0']);
    expect(h.keyboardOf().inspect().keys[3]!.travel).toBe(0);
    await expect(
      h.service.call('app_info', 'press_key', ['--path', path, '--key_id', '68', '--depth', '1']),
    ).rejects.toMatchObject({ toastKey: 'err.args.invalid' });
    await expect(
      h.service.call('app_info', 'press_key', ['--path', 'virtual:none', '--key_id', '1', '--depth', '1']),
    ).rejects.toMatchObject({ toastKey: 'err.dev.not.found' });
  });

  it('removes a device and tells listeners', async () => {
    const h = makeHarness();
    const path = await h.add('made68pro', '1.3.7');
    await h.service.call('app_info', 'remove_device', ['--path', path]);
    expect(h.last('devs_changed')).toEqual([]);
  });

  it('an unplugged keyboard leaves the list and its calls fail with err.dev.disconnected', async () => {
    const h = makeHarness();
    const path = await h.add('made84ultra', '6.2.0');
    const pending = h.service.call('dev_info', 'get_key_value_info', ['--path', path]);
    h.transportOf().disconnect();
    await expect(pending).rejects.toMatchObject({
      toastKey: expect.stringMatching(/^err\.dev\.(disconnected|not\.found)$/),
    });
    expect(h.last('devs_changed')).toEqual([]);
  });

  it('emits toasts, the loading overlay and preferences', async () => {
    const h = makeHarness();
    await h.service.call('app_info', 'toast_message', ['--title', 'copy.done', '--context', '', '--type', '0']);
    expect(h.last('toast_message')).toEqual({ title: 'copy.done', context: '', args: '', type: 0, delay: 5 });
    await h.service.call('dev_info', 'show_loading', ['1']);
    expect(h.last('show_loading')).toBe('1');
    expect(h.last('dev_info')).toEqual({ loading: true });
    await h.service.call('dev_info', 'show_loading', ['0']);
    expect(h.last('show_loading')).toBe('0');
    await h.service.call('app_info', 'set_theme', ['--theme', 'dark']);
    expect(h.last('update_theme')).toBe('dark');
    await h.service.call('app_info', 'set_lang', ['--lang', 'zh_CN']);
    expect(h.last('update_lang')).toBe('zh_CN');
    await expect(h.service.call('app_info', 'set_theme', ['--theme', 'pink'])).rejects.toMatchObject({
      toastKey: 'err.args.invalid',
    });
    await expect(h.service.call('app_info', 'no_such_call', [])).rejects.toMatchObject({
      toastKey: 'err.args.invalid',
    });
  });
});

describe('a virtual keyboard keeps its settings like flash does', () => {
  it.each(CONFIGURABLE_MODELS)('%s: settings made through the service survive serialise and restore', async (model) => {
    const h = makeHarness();
    const path = await h.add(model, '9.9.9');
    await h.service.call('dev_info', 'set_key_info', [
      '--path',
      path,
      '--index',
      '1',
      '--select',
      '[0,1]',
      '--code',
      '41',
    ]);
    await h.service.call('dev_info', 'set_perf_info', ['--path', path, '--key_ids', '[2]', '--trigger', '0.8']);
    await h.service.call('dev_info', 'set_led_info', ['--path', path, '--select', '[3]', '--rgba', '"#12ab34"']);
    const image = h.keyboardOf().serialize();

    const restored = VirtualKeyboard.restore(image);
    const again = makeHarness();
    const entry = await again.service.attach(new LoopbackTransport(restored), { virtual: true });
    const info = (await again.service.call('dev_info', 'get_key_value_info', ['--path', entry.path])) as {
      keycodes: number[][];
      key_triggers: number[];
      keycolors: string[];
    };
    expect(info.keycodes[1]!.slice(0, 2)).toEqual([41, 41]);
    expect(info.key_triggers[2]).toBeCloseTo(0.8, 2);
    expect(info.keycolors[3]).toBe('#12ab34');
  });
});
