/**
 * The browser host. The device service and the virtual keyboards run in a worker (src/host/device-worker.ts); the
 * page keeps a bridge client and forwards real keyboards' reports between WebHID and the worker.
 */
import { BridgeCallError, callErrorFrom, type Bridge, type EventName, type Listener } from '../../contract/bridge.ts';
import { configCollections, HID_FAMILY_FILTERS } from '../../core/hid-families.ts';
import type { FromWorker, ToWorker } from '../../host/worker-messages.ts';
import type { Host as HostInfo } from '../host-types.ts';
import { loadResourcesFromWorker, startDeviceWorker } from './worker-start.ts';
import { bridgeToken, createDesktopHost } from './desktop.ts';

export { loadResourcesFromWorker, startDeviceWorker };

declare global {
  interface Window {
    /** Hooks for end-to-end tests and bug reports. */
    __keytune?: { bridge: Bridge; unplug(path: string): void };
  }
}

export function detectPlatform(): HostInfo['platform'] {
  const ua = navigator.userAgent.toLowerCase();
  if (ua.includes('windows')) return 'window';
  if (ua.includes('mac os')) return 'mac';
  if (ua.includes('linux')) return 'linux';
  return 'other';
}

/** The bridge contract over postMessage: calls are numbered, answers and events come back as messages. */
class WorkerBridge implements Bridge {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly post: (m: ToWorker) => void) {}

  call(channel: string, func: string, args: readonly string[] = []): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.post({ type: 'call', id, channel, func, args: [...args] });
    });
  }

  on(event: EventName, listener: Listener): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  handle(msg: FromWorker): void {
    if (msg.type === 'result') {
      const w = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      if (!w) return;
      if (msg.error) {
        const e = msg.error;
        w.reject(callErrorFrom(e));
      } else w.resolve(msg.value);
    } else if (msg.type === 'event') {
      for (const l of [...(this.listeners.get(msg.name) ?? [])]) {
        try {
          l(msg.payload);
        } catch (err) {
          console.error(`listener of ${msg.name} failed`, err);
        }
      }
    }
  }
}

/** Carries one HID device's reports between the page's WebHID and the worker's service. */
function hidForwarder(hid: HID, post: (m: ToWorker) => void) {
  const ports = new Map<string, HIDDevice>();
  let next = 1;
  hid.addEventListener('disconnect', (e) => {
    for (const [port, device] of ports)
      if (device === e.device) {
        ports.delete(port);
        post({ type: 'hid-gone', port });
      }
  });
  return {
    async attach(device: HIDDevice): Promise<void> {
      const collections = configCollections(device.collections);
      if (collections.length === 0 || [...ports.values()].includes(device)) return;
      const reportBytes = collections[0]!.outputReportBytes ?? collections[0]!.inputReportBytes ?? 64;
      if (!device.opened) await device.open();
      const port = `hid-${next++}`;
      ports.set(port, device);
      device.addEventListener('inputreport', (e) => {
        if (e.reportId !== 0) return;
        const report = new Uint8Array(reportBytes);
        report.set(new Uint8Array(e.data.buffer, e.data.byteOffset, Math.min(reportBytes, e.data.byteLength)));
        post({ type: 'hid-report', port, report });
      });
      post({
        type: 'hid-attach',
        port,
        info: {
          vendorId: device.vendorId,
          productId: device.productId,
          productName: device.productName,
          reportBytes,
          collections,
        },
      });
    },
    send(port: string, seq: number, report: Uint8Array): void {
      const device = ports.get(port);
      if (!device) return post({ type: 'hid-sent', port, seq, error: 'the device is gone' });
      device.sendReport(0, report as Uint8Array<ArrayBuffer>).then(
        () => post({ type: 'hid-sent', port, seq }),
        (e: unknown) => post({ type: 'hid-sent', port, seq, error: e instanceof Error ? e.message : String(e) }),
      );
    },
  };
}

/** The host of this page: the desktop bridge's when the bridge served it (its token is in the page), else the browser's. */
export async function createHost(): Promise<HostInfo> {
  const token = bridgeToken();
  if (token) {
    const host = await createDesktopHost({ token, platform: detectPlatform() });
    window.__keytune = { bridge: host.bridge, unplug: () => undefined };
    return host;
  }
  return createBrowserHost();
}

async function createBrowserHost(): Promise<HostInfo> {
  const params = new URLSearchParams(location.search);
  const worker = startDeviceWorker();
  const post = (m: ToWorker): void => worker.postMessage(m);
  const bridge = new WorkerBridge(post);
  const hid = 'hid' in navigator ? navigator.hid : undefined;
  const forwarder = hid ? hidForwarder(hid, post) : undefined;

  const ready = new Promise<void>((resolve, reject) => {
    worker.onerror = (e) => reject(new Error(`the device worker failed to start: ${e.message}`));
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const msg = event.data;
      if (msg.type === 'ready') resolve();
      else if (msg.type === 'hid-send') forwarder?.send(msg.port, msg.seq, msg.report);
      else bridge.handle(msg);
    };
  });
  post({ type: 'init', realisticLinks: params.get('link') === 'realistic' });
  await ready;

  if (hid && forwarder) {
    for (const d of await hid.getDevices().catch(() => []))
      await forwarder.attach(d).catch((e: unknown) => console.error(e));
    hid.addEventListener('connect', (e) => void forwarder.attach(e.device).catch((err: unknown) => console.error(err)));
  }

  window.__keytune = { bridge, unplug: (path) => post({ type: 'unplug', path }) };

  return {
    bridge,
    hasWebHid: hid !== undefined,
    platform: detectPlatform(),
    hostKind: 'wasm',
    async requestHidDevice() {
      if (!hid || !forwarder) throw new BridgeCallError('device.not.support.title', 'this browser has no WebHID');
      const devices = await hid.requestDevice({ filters: [...HID_FAMILY_FILTERS] });
      for (const d of devices) await forwarder.attach(d);
    },
  };
}
