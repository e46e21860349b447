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
import { isKeytuneDevice, type DriverDevice } from './context.ts';
import type {
  CallContext,
  CallHandler,
  DeviceEntry,
  FamilyDevices,
  Handlers,
  KeytuneDevice,
  ServiceApi,
  StateSlot,
  VirtualDeviceOptions,
} from './context.ts';
import type { FamilyId } from '../drivers/types.ts';
import { lackedBy } from './offers.ts';
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
  /**
   * The serial the host keeps the keyboard by, for a family whose keyboards name none (VIA): its path ends with it,
   * so two of the same board (or protocols) are two keyboards, each keeping its own settings.
   */
  serial?: string;
}

export interface DeviceServiceOptions {
  /** Creates a virtual keyboard driven by the reference firmware (loopback, or a worker in the browser). */
  createVirtual?: (options: VirtualDeviceOptions) => Promise<VirtualDeviceHandle>;
  session?: Omit<SessionOptions, 'onNotify' | 'onDisconnect'>;
}

/** Why a device left: removed by a call, or its link went away. */
export type RemovalReason = 'removed' | 'disconnected';

export type NotifyHandler = (device: KeytuneDevice, frame: Frame, service: DeviceService) => void;

/** How the router refuses a family's own call on a device of another family. */
export interface FamilyRefusal {
  /** Toast key of the refusal; err.family.not.offered unless the family's texts say it better. */
  toastKey?: string;
}

export { versionText } from '../drivers/keytune/record.ts';
export { deviceRecord } from './records.ts';

const ROUTES = new Map<string, { name: CallName; def: CallDef }>(
  Object.entries(CALLS).map(([name, def]) => [`${def.channel} ${def.func}`, { name: name as CallName, def }]),
);

