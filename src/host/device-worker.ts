/**
 * The device worker: the device service and the virtual keyboards' firmware, off the page's main thread so neither
 * competes with rendering and the page loads only the UI. The page talks to the service through the bridge contract
 * over postMessage, as the desktop shell will over its local bridge. Each virtual keyboard saves its flash image to
 * IndexedDB whenever its firmware finishes a flash write, so its settings survive a reload.
 */
/// <reference lib="webworker" />
/// <reference types="vite/client" />
// First, so the resource downloads start before the modules below are evaluated.
import { prefetchedFetch } from './resource-prefetch.ts';
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
import { familyVirtualModel } from '../core/virtual-families.ts';
import { createFamilyVirtual } from './family-virtual.ts';
import { restoreOrder, virtualStore } from './virtual-store.ts';
import type { FromWorker, LoadedResources, ToWorker, VirtualKeyboardSpec } from './worker-messages.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromWorker): void => scope.postMessage(message);

let realisticLinks = false;
const loopbacks = new Map<string, LoopbackTransport>();
const ports = new Map<string, PortTransport>();

function linkFor(accessMode: number | undefined): LinkOptions {
  if (!realisticLinks) return LINK_PRESETS.usb;
  return accessMode === 1 ? LINK_PRESETS.wireless24g : accessMode === 2 ? LINK_PRESETS.bluetooth : LINK_PRESETS.usb;
}

function newSerial(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(5));
  return `VK${Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

const FIRST_SAVE_DELAY_MS = 200;

/** Serials of keyboards `remove_device` forgot: nothing of theirs is written again. */
const forgotten = new Set<string>();

/** When each keyboard was added, by serial: kept in its saved record so a reload lists keyboards in that order. */
const addedAt = new Map<string, number>();

/** Saves the flash image at once (the firmware already coalesces a burst of writes into one flash write). */
function save(spec: VirtualKeyboardSpec, keyboard: VirtualKeyboard): void {
  if (forgotten.has(spec.serial)) return;
  const now = Date.now();
  virtualStore
    .put({ id: spec.serial, spec, image: keyboard.serialize(), savedAt: now, addedAt: addedAt.get(spec.serial) ?? now })
    .catch((e: unknown) => console.error('could not save the virtual keyboard', e));
}

/** A loopback link to an in-worker keyboard, saved on every flash write. */
function openVirtual(spec: VirtualKeyboardSpec, keyboard: VirtualKeyboard, isNew: boolean) {
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
}

const service = createDeviceService({
  createVirtual: async (options) => {
    const family = familyVirtualModel(options.displayName);
    if (family) return createFamilyVirtual(family, options.fwVer, linkFor(options.accessMode), newSerial());
    const spec: VirtualKeyboardSpec = { ...options, serial: newSerial() };
    addedAt.set(spec.serial, Date.now());
    return openVirtual(spec, new VirtualKeyboard({ model: spec.displayName, ...spec }), true);
  },
});
// Events reach the page once it has asked for device access; until then it has not read the device list, which
// tells it everything those events would.
let pageListens = false;
for (const name of EVENT_NAMES)
  service.on(name, (payload) => {
    if (pageListens) post({ type: 'event', name, payload });
  });

function remember(path: string, transport: LoopbackTransport): void {
  loopbacks.set(path, transport);
}

async function restoreSaved(): Promise<void> {
  let stored: Awaited<ReturnType<typeof virtualStore.all>> = [];
  try {
    stored = await virtualStore.all();
  } catch (e) {
    console.error('could not read saved virtual keyboards', e);
  }
  // In the order they were added: saving (every change) must not reorder the list.
  for (const record of restoreOrder(stored)) {
    addedAt.set(record.id, record.addedAt ?? record.savedAt);
    try {
      const handle = openVirtual(record.spec, VirtualKeyboard.restore(record.image), false);
      await service.attach(handle.transport, { virtual: true, pressKey: handle.pressKey });
    } catch (e) {
      console.error(`the saved flash of ${record.spec.displayName} is unreadable; it was left out`, e);
    }
  }
}

// The service tells which devices come and go; the worker keeps the loopback links of its virtual keyboards.
service.onDeviceAttached((entry) => {
  if (entry.session.transport instanceof LoopbackTransport) remember(entry.path, entry.session.transport);
});
service.onDeviceRemoved((entry, reason) => {
  if (reason === 'removed') forget(entry.path);
});

/** A forgotten virtual keyboard loses its saved flash too, so it does not come back on the next visit. */
function forget(path: string): void {
  const transport = loopbacks.get(path);
  if (!transport) return;
  loopbacks.delete(path);
  // The path ends with the serial, which is the stored record's id (see service.attach).
  const serial = path.slice(path.lastIndexOf(':') + 1);
  forgotten.add(serial);
  virtualStore.remove(serial).catch((e: unknown) => console.error('could not delete the virtual keyboard', e));
}

async function call(id: number, channel: string, func: string, args: string[]): Promise<void> {
  try {
    const value = await service.call(channel, func, args);
    post({ type: 'result', id, value });
  } catch (e) {
    post({ type: 'result', id, error: serializeCallError(toBridgeError(e)) });
  }
}

// Start-up work that needs nothing from the page starts at once, so it overlaps the page loading its own script:
// the default resources (start-up step 1) and the saved virtual keyboards (found again as device access opens).
const resources: Promise<LoadedResources> = loadDefaultResources(
  prefetchedFetch,
  import.meta.env.BASE_URL,
  parseResource,
).then(
  (value) => ({ ok: true, value }),
  (e: unknown) =>
    e instanceof ResourceLoadError
      ? { ok: false, file: e.file, detail: e.detail }
      : { ok: false, file: '', detail: e instanceof Error ? e.message : String(e) },
);
const restored = restoreSaved();

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  switch (msg.type) {
    case 'resources':
      void resources.then((result) => post({ type: 'resources', result }));
      break;
    case 'init':
      realisticLinks = msg.realisticLinks;
      void restored.then(() => {
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
