/**
 * What the UI needs from the environment it runs in (browser page or desktop shell). The host module builds one of
 * these at start-up; components only ever see this interface, so tests can hand them a fake.
 */
import type { Bridge } from '../contract/bridge';

export type Platform = 'other' | 'window' | 'linux' | 'mac';
/** wasm: the browser page with its device worker; bridge: the page served by the desktop bridge. */
export type HostKind = 'wasm' | 'bridge' | 'tauri' | 'electron';

/** The desktop shell's window, for the custom title bar. Absent in the browser. */
export interface WindowControls {
  minimize(): void;
  toggleMaximize(): void;
  close(): void;
  isMaximized(): boolean;
  /** Calls back on every maximize/restore (including by the system); returns the unsubscribe function. */
  onMaximizedChange(cb: (maximized: boolean) => void): () => void;
  /** Hands the current mouse drag to the system so it moves the window. */
  startDrag(): void;
}

export interface Host {
  bridge: Bridge;
  /** Asks the browser for permission to a device of the product's vendors; resolves once the picker closes. */
  requestHidDevice(): Promise<void>;
  hasWebHid: boolean;
  platform: Platform;
  hostKind: HostKind;
  windowControls?: WindowControls;
}
