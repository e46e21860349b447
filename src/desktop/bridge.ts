/**
 * The desktop bridge: one device service for real keyboards (node-hid) and virtual ones (reference firmware, flash
 * images in the data folder), served with the built UI on 127.0.0.1. `npm run desktop` starts it (main.ts); the
 * command line starts one in its own process when no bridge is running (src/cli).
 */
import { randomBytes } from 'node:crypto';
import { findModel } from '../core/models.ts';
import { VirtualKeyboard } from '../firmware/index.ts';
import { createDeviceService } from '../service/index.ts';
import { provideRestorePointStore } from '../service/backup/restore-points.ts';
import { fileRestorePointStore } from './restore-points-file.ts';
import type { VirtualDeviceOptions } from '../service/context.ts';
import type { DeviceService } from '../service/service.ts';
import { LoopbackTransport } from '../transport/loopback.ts';
import { LINK_PRESETS, type LinkOptions } from '../transport/types.ts';
import { preparePrivateDataDir } from './data-dir.ts';
import { fileDefinitionStore } from './via-definitions-file.ts';
import { familyVirtualModel } from '../core/virtual-families.ts';
import { createFamilyVirtual, type FamilyVirtualHandle } from '../host/family-virtual.ts';
import { FlashStore, type StoredImage, type StoredSpec } from './flash-store.ts';
import { HidWatcher, type HidModule } from './node-hid.ts';
import { newRuntimeSecret, removeRuntimeFile, writeRuntimeFile, type RuntimeInfo } from './runtime-file.ts';
import { newToken } from './security.ts';
import { startServer, type BridgeServer } from './server.ts';
import { implementOptionsReading, syncOptions, type OptionKey, type StartupOptions } from './startup-options.ts';

export { RUNTIME_FILE, type RuntimeInfo } from './runtime-file.ts';

export interface ServiceHostOptions {
  /** The data folder (flash images, preferences, the runtime file). */
  dataDir: string;
  /** node-hid or a fake of it; null for none. */
  hid?: HidModule | null;
  hidIntervalMs?: number;
  /** The link of virtual keyboards (tests use LINK_PRESETS.instant). */
  link?: LinkOptions;
  /** Inactivity timeout of every exchange, in ms. */
  timeoutMs?: number;
}

export interface ServiceHost {
  service: DeviceService;
  store: FlashStore;
  hid?: HidWatcher;
  stop(): Promise<void>;
}

