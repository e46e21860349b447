// @vitest-environment jsdom
import { keepLanguageInCookie } from '../../src/ui/startup/boot';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/ui/App';
import { readCookie } from '../../src/ui/cookies';
import { useThemeStore } from '../../src/ui/theme/store';
import { renderWithServices, serviceDoes } from './render';
import { testHost } from './test-host';

describe('app shell', () => {
  beforeEach(() => useThemeStore.getState().setMode('light', { persist: false }));

  it('has the side tabs Device, Tool, Help, Settings with ids 0, 1, 2, 4', () => {
    renderWithServices(<App />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const tabs = within(nav).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Device', 'Tool', 'Help', 'Settings']);
    expect(tabs.map((t) => t.getAttribute('data-tab-id'))).toEqual(['0', '1', '2', '4']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('loads Tool, Help and Settings on demand, each showing its title', async () => {
    renderWithServices(<App />);
    await userEvent.click(screen.getByRole('tab', { name: 'Tool' }));
    expect(await screen.findByRole('heading', { name: 'Tools' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Help' }));
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it('moves between side tabs with the arrow keys', async () => {
    renderWithServices(<App />);
    act(() => screen.getByRole('tab', { name: 'Device' }).focus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Tool' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  });

  it('the theme menu applies, stores and reports the choice', async () => {
    const host = testHost();
    renderWithServices(<App />, { host });
    await userEvent.click(screen.getByRole('button', { name: 'Theme: Light' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(readCookie(document.cookie, 'SkinMode')).toBe('dark');
    expect(host.live.callsTo('setTheme')[0]?.named.get('theme')).toBe('dark');
    expect(host.live.service.preferences.get('theme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
  });

  it('the update_theme event sets the theme', async () => {
    const { host } = renderWithServices(<App />);
    // Another client of the service (the desktop tray menu) changes the theme.
    await serviceDoes(() => host.live.client.setTheme({ theme: 'dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
    const refused = host.live.client.setTheme({ theme: 'nonsense' as 'dark' });
    await serviceDoes(() => expect(refused).rejects.toThrow(/theme/));
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('the language menu switches every text to Chinese and stores the choice', async () => {
    // Start-up keeps the choice in the Language cookie (boot.ts); the test wires the same.
    const unwire = keepLanguageInCookie();
    onTestFinished(unwire);
    const host = testHost();
    renderWithServices(<App />, { host });
    await userEvent.click(screen.getByRole('button', { name: 'Language: English (United States)' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: '简体中文 — Simplified Chinese' }));
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['设备', '工具', '帮助', '设置']);
    expect(readCookie(document.cookie, 'Language')).toBe('zh_CN');
    expect(host.live.callsTo('setLang')[0]?.named.get('lang')).toBe('zh_CN');
    expect(host.live.service.preferences.get('lang')).toBe('zh_CN');
  });

  it('the update_lang event switches the language', async () => {
    const { host } = renderWithServices(<App />);
    await serviceDoes(() => host.live.client.setLang({ lang: 'zh_CN' }));
    expect(screen.getByRole('heading', { name: '欢迎使用 Keytune' })).toBeInTheDocument();
    await serviceDoes(() => host.live.client.updateLang({ lang: 'en_US' }));
    expect(screen.getByRole('heading', { name: 'Welcome to Keytune' })).toBeInTheDocument();
  });

  it('keeps the open device across a visit to another side tab', async () => {
    const host = testHost();
    const path = await host.live.addVirtual('Made68Pro');
    const { services } = renderWithServices(<App />, { host });
    act(() => services.devices.getState().open(path));
    await screen.findByRole('tablist', { name: 'Device sections' });
    await userEvent.click(screen.getByRole('tab', { name: 'Help' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Device' }));
    expect(await screen.findByRole('tablist', { name: 'Device sections' })).toBeInTheDocument();
  });
});
