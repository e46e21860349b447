// @vitest-environment jsdom
/**
 * The language choices name each language in its own script as well as in the page's language, in the rail's menu
 * and on the Settings tab, on an English and a Chinese page.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsTab from '../../src/ui/preferences/SettingsTab';
import { QuickPrefs } from '../../src/ui/shell/QuickPrefs';
import { renderWithServices } from './render';

describe('language names', () => {
  it('an English page offers "简体中文 — Simplified Chinese", its own script marked as Chinese', async () => {
    renderWithServices(<QuickPrefs />, { language: 'en_US' });
    await userEvent.click(screen.getByRole('button', { name: 'Language: English (United States)' }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['English (United States)', '简体中文 — Simplified Chinese']);
    const own = within(items[1]!).getByText('简体中文');
    expect(own).toHaveAttribute('lang', 'zh-CN');
  });

  it('a Chinese page offers "English — 英语（美国）" and 简体中文', async () => {
    renderWithServices(<QuickPrefs />, { language: 'zh_CN' });
    await userEvent.click(screen.getByRole('button', { name: '语言：简体中文' }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['English — 英语（美国）', '简体中文']);
    expect(within(items[0]!).getByText('English')).toHaveAttribute('lang', 'en-US');
  });

  it('the Settings tab names them the same way', () => {
    renderWithServices(<SettingsTab />, { language: 'en_US' });
    expect(screen.getByRole('radio', { name: '简体中文 — Simplified Chinese' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English (United States)' })).toBeInTheDocument();
  });

  it('and in Chinese', () => {
    renderWithServices(<SettingsTab />, { language: 'zh_CN' });
    expect(screen.getByRole('radio', { name: 'English — 英语（美国）' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '简体中文' })).toBeInTheDocument();
  });
});
