/**
 * The device service: implements the bridge contract over every attached device. Call handlers are registered per
 * area (src/service/handlers); this file owns the device registry, events, error mapping and notifications routing.
 */
import { SUB } from '../protocol/commands.ts';
import { DEVICE_ERROR } from '../protocol/errors.ts';
import type { Frame } from '../protocol/frame.ts';
import type { Transport } from '../transport/types.ts';
import { keytuneDescription } from '../drivers/keytune/record.ts';
import { deviceRecord } from './records.ts';
import { capabilitiesFor } from '../core/capabilities.ts';
import { BridgeCallError, type Bridge, type DeviceRecord, type EventName, type Listener } from '../contract/bridge.ts';
import { decodeArgs } from '../contract/codec.ts';
import { CALLS, type CallName, type EventPayloads } from '../contract/contract.ts';
import { parseCallArgs, type CallDef } from '../contract/define.ts';
import type { DefinitionStore, DeviceDriver, DeviceFamily } from '../drivers/types.ts';
import { DriverError } from '../drivers/types.ts';
import { FAMILY_KEYS } from './family/keys.ts';
import { isDriverDevice, type DriverDevice } from './context.ts';
import type {
  CallContext,
  CallHandler,
  DeviceEntry,
  Handlers,
  ServiceApi,
  StateSlot,
  VirtualDeviceOptions,
} from './context.ts';
import { DeviceSession, SessionError, type SessionOptions } from './session.ts';
import { endCall } from './cache.ts';
import { UPDATE_KEYS } from './convert/firmware.ts';
import { tapTransport } from '../transport/exchange-log.ts';
import { keepExchanges } from './report-bundle.ts';

export interface VirtualDeviceHandle {
  transport: Transport;
  pressKey(keyId: number, depthMm: number): Promise<void>;
  /** The family of a virtual keyboard of another family (absent: our own protocol's reference firmware). */
  family?: DeviceFamily;
  definitions?: DefinitionStore;
}

export interface DeviceServiceOptions {
  /** Creates a virtual keyboard driven by the reference firmware (loopback, or a worker in the browser). */
  createVirtual?: (options: VirtualDeviceOptions) => Promise<VirtualDeviceHandle>;
  session?: Omit<SessionOptions, 'onNotify' | 'onDisconnect'>;
}

/** Why a device left: removed by a call, or its link went away. */
export type RemovalReason = 'removed' | 'disconnected';

export type NotifyHandler = (device: DeviceEntry, frame: Frame, service: DeviceService) => void;

export { versionText } from '../drivers/keytune/record.ts';
export { deviceRecord } from './records.ts';

const ROUTES = new Map<string, { name: CallName; def: CallDef }>(
  Object.entries(CALLS).map(([name, def]) => [`${def.channel} ${def.func}`, { name: name as CallName, def }]),
);

function newEntry(fields: Omit<DeviceEntry, 'slot' | 'resetSlots'>): DeviceEntry {
  const slots = new Map<string, unknown>();
  return {
    ...fields,
    slot<T>(slot: StateSlot<T>): T {
      if (!slots.has(slot.name)) slots.set(slot.name, slot.init());
      return slots.get(slot.name) as T;
    },
    resetSlots(...which) {
      if (which.length === 0) slots.clear();
      for (const s of which) slots.delete(s.name);
    },
  };
}

export class DeviceService implements Bridge, ServiceApi {
  private readonly handlers = new Map<CallName, CallHandler<CallName>>();
  private readonly driverHandlers = new Map<CallName, CallHandler<CallName>>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly notifyHandlers = new Map<number, NotifyHandler[]>();
  private readonly entries = new Map<string, DeviceEntry>();
  /** Per device, the end of the chain of calls running on it: a device's calls run one after the other. */
  private readonly deviceLocks = new Map<string, Promise<unknown>>();
  private readonly attachedHooks: ((entry: DeviceEntry) => void)[] = [];
  private readonly driverAttachedHooks: ((entry: DriverDevice) => void)[] = [];
  private readonly removedHooks: ((entry: DeviceEntry, reason: RemovalReason) => void)[] = [];
  readonly preferences = new Map<string, string>();

  constructor(private readonly options: DeviceServiceOptions = {}) {
    this.onNotify(SUB.notify.sync, (device, frame) => {
      this.emit('sync_update', { path: device.path, state: frame.data[0] ? 1 : 0 });
    });
  }

