/**
 * The device worker's side of a real keyboard: reports cross postMessage to the page, which holds the HIDDevice
 * (WebHID exists only on the page's navigator) and sends them over USB.
 */
import { REPORT_SIZE } from '../protocol/frame.ts';
import { TransportError, type Transport, type TransportInfo } from '../transport/types.ts';
import type { FromWorker, HidInfo } from './worker-messages.ts';

export class PortTransport implements Transport {
  readonly info: TransportInfo;
  private readonly reportListeners = new Set<(r: Uint8Array) => void>();
  private readonly disconnectListeners = new Set<() => void>();
  private readonly sends = new Map<number, { resolve(): void; reject(e: Error): void }>();
  private seq = 0;
  private gone = false;

  constructor(
    readonly port: string,
    info: HidInfo,
    private readonly post: (message: FromWorker) => void,
  ) {
    this.info = { kind: 'webhid', reportBytes: REPORT_SIZE, ...info };
  }

  get connected(): boolean {
    return !this.gone;
  }

  async open(): Promise<void> {
    if (this.gone) throw new TransportError('closed', 'the device is gone');
  }

  send(report: Uint8Array): Promise<void> {
    if (this.gone) return Promise.reject(new TransportError('disconnected', 'the device is not connected'));
    if (report.length !== REPORT_SIZE)
      return Promise.reject(new TransportError('io', `a report is ${REPORT_SIZE} bytes`));
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
    if (!this.gone) for (const l of [...this.reportListeners]) l(report);
  }

  unplugged(): void {
    if (this.gone) return;
    this.gone = true;
    for (const s of this.sends.values()) s.reject(new TransportError('disconnected', 'the device was unplugged'));
    this.sends.clear();
    for (const l of [...this.disconnectListeners]) l();
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
    this.gone = true;
  }
}
