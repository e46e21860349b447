/**
 * Loopback link to the reference firmware (or any ReportEndpoint), with the behaviour of a real link: each report
 * occupies the link for `reportIntervalMs` and queues behind the ones before it, plus latency, jitter and loss.
 * Times are absolute, so a late timer delivers every report that is due instead of drifting.
 *
 * For tests, faults can be armed on the n-th report delivered in a direction (injectFault): lose it, damage a byte,
 * replace it, deliver it twice or late, or cut the link there with the device keeping or losing its power; or make
 * the device hang there for a while (hang). A cut link can be plugged back (reconnect) and opened again.
 */
import { REPORT_SIZE } from '../protocol/frame.ts';
import { checkReportSize, ReportListeners } from './reports.ts';
import {
  LINK_PRESETS,
  TransportError,
  type LinkDirection,
  type HangBacklog,
  type LinkFault,
  type LinkOptions,
  type LinkPower,
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

interface ArmedFault {
  direction: LinkDirection;
  /** Delivery count in `direction` at which the fault hits. */
  at: number;
  fault: LinkFault;
}

export class LoopbackTransport implements Transport {
  readonly info: TransportInfo;
  private link: LinkOptions;
  private readonly listeners = new ReportListeners();
  private readonly toDevice: Lane;
  private readonly toHost: Lane;
  private unsubscribeEndpoint: (() => void) | undefined;
  private state: 'new' | 'open' | 'gone' = 'new';
  /** Counts connections: a report delayed past a cut never reaches the next connection. */
  private generation = 0;
  private readonly counts: Record<LinkDirection, number> = { toDevice: 0, toHost: 0, any: 0 };
  private faults: ArmedFault[] = [];
  /** While the device hangs: what it was sent meanwhile (answered once it is back, or never). */
  private hung: { backlog: HangBacklog; held: Uint8Array[]; timer: ReturnType<typeof setTimeout> } | undefined;

  constructor(
    private readonly endpoint: ReportEndpoint,
    info: Partial<TransportInfo> = {},
    link: Partial<LinkOptions> = {},
  ) {
    this.info = {
      kind: 'loopback',
      vendorId: 0,
      productId: 0,
      productName: 'Virtual keyboard',
      reportBytes: REPORT_SIZE,
      ...info,
    };
    this.link = { ...LINK_PRESETS.instant, ...link };
    this.toDevice = new Lane(
      () => this.link,
      (r) => this.arrive('toDevice', r),
    );
    this.toHost = new Lane(
      () => this.link,
      (r) => this.arrive('toHost', r),
    );
  }

  /** Reports delivered so far in each direction (lost ones are not counted; faulted ones are). */
  get delivered(): Readonly<Record<LinkDirection, number>> {
    return { ...this.counts };
  }

  /**
   * Arms `fault` for the `nth` report (1: the next one) delivered in `direction` from now on. Several faults may hit
   * the same report; they apply in the order they were armed.
   */
  injectFault(direction: LinkDirection, nth: number, fault: LinkFault): void {
    if (!Number.isInteger(nth) || nth < 1) throw new RangeError(`report ${nth}: counting starts at 1`);
    this.faults.push({ direction, at: this.counts[direction] + nth, fault });
  }

  /**
   * The device stops answering for `ms` from now: every report sent to it meanwhile is held, then answered in order
   * once it is back (`backlog` 'late') or never ('lost'). A hang that starts while one lasts extends it.
   */
  hang(ms: number, backlog: HangBacklog = 'late'): void {
    const held = this.hung?.held ?? [];
    if (this.hung) clearTimeout(this.hung.timer);
    const generation = this.generation;
    const timer = setTimeout(() => void this.wake(generation), ms);
    this.hung = { backlog, held, timer };
  }

  /**
   * The hang is over: the held reports are handed to the device one after another, as firmware reads its endpoint
   * (one answered before the next is read); what is sent meanwhile queues behind them.
   */
  private async wake(generation: number): Promise<void> {
    const hung = this.hung;
    if (!hung) return;
    if (hung.backlog === 'lost') hung.held.length = 0;
    while (this.hung === hung && hung.held.length > 0 && this.generation === generation)
      await this.handToDevice(hung.held.shift()!);
    if (this.hung === hung) this.hung = undefined;
  }

  /** Disarms every fault not yet hit. */
  clearFaults(): void {
    this.faults = [];
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
    checkReportSize(report, this.info.reportBytes);
    this.toDevice.push(report.slice());
  }

  onReport(listener: (report: Uint8Array) => void): () => void {
    return this.listeners.onReport(listener);
  }

  onDisconnect(listener: () => void): () => void {
    return this.listeners.onDisconnect(listener);
  }

  /**
   * Simulates pulling the cable: reports in flight are lost and listeners hear of it. The device keeps its power
   * (it only drops what belongs to the link) unless `power` is 'lost'.
   */
  disconnect(power: LinkPower = 'kept'): void {
    if (this.state === 'gone') return;
    this.teardown();
    if (power === 'lost') this.endpoint.powerCycle?.();
    else this.endpoint.linkReset?.();
    this.listeners.disconnected();
  }

  /** Plugs a cut link back in: it can be opened again (by a new session). */
  reconnect(): void {
    if (this.state === 'gone') this.state = 'new';
  }

  async close(): Promise<void> {
    this.teardown();
  }

  private teardown(): void {
    this.state = 'gone';
    if (this.hung) clearTimeout(this.hung.timer);
    this.hung = undefined;
    this.generation++;
    this.toDevice.clear();
    this.toHost.clear();
    this.unsubscribeEndpoint?.();
    this.unsubscribeEndpoint = undefined;
  }

  /** A report reaches the end of its lane: count it, apply the faults armed for it, hand it over. */
  private arrive(direction: 'toDevice' | 'toHost', report: Uint8Array): void {
    if (this.state !== 'open') return;
    this.counts[direction]++;
    this.counts.any++;
    const hits = this.faults.filter(
      (f) => (f.direction === direction || f.direction === 'any') && f.at === this.counts[f.direction],
    );
    if (hits.length) this.faults = this.faults.filter((f) => !hits.includes(f));
    let reports = [report];
    for (const { fault } of hits) {
      switch (fault.kind) {
        case 'drop':
          reports = [];
          break;
        case 'damage':
          reports = reports.map((r) => {
            const copy = r.slice();
            const at = fault.byte ?? 6;
            copy[at] = copy[at]! ^ (fault.xor ?? 0xff);
            return copy;
          });
          break;
        case 'replace':
          reports = reports.flatMap((r) => fault.with(r.slice()));
          break;
        case 'duplicate':
          reports = reports.flatMap((r) => [r, r.slice()]);
          break;
        case 'delay': {
          const late = reports;
          const generation = this.generation;
          setTimeout(() => {
            if (this.generation === generation) for (const r of late) this.handOver(direction, r);
          }, fault.ms);
          reports = [];
          break;
        }
        case 'cut':
          this.disconnect(fault.power);
          return;
        case 'hang':
          this.hang(fault.ms, fault.backlog);
          break;
      }
    }
    for (const r of reports) this.handOver(direction, r);
  }

  private handOver(direction: 'toDevice' | 'toHost', report: Uint8Array): void {
    if (direction === 'toHost') this.handToHost(report);
    else if (this.hung) this.hung.held.push(report);
    else void this.handToDevice(report);
  }

  private async handToDevice(report: Uint8Array): Promise<void> {
    if (this.state !== 'open') return;
    const generation = this.generation;
    const replies = await this.endpoint.receive(report);
    if (this.state !== 'open' || this.generation !== generation) return;
    for (const r of replies) this.toHost.push(r);
  }

  private handToHost(report: Uint8Array): void {
    if (this.state !== 'open') return;
    this.listeners.report(report);
  }
}
