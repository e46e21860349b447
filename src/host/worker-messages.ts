/**
 * Messages between the page and the device worker. The worker runs the device service and the virtual keyboards'
 * firmware; the page holds only the UI, a bridge client and, for real keyboards, a WebHID forwarder (WebHID lives on
 * the page's navigator).
 */
import type { HidCollectionInfo } from '../drivers/types.ts';
import type { ResourceTypes } from '../core/resources.ts';
import type { EventName, SerializedCallError } from '../contract/bridge.ts';

export interface HidInfo {
  vendorId: number;
  productId: number;
  productName: string;
  /** Bytes of the configuration collection's reports. */
  reportBytes: number;
  /** The device's configuration collections, for telling its family. */
  collections: HidCollectionInfo[];
}

export type ToWorker =
  /** Start-up step 1: the four default resources, fetched and checked by the worker as soon as it starts. */
  | { type: 'resources' }
  /** Start-up step 2, device access: the page listens from now on; answered by 'ready'. */
  | { type: 'init'; realisticLinks: boolean }
  | { type: 'call'; id: number; channel: string; func: string; args: string[] }
  | { type: 'unplug'; path: string }
  | { type: 'hid-attach'; port: string; info: HidInfo }
  | { type: 'hid-report'; port: string; report: Uint8Array }
  | { type: 'hid-sent'; port: string; seq: number; error?: string }
  | { type: 'hid-gone'; port: string };

export type FromWorker =
  | { type: 'resources'; result: LoadedResources }
  | { type: 'ready' }
  | { type: 'result'; id: number; value?: unknown; error?: SerializedCallError }
  | { type: 'event'; name: EventName; payload: unknown }
  | { type: 'hid-send'; port: string; seq: number; report: Uint8Array };

/** The default resources, or the file that failed and why. */
export type LoadedResources = { ok: true; value: ResourceTypes } | { ok: false; file: string; detail: string };

export interface VirtualKeyboardSpec {
  displayName: string;
  fwVer: string;
  hwVer?: string;
  accessMode?: number;
  serial: string;
}
