// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { implementOptionsReading } from '../../../src/desktop/startup-options';
import { readCookie } from '../../../src/ui/cookies';
import SettingsTab from '../../../src/ui/preferences/SettingsTab';
import { useThemeStore } from '../../../src/ui/theme/store';
import { keepLanguageInCookie } from '../../../src/ui/startup/boot';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

const clearCookies = () => {
  for (const name of ['Language', 'SkinMode', 'CheckDevPermission'])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
};

describe('Settings tab', () => {
  beforeEach(() => {
    useThemeStore.getState().setMode('light', { persist: false });
    clearCookies();
    localStorage.clear();
  });

  it('sets the theme, keeps it in the SkinMode cookie and tells the service', async () => {
    const host = testHost();
    renderWithServices(<SettingsTab />, { host });
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(readCookie(document.cookie, 'SkinMode')).toBe('dark');
    await waitFor(() => expect(host.live.callsTo('setTheme').at(-1)?.named.get('theme')).toBe('dark'));
    await userEvent.click(screen.getByRole('radio', { name: 'Auto' }));
    expect(readCookie(document.cookie, 'SkinMode')).toBe('auto');
  });

  it('switches the language, kept in the Language cookie', async () => {
    const unwire = keepLanguageInCookie();
    const host = testHost();
    renderWithServices(<SettingsTab />, { host });
    await userEvent.click(screen.getByRole('radio', { name: '简体中文 — Simplified Chinese' }));
    expect(await screen.findByRole('heading', { name: '语言' })).toBeInTheDocument();
    expect(readCookie(document.cookie, 'Language')).toBe('zh_CN');
    await waitFor(() => expect(host.live.callsTo('setLang').at(-1)?.named.get('lang')).toBe('zh_CN'));
    unwire();
  });

  it('shows the app and core versions', () => {
    renderWithServices(<SettingsTab />);
    expect(screen.getByText('App version').nextElementSibling).toHaveTextContent('0.1.0');
    expect(screen.getByText('Core version').nextElementSibling).toHaveTextContent('resources 1');
  });

  it('has no start-up options in the browser', () => {
    renderWithServices(<SettingsTab />, { host: testHost({ hostKind: 'wasm' }) });
    expect(screen.queryByRole('heading', { name: 'Startup options' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Close to tray' })).not.toBeInTheDocument();
  });

  it('on the desktop, sends each start-up option to the bridge and remembers it', async () => {
    const host = testHost({ hostKind: 'bridge' });
    const first = renderWithServices(<SettingsTab />, { host });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Auto run at start' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Start minimized' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Close to tray' }));
    await waitFor(() => expect(host.live.service.preferences.get('close_to_tray')).toBe('1'));
    expect(host.live.service.preferences.get('start_up_auto')).toBe('1');
    expect(host.live.service.preferences.get('run_with_mini')).toBe('1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Start minimized' }));
    await waitFor(() => expect(host.live.service.preferences.get('run_with_mini')).toBe('0'));
    first.unmount();
    renderWithServices(<SettingsTab />, { host });
    expect(screen.getByRole('checkbox', { name: 'Auto run at start' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Start minimized' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Close to tray' })).toBeChecked();
  });

  it('on the desktop, shows the start-up options the bridge holds, not what this window last saw', async () => {
    const host = testHost({ hostKind: 'bridge' });
    implementOptionsReading(host.live.service);
    // Set from another window (or the command line) before this one opened.
    await host.live.client.setRunWithMini({ run_with_mini: '1' });
    await host.live.client.setCloseToTray({ close_to_tray: '1' });
    localStorage.setItem('StartUpAuto', '1');
    renderWithServices(<SettingsTab />, { host });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Start minimized' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Close to tray' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Auto run at start' })).not.toBeChecked();
    expect(localStorage.getItem('RunWithMini')).toBe('1');
    expect(localStorage.getItem('StartUpAuto')).toBe('0');
  });

  it('shows the notification options in the browser too', () => {
    renderWithServices(<SettingsTab />, { host: testHost({ hostKind: 'wasm', platform: 'window' }) });
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Event info in the app' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Tell me when' })).toBeInTheDocument();
  });

  it('on Linux, turns the device permission tip off and on (CheckDevPermission)', async () => {
    renderWithServices(<SettingsTab />, { host: testHost({ platform: 'linux' }) });
    const box = screen.getByRole('checkbox', { name: 'Show the Linux device permission tip on the Device tab' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(readCookie(document.cookie, 'CheckDevPermission')).toBe('0');
  });
});
