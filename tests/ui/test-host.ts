/**
 * A Host for component tests: its bridge is the real device service over loopback links (src/testing/live-service.ts),
 * and the parts of the environment a browser or desktop shell gives (the WebHID permission prompt, window controls)
 * record what they were asked to do.
 */
import * as React from 'react';
import { act } from 'react';
import type { Bridge } from '../../src/contract/bridge';
import type { Host, WindowControls } from '../../src/ui/host-types';
import { liveService, type LiveService, type LiveServiceOptions } from '../../src/testing/live-service';

export class FakeWindowControls implements WindowControls {
  maximized = false;
  readonly actions: string[] = [];
  private readonly watchers = new Set<(maximized: boolean) => void>();

  minimize(): void {
    this.actions.push('minimize');
  }
  toggleMaximize(): void {
    this.actions.push('toggleMaximize');
    this.setMaximized(!this.maximized);
  }
  close(): void {
    this.actions.push('close');
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  onMaximizedChange(cb: (maximized: boolean) => void): () => void {
    this.watchers.add(cb);
    return () => this.watchers.delete(cb);
  }
  startDrag(): void {
    this.actions.push('startDrag');
  }
  /** The system maximized or restored the window. */
  setMaximized(maximized: boolean): void {
    this.maximized = maximized;
    for (const cb of this.watchers) cb(maximized);
  }
}

// Every host's keyboards are detached after its test, so no link or firmware timer outlives it.
const made = new Set<LiveService>();
afterEach(async () => {
  for (const live of made) await live.dispose();
  made.clear();
});

const reactInternals = (React as unknown as Record<string, { actQueue?: unknown } | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;

/**
 * The service's events reach the screens inside act(), as React expects of anything that updates them from outside
 * a test's own steps: without it, an event landing between two steps prints "not wrapped in act". Inside an act the
 * test already runs, or inside waitFor/findBy (Testing Library turns the act environment off there and flushes
 * updates itself), an event passes as it is.
 */
function eventsInAct(bridge: Bridge): Bridge {
  return {
    call: (channel, func, args) => bridge.call(channel, func, args),
    on: (event, listener) =>
      bridge.on(event, (payload) => {
        const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
        if (actEnvironment && reactInternals?.actQueue == null) act(() => listener(payload));
        else listener(payload);
      }),
  };
}

export type TestHost = Host & { live: LiveService; hidRequests: number };

export function testHost(overrides: Partial<Omit<Host, 'bridge'>> = {}, options: LiveServiceOptions = {}): TestHost {
  const live = liveService(options);
  made.add(live);
  const host: TestHost = {
    bridge: eventsInAct(live.bridge),
    live,
    hidRequests: 0,
    hasWebHid: true,
    platform: 'other',
    hostKind: 'wasm',
    async requestHidDevice() {
      host.hidRequests++;
    },
    ...overrides,
  };
  return host;
}
