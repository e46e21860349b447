/// <reference lib="webworker" />
/// <reference types="vite/client" />
/**
 * The device worker's service: the device service, the virtual keyboards' firmware, the default resources' check and
 * the WebHID ports. The worker's entry (device-worker.ts) imports this module after it has told the page which
 * keyboards it is about to list, and hands it every message that came meanwhile, in order. Each virtual keyboard saves
 * its flash image to IndexedDB whenever its firmware finishes a flash write, so its settings survive a reload; one of
 * another family saves its simulator's state a moment after it changed (family-virtual.ts).
 */
import { findModel } from '../core/models.ts';
import { loadDefaultResources, ResourceLoadError } from '../core/resource-load.ts';
import { parseResource } from '../core/resource-schemas.ts';
import { VirtualKeyboard } from '../firmware/index.ts';
import { EVENT_NAMES, serializeCallError } from '../contract/bridge.ts';
import { createDeviceService } from '../service/index.ts';
import { toBridgeError } from '../service/service.ts';
import { LoopbackTransport } from '../transport/loopback.ts';
import { LINK_PRESETS, type LinkOptions } from '../transport/types.ts';
import { attachHid } from './attach-hid.ts';
import { PortTransport } from './port-transport.ts';
import { indexedDbDefinitionStore } from './via-definitions-idb.ts';
import { indexedDbRestorePointStore } from './restore-points-idb.ts';
import { memoryRestorePointStore, provideRestorePointStore } from '../service/backup/restore-points.ts';
import { familyVirtualModel } from '../core/virtual-families.ts';
import { createFamilyVirtual, type FamilyVirtualHandle, type SavedFamilyState } from './family-virtual.ts';
import { newSerial, type PlannedKeyboard, type StartPlan } from './first-list.ts';
import { virtualStore, type StoredKeyboard } from './virtual-store.ts';
import type { FromWorker, LoadedResources, ToWorker, VirtualKeyboardSpec } from './worker-messages.ts';

export interface WorkerStart {
  post(message: FromWorker): void;
  /** fetch(), answered by the GETs the entry started at load. */
  fetch(url: string): Promise<Response>;
  /** The keyboards to start with: the saved ones and those the address asks for (first-list.ts). */
  plan: StartPlan;
}

const FIRST_SAVE_DELAY_MS = 200;

