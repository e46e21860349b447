// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { SHORTCUT_TYPE } from '../../../src/core/advanced-keys';
import { useLanguageStore } from '../../../src/i18n/store';
import { withDevicesExtraTexts } from '../devices-extra-texts';
import { hypertap, renderArea, shortcut, snaptap } from './advanced-fixtures';

withDevicesExtraTexts();

const cardHeading = (keyword: string) =>
  within(document.querySelector<HTMLElement>(`.adv-card[data-keyword="${keyword}"]`)!).getByRole('heading');

const FIVE = {
  shortcut: [
    shortcut(0, SHORTCUT_TYPE.replace, ['Esc', 'LCtrl']),
    shortcut(1, SHORTCUT_TYPE.action, ['Esc']),
    shortcut(2, SHORTCUT_TYPE.lock, ['Esc', 'LCtrl']),
    shortcut(3, SHORTCUT_TYPE.modTap, ['Esc', 'LCtrl']),
    shortcut(4, SHORTCUT_TYPE.toggle, ['LCtrl']),
  ],
};

describe('advanced-key cards', () => {
  it('tell the five shortcut types apart on the card and to screen readers', async () => {
    await renderArea({ lists: FIVE });
    await screen.findByRole('tab', { name: 'Shortcut' });
    const kinds = Array.from(document.querySelectorAll('.adv-card--shortcut .adv-card__kind')).map(
      (k) => k.textContent,
    );
    expect(kinds).toEqual(['Replace', 'Action', 'Lock', 'Mod-tap', 'Toggle']);
    expect(cardHeading('A0')).toHaveAccessibleName('Shortcut: Replace Esc LCtrl');
    expect(cardHeading('A2')).toHaveAccessibleName('Shortcut: Lock Esc LCtrl');
    expect(cardHeading('A3')).toHaveAccessibleName('Shortcut: Mod-tap Esc LCtrl');
  });

  it('other types show no shortcut kind', async () => {
    await renderArea({ lists: { snaptap: [snaptap(0, 'A', 'D')] } });
    await screen.findByRole('tab', { name: 'Snap Tap' });
    expect(document.querySelector('.adv-card__kind')).toBeNull();
    expect(cardHeading('S0')).toHaveAccessibleName('Snap Tap: A D');
  });

  it('speak Chinese throughout in Chinese: tab names, types and the names screen readers hear', async () => {
    await renderArea({ lists: { ...FIVE, snaptap: [snaptap(0, 'A', 'D')], hypertap: [hypertap(0, 'W', 'S')] } });
    await screen.findByRole('tab', { name: 'All' });
    act(() => useLanguageStore.getState().setLanguage('zh_CN', { persist: false }));
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['全部', 'DKS', '快捷键', '宏', '快速切换', '双键触发 (DRT)']);
    // No full-width bracket around Latin letters: it renders with a wide blank inside.
    for (const tab of tabs) expect(tab).not.toMatch(/（[A-Za-z]|[A-Za-z]）/);
    expect(cardHeading('A3')).toHaveAccessibleName('快捷键： 点按/长按 Esc LCtrl');
    expect(cardHeading('S0')).toHaveAccessibleName('快速切换： A D');
    expect(screen.getByRole('region', { name: '独立生效' })).toHaveTextContent('快速切换和双键触发自带按键');
    expect(screen.getByRole('button', { name: '快速切换 S0 的操作' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '双键触发 (DRT) T0 的操作' })).toBeInTheDocument();
  });
});
