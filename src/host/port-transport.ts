/**
 * The device worker's side of a real keyboard: reports cross postMessage to the page, which holds the HIDDevice
 * (WebHID exists only on the page's navigator) and sends them over USB.
 */
import { REPORT_SIZE } from '../protocol/frame.ts';
import { checkReportSize, ReportListeners } from '../transport/reports.ts';
import { TransportError, type Transport, type TransportInfo } from '../transport/types.ts';
import type { FromWorker, HidInfo } from './worker-messages.ts';

export class PortTransport implements Transport {
  readonly info: TransportInfo;
  private readonly listeners = new ReportListeners();
  private readonly sends = new Map<number, { resolve(): void; reject(e: Error): void }>();
  private seq = 0;
  private gone = false;

  constructor(
    readonly port: string,
    /** The page reads the report size from the device's collection; 64 when it does not say. */
    info: Omit<HidInfo, 'collections'>,
    private readonly post: (message: FromWorker) => void,
  ) {
    this.info = { kind: 'webhid', ...info, reportBytes: info.reportBytes ?? REPORT_SIZE };
  }

  get connected(): boolean {
    return !this.gone;
  }

  async open(): Promise<void> {
    if (this.gone) throw new TransportError('closed', 'the device is gone');
  }

  async send(report: Uint8Array): Promise<void> {
    if (this.gone) throw new TransportError('disconnected', 'the device is not connected');
    checkReportSize(report, this.info.reportBytes);
    const seq = this.seq++;
    return new Promise<void>((resolve, reject) => {
      this.sends.set(seq, { resolve, reject });
      this.post({ type: 'hid-send', port: this.port, seq, report });
    });
  }

  /** The page's answer to one send. */
  sent(seq: number, error?: string): void {
    const s = this.sends.get(seq);
    this.sends.delete(seq);
    if (!s) return;
    if (error) s.reject(new TransportError('io', error));
    else s.resolve();
  }

  deliver(report: Uint8Array): void {
    if (!this.gone) this.listeners.report(report);
  }

  unplugged(): void {
    if (this.gone) return;
    this.gone = true;
    for (const s of this.sends.values()) s.reject(new TransportError('disconnected', 'the device was unplugged'));
    this.sends.clear();
    this.listeners.disconnected();
  }

  onReport(listener: (report: Uint8Array) => void): () => void {
    return this.listeners.onReport(listener);
  }

  onDisconnect(listener: () => void): () => void {
    return this.listeners.onDisconnect(listener);
  }

  async close(): Promise<void> {
    this.gone = true;
  }
}
