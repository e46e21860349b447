/**
 * What a call handler gets: the parsed arguments, the device it addresses (when it names one), and the service's
 * event emitter. Handlers live in src/service/handlers, one file per area, and register themselves by name.
 */
import type { Descriptor } from '../protocol/objects.ts';
import type { DeviceRecord, EventName } from './bridge.ts';
import type { DeviceSession } from './session.ts';

/** A device known to the service. */
export interface DeviceEntry {
  path: string;
  record: DeviceRecord;
  session: DeviceSession;
  descriptor: Descriptor;
  /** Present for virtual keyboards: presses a key on the reference firmware. */
  pressKey?: (keyId: number, depthMm: number) => Promise<void>;
  /** Per-area state the handlers keep between calls (selected layer, recording flag, cached objects). */
  state: Map<string, unknown>;
}

export interface CallContext {
  args: Map<string, string>;
  /** The raw argument list, for calls whose arguments are positional (show_loading ["1"]). */
  raw: readonly string[];
  emit(event: EventName, payload: unknown): void;
  /** The device named by --path; rejects with err.dev.not.found when there is none. */
  device(): DeviceEntry;
  service: ServiceApi;
}

/** The part of the service handlers may use beyond their own device. */
export interface ServiceApi {
  devices(): DeviceEntry[];
  addVirtual(options: VirtualDeviceOptions): Promise<DeviceEntry>;
  removeDevice(path: string): Promise<void>;
  emit(event: EventName, payload: unknown): void;
  preferences: Map<string, string>;
}

export interface VirtualDeviceOptions {
  displayName: string;
  fwVer: string;
  hwVer?: string;
  accessMode?: number;
}

export type Handler = (ctx: CallContext) => Promise<unknown> | unknown;
export type HandlerTable = Record<string, Handler>;