function newEntry<E extends DeviceEntry>(fields: Omit<E, 'slot' | 'resetSlots'>): E {
  const slots = new Map<string, unknown>();
  return {
    ...(fields as E),
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
  /** Handlers every family's devices share (over ports, or needing no device). */
  private readonly handlers = new Map<CallName, CallHandler<CallName>>();
  /** Handlers written for one family's devices, by family. */
  private readonly familyHandlers = new Map<FamilyId, Map<CallName, CallHandler<CallName>>>();
  private readonly familyRefusals = new Map<FamilyId, FamilyRefusal>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly notifyHandlers = new Map<number, NotifyHandler[]>();
  private readonly entries = new Map<string, DeviceEntry>();
  /** The link each driver-opened device came on, by path (two boards without serial numbers are told apart by it). */
  private readonly transports = new Map<string, Transport>();
  /** Per device, the end of the chain of calls running on it: a device's calls run one after the other. */
  private readonly deviceLocks = new Map<string, Promise<unknown>>();
  private readonly attachedHooks: ((entry: KeytuneDevice) => void)[] = [];
  private readonly driverAttachedHooks: ((entry: DriverDevice) => void)[] = [];
  private readonly removedHooks: ((entry: DeviceEntry, reason: RemovalReason) => void)[] = [];
  readonly preferences = new Map<string, string>();

  constructor(private readonly options: DeviceServiceOptions = {}) {
    this.onNotify(SUB.notify.sync, (device, frame) => {
      this.emit('sync_update', { path: device.path, state: frame.data[0] ? 1 : 0 });
    });
  }

  /** Registers handlers every family's devices share: over the driver's ports, or needing no device at all. */
  implement(handlers: Partial<Handlers<CallName>>): void {
    register(this.handlers, handlers);
  }

  /**
   * Registers handlers written for one family's devices (our own protocol's session, VIA's definition): on such a
   * device they take precedence over the shared ones; on a device of another family without a handler of its own
   * the call is refused here, in one place, as not offered.
   */
  implementFor<F extends FamilyId>(
    family: F,
    handlers: Partial<Handlers<CallName, FamilyDevices[F]>>,
    refusal: FamilyRefusal = {},
  ): void {
    const table = this.familyHandlers.get(family) ?? new Map<CallName, CallHandler<CallName>>();
    this.familyHandlers.set(family, table);
    register(table, handlers as Partial<Handlers<CallName>>);
    if (refusal.toastKey) this.familyRefusals.set(family, refusal);
  }

  /** Calls of the contract that have no handler (a complete service has none). */
  unimplemented(): CallName[] {
    return (Object.keys(CALLS) as CallName[]).filter((name) => !this.isImplemented(name));
  }

  private isImplemented(name: CallName): boolean {
    return this.handlers.has(name) || [...this.familyHandlers.values()].some((t) => t.has(name));
  }

  /** Registers what to do with one kind of device notification. */
  onNotify(sub: number, handler: NotifyHandler): void {
    const list = this.notifyHandlers.get(sub) ?? [];
    list.push(handler);
    this.notifyHandlers.set(sub, list);
  }

  /** Tells a host when a device joins (after its handshake), so hosts never interpret call names. */
  onDeviceAttached(hook: (entry: KeytuneDevice) => void): void {
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
  devices(): KeytuneDevice[] {
    return [...this.entries.values()].filter(isKeytuneDevice);
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
      if (!route || !this.isImplemented(route.name))
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
          if (entry && isKeytuneDevice(entry)) endCall(entry);
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

  /**
   * The handler of a call on the device at `path`: its family's own where there is one, else the shared one; a call
   * only other families offer is refused here, naming what the keyboard lacks.
   */
  private handlerFor(name: CallName, path: string | undefined): CallHandler<CallName> {
    const entry = path === undefined ? undefined : this.entries.get(path);
    const own = entry ? this.familyHandlers.get(entry.family)?.get(name) : undefined;
    if (own) return own;
    const shared = this.handlers.get(name);
    if (shared) return shared;
    if (!entry) return () => this.noDevice(path);
    return () => {
      const families = [...this.familyHandlers].filter(([, t]) => t.has(name)).map(([f]) => f);
      const key = families.map((f) => this.familyRefusals.get(f)?.toastKey).find((k) => k !== undefined);
      throw new BridgeCallError(
        key ?? FAMILY_KEYS.notOffered,
        `${entry.record.display_name} has no ${lackedBy(name, families)}`,
      );
    };
  }

  private noDevice(path: string | undefined): never {
    throw new BridgeCallError('err.dev.not.found', `no device at ${path ?? '(no --path)'}`);
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
  async attach(
    transport: Transport,
    extras: { pressKey?: DeviceEntry['pressKey']; virtual?: boolean } = {},
  ): Promise<KeytuneDevice> {
    // Tapped before the handshake, so a report shows it too.
    const exchanges = tapTransport(transport);
    // The session reports notifications and the disconnect to the entry made once the handshake has answered.
    const attached: { entry?: KeytuneDevice } = {};
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
    if (old) await closeEntry(old);
    const record = deviceRecord(path, keytuneDescription(descriptor), extras.virtual ?? false);
    const entry = newEntry<KeytuneDevice>({
      path,
      family: 'keytune',
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
    extras: { pressKey?: DeviceEntry['pressKey']; virtual?: boolean; serial?: string } = {},
  ) {
    const kind = extras.virtual ? 'virtual' : transport.info.kind;
    const hex = (n: number) => n.toString(16).padStart(4, '0');
    const { identity, features, layout } = driver;
    const serial = identity.serial || extras.serial || '';
    const base = `${kind}:${hex(transport.info.vendorId)}:${hex(transport.info.productId)}:${serial}`;
    // A virtual keyboard added again takes the place of the one it repeats (the host keeps one per model).
    const path = extras.virtual ? base : this.driverPath(base, identity.serial, transport);
    keepExchanges(this, path, tapTransport(transport));
    const old = this.entries.get(path);
    if (old) void closeEntry(old);
    this.transports.set(path, transport);
    const entry = newEntry<DriverDevice>({
      path,
      family: driver.family,
      record: deviceRecord(path, { identity, features, layout }, extras.virtual ?? false),
      driver,
      ...(extras.pressKey ? { pressKey: extras.pressKey } : {}),
    });
    this.entries.set(path, entry);
    driver.onDisconnect(() => {
      if (this.entries.get(path) !== entry) return;
      this.entries.delete(path);
      this.transports.delete(path);
      this.emit('devs_changed', this.deviceRecords());
    });
    this.emit('devs_changed', this.deviceRecords());
    for (const hook of this.driverAttachedHooks) hook(entry);
    return entry;
  }

  /**
   * The path of a device a driver opened. A device with a serial number keeps one path, so a keyboard plugged in again
   * takes its old place. A family without serial numbers (VIA) cannot tell two of the same board apart by what they
   * say, so a second one plugged in, on a link of its own while the first is still there, gets a path of its own
   * ("~2"): both work side by side.
   */
  private driverPath(base: string, serial: string, transport: Transport): string {
    if (serial) return base;
    let path = base;
    for (let n = 2; this.entries.has(path) && this.transports.get(path) !== transport; n++) path = `${base}~${n}`;
    return path;
  }

  /** What every family's link is opened with: the service's reply timeout, where one is configured. */
  linkOptions(): { replyTimeoutMs?: number } {
    const timeoutMs = this.options.session?.timeoutMs;
    return timeoutMs === undefined ? {} : { replyTimeoutMs: timeoutMs };
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
        ...this.linkOptions(),
        ...(handle.definitions ? { definitions: handle.definitions } : {}),
      });
      return this.attachDriver(driver, handle.transport, {
        pressKey: handle.pressKey,
        virtual: true,
        ...(handle.serial ? { serial: handle.serial } : {}),
      });
    }
    return this.attach(handle.transport, { pressKey: handle.pressKey, virtual: true });
  }

  async removeDevice(path: string): Promise<void> {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.entries.delete(path);
    this.transports.delete(path);
    await closeEntry(entry);
    this.emit('devs_changed', this.deviceRecords());
    if (isKeytuneDevice(entry)) this.announceRemoval(entry, 'removed');
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
    if (isKeytuneDevice(entry) && (patch.fw_ver !== undefined || patch.display_name !== undefined)) {
      entry.caps = capabilitiesFor(entry.record.display_name, entry.record.fw_ver);
    }
    this.emit('devs_changed', this.deviceRecords());
  }
}

function register(table: Map<CallName, CallHandler<CallName>>, handlers: Partial<Handlers<CallName>>): void {
  for (const [name, handler] of Object.entries(handlers)) {
    if (!(name in CALLS)) throw new Error(`${name} is not a call of the contract`);
    table.set(name as CallName, handler as CallHandler<CallName>);
  }
}

/** Closes a device's link, whichever family it is. */
function closeEntry(entry: DeviceEntry): Promise<void> {
  const closing = isKeytuneDevice(entry) ? entry.session.close() : (entry.driver?.close() ?? Promise.resolve());
  return closing.catch(() => undefined);
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