  /** Registers the handlers of some calls of the contract. */
  implement(handlers: Partial<Handlers<CallName>>): void {
    for (const [name, handler] of Object.entries(handlers)) {
      if (!(name in CALLS)) throw new Error(`${name} is not a call of the contract`);
      this.handlers.set(name as CallName, handler as CallHandler<CallName>);
    }
  }

  /** Calls of the contract that have no handler (a complete service has none). */
  unimplemented(): CallName[] {
    return (Object.keys(CALLS) as CallName[]).filter((name) => !this.handlers.has(name));
  }

  /** Registers what to do with one kind of device notification. */
  onNotify(sub: number, handler: NotifyHandler): void {
    const list = this.notifyHandlers.get(sub) ?? [];
    list.push(handler);
    this.notifyHandlers.set(sub, list);
  }

  /** Tells a host when a device joins (after its handshake), so hosts never interpret call names. */
  onDeviceAttached(hook: (entry: DeviceEntry) => void): void {
    this.attachedHooks.push(hook);
  }

  /** Tells a host when a device leaves: removed by a call, or gone from its link. */
  onDeviceRemoved(hook: (entry: DeviceEntry, reason: RemovalReason) => void): void {
    this.removedHooks.push(hook);
  }

  on(event: EventName, listener: Listener): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) {
      try {
        l(payload);
      } catch (e) {
        console.error(`listener of ${event} failed`, e);
      }
    }
  }

  /** Devices of our own protocol (the ones with a session). */
  devices(): DeviceEntry[] {
    return [...this.entries.values()].filter((e) => !isDriverDevice(e));
  }

  /** Devices of every family, in the order they came. */
  allDevices(): DeviceEntry[] {
    return [...this.entries.values()];
  }

  deviceRecords(): DeviceRecord[] {
    return this.allDevices().map((e) => e.record);
  }

  async call(channel: string, func: string, args: readonly string[] = []): Promise<unknown> {
    try {
      const route = ROUTES.get(`${channel} ${func}`);
      if (!route || !this.handlers.has(route.name))
        throw new BridgeCallError('err.args.invalid', `unknown call ${channel} ${func}`);
      const parsed = parseCallArgs(route.def, decodeArgs(args)) as Record<string, unknown>;
      const path = typeof parsed['path'] === 'string' ? parsed['path'] : undefined;
      const handler = this.handlerFor(route.name, path);
      // A device that was there when the call came in and left while it waited for its turn was disconnected.
      const wasThere = path !== undefined && this.entries.has(path);
      const ctx: CallContext = {
        emit: (event, payload) => this.emit(event, payload),
        device: () => {
          const entry = path === undefined ? undefined : this.entries.get(path);
          if (entry) return entry;
          if (wasThere) throw new BridgeCallError('err.dev.disconnected', `${path} went away before the call ran`);
          throw new BridgeCallError('err.dev.not.found', `no device at ${path ?? '(no --path)'}`);
        },
        service: this,
      };
      const run = async () => {
        try {
          return await handler(parsed as never, ctx);
        } finally {
          const entry = path === undefined ? undefined : this.entries.get(path);
          if (entry && !isDriverDevice(entry)) endCall(entry);
        }
      };
      if (path === undefined || route.def.concurrent) return await run();
      return await this.serialised(path, run);
    } catch (e) {
      const error = toBridgeError(e);
      // The catalogue key is what a person reads; the technical reason stays on the rejected error.
      this.emit('toast_message', {
        title: error.toastKey,
        context: '',
        args: error.args.join(';;'),
        type: error.toastType,
        delay: error.toastDelay,
      });
      throw error;
    }
  }

  /** Registers the handlers that serve calls on devices of other families (their drivers' ports). */
  implementForDrivers(handlers: Partial<Handlers<CallName>>): void {
    for (const [name, handler] of Object.entries(handlers)) {
      if (!(name in CALLS)) throw new Error(`${name} is not a call of the contract`);
      this.driverHandlers.set(name as CallName, handler as CallHandler<CallName>);
    }
  }

  /**
   * The handler of a call: on a device of another family, the one written for drivers where there is one, else the
   * common one when it reads nothing of our protocol (a call that does refuses as not offered on that device).
   */
  private handlerFor(name: CallName, path: string | undefined): CallHandler<CallName> {
    const entry = path === undefined ? undefined : this.entries.get(path);
    const common = this.handlers.get(name)!;
    if (!entry || !isDriverDevice(entry)) return common;
    return this.driverHandlers.get(name) ?? common;
  }

  /**
   * Runs work the device asked for on its own (a notification that needs objects read) in the device's call queue,
   * so it never reads between the steps of a call (an update in its bootloader, a transaction).
   */
  afterCalls<T>(path: string, run: () => Promise<T>): Promise<T> {
    return this.serialised(path, run);
  }

  /**
   * Runs one call after the device's earlier calls have finished, so a call that reads, changes and writes an object
   * never works from a copy another call is about to replace.
   */
  private serialised<T>(path: string, run: () => Promise<T>): Promise<T> {
    const before = this.deviceLocks.get(path) ?? Promise.resolve();
    const result = before.then(run, run);
    const tail = result.catch(() => undefined);
    this.deviceLocks.set(path, tail);
    void tail.then(() => {
      if (this.deviceLocks.get(path) === tail) this.deviceLocks.delete(path);
    });
    return result;
  }

  /** Attaches a device reachable through `transport`: handshake, record, events. */
  async attach(transport: Transport, extras: { pressKey?: DeviceEntry['pressKey']; virtual?: boolean } = {}) {
    // Tapped before the handshake, so a report shows it too.
    const exchanges = tapTransport(transport);
    // The session reports notifications and the disconnect to the entry made once the handshake has answered.
    const attached: { entry?: DeviceEntry } = {};
    const session = new DeviceSession(transport, {
      ...this.options.session,
      onNotify: (frame) => {
        const entry = attached.entry;
        if (entry) for (const h of this.notifyHandlers.get(frame.sub & 0x3f) ?? []) h(entry, frame, this);
      },
      onDisconnect: () => {
        const entry = attached.entry;
        if (entry && this.entries.get(entry.path) === entry) {
          this.entries.delete(entry.path);
          this.emit('devs_changed', this.deviceRecords());
          this.announceRemoval(entry, 'disconnected');
        }
      },
    });
    const descriptor = await session.open();
    const kind = extras.virtual ? 'virtual' : transport.info.kind;
    const hex = (n: number) => n.toString(16).padStart(4, '0');
    const path = `${kind}:${hex(transport.info.vendorId)}:${hex(transport.info.productId)}:${descriptor.serial}`;
    keepExchanges(this, path, exchanges);
    const old = this.entries.get(path);
    if (old) await old.session.close().catch(() => undefined);
    const record = deviceRecord(path, keytuneDescription(descriptor), extras.virtual ?? false);
    const entry = newEntry({
      path,
      record,
      session,
      descriptor,
      caps: capabilitiesFor(record.display_name, record.fw_ver),
      ...(extras.pressKey ? { pressKey: extras.pressKey } : {}),
    });
    attached.entry = entry;
    this.entries.set(path, entry);
    this.emit('devs_changed', this.deviceRecords());
    for (const hook of this.attachedHooks) hook(entry);
    return entry;
  }

  /**
   * Attaches a device of another family, opened by its driver: the record comes from the driver's description, and
   * every call on it goes to the handlers for drivers.
   */
  attachDriver(
    driver: DeviceDriver,
    transport: Transport,
    extras: { pressKey?: DeviceEntry['pressKey']; virtual?: boolean } = {},
  ) {
    const kind = extras.virtual ? 'virtual' : transport.info.kind;
    const hex = (n: number) => n.toString(16).padStart(4, '0');
    const { identity, features, layout } = driver;
    const path = `${kind}:${hex(transport.info.vendorId)}:${hex(transport.info.productId)}:${identity.serial}`;
    keepExchanges(this, path, tapTransport(transport));
    const old = this.entries.get(path);
    if (old) void (old.driver ? old.driver.close() : old.session.close()).catch(() => undefined);
    const notOurs = (what: string) => () => {
      throw new BridgeCallError(
        FAMILY_KEYS.notOffered,
        `${what} of our protocol: ${identity.displayName} speaks ${features.family}`,
      );
    };
    const fields = {
      path,
      record: deviceRecord(path, { identity, features, layout }, extras.virtual ?? false),
      caps: features.rules,
      driver,
      ...(extras.pressKey ? { pressKey: extras.pressKey } : {}),
    };
    Object.defineProperty(fields, 'session', { get: notOurs('no session'), enumerable: false });
    Object.defineProperty(fields, 'descriptor', { get: notOurs('no handshake'), enumerable: false });
    const entry = newEntry(fields as Omit<DeviceEntry, 'slot' | 'resetSlots'>) as DriverDevice;
    this.entries.set(path, entry);
    driver.onDisconnect(() => {
      if (this.entries.get(path) !== entry) return;
      this.entries.delete(path);
      this.emit('devs_changed', this.deviceRecords());
    });
    this.emit('devs_changed', this.deviceRecords());
    for (const hook of this.driverAttachedHooks) hook(entry);
    return entry;
  }

  /** Tells a host when a device of another family joins. */
  onDriverAttached(hook: (entry: DriverDevice) => void): void {
    this.driverAttachedHooks.push(hook);
  }

  async addVirtual(options: VirtualDeviceOptions): Promise<DeviceEntry> {
    if (!this.options.createVirtual)
      throw new BridgeCallError('err.args.invalid', 'virtual keyboards are not available');
    const handle = await this.options.createVirtual(options);
    if (handle.family) {
      const driver = await handle.family.open(handle.transport, {
        ...(handle.definitions ? { definitions: handle.definitions } : {}),
      });
      return this.attachDriver(driver, handle.transport, { pressKey: handle.pressKey, virtual: true });
    }
    return this.attach(handle.transport, { pressKey: handle.pressKey, virtual: true });
  }

  async removeDevice(path: string): Promise<void> {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.entries.delete(path);
    if (isDriverDevice(entry)) {
      await entry.driver.close().catch(() => undefined);
      this.emit('devs_changed', this.deviceRecords());
      return;
    }
    await entry.session.close().catch(() => undefined);
    this.emit('devs_changed', this.deviceRecords());
    this.announceRemoval(entry, 'removed');
  }

  private announceRemoval(entry: DeviceEntry, reason: RemovalReason): void {
    for (const hook of this.removedHooks) {
      try {
        hook(entry, reason);
      } catch (e) {
        console.error('a device-removed hook failed', e);
      }
    }
  }

  /** Replaces a device's record fields (battery, access mode, update dot, firmware) and tells listeners. */
  updateRecord(path: string, patch: Partial<DeviceRecord>): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    entry.record = { ...entry.record, ...patch };
    // Our own protocol's rules come from its capability table; another family's from its driver, left as they are.
    if (!isDriverDevice(entry) && (patch.fw_ver !== undefined || patch.display_name !== undefined)) {
      entry.caps = capabilitiesFor(entry.record.display_name, entry.record.fw_ver);
      entry.record.features = { ...entry.record.features, rules: entry.caps };
    }
    this.emit('devs_changed', this.deviceRecords());
  }
}

