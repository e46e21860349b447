/** A Host for component tests, with desktop window controls that record what they were asked to do. */
import type { Host, WindowControls } from '../../src/ui/host-types';
import { FakeBridge } from './fake-bridge';

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

export type FakeHost = Host & { bridge: FakeBridge; hidRequests: number };

export function fakeHost(overrides: Partial<Omit<Host, 'bridge'>> = {}): FakeHost {
  const host: FakeHost = {
    bridge: new FakeBridge(),
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
