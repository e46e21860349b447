// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/ui/App';
import { readCookie } from '../../src/ui/cookies';
import { withDevicesExtraTexts } from './devices-extra-texts';
import { testHost } from './test-host';
import { renderWithServices } from './render';

withDevicesExtraTexts();

describe('Linux device-permission tip', () => {
  beforeEach(() => {
    document.cookie = 'CheckDevPermission=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('shows on Linux with the install commands and the udev rules', async () => {
    renderWithServices(<App />, { host: testHost({ platform: 'linux' }) });
    const dialog = await screen.findByRole('dialog', { name: 'Allow Keytune to reach your keyboard' });
    // The script comes from the app's own address, which serves it (public/linux).
    const script = `${location.origin}/linux/keytune-udev.sh`;
    expect(dialog).toHaveTextContent(`curl -fsSL ${script} | sudo sh`);
    expect(dialog).toHaveTextContent(`wget -qO- ${script} | sudo sh`);
    expect(dialog).toHaveTextContent('ATTRS{idVendor}=="34b7", ATTRS{idProduct}=="1003"');
    expect(within(dialog).getByRole('link', { name: 'Install script' })).toHaveAttribute('href', script);
    expect(within(dialog).getByRole('link', { name: 'udev rule' })).toHaveAttribute(
      'href',
      `${location.origin}/linux/70-keytune.rules`,
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Show this every time' })).toBeChecked();
  });

  it('does not show on other platforms', () => {
    renderWithServices(<App />, { host: testHost({ platform: 'window' }) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('unticking "Show this every time" and OK stores CheckDevPermission=0, and it stays away', async () => {
    const first = renderWithServices(<App />, { host: testHost({ platform: 'linux' }) });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Show this every time' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readCookie(document.cookie, 'CheckDevPermission')).toBe('0');
    first.unmount();
    renderWithServices(<App />, { host: testHost({ platform: 'linux' }) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('OK with the box ticked shows it again next time', async () => {
    const first = renderWithServices(<App />, { host: testHost({ platform: 'linux' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(readCookie(document.cookie, 'CheckDevPermission')).toBe('1');
    first.unmount();
    renderWithServices(<App />, { host: testHost({ platform: 'linux' }) });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    renderWithServices(<App />, { host: testHost({ platform: 'linux' }), language: 'zh_CN' });
    expect(await screen.findByRole('dialog', { name: '允许 Keytune 访问你的键盘' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '每次都显示' })).toBeInTheDocument();
  });
});

describe('Firefox tip', () => {
  it('shows when the browser is Firefox without WebHID, with its links', () => {
    const ua = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0');
    renderWithServices(<App />, { host: testHost({ hasWebHid: false }) });
    const dialog = screen.getByRole('dialog', { name: 'Firefox cannot reach keyboards' });
    expect(within(dialog).getByRole('link', { name: /WebHID extension/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /desktop app/ })).toBeInTheDocument();
    ua.mockRestore();
  });
});

describe('Firefox tip', () => {
  it('offers the desktop bridge, through which any browser reaches keyboards', async () => {
    const { FirefoxTip } = await import('../../src/ui/device-list/PlatformTips');
    renderWithServices(<FirefoxTip open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Firefox cannot reach keyboards' });
    expect(dialog).toHaveTextContent('npm run desktop');
  });
});