function newSerial(): string {
  return `VK${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** The device service with its keyboards: saved virtual ones restored, real ones found through node-hid. */
export async function startServiceHost(options: ServiceHostOptions): Promise<ServiceHost> {
  preparePrivateDataDir(options.dataDir);
  const store = new FlashStore(options.dataDir);
  const link = options.link ?? LINK_PRESETS.usb;
  const loopbacks = new Map<string, { serial: string; transport: LoopbackTransport }>();
  /** Virtual keyboards by serial, until forgotten. */
  const keyboards = new Map<string, { spec: StoredSpec; keyboard: VirtualKeyboard }>();
  /** Virtual keyboards of other families by serial, until forgotten or the host stops: how to save them last. */
  const families = new Map<string, { handle: FamilyVirtualHandle; stop: () => void }>();
  /** The saved keyboard of another family being restored: it takes its serial and state back. */
  let restoring: StoredImage | undefined;

  const open = (spec: StoredSpec, keyboard: VirtualKeyboard) => {
    keyboards.set(spec.serial, { spec, keyboard });
    keyboard.onPersist(() => {
      if (keyboards.has(spec.serial)) store.put(spec, keyboard.serialize());
    });
    const model = findModel(spec.displayName);
    const transport = new LoopbackTransport(
      keyboard,
      { vendorId: model?.vendorId ?? 0, productId: model?.productId ?? 0, productName: model?.displayName ?? '' },
      link,
    );
    return { transport, pressKey: async (keyId: number, depth: number) => keyboard.pressKey(keyId, depth) };
  };

  /** A keyboard of another family, saved now and after each change; removing it forgets it. */
  const keepFamily = (model: NonNullable<ReturnType<typeof familyVirtualModel>>, o: VirtualDeviceOptions) => {
    const back = restoring?.spec.displayName === o.displayName ? restoring : undefined;
    restoring = undefined;
    const spec: StoredSpec = back?.spec ?? { ...o, serial: newSerial() };
    const handle = createFamilyVirtual(model, o.fwVer, link, spec.serial, back?.family?.state);
    const save = (state: unknown) =>
      store.put(spec, new Uint8Array(0), { family: model.family, version: spec.fwVer, state });
    families.set(spec.serial, { handle, stop: handle.onChange(save) });
    handle.onClose(() => {
      const kept = families.get(spec.serial);
      if (kept?.handle !== handle) return;
      kept.stop();
      families.delete(spec.serial);
      store.remove(spec.serial);
    });
    if (!back) save(handle.save());
    return handle;
  };

  const service = createDeviceService({
    createVirtual: async (o) => {
      // Keyboards of other families run their family's simulator, kept like ours across launches.
      const family = familyVirtualModel(o.displayName);
      if (family) return keepFamily(family, o);
      const spec: StoredSpec = { ...o, serial: newSerial() };
      const keyboard = new VirtualKeyboard({ model: spec.displayName, ...spec });
      store.put(spec, keyboard.serialize());
      return open(spec, keyboard);
    },
    ...(options.timeoutMs !== undefined ? { session: { timeoutMs: options.timeoutMs } } : {}),
  });
  // Restore points live in the data folder, so they outlast the app and are kept per keyboard across ports.
  provideRestorePointStore(service, fileRestorePointStore(options.dataDir));

  service.onDeviceAttached((entry) => {
    const t = entry.session.transport;
    if (t instanceof LoopbackTransport) loopbacks.set(entry.path, { serial: entry.descriptor.serial, transport: t });
  });
  service.onDeviceRemoved((entry, reason) => {
    const known = loopbacks.get(entry.path);
    loopbacks.delete(entry.path);
    // A forgotten virtual keyboard loses its saved flash, so it does not come back at the next start.
    if (known && reason === 'removed') {
      keyboards.delete(known.serial);
      store.remove(known.serial);
    }
  });

  for (const saved of store.all()) {
    try {
      if (saved.family) {
        if (saved.family.family !== familyVirtualModel(saved.spec.displayName)?.family)
          throw new Error('the record names another family');
        restoring = saved;
        const { serial: _serial, ...options } = saved.spec;
        await service.addVirtual(options).finally(() => (restoring = undefined));
        continue;
      }
      const handle = open(saved.spec, VirtualKeyboard.restore(saved.image));
      await service.attach(handle.transport, { virtual: true, pressKey: handle.pressKey });
    } catch (e) {
      console.error(`the saved flash of ${saved.spec.displayName} is unreadable; it was left out`, e);
    }
  }

  let hid: HidWatcher | undefined;
  if (options.hid) {
    hid = new HidWatcher(options.hid, service, options.hidIntervalMs, fileDefinitionStore(options.dataDir));
    await hid.start();
  }

  return {
    service,
    store,
    ...(hid ? { hid } : {}),
    async stop() {
      await hid?.stop();
      // Like a keyboard finishing its flash write before it powers off: the last committed settings are kept.
      for (const { spec, keyboard } of keyboards.values()) store.put(spec, keyboard.serialize());
      for (const { handle, stop } of families.values()) {
        handle.flush();
        stop();
      }
      families.clear();
      for (const { transport } of loopbacks.values()) await transport.close();
    },
  };
}

/** Loads node-hid; answers null (virtual keyboards only) when it cannot load on this machine. */
export async function loadNodeHid(): Promise<HidModule | null> {
  try {
    const mod = (await import('node-hid')) as unknown as HidModule & { default?: HidModule };
    return mod.default ?? mod;
  } catch (e) {
    console.warn('node-hid is not available: only virtual keyboards can be used', e);
    return null;
  }
}

export interface BridgeOptions extends ServiceHostOptions {
  distDir?: string;
  port?: number;
  host?: string;
  /** Writes the runtime file for the command line (the desktop app does; tests need not). */
  announce?: boolean;
  /** The per-launch token (a fresh one when absent). */
  token?: string;
  /** Acts on start-up options a call changed (they are saved in the data folder either way). */
  onOptionsChanged?: (options: StartupOptions, changed: OptionKey[]) => void;
}

export interface RunningBridge extends ServiceHost {
  server: BridgeServer;
  token: string;
  /**
   * A new one-time address of the bridge's page each time it is read: the first browser to open it is let in (it
   * gets a session cookie and the plain address), a second use is refused. For the app window or to print.
   */
  readonly url: string;
  close(): Promise<void>;
}

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const host = await startServiceHost(options);
  const token = options.token ?? newToken();
  const proofSecret = newRuntimeSecret();
  const afterCall = syncOptions(host.service.preferences, options.dataDir, (o, changed) =>
    options.onOptionsChanged?.(o, changed),
  );
  implementOptionsReading(host.service);
  let server: BridgeServer;
  try {
    server = await startServer({
      bridge: host.service,
      token,
      afterCall,
      proofSecret,
      ...(options.distDir ? { distDir: options.distDir } : {}),
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.host !== undefined ? { host: options.host } : {}),
    });
  } catch (e) {
    await host.stop();
    throw e;
  }
  const info: RuntimeInfo = { port: server.port, token, pid: process.pid, secret: proofSecret };
  if (options.announce) writeRuntimeFile(options.dataDir, info);
  return {
    ...host,
    server,
    token,
    get url() {
      return server.pageAddress();
    },
    async close() {
      if (options.announce) removeRuntimeFile(options.dataDir, info);
      await server.close();
      await host.stop();
    },
  };
}