/** Maps any failure to the error the caller sees, with the catalogue key of its toast. */
export function toBridgeError(e: unknown): BridgeCallError {
  if (e instanceof BridgeCallError) return e;
  if (e instanceof DriverError) return driverError(e);
  if (e instanceof SessionError) {
    // Outside a transaction the firmware answers busy only from its bootloader: an update was cut short, and only
    // finishing it helps, which is what the user is told.
    if (e.reason === 'device')
      return linkError(e.deviceCode === DEVICE_ERROR.busy ? 'bootloader' : 'refused', e.message);
    return linkError(e.reason, e.message);
  }
  return new BridgeCallError('err.dev.reply', e instanceof Error ? e.message : String(e));
}

/** A driver's failure as the toast a person reads: what did not take is named, refusals and timeouts as ours are. */
function driverError(e: DriverError): BridgeCallError {
  const notTaken = (e as { notTaken?: unknown }).notTaken;
  if (Array.isArray(notTaken) && notTaken.length > 0)
    return new BridgeCallError(FAMILY_KEYS.notTaken, `${e.message}: ${notTaken.join(', ')}`);
  return linkError(e.reason, e.message);
}

/** The toast of a failure on the link, whichever family's code saw it. */
function linkError(reason: DriverError['reason'], message: string): BridgeCallError {
  switch (reason) {
    case 'timeout':
      return new BridgeCallError('err.dev.timeout', message);
    case 'disconnected':
      return new BridgeCallError('err.dev.disconnected', message);
    case 'reply':
      return new BridgeCallError('err.dev.reply', message);
    case 'refused':
      return new BridgeCallError('err.dev.refused', message);
    case 'bootloader':
      return new BridgeCallError(UPDATE_KEYS.bootloader, message);
    case 'unsupported':
      return new BridgeCallError(FAMILY_KEYS.notOffered, message);
  }
}
