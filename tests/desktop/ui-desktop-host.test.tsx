// @vitest-environment jsdom
/**
 * The page the bridge serves: its host reaches the bridge's device service and the app window over the WebSocket.
 * A real bridge on 127.0.0.1 answers; the app window is a recording stand-in (the real one is a browser process).
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import WebSocket from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/contract/client.ts';
import type { WindowHandle } from '../../src/desktop/server.ts';
import { App } from '../../src/ui/App';
import { bridgeToken, createDesktopHost } from '../../src/ui/host/desktop.ts';
import type { Host } from '../../src/ui/host-types';
import { renderWithServices } from '../ui/render';
import { testHost, type TestHost } from '../ui/test-host';
import { testBridge } from './helpers.ts';

class RecordingWindow implements WindowHandle {
  readonly actions: string[] = [];
  maximized = false;
  async minimize() {
    this.actions.push('minimize');
  }
  async toggleMaximize() {
    this.actions.push('toggle-maximize');
    this.maximized = !this.maximized;
  }
  async close() {
    this.actions.push('close');
  }
  async isMaximized() {
    return this.maximized;
  }
}

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function desktop(
  withWindow?: RecordingWindow,
): Promise<{ host: Host; bridge: Awaited<ReturnType<typeof testBridge>> }> {
  const bridge = await testBridge();
  cleanup.push(() => bridge.close());
  if (withWindow) bridge.server.setWindow(withWindow);
  const host = await createDesktopHost({
    token: bridge.token,
    url: `ws://127.0.0.1:${bridge.server.port}/bridge`,
    platform: 'window',
    WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
  });
  return { host, bridge };
}

/** The desktop host in the shape the render helper takes (its own device list starts empty). */
function asTestHost(host: Host): TestHost {
  return { ...host, live: testHost().live, hidRequests: 0 };
}

describe('the desktop host', () => {
  it('finds the token the bridge put in its page', () => {
    document.head.innerHTML = '<meta name="keytune-bridge-token" content="abc" />';
    expect(bridgeToken()).toBe('abc');
    document.head.innerHTML = '';
    expect(bridgeToken()).toBeUndefined();
  });

  it('reaches the bridge’s device service and hears its events', async () => {
    const { host, bridge } = await desktop();
    const client = createClient(host.bridge);
    const lists: unknown[] = [];
    client.on('devs_changed', (list) => lists.push(list));
    const path = await client.addVirtualDevice({ display_name: 'Made68Pro', fw_ver: '1.4.2' });
    expect(bridge.service.devices().map((d) => d.path)).toEqual([path]);
    await vi.waitFor(() => expect(lists.length).toBeGreaterThan(0));
    await expect(client.getSettingData({ path: 'nowhere' })).rejects.toMatchObject({ toastKey: 'err.dev.not.found' });
    expect(host.hasWebHid).toBe(false);
    expect(host.windowControls).toBeUndefined();
  });

  it('shows the title bar whose buttons drive the app window through the bridge', async () => {
    const window = new RecordingWindow();
    const { host } = await desktop(window);
    expect(host.windowControls).toBeDefined();
    renderWithServices(<App />, { host: asTestHost(host) });
    // The title bar's code loads a moment after the app.
    await userEvent.click(await screen.findByRole('button', { name: 'Minimize' }));
    await vi.waitFor(() => expect(window.actions).toEqual(['minimize']));
    await userEvent.click(screen.getByRole('button', { name: 'Maximize' }));
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(window.actions).toEqual(['minimize', 'toggle-maximize']);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(window.actions).toContain('close'));
  });

  it('does not tell a Firefox user to find WebHID: the bridge reaches the keyboards', async () => {
    const ua = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0');
    cleanup.push(() => ua.mockRestore());
    const { host } = await desktop();
    renderWithServices(<App />, { host: asTestHost({ ...host, platform: 'window' }) });
    await act(async () => undefined);
    expect(screen.queryByRole('dialog', { name: 'Firefox cannot reach keyboards' })).toBeNull();
  });
});
