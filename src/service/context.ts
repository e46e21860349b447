/**
 * What a call handler gets: its parsed arguments (typed by the contract), the device it addresses, and the service's
 * typed event emitter. Handlers live in src/service/handlers, one file per area.
 */
import type { Capabilities } from '../core/capabilities.ts';
import type { Descriptor } from '../protocol/objects.ts';
import type { DeviceRecord, EventName } from '../contract/bridge.ts';
import type { CallAnswer, CallName, EventPayloads, ParsedArgs } from '../contract/contract.ts';
import type { DeviceDriver, FamilyId } from '../drivers/types.ts';
import type { DeviceSession } from './session.ts';

/** One piece of per-device state an area keeps between calls, typed, created on first use. */
export interface StateSlot<T> {
  readonly name: string;
  init(): T;
}

export function stateSlot<T>(name: string, init: () => T): StateSlot<T> {
  return { name, init };
}

/** A device known to the service, of whichever family: what every handler may read of it. */
export interface DeviceEntry {
  path: string;
  record: DeviceRecord;
  readonly family: FamilyId;
  /** The family driver of a device that is not of our own protocol (libhmk, VIA): its ports serve the calls. */
  driver?: DeviceDriver;
  /** Present for virtual keyboards: presses a key on the reference firmware. */
  pressKey?: (keyId: number, depthMm: number) => Promise<void>;
  /** The area state of one slot, created on first use. */
  slot<T>(slot: StateSlot<T>): T;
  /** Forgets the state of the given slots (all of them without arguments). */
  resetSlots(...slots: StateSlot<unknown>[]): void;
}

/**
 * A device of our own protocol: its session, its handshake and the capability row of its model and firmware. Only
 * handlers registered for the keytune family see these (service.implementFor('keytune', …)).
 */
export interface KeytuneDevice extends DeviceEntry {
  readonly family: 'keytune';
  session: DeviceSession;
  descriptor: Descriptor;
  /** What this model at this firmware supports; computed when the device attaches (and again if its firmware changes). */
  caps: Capabilities;
  driver?: undefined;
}

/** A device of another family: its driver serves every call (src/service/family). */
export type DriverDevice = DeviceEntry & { driver: DeviceDriver };

export function isDriverDevice(device: DeviceEntry): device is DriverDevice {
  return device.driver !== undefined;
}

export function isKeytuneDevice(device: DeviceEntry): device is KeytuneDevice {
  return device.family === 'keytune' && device.driver === undefined;
}

/** The kind of entry the handlers of each family are written for. */
export interface FamilyDevices {
  keytune: KeytuneDevice;
  libhmk: DriverDevice;
  via: DriverDevice;
}

export type Emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

export interface CallContext<D extends DeviceEntry = DeviceEntry> {
  emit: Emit;
  /** The device named by the call's path; rejects with err.dev.not.found when there is none. */
  device(): D;
  service: ServiceApi;
}

/** The part of the service handlers may use beyond their own device. */
export interface ServiceApi {
  /** Devices of our own protocol. */
  devices(): KeytuneDevice[];
  /** Devices of every family. */
  allDevices(): DeviceEntry[];
  deviceRecords(): DeviceRecord[];
  addVirtual(options: VirtualDeviceOptions): Promise<DeviceEntry>;
  removeDevice(path: string): Promise<void>;
  updateRecord(path: string, patch: Partial<DeviceRecord>): void;
  emit: Emit;
  preferences: Map<string, string>;
}

export interface VirtualDeviceOptions {
  displayName: string;
  fwVer: string;
  hwVer?: string;
  accessMode?: number;
}

export type CallHandler<K extends CallName, D extends DeviceEntry = DeviceEntry> = (
  args: ParsedArgs<K>,
  ctx: CallContext<D>,
) => Promise<CallAnswer<K>> | CallAnswer<K>;

/** Handlers of a set of calls, one per call. */
export type Handlers<K extends CallName, D extends DeviceEntry = DeviceEntry> = { [P in K]: CallHandler<P, D> };
