/** The style of ambient mode 3 (rhythm) on real67 from firmware 3.9.7: written, kept and read back; bad values refused. */
import { describe, expect, it } from 'vitest';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { AmbientLayout } from '../../src/protocol/objects.ts';
import type { ColourInfoPayload } from '../../src/service/convert/lighting.ts';
import { makeHarness } from './harness.ts';

async function setup(fw: string) {
  const h = makeHarness();
  const path = await h.add('real67', fw);
  const entry = h.service.devices().find((d) => d.path === path)!;
  const call = (func: string, args: string[] = []) =>
    h.service.call('dev_info', func, ['--path', path, ...args]) as Promise<ColourInfoPayload>;
  const flash = () => Buffer.from(h.keyboardOf().serialize());
  return { h, path, entry, call, flash };
}

describe('set_led_info --ambient_subtype', () => {
  it('writes the rhythm style, and a fresh read and a restarted keyboard give it back', async () => {
    const { h, path, entry, call } = await setup('3.9.7');
    expect((await call('get_key_color_info')).keyambient!.subtype).toBe(0);

    const answer = await call('set_led_info', ['--ambient_subtype', '2']);
    expect(answer.keyambient!.subtype).toBe(2);

    // Straight from the keyboard, past the service's copy.
    expect(AmbientLayout.decode(await entry.session.readObject('ambient')).subtype).toBe(2);
    // Through the typed client, as the UI asks.
    const read = await h.client.getKeyColorInfo({ path });
    expect(read.keyambient!.subtype).toBe(2);
    // Kept in flash: a keyboard started from the image has it.
    const restarted = VirtualKeyboard.restore(h.keyboardOf().serialize());
    const s = restarted.inspect().state;
    expect(s.profiles[s.currentTheme]!.ambient.subtype).toBe(2);
  });

  it('writes only the subtype byte: the other ambient settings stay', async () => {
    const { call } = await setup('3.9.8');
    const before = (await call('set_led_info', ['--ambient_mode_index', '3'])).keyambient!;
    const after = (await call('set_led_info', ['--ambient_subtype', '1'])).keyambient!;
    expect(after).toEqual({ ...before, subtype: 1 });
  });

  it.each([['3'], ['255'], ['-1'], ['1.5'], ['pulse']])('refuses %s and changes nothing', async (value) => {
    const { h, call, flash } = await setup('3.9.8');
    await call('set_led_info', ['--ambient_subtype', '1']);
    const before = flash();
    await expect(call('set_led_info', ['--ambient_subtype', value])).rejects.toMatchObject({
      toastKey: 'err.args.invalid',
    });
    expect(h.last('toast_message')).toMatchObject({ title: 'err.args.invalid' });
    expect(flash().equals(before)).toBe(true);
    expect((await call('get_key_color_info')).keyambient!.subtype).toBe(1);
  });

  it('is not offered below firmware 3.9.7, where ambient light has no subtype', async () => {
    const { h, call, flash } = await setup('3.9.6');
    const before = flash();
    await expect(call('set_led_info', ['--ambient_subtype', '1'])).rejects.toMatchObject({
      toastKey: 'warn.not.apply',
    });
    expect(flash().equals(before)).toBe(true);
    expect(h.last('toast_message')).toMatchObject({ title: 'warn.not.apply' });
  });

  it('goes alone, like every other lighting option', async () => {
    const { call, flash } = await setup('3.9.8');
    const before = flash();
    await expect(call('set_led_info', ['--ambient_subtype', '1', '--ambient_mode_index', '3'])).rejects.toMatchObject({
      toastKey: 'err.args.invalid',
    });
    expect(flash().equals(before)).toBe(true);
  });
});
