// @vitest-environment jsdom
/**
 * The VIA tab against the simulated keyboard: lighting changed and saved, the definition's menus drawn as controls
 * and written, a layout option that redraws the keyboard, and the macro buffer listed in words and edited, with an
 * overflow refused before anything is written.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { KEYTUNE_VIA_65_DEFINITION } from '../../../src/firmware/via/index';
import { viaEn, viaZh } from '../../../src/i18n/sections/via';
import ViaTab from '../../../src/ui/device-page/via/ViaTab';
import { MENU_DEFINITION } from '../../service/via-harness';
import { renderVia } from './via-host';

const tab = (definition = MENU_DEFINITION, language: 'en_US' | 'zh_CN' = 'en_US') =>
  renderVia((path) => <ViaTab path={path} />, { definition }, language);

describe('ViaTab', () => {
  it('changes a lighting channel’s effect and saves it on the keyboard', async () => {
    const via = await tab(KEYTUNE_VIA_65_DEFINITION);
    const card = await screen.findByRole('region', { name: 'RGB matrix' });
    const effect = (await within(card).findByLabelText(viaEn['via.lighting.effectLabel'])) as HTMLSelectElement;
    fireEvent.change(effect, { target: { value: '5' } });
    await within(card).findByText(viaEn['via.lighting.saved']);
    expect(via.sim.lighting.mode).toBe(5);
    expect(via.callsTo('via_save_lighting')).toHaveLength(1);
    via.sim.powerCycle();
    expect(via.sim.lighting.mode).toBe(5);
    expect(effect.value).toBe('5');
    expect(within(card).getByRole('slider', { name: viaEn['via.lighting.brightnessLabel'] })).toBeTruthy();
    expect(within(card).getByRole('group', { name: viaEn['via.lighting.colour'] })).toBeTruthy();
  });

  it('draws the definition’s menus as controls and writes a change, saved', async () => {
    const via = await tab();
    const menu = await screen.findByRole('region', { name: 'Extras' });
    await within(menu).findByText('Glow');
    const pattern = within(menu).getByLabelText('Glow pattern') as HTMLSelectElement;
    expect([...pattern.options].map((o) => o.text)).toEqual(['Off', 'Solid', 'Alphas']);
    fireEvent.change(pattern, { target: { value: '1' } });
    await waitFor(() => expect(via.callsTo('via_save_custom_values')).toHaveLength(1));
    expect(via.callsTo('via_set_custom_value')[0]!.named.get('value')).toBe('[1]');
    expect(via.sim.lighting.mode).toBe(1);
    // The same value drawn by the toggle follows the answer.
    await waitFor(() =>
      expect(within(menu).getByRole('switch', { name: 'Glow on' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(within(menu).getByRole('slider', { name: 'Glow level' })).toBeTruthy();
    expect(within(menu).getByLabelText('Tap key')).toBeTruthy();
    // A value the keyboard does not answer for is drawn as such, and cannot be changed.
    expect(within(menu).getByText(viaEn['via.menus.unavailable'])).toBeTruthy();
    expect((within(menu).getByRole('switch', { name: 'Secret' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a layout option changes the drawing in the device record', async () => {
    const via = await tab(KEYTUNE_VIA_65_DEFINITION);
    const option = await screen.findByRole('switch', { name: 'Split Backspace' });
    expect(via.storeRecord().layout!.keys.some((k) => k.id === 43)).toBe(false);
    fireEvent.click(option);
    await waitFor(() => expect(via.storeRecord().layout!.keys.some((k) => k.id === 43)).toBe(true));
    expect(via.sim.serialize().layoutOptions).toBe(1);
    expect(option.getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(document.querySelector('.via-layout__drawing [data-key-id="43"]')).not.toBeNull());
    // Its keys are named and drawn by their first layer's codes, never blank or only "#30".
    const w = document.querySelector('.via-layout__drawing [data-key-id="17"]')!;
    await waitFor(() => expect(w.getAttribute('aria-label')).toBe('Key W'));
    expect(w.querySelector('.kb-key__legend')!.textContent).toBe('W');
  });

  it('lists the macros in words, and writes an edited one', async () => {
    const via = await tab(KEYTUNE_VIA_65_DEFINITION);
    await screen.findByText('16 of 383 bytes used');
    expect(screen.getAllByText(viaEn['via.macros.empty'])).toHaveLength(16);
    fireEvent.click(screen.getByRole('button', { name: 'Edit M0' }));
    const editor = screen.getByRole('region', { name: 'Edit M0' });
    const add = (kind: string) => {
      fireEvent.change(within(editor).getByLabelText('Add'), { target: { value: kind } });
      fireEvent.click(within(editor).getByRole('button', { name: 'Add' }));
    };
    add('0');
    fireEvent.change(within(editor).getByLabelText('Text of action 1'), { target: { value: 'hi' } });
    add('1');
    add('4');
    await within(editor).findByText(/take 27 of 383 bytes/);
    fireEvent.click(within(editor).getByRole('button', { name: viaEn['via.macros.write'] }));
    await screen.findByText(viaEn['via.macros.written']);
    expect(document.querySelector('[data-macro="0"] .via-macro__words')!.textContent).toBe(
      'Type “hi” · Tap A · Wait 100 ms',
    );
    expect(via.sim.playMacro(0)).toEqual([
      { type: 'char', char: 'h' },
      { type: 'char', char: 'i' },
      { type: 'tap', key: 4 },
      { type: 'delay', ms: 100 },
    ]);
    await screen.findByText('27 of 383 bytes used');
  });

  it('refuses an overflow in the editor before anything is written', async () => {
    const via = await tab(KEYTUNE_VIA_65_DEFINITION);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit M3' }));
    const editor = screen.getByRole('region', { name: 'Edit M3' });
    fireEvent.click(within(editor).getByRole('button', { name: 'Add' }));
    fireEvent.change(within(editor).getByLabelText('Text of action 1'), { target: { value: 'x'.repeat(400) } });
    await within(editor).findByText('Too long by 33 bytes: shorten this macro or another before writing.');
    const write = within(editor).getByRole('button', { name: viaEn['via.macros.write'] }) as HTMLButtonElement;
    expect(write.disabled).toBe(true);
    fireEvent.click(write);
    expect(via.callsTo('via_set_macros')).toHaveLength(0);
    expect(via.sim.macroBuffer().every((b) => b === 0)).toBe(true);
    // Text the keyboard cannot type is marked, and never measured or written.
    fireEvent.change(within(editor).getByLabelText('Text of action 1'), { target: { value: 'café' } });
    expect(within(editor).getByText(viaEn['via.macros.textAscii'])).toBeTruthy();
    expect(write.disabled).toBe(true);
  });

  it('speaks Chinese', async () => {
    await tab(KEYTUNE_VIA_65_DEFINITION, 'zh_CN');
    expect(await screen.findByRole('heading', { name: viaZh['via.macros.title'] })).toBeTruthy();
    expect(screen.getByRole('heading', { name: viaZh['via.lighting.title'] })).toBeTruthy();
    await screen.findByText('已用 16 / 383 字节');
    expect(screen.getAllByText(viaZh['via.macros.empty'])).toHaveLength(16);
    const effect = (await screen.findByLabelText(viaZh['via.lighting.effectLabel'])) as HTMLSelectElement;
    expect(effect.selectedOptions[0]!.text).toMatch(/[\u4e00-\u9fff]/);
  });
});
