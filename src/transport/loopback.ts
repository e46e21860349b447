/**
 * Loopback link to the reference firmware (or any ReportEndpoint), with the behaviour of a real link: each report
 * occupies the link for `reportIntervalMs` and queues behind the ones before it, plus latency, jitter and loss.
 * Times are absolute, so a late timer delivers every report that is due instead of drifting.
 */
import { REPORT_SIZE } from '../protocol/frame.ts';
import {
  LINK_PRESETS,
  TransportError,
  type LinkOptions,
  type ReportEndpoint,
  type Transport,
  type TransportInfo,
} from './types.ts';

type Deliver = (report: Uint8Array) => void;

/** One direction of the link: a queue of reports, each delivered at its due time. */
class Lane {
  private freeAt = 0;
  private readonly queue: { due: number; report: Uint8Array; seq: number }[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;

  constructor(
    private readonly link: () => LinkOptions,
    private readonly deliver: Deliver,
  ) {}

  push(report: Uint8Array): void {
    const o = this.link();
    const random = o.random ?? Math.random;
    if (o.loss > 0 && random() < o.loss) return;
    const now = performance.now();
    const start = Math.max(now, this.freeAt);
    this.freeAt = start + o.reportIntervalMs;
    const due = this.freeAt + o.latencyMs + (o.jitterMs > 0 ? random() * o.jitterMs : 0);
    // Jitter never reorders a USB or radio link: a report is never delivered before the one sent ahead of it.
    const last = this.queue[this.queue.length - 1];
    this.queue.push({ due: last ? Math.max(due, last.due) : due, report, seq: this.seq++ });
    this.schedule();
  }

  clear(): void {
    this.queue.length = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer || this.queue.length === 0) return;
    const wait = Math.max(0, this.queue[0]!.due - performance.now());
    const fire = (): void => {
      this.timer = undefined;
      const now = performance.now();
      while (this.queue.length && this.queue[0]!.due <= now + 0.05) this.deliver(this.queue.shift()!.report);
      this.schedule();
    };
    if (wait <= 0) {
      // Nothing to wait for: hand over as soon as the current task ends, without a timer's minimum delay.
      const token = setTimeout(() => undefined, 0);
      this.timer = token;
      queueMicrotask(() => {
        if (this.timer !== token) return;
        clearTimeout(token);
        fire();
      });
    } else {
      this.timer = setTimeout(fire, wait);
    }
  }
}

export class LoopbackTransport implements Transport {
  readonly info: TransportInfo;
  private link: LinkOptions;
  private readonly reportListeners = new Set<(r: Uint8Array) => void>();
  private readonly disconnectListeners = new Set<() => void>();
  private readonly toDevice: Lane;
  private readonly toHost: Lane;
  private unsubscribeEndpoint: (() => void) | undefined;
  private state: 'new' | 'open' | 'gone' = 'new';

  constructor(
    private readonly endpoint: ReportEndpoint,
    info: Partial<TransportInfo> = {},
    link: Partial<LinkOptions> = {},
  ) {
    this.info = { kind: 'loopback', vendorId: 0, productId: 0, productName: 'Virtual keyboard', ...info };
    this.link = { ...LINK_PRESETS.instant, ...link };
    this.toDevice = new Lane(
      () => this.link,
      (r) => void this.handToDevice(r),
    );
    this.toHost = new Lane(
      () => this.link,
      (r) => this.handToHost(r),
    );
  }

  get connected(): boolean {
    return this.state === 'open';
  }

  /** Changes latency, jitter or loss while the link is up. */
  setLink(link: Partial<LinkOptions>): void {
    this.link = { ...this.link, ...link };
  }

  async open(): Promise<void> {
    if (this.state === 'gone') throw new TransportError('closed', 'the link was closed');
    if (this.state === 'open') return;
    this.state = 'open';
    this.unsubscribeEndpoint = this.endpoint.onReport((r) => this.toHost.push(r.slice()));
  }

  async send(report: Uint8Array): Promise<void> {
    if (this.state !== 'open') throw new TransportError('disconnected', 'the device is not connected');
    if (report.length !== REPORT_SIZE) throw new TransportError('io', `a report is ${REPORT_SIZE} bytes`);
    this.toDevice.push(report.slice());
  }

  onReport(listener: (report: Uint8Array) => void): () => void {
    this.reportListeners.add(listener);
    return () => this.reportListeners.delete(listener);
  }

  onDisconnect(listener: () => void): () => void {
    this.disconnectListeners.add(listener);
    return () => this.disconnectListeners.delete(listener);
  }

  /** Simulates pulling the cable: reports in flight are lost and listeners hear of it. */
  disconnect(): void {
    if (this.state === 'gone') return;
    this.teardown();
    for (const l of [...this.disconnectListeners]) l();
  }

  async close(): Promise<void> {
    this.teardown();
  }

  private teardown(): void {
    this.state = 'gone';
    this.toDevice.clear();
    this.toHost.clear();
    this.unsubscribeEndpoint?.();
  }

  private async handToDevice(report: Uint8Array): Promise<void> {
    if (this.state !== 'open') return;
    const replies = await this.endpoint.receive(report);
    if (this.state !== 'open') return;
    for (const r of replies) this.toHost.push(r);
  }

  private handToHost(report: Uint8Array): void {
    if (this.state !== 'open') return;
    for (const l of [...this.reportListeners]) l(report);
  }
}
