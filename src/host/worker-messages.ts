/** Messages between the page and the worker that runs the virtual keyboards' firmware. */

export interface VirtualKeyboardSpec {
  displayName: string;
  fwVer: string;
  hwVer?: string;
  accessMode?: number;
  serial: string;
}

export type ToWorker =
  | { type: 'create'; id: string; spec: VirtualKeyboardSpec }
  | { type: 'restore-all' }
  | { type: 'report'; id: string; seq: number; report: Uint8Array }
  | { type: 'press'; id: string; seq: number; keyId: number; depth: number }
  | { type: 'forget'; id: string };

export type FromWorker =
  | { type: 'created'; id: string; vendorId: number; productId: number; productName: string }
  | { type: 'restored'; keyboards: { id: string; spec: VirtualKeyboardSpec }[] }
  | { type: 'replies'; id: string; seq: number; reports: Uint8Array[] }
  | { type: 'pressed'; id: string; seq: number; error?: string }
  | { type: 'notify'; id: string; report: Uint8Array }
  | { type: 'error'; id: string; message: string };
