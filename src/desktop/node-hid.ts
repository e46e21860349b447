/**
 * Real keyboards through node-hid. A HID interface is ours when it is the configuration collection: usage page 0xFF60
 * and usage 0x61, from one of the product's vendors. The vendor id alone proves nothing (1046 is shared by unrelated
 * makers), so an interface without the usage pair is never opened. The node-hid module is injected, so tests drive
 * the same code with a fake device backed by the reference firmware.
 */
import { configCollections } from '../core/hid-families.ts';
import type { DefinitionStore } from '../drivers/types.ts';
import { attachHid } from '../host/attach-hid.ts';
import { REPORT_SIZE } from '../protocol/frame.ts';
import type { DeviceService } from '../service/service.ts';
import { checkReportSize, fitReport, ReportListeners } from '../transport/reports.ts';
import { TransportError, type Transport, type TransportInfo } from '../transport/types.ts';

/** What node-hid's `devicesAsync()` answers for one interface (the fields used here). */
export interface HidInterfaceInfo {
  vendorId: number;
  productId: number;
  path?: string | undefined;
  product?: string | undefined;
  usagePage?: number | undefined;
  usage?: number | undefined;
}

/** An open interface, as node-hid's `HIDAsync` is. */
export interface HidHandle {
  write(values: number[] | Buffer): Promise<number>;
  on(event: 'data', listener: (data: Buffer) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  close(): Promise<void>;
}

/** The part of the node-hid module the bridge uses. */
export interface HidModule {
  devicesAsync(): Promise<HidInterfaceInfo[]>;
  HIDAsync: { open(path: string): Promise<HidHandle> };
}

/** True for a configuration interface of a family Keytune speaks (our own protocol, libhmk, VIA). */
export function isConfigInterface(d: HidInterfaceInfo): boolean {
  return (
    configCollections([{ usagePage: d.usagePage ?? 0, usage: d.usage ?? 0 }]).length > 0 &&
    typeof d.path === 'string' &&
    d.path !== ''
  );
}

/**
 * One configuration interface opened through node-hid, report id 0. node-hid does not hand over the descriptor's
 * report sizes, so the size comes from whoever picked the interface: 64 bytes, our protocol's, unless told.
 */
export class NodeHidTransport implements Transport {
  readonly info: TransportInfo;
  private handle: HidHandle | undefined;
  private readonly listeners = new ReportListeners();
  private gone = false;

  constructor(
    private readonly hid: HidModule,
    readonly device: HidInterfaceInfo & { path: string },
    options: { reportBytes?: number } = {},
  ) {
    this.info = {
      kind: 'bridge',
      reportBytes: options.reportBytes ?? REPORT_SIZE,
      vendorId: device.vendorId,
      productId: device.productId,
      productName: device.product ?? '',
    };
  }

  get connected(): boolean {
    return !this.gone && this.handle !== undefined;
  }

  async open(): Promise<void> {
    if (this.gone) throw new TransportError('closed', 'the device is gone');
    if (this.handle) return;
    try {
      this.handle = await this.hid.HIDAsync.open(this.device.path);
    } catch (e) {
      throw new TransportError(
        'io',
        `could not open ${this.device.path}: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    this.handle.on('data', (data: Buffer) => {
      this.listeners.report(fitReport(data, this.info.reportBytes));
    });
    // node-hid reports an unplugged device as a read error.
    this.handle.on('error', () => this.lost());
  }

  async send(report: Uint8Array): Promise<void> {
    if (this.gone || !this.handle) throw new TransportError('disconnected', 'the device is not connected');
    checkReportSize(report, this.info.reportBytes);
    // The first byte is the report id (0: the interface has none), which node-hid does not send on the wire.
    const out = Buffer.alloc(this.info.reportBytes + 1);
    out.set(report, 1);
    try {
      await this.handle.write(out);
    } catch (e) {
      this.lost();
      throw new TransportError('disconnected', `sending failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  onReport(listener: (report: Uint8Array) => void): () => void {
    return this.listeners.onReport(listener);
  }

  onDisconnect(listener: () => void): () => void {
    return this.listeners.onDisconnect(listener);
  }

  async close(): Promise<void> {
    this.gone = true;
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close().catch(() => undefined);
  }

  private lost(): void {
    if (this.gone) return;
    this.gone = true;
    const handle = this.handle;
    this.handle = undefined;
    void handle?.close().catch(() => undefined);
    this.listeners.disconnected();
  }
}

/**
 * Finds keyboards as they are plugged in: node-hid has no hot-plug events, so the interface list is read every
 * `intervalMs`. A keyboard whose handshake failed is tried again only once it was unplugged.
 */
export class HidWatcher {
  private readonly open = new Map<string, NodeHidTransport>();
  private readonly failed = new Set<string>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private scanning: Promise<void> | undefined;

  constructor(
    private readonly hid: HidModule,
    private readonly service: DeviceService,
    private readonly intervalMs = 1000,
    private readonly definitions?: DefinitionStore,
  ) {}

  start(): Promise<void> {
    this.timer ??= setInterval(() => void this.scan(), this.intervalMs);
    this.timer.unref?.();
    return this.scan();
  }

  /** Reads the interface list once and attaches every new configuration interface. */
  scan(): Promise<void> {
    this.scanning ??= this.scanOnce().finally(() => {
      this.scanning = undefined;
    });
    return this.scanning;
  }

  private async scanOnce(): Promise<void> {
    let list: HidInterfaceInfo[];
    try {
      list = await this.hid.devicesAsync();
    } catch (e) {
      console.error('could not list HID devices', e);
      return;
    }
    const present = new Set(list.map((d) => d.path ?? ''));
    for (const path of this.failed) if (!present.has(path)) this.failed.delete(path);
    for (const d of list) {
      if (!isConfigInterface(d)) continue;
      const path = d.path as string;
      if (this.open.has(path) || this.failed.has(path)) continue;
      // node-hid tells no report sizes: each family is tried on a link of its own size.
      let transport: NodeHidTransport | undefined;
      const link = async (reportBytes: number) => {
        await transport?.close();
        transport = new NodeHidTransport(this.hid, { ...d, path }, { reportBytes });
        this.open.set(path, transport);
        const opened = transport;
        opened.onDisconnect(() => {
          if (this.open.get(path) === opened) this.open.delete(path);
        });
        return opened;
      };
      const candidate = {
        vendorId: d.vendorId,
        productId: d.productId,
        productName: d.product ?? '',
        collections: [{ usagePage: d.usagePage ?? 0, usage: d.usage ?? 0 }],
      };
      const attached = await attachHid(this.service, candidate, link, this.definitions);
      if (!attached) {
        this.open.delete(path);
        this.failed.add(path);
        await transport?.close();
      }
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.scanning;
    for (const t of this.open.values()) await t.close();
    this.open.clear();
  }
}
