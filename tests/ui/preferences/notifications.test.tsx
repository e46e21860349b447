// @vitest-environment jsdom
/**
 * Notifications on the Settings tab: system notifications asked for only on the person's click (with the browser's
 * refusal shown), event info in the app, which events; and the device events told through the chosen channels.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deviceRecord } from '../records';
import type { DeviceRecord } from '../../../src/contract/bridge';
import { NOTICE_STORAGE_KEY, useNoticeStore } from '../../../src/ui/preferences/notifications';
import SettingsTab from '../../../src/ui/preferences/SettingsTab';
import { noticesBetween } from '../../../src/ui/toasts/device-notices';
import { ToastLayer } from '../../../src/ui/toasts/ToastLayer';
import { renderWithServices, serviceDoes } from '../render';
import { testHost } from '../test-host';

/** A stand-in for the browser's Notification API: what it was asked and what it showed. */
function stubNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: { title: string; body: string | undefined }[] = [];
  const requests: number[] = [];
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = vi.fn(async () => {
      requests.push(1);
      FakeNotification.permission = answer;
      return answer;
    });
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, requests };
}

const withSettings = (host = testHost()) =>
  renderWithServices(
    <>
      <SettingsTab />
      <ToastLayer />
    </>,
    { host },
  );

beforeEach(() => {
  localStorage.clear();
  useNoticeStore.getState().reload();
});
afterEach(() => vi.unstubAllGlobals());

describe('system notifications', () => {
  it('asks the browser only when turned on, and stay on once allowed, after a reload too', async () => {
    const browser = stubNotifications('default', 'granted');
    const first = withSettings();
    const box = screen.getByRole('checkbox', { name: 'System notifications' });
    expect(box).not.toBeChecked();
    expect(browser.requests).toHaveLength(0);
    expect(screen.getByText('The browser asks for permission when you turn system notifications on.')).toBeVisible();
    await userEvent.click(box);
    expect(browser.requests).toHaveLength(1);
    await waitFor(() => expect(box).toBeChecked());
    expect(screen.getByText('The browser allows notifications from this page.')).toBeVisible();
    expect(JSON.parse(localStorage.getItem(NOTICE_STORAGE_KEY)!)).toMatchObject({ system: true });
    first.unmount();
    useNoticeStore.getState().reload();
    withSettings();
    expect(screen.getByRole('checkbox', { name: 'System notifications' })).toBeChecked();
  });

  it('stay off when the browser refuses, saying where to allow them', async () => {
    const browser = stubNotifications('default', 'denied');
    withSettings();
    const box = screen.getByRole('checkbox', { name: 'System notifications' });
    await userEvent.click(box);
    expect(
      await screen.findByText(/The browser blocks notifications from this page\. Allow them in the site settings/),
    ).toBeVisible();
    expect(box).not.toBeChecked();
    // Not kept as on either: allowing them later in the site settings does not turn them on behind the person's back.
    expect(localStorage.getItem(NOTICE_STORAGE_KEY) ?? '').not.toContain('"system":true');
    expect(box).toHaveAttribute('aria-disabled', 'true');
    expect(box).toHaveAccessibleDescription(/blocks notifications/);
    await userEvent.click(box);
    expect(browser.requests).toHaveLength(1);
    expect(box).not.toBeChecked();
  });

  it('say so when the browser has none', () => {
    vi.stubGlobal('Notification', undefined);
    withSettings();
    expect(screen.getByText('This browser cannot show system notifications.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'System notifications' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('tell a keyboard connecting and disconnecting once allowed and turned on', async () => {
    const browser = stubNotifications('granted');
    const host = testHost();
    withSettings(host);
    await userEvent.click(screen.getByRole('checkbox', { name: 'System notifications' }));
    const path = await serviceDoes(() => host.live.addVirtual('Made68Pro'));
    expect(browser.shown).toEqual([{ title: 'Keytune', body: 'Made68Pro connected' }]);
    await serviceDoes(() => host.live.client.removeDevice({ path }));
    expect(browser.shown.at(-1)).toEqual({ title: 'Keytune', body: 'Made68Pro disconnected' });
    // No toast: event info in the app is off.
    expect(screen.queryByText('Made68Pro connected')).not.toBeInTheDocument();
  });
});

describe('event info in the app', () => {
  it('is off at first: a keyboard connecting says nothing', async () => {
    const host = testHost();
    withSettings(host);
    expect(screen.getByRole('checkbox', { name: 'Event info in the app' })).not.toBeChecked();
    await serviceDoes(() => host.live.addVirtual('Cyber01'));
    expect(screen.queryByText('Cyber01 connected')).not.toBeInTheDocument();
  });

  it('turned on, shows a toast for the events chosen, in the language of the page', async () => {
    const host = testHost();
    withSettings(host);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Event info in the app' }));
    const path = await serviceDoes(() => host.live.addVirtual('Cyber01'));
    expect(await screen.findByText('Cyber01 connected')).toBeInTheDocument();

    // "A keyboard disconnects" unticked: its removal is not told.
    await userEvent.click(screen.getByRole('checkbox', { name: 'A keyboard disconnects' }));
    await serviceDoes(() => host.live.client.removeDevice({ path }));
    expect(screen.queryByText('Cyber01 disconnected')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(NOTICE_STORAGE_KEY)!)).toMatchObject({ inApp: true, disconnected: false });

    await userEvent.click(screen.getByRole('radio', { name: '简体中文 — Simplified Chinese' }));
    await serviceDoes(() => host.live.addVirtual('Made68Pro'));
    expect(await screen.findByText('Made68Pro 已连接')).toBeInTheDocument();
  });
});

describe('the events of a device list change', () => {
  const record = (path: string, more: Partial<DeviceRecord> = {}): DeviceRecord =>
    deviceRecord({ path, img_name: '', access_text: '', fw_ver: '1.3.7', dev_sn: path, ...more });
  const latest = (d: DeviceRecord) => (d.fw_ver === '1.3.7' ? '1.4.2' : undefined);

  it('are connected, disconnected (gone or offline) and update available, each once', () => {
    const a = record('a', { fw_ver: '1.4.2' });
    const b = record('b', { fw_ver: '1.4.2' });
    expect(noticesBetween([], [a], latest)).toEqual([{ event: 'connected', path: 'a', name: 'Made68Pro' }]);
    expect(noticesBetween([a, b], [{ ...a, online: false }], latest).map((n) => `${n.event} ${n.path}`)).toEqual([
      'disconnected a',
      'disconnected b',
    ]);
    const old = record('c');
    expect(noticesBetween([a], [a, old], latest).map((n) => `${n.event} ${n.version ?? ''}`)).toEqual([
      'connected ',
      'update 1.4.2',
    ]);
    // Nothing new: nothing told again.
    expect(noticesBetween([a, old], [a, old], latest)).toEqual([]);
  });
});
