// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { ledKeyboard, renderLedTab } from './led-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const radio = (name: string) => screen.getByRole('radio', { name });
const styleBox = () => screen.queryByRole('combobox', { name: 'Rhythm style' });

async function openAmbient(fw: string, language?: 'zh_CN') {
  const user = userEvent.setup();
  const kb = await ledKeyboard('Real67', fw);
  await renderLedTab(kb, language);
  await user.click(screen.getByRole('tab', { name: language ? '氛围灯' : 'Ambient light' }));
  return { user, kb };
}

describe('Key LED tab: ambient rhythm style', () => {
  it('offers the style of the rhythm mode from firmware 3.9.7 and keeps the chosen one on the keyboard', async () => {
    const { user, kb } = await openAmbient('3.9.7');
    expect(styleBox()).toBeNull();
    await user.click(radio('Rhythm'));
    await waitFor(async () => expect((await kb.read()).keyambient!.ambient_mode_index).toBe(3));
    const box = styleBox()!;
    expect(box).toHaveValue('0');
    expect([...box.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Pulse', 'Bars', 'Bounce']);
    await user.selectOptions(box, 'Bars');
    await waitFor(async () => expect((await kb.read()).keyambient!.subtype).toBe(1));
    expect(styleBox()).toHaveValue('1');
    await user.click(radio('Breathing'));
    expect(styleBox()).toBeNull();
  });

  it('is the next stop after the mode list when moving with Tab', async () => {
    const { user, kb } = await openAmbient('3.9.8');
    await user.click(radio('Rhythm'));
    expect(radio('Rhythm')).toHaveFocus();
    await user.tab();
    const box = styleBox()!;
    expect(box).toHaveFocus();
    await user.selectOptions(box, 'Bounce');
    await waitFor(async () => expect((await kb.read()).keyambient!.subtype).toBe(2));
    expect(box).toHaveValue('2');
  });

  it('has no style below firmware 3.9.7, where the rhythm mode has none', async () => {
    const { user, kb } = await openAmbient('3.9.6');
    await user.click(radio('Rhythm'));
    await waitFor(async () => expect((await kb.read()).keyambient!.ambient_mode_index).toBe(3));
    expect(styleBox()).toBeNull();
  });

  it('speaks Chinese', async () => {
    const { user } = await openAmbient('3.9.7', 'zh_CN');
    await user.click(radio('律动'));
    const box = screen.getByRole('combobox', { name: '律动样式' });
    expect([...box.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['脉冲', '柱状', '跳动']);
  });
});
