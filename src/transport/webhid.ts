/**
 * WebHID transport: one configuration collection (usage page 0xFF60, usage 0x61) of a HID device, report id 0.
 */
import { VENDOR_IDS, VENDOR_USAGE, VENDOR_USAGE_PAGE } from '../core/models.ts';
import { REPORT_SIZE } from '../protocol/frame.ts';
import { TransportError, type Transport, type TransportInfo } from './types.ts';

/** The filters the add-device button passes to `navigator.hid.requestDevice`. */
export function hidRequestFilters(): HIDDeviceFilter[] {
  return VENDOR_IDS.map((vendorId) => ({ vendorId, usagePage: VENDOR_USAGE_PAGE, usage: VENDOR_USAGE }));
}

/** True when the device exposes our configuration collection. */
export function hasConfigCollection(device: HIDDevice): boolean {
  return device.collections.some((c) => c.usagePage === VENDOR_USAGE_PAGE && c.usage === VENDOR_USAGE);
}

export class WebHidTransport implements Transport {
  readonly info: TransportInfo;
  private readonly reportListeners = new Set<(r: Uint8Array) => void>();
  private readonly disconnectListeners = new Set<() => void>();
  private gone = false;

  constructor(
    readonly device: HIDDevice,
    private readonly hid: HID,
  ) {
    this.info = {
      kind: 'webhid',
      reportBytes: REPORT_SIZE,
      vendorId: device.vendorId,
      productId: device.productId,
      productName: device.productName,
    };
    device.addEventListener('inputreport', this.onInput);
    hid.addEventListener('disconnect', this.onHidDisconnect);
  }

  get connected(): boolean {
    return !this.gone && this.device.opened;
  }

  async open(): Promise<void> {
    if (this.gone) throw new TransportError('closed', 'the device is gone');
    if (!this.device.opened) {
      try {
        await this.device.open();
      } catch (e) {
        throw new TransportError('io', `could not open the device: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  async send(report: Uint8Array): Promise<void> {
    if (this.gone || !this.device.opened) throw new TransportError('disconnected', 'the device is not connected');
    if (report.length !== REPORT_SIZE) throw new TransportError('io', `a report is ${REPORT_SIZE} bytes`);
    try {
      await this.device.sendReport(0, report as Uint8Array<ArrayBuffer>);
    } catch (e) {
      throw new TransportError('io', `sending failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  onReport(listener: (report: Uint8Array) => void): () => void {
    this.reportListeners.add(listener);
    return () => this.reportListeners.delete(listener);
  }

  onDisconnect(listener: () => void): () => void {
    this.disconnectListeners.add(listener);
    return () => this.disconnectListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.detach();
    if (this.device.opened) await this.device.close().catch(() => undefined);
  }

  private readonly onInput = (event: HIDInputReportEvent): void => {
    if (event.reportId !== 0) return;
    const data = new Uint8Array(event.data.buffer, event.data.byteOffset, event.data.byteLength);
    // Some stacks hand over shorter reports; pad so the frame decoder sees the full 64 bytes.
    const report = new Uint8Array(REPORT_SIZE);
    report.set(data.subarray(0, REPORT_SIZE));
    for (const l of [...this.reportListeners]) l(report);
  };

  private readonly onHidDisconnect = (event: HIDConnectionEvent): void => {
    if (event.device !== this.device) return;
    this.detach();
    for (const l of [...this.disconnectListeners]) l();
  };

  private detach(): void {
    if (this.gone) return;
    this.gone = true;
    this.device.removeEventListener('inputreport', this.onInput);
    this.hid.removeEventListener('disconnect', this.onHidDisconnect);
  }
}
