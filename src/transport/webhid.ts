/**
 * WebHID transport: one configuration collection (usage page 0xFF60, usage 0x61) of a HID device, report id 0.
 */
import { VENDOR_IDS, VENDOR_USAGE, VENDOR_USAGE_PAGE } from '../core/models.ts';
import { REPORT_SIZE } from '../protocol/frame.ts';
import { checkReportSize, fitReport, ReportListeners } from './reports.ts';
import { TransportError, type Transport, type TransportInfo } from './types.ts';

/** The filters the add-device button passes to `navigator.hid.requestDevice`. */
export function hidRequestFilters(): HIDDeviceFilter[] {
  return VENDOR_IDS.map((vendorId) => ({ vendorId, usagePage: VENDOR_USAGE_PAGE, usage: VENDOR_USAGE }));
}

/** True when the device exposes our configuration collection. */
export function hasConfigCollection(device: HIDDevice): boolean {
  return device.collections.some((c) => c.usagePage === VENDOR_USAGE_PAGE && c.usage === VENDOR_USAGE);
}

/**
 * Bytes of one report of the device's configuration collection, as its descriptor declares them (the first output
 * report's items); 64, our protocol's size, when the descriptor does not say.
 */
export function collectionReportBytes(device: HIDDevice): number {
  const collection =
    device.collections.find((c) => c.usagePage === VENDOR_USAGE_PAGE && c.usage === VENDOR_USAGE) ??
    device.collections.find((c) => (c.outputReports?.length ?? 0) > 0);
  const items = collection?.outputReports?.[0]?.items ?? [];
  const bits = items.reduce((sum, item) => sum + (item.reportSize ?? 0) * (item.reportCount ?? 0), 0);
  return bits > 0 ? Math.ceil(bits / 8) : REPORT_SIZE;
}

export class WebHidTransport implements Transport {
  readonly info: TransportInfo;
  private readonly listeners = new ReportListeners();
  private gone = false;

  constructor(
    readonly device: HIDDevice,
    private readonly hid: HID,
  ) {
    this.info = {
      kind: 'webhid',
      reportBytes: collectionReportBytes(device),
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
    checkReportSize(report, this.info.reportBytes);
    try {
      await this.device.sendReport(0, report as Uint8Array<ArrayBuffer>);
    } catch (e) {
      throw new TransportError('io', `sending failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  onReport(listener: (report: Uint8Array) => void): () => void {
    return this.listeners.onReport(listener);
  }

  onDisconnect(listener: () => void): () => void {
    return this.listeners.onDisconnect(listener);
  }

  async close(): Promise<void> {
    this.detach();
    if (this.device.opened) await this.device.close().catch(() => undefined);
  }

  private readonly onInput = (event: HIDInputReportEvent): void => {
    if (event.reportId !== 0) return;
    const data = new Uint8Array(event.data.buffer, event.data.byteOffset, event.data.byteLength);
    // Some stacks hand over shorter reports; pad so the frame decoder sees a whole report.
    this.listeners.report(fitReport(data, this.info.reportBytes));
  };

  private readonly onHidDisconnect = (event: HIDConnectionEvent): void => {
    if (event.device !== this.device) return;
    this.detach();
    this.listeners.disconnected();
  };

  private detach(): void {
    if (this.gone) return;
    this.gone = true;
    this.device.removeEventListener('inputreport', this.onInput);
    this.hid.removeEventListener('disconnect', this.onHidDisconnect);
  }
}
