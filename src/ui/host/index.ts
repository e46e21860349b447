/**
 * The browser host: the device service running in the page, virtual keyboards in a worker (saved in IndexedDB), and
 * real keyboards through WebHID when the browser has it.
 */
import { BridgeCallError, type Bridge } from '../../service/bridge.ts';
import { createDeviceService } from '../../service/index.ts';
import type { DeviceService } from '../../service/service.ts';
import { FirmwareWorkerLink, WorkerEndpoint } from '../../host/worker-link.ts';
import { LoopbackTransport } from '../../transport/loopback.ts';
import { LINK_PRESETS, type LinkOptions } from '../../transport/types.ts';
import { hasConfigCollection, hidRequestFilters, WebHidTransport } from '../../transport/webhid.ts';
import type { Host as HostInfo } from '../host-types.ts';

declare global {
  interface Window {
    /** Hooks for end-to-end tests and bug reports. */
    __keytune?: { service: DeviceService; unplug(path: string): void };
  }
}

function detectPlatform(): HostInfo['platform'] {
  const ua = navigator.userAgent.toLowerCase();
  if (ua.includes('windows')) return 'window';
  if (ua.includes('mac os')) return 'mac';
  if (ua.includes('linux')) return 'linux';
  return 'other';
}

function linkFor(accessMode: number | undefined, realistic: boolean): LinkOptions {
  if (!realistic) return LINK_PRESETS.usb;
  return accessMode === 1 ? LINK_PRESETS.wireless24g : accessMode === 2 ? LINK_PRESETS.bluetooth : LINK_PRESETS.usb;
}

function newSerial(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(5));
  return `VK${Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

export async function createHost(): Promise<HostInfo> {
  const params = new URLSearchParams(location.search);
  const realisticLinks = params.get('link') === 'realistic';
  const worker = new FirmwareWorkerLink(
    new Worker(new URL('../../host/firmware-worker.ts', import.meta.url), { type: 'module' }),
  );
  const transports = new Map<string, LoopbackTransport>();

  const openVirtual = async (id: string, spec: { displayName: string; fwVer: string; accessMode?: number }) => {
    const info = await worker.create(id, { ...spec, serial: id });
    const endpoint = new WorkerEndpoint(worker, id);
    const transport = new LoopbackTransport(
      endpoint,
      { vendorId: info.vendorId, productId: info.productId, productName: info.productName },
      linkFor(spec.accessMode, realisticLinks),
    );
    transports.set(id, transport);
    return { transport, pressKey: (k: number, d: number) => endpoint.pressKey(k, d), id };
  };

  const service = createDeviceService({
    createVirtual: async (options) => openVirtual(newSerial(), options),
  });

  // Saved virtual keyboards come back first, like keyboards left plugged in.
  const restored = await worker.restoreAll().catch(() => []);
  for (const r of restored) {
    const endpoint = new WorkerEndpoint(worker, r.id);
    const transport = new LoopbackTransport(
      endpoint,
      { vendorId: 0, productId: 0, productName: r.spec.displayName },
      linkFor(r.spec.accessMode, realisticLinks),
    );
    transports.set(r.id, transport);
    await service
      .attach(transport, { virtual: true, pressKey: (k, d) => endpoint.pressKey(k, d) })
      .catch((e: unknown) => console.error('a saved virtual keyboard did not answer', e));
  }

  const hid = 'hid' in navigator ? navigator.hid : undefined;
  const attachHid = async (device: HIDDevice): Promise<void> => {
    if (!hid || !hasConfigCollection(device)) return;
    if (service.devices().some((d) => (d.session.transport as Partial<WebHidTransport>).device === device)) return;
    await service.attach(new WebHidTransport(device, hid));
  };
  if (hid) {
    for (const d of await hid.getDevices().catch(() => [])) await attachHid(d).catch((e: unknown) => console.error(e));
    hid.addEventListener('connect', (e) => void attachHid(e.device).catch((err: unknown) => console.error(err)));
  }

  window.__keytune = {
    service,
    unplug(path: string) {
      const device = service.devices().find((d) => d.path === path);
      const transport = device?.session.transport;
      if (transport instanceof LoopbackTransport) transport.disconnect();
      else void service.removeDevice(path);
    },
  };

  const bridge: Bridge = service;
  return {
    bridge,
    hasWebHid: hid !== undefined,
    platform: detectPlatform(),
    hostKind: 'wasm',
    async requestHidDevice() {
      if (!hid) throw new BridgeCallError('device.not.support.title', 'this browser has no WebHID');
      const devices = await hid.requestDevice({ filters: hidRequestFilters() });
      for (const d of devices) await attachHid(d);
    },
  };
}
