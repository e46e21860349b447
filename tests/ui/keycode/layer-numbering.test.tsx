// @vitest-environment jsdom
/** One layer numbering for people, Layer 1-4, in the layer list, the picker and the Fn key; the wire stays 0-based. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KC_FN, keycodeEntry, keycodeLabel, layerKeycode } from '../../../src/core/keycodes';
import { useLanguageStore } from '../../../src/i18n/store';
import { LayerList } from '../../../src/ui/device-page/key-code/LayerList';
import { DEFAULT_SPACE } from '../../../src/ui/keycode-space';
import { KeycodePicker } from '../../../src/ui/widgets/keycode-picker/KeycodePicker';
import { renderWithServices } from '../render';

const specialNames = async () => {
  await userEvent.setup().click(screen.getByRole('tab', { name: /Special|特殊/ }));
  return Array.from(screen.getByRole('group').querySelectorAll('button')).map((b) => b.getAttribute('aria-label'));
};

describe('Layer numbering', () => {
  it('the layer list names layers 1-4', () => {
    renderWithServices(<LayerList count={4} current={1} onSwitch={() => {}} onReset={async () => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Layers' });
    const names = within(nav)
      .getAllByRole('button', { pressed: undefined })
      .filter((b) => b.hasAttribute('aria-pressed'))
      .map((b) => b.textContent);
    expect(names).toEqual(['Layer 1', 'Layer 2', 'Layer 3', 'Layer 4']);
    expect(within(nav).getByRole('button', { name: 'Layer 2', pressed: true })).toBeInTheDocument();
  });

  it('the picker offers MO(1)-MO(4), TG and TO the same way, for the list’s Layer 1-4', async () => {
    renderWithServices(<KeycodePicker onPick={() => {}} space={DEFAULT_SPACE} />);
    const names = await specialNames();
    for (const n of [1, 2, 3, 4]) {
      expect(names).toContain(`MO(${n}), Momentary Layer ${n}`);
      expect(names).toContain(`TG(${n}), Toggle Layer ${n}`);
      expect(names).toContain(`TO(${n}), Switch to Layer ${n}`);
    }
    expect(names).not.toContain('MO(0), Momentary Layer 0');
    expect(names).toContain('Fn, Fn (momentary Layer 2)');
  });

  it('speaks of the same layers in Chinese', async () => {
    renderWithServices(<KeycodePicker onPick={() => {}} space={DEFAULT_SPACE} />, { language: 'zh_CN' });
    const names = await specialNames();
    expect(names).toContain('MO(1)，按住切换到第 1 层');
    expect(names).toContain('TG(4)，开关第 4 层');
    expect(names).toContain('TO(2)，切换到第 2 层');
    expect(names.find((n) => n?.startsWith('Fn，'))).toBe('Fn，Fn 功能键（按住切换到第 2 层）');
    act(() => useLanguageStore.getState().setLanguage('en_US', { persist: false }));
  });

  it('keeps the wire 0-based: MO(2) is the code of wire layer 1, which the Fn key holds', () => {
    expect(keycodeLabel(layerKeycode('momentary', 1))).toBe('MO(2)');
    expect(layerKeycode('momentary', 1) & 0xf).toBe(1);
    expect(keycodeEntry(KC_FN)!.tip).toMatch(/^Layer 2 while held/);
  });
});