/** Starts the service and answers the page's messages from now on: the returned function takes each in order. */
export function serveDevices({ post, fetch, plan }: WorkerStart): (msg: ToWorker) => void {
  let realisticLinks = false;
  const loopbacks = new Map<string, LoopbackTransport>();
  const ports = new Map<string, PortTransport>();
  /** Serials of keyboards `remove_device` forgot: nothing of theirs is written again. */
  const forgotten = new Set<string>();
  /** When each keyboard was added, by serial: kept in its saved record so a reload lists keyboards in that order. */
  const addedAt = new Map<string, number>();
  /** The keyboard of the plan being added: it takes the serial the first list already named. */
  let planned: PlannedKeyboard | undefined;
  /** The saved keyboard of another family being restored: it takes its serial and state back. */
  let restoring: StoredKeyboard | undefined;

  const linkFor = (accessMode: number | undefined): LinkOptions => {
    if (!realisticLinks) return LINK_PRESETS.usb;
    if (accessMode === 1) return LINK_PRESETS.wireless24g;
    return accessMode === 2 ? LINK_PRESETS.bluetooth : LINK_PRESETS.usb;
  };

  /** Saves a keyboard's record at once: a flash image of ours, another family's state (each coalesces its bursts). */
  const put = (spec: VirtualKeyboardSpec, saved: Pick<StoredKeyboard, 'image' | 'family'>): Promise<void> => {
    if (forgotten.has(spec.serial)) return Promise.resolve();
    const now = Date.now();
    const addedWhen = addedAt.get(spec.serial) ?? now;
    return virtualStore.put({ id: spec.serial, spec, ...saved, savedAt: now, addedAt: addedWhen }).then(
      () => undefined,
      (e: unknown) => console.error('could not save the virtual keyboard', e),
    );
  };
  const save = (spec: VirtualKeyboardSpec, keyboard: VirtualKeyboard): void =>
    void put(spec, { image: keyboard.serialize() });

  /** A loopback link to an in-worker keyboard, saved on every flash write. */
  const openVirtual = (spec: VirtualKeyboardSpec, keyboard: VirtualKeyboard, isNew: boolean) => {
    keyboard.onPersist(() => save(spec, keyboard));
    // A new keyboard's first image (factory settings: nothing a person could lose yet) is written a moment after the
    // call that created it, so the ~10 ms it takes stays off the way to the first device list; any change saves at once.
    if (isNew) setTimeout(() => save(spec, keyboard), FIRST_SAVE_DELAY_MS);
    const model = findModel(spec.displayName);
    const transport = new LoopbackTransport(
      keyboard,
      { vendorId: model?.vendorId ?? 0, productId: model?.productId ?? 0, productName: model?.displayName ?? '' },
      linkFor(spec.accessMode),
    );
    return { transport, pressKey: async (keyId: number, depth: number) => keyboard.pressKey(keyId, depth) };
  };

  /** Saves a keyboard of another family after each change, and forgets it when the service lets it go. */
  const keepFamily = (
    spec: VirtualKeyboardSpec,
    family: SavedFamilyState['family'],
    handle: FamilyVirtualHandle,
    isNew: boolean,
  ): FamilyVirtualHandle => {
    // The answer to the report that made the change waits for this save (family-virtual.ts).
    const saveFamily = (state: unknown = handle.save()): Promise<void> =>
      put(spec, { image: new Uint8Array(0), family: { family, version: spec.fwVer, state } });
    const stop = handle.onChange(saveFamily);
    handle.onClose(() => {
      stop();
      forget(spec.serial);
    });
    if (isNew) setTimeout(() => saveFamily(), FIRST_SAVE_DELAY_MS);
    return handle;
  };

  const service = createDeviceService({
    createVirtual: async (options) => {
      const ours = planned?.displayName === options.displayName && planned.fwVer === options.fwVer;
      const serial = (ours ? planned?.serial : undefined) ?? newSerial();
      if (ours) planned = undefined;
      const family = familyVirtualModel(options.displayName);
      if (family) {
        const back = restoring?.spec.displayName === options.displayName ? restoring : undefined;
        restoring = undefined;
        const spec: VirtualKeyboardSpec = back?.spec ?? { ...options, serial };
        const link = linkFor(options.accessMode);
        const handle = createFamilyVirtual(family, options.fwVer, link, spec.serial, back?.family?.state);
        if (!back) addedAt.set(spec.serial, Date.now());
        return keepFamily(spec, family.family, handle, !back);
      }
      const spec: VirtualKeyboardSpec = { ...options, serial };
      addedAt.set(spec.serial, Date.now());
      return openVirtual(spec, new VirtualKeyboard({ model: spec.displayName, ...spec }), true);
    },
  });
  // Restore points are kept in IndexedDB, per keyboard, across reloads (in memory where there is none).
  provideRestorePointStore(
    service,
    typeof indexedDB === 'undefined' ? memoryRestorePointStore() : indexedDbRestorePointStore(),
  );

  // Events reach the page once it has asked for device access; until then it has not read the device list, which
  // tells it everything those events would.
  let pageListens = false;
  for (const name of EVENT_NAMES)
    service.on(name, (payload) => {
      if (pageListens) post({ type: 'event', name, payload });
    });

  // The service tells which devices come and go; the worker keeps the loopback links of its virtual keyboards.
  service.onDeviceAttached((entry) => {
    if (entry.session.transport instanceof LoopbackTransport) loopbacks.set(entry.path, entry.session.transport);
  });
  service.onDeviceRemoved((entry, reason) => {
    if (reason !== 'removed' || !loopbacks.delete(entry.path)) return;
    // The path ends with the serial, which is the stored record's id (see service.attach).
    forget(entry.path.slice(entry.path.lastIndexOf(':') + 1));
  });

  /** A forgotten virtual keyboard loses its saved flash too, so it does not come back on the next visit. */
  function forget(serial: string): void {
    forgotten.add(serial);
    virtualStore.remove(serial).catch((e: unknown) => console.error('could not delete the virtual keyboard', e));
  }

  /** A saved keyboard of another family, added again as `add_virtual_device` adds one, with its serial and state. */
  async function restoreFamily(record: StoredKeyboard): Promise<void> {
    if (record.family?.family !== familyVirtualModel(record.spec.displayName)?.family)
      throw new Error('the record names another family');
    restoring = record;
    try {
      const { displayName, fwVer, hwVer, accessMode } = record.spec;
      await service.addVirtual({
        displayName,
        fwVer,
        ...(hwVer ? { hwVer } : {}),
        ...(accessMode ? { accessMode } : {}),
      });
    } finally {
      restoring = undefined;
    }
  }

  /** The saved keyboards, then the ones the address asks for, exactly as the page's own calls would add them. */
  async function startKeyboards(): Promise<void> {
    for (const record of plan.saved) {
      addedAt.set(record.id, record.addedAt ?? record.savedAt);
      try {
        if (record.family) {
          await restoreFamily(record);
          continue;
        }
        const handle = openVirtual(record.spec, VirtualKeyboard.restore(record.image), false);
        await service.attach(handle.transport, { virtual: true, pressKey: handle.pressKey });
      } catch (e) {
        console.error(`the saved flash of ${record.spec.displayName} is unreadable; it was left out`, e);
      }
    }
    for (const keyboard of plan.add) {
      planned = keyboard;
      const args = ['--display_name', keyboard.displayName, '--fw_ver', keyboard.fwVer];
      await service.call('app_info', 'add_virtual_device', args).then(
        (path) => {
          if (keyboard.serial && !String(path).endsWith(`:${keyboard.serial}`))
            console.error(`virtual ${keyboard.displayName} is at ${String(path)}, not where the first list said`);
        },
        (e: unknown) => console.warn(`Could not attach virtual ${keyboard.displayName}@${keyboard.fwVer}`, e),
      );
      planned = undefined;
    }
  }

  async function call(id: number, channel: string, func: string, args: string[]): Promise<void> {
    try {
      const value = await service.call(channel, func, args);
      post({ type: 'result', id, value });
    } catch (e) {
      post({ type: 'result', id, error: serializeCallError(toBridgeError(e)) });
    }
  }

  // The keyboards first: their handshakes run on the link's timers while the resources are checked.
  const started = startKeyboards();
  // The default resources (start-up step 1), fetched since the worker started, checked here.
  const resources: Promise<LoadedResources> = loadDefaultResources(fetch, import.meta.env.BASE_URL, parseResource).then(
    (value) => ({ ok: true, value }),
    (e: unknown) =>
      e instanceof ResourceLoadError
        ? { ok: false, file: e.file, detail: e.detail }
        : { ok: false, file: '', detail: e instanceof Error ? e.message : String(e) },
  );

  return (msg: ToWorker) => {
    switch (msg.type) {
      case 'resources':
        void resources.then((result) => post({ type: 'resources', result }));
        break;
      case 'init':
        realisticLinks = msg.realisticLinks;
        void started.then(() => {
          for (const [path, transport] of loopbacks) {
            const access = service.devices().find((d) => d.path === path)?.record.access_mode;
            transport.setLink(linkFor(access));
          }
          pageListens = true;
          post({ type: 'ready' });
        });
        break;
      case 'call':
        void call(msg.id, msg.channel, msg.func, msg.args);
        break;
      case 'unplug': {
        const transport = loopbacks.get(msg.path);
        if (transport) transport.disconnect();
        else void service.removeDevice(msg.path);
        break;
      }
      case 'hid-attach': {
        const { collections, ...info } = msg.info;
        const port = new PortTransport(msg.port, info, post);
        ports.set(msg.port, port);
        attachHid(service, { ...info, collections }, async () => port, indexedDbDefinitionStore()).catch((e: unknown) =>
          console.error('the keyboard did not answer', e),
        );
        break;
      }
      case 'hid-report':
        ports.get(msg.port)?.deliver(msg.report);
        break;
      case 'hid-sent':
        ports.get(msg.port)?.sent(msg.seq, msg.error);
        break;
      case 'hid-gone':
        ports.get(msg.port)?.unplugged();
        ports.delete(msg.port);
        break;
    }
  };
}
