/**
 * A Host for component tests: its bridge is the real device service over loopback links (src/testing/live-service.ts),
 * and the parts of the environment a browser or desktop shell gives (the WebHID permission prompt, window controls)
 * record what they were asked to do.
 */
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

export type TestHost = Host & { live: LiveService; hidRequests: number };

export function testHost(overrides: Partial<Omit<Host, 'bridge'>> = {}, options: LiveServiceOptions = {}): TestHost {
  const live = liveService(options);
  made.add(live);
  const host: TestHost = {
    bridge: live.bridge,
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
