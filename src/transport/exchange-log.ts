/**
 * The last reports exchanged with a device, for bug reports: every report sent and received, with its time, kept in
 * a ring of fixed size so a device streaming travel values at 1 kHz costs a copy of 64 bytes per report and never
 * more memory. Reports are kept as bytes; turning them into text waits until someone asks for a report.
 *
 * `tapTransport` records a transport's traffic without replacing the object (hosts and tests compare transports by
 * class): it wraps the instance's own `send` and listens with `onReport`. What went wrong with an exchange (no
 * answer, a refusal, a damaged reply) is only known above the transport; the service marks it afterwards (`mark`).
 */
import type { Transport } from './types.ts';

export const EXCHANGE_LOG_SIZE = 500;

/** `none`: a mark with no report of its own (a call refused before anything was sent, a link that went away). */
export type ExchangeDirection = 'sent' | 'received' | 'none';

export const EXCHANGE_OUTCOMES = ['ok', 'timeout', 'refused', 'bad-reply', 'disconnected', 'failed'] as const;
/** `failed`: the transport could not send; the others as the service maps a call's error. */
export type ExchangeOutcome = (typeof EXCHANGE_OUTCOMES)[number];

export interface Exchange {
  /** Milliseconds since the log started. */
  t: number;
  direction: ExchangeDirection;
  bytes: Uint8Array;
  outcome: ExchangeOutcome;
  /** Why it is marked (the call and the reason given), when it is. */
  note?: string;
}

/** The newest `capacity` items, oldest first when read. */
export class RingBuffer<T> {
  private readonly items: T[] = [];
  private next = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`a ring holds at least 1 item`);
  }

  push(item: T): void {
    if (this.items.length < this.capacity) this.items.push(item);
    else this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
  }

  /** From the newest back. */
  *newestFirst(): Generator<T> {
    for (let i = 1; i <= this.items.length; i++) yield this.items[(this.next - i + this.capacity) % this.capacity]!;
  }

  toArray(): T[] {
    if (this.items.length < this.capacity) return [...this.items];
    return [...this.items.slice(this.next), ...this.items.slice(0, this.next)];
  }
}

export class ExchangeLog {
  /** Wall-clock time (ms since 1970) at which `t` is 0. */
  readonly startedAt = Date.now();
  private readonly origin = performance.now();
  private readonly ring: RingBuffer<Exchange>;

  constructor(capacity = EXCHANGE_LOG_SIZE) {
    this.ring = new RingBuffer(capacity);
  }

  /** Milliseconds since the log started: what a caller passes to `mark` as `since`. */
  now(): number {
    return performance.now() - this.origin;
  }

  record(direction: ExchangeDirection, bytes: Uint8Array, outcome: ExchangeOutcome = 'ok', note?: string): Exchange {
    const exchange: Exchange = { t: this.now(), direction, bytes: bytes.slice(), outcome };
    if (note !== undefined) exchange.note = note;
    this.ring.push(exchange);
    return exchange;
  }

  /**
   * Marks the report a failure concerns, among those recorded at or after `since`: for `sent`, the newest report sent
   * that nothing answered before the next was sent (a probe sent after a timeout was answered; the report before it
   * was not), else the newest sent; for `received`, the newest received. Without such a report, the newest of either
   * direction; with no report at all in that time, a mark without bytes is added.
   */
  mark(outcome: ExchangeOutcome, since: number, direction: 'sent' | 'received', note: string): void {
    let target: Exchange | undefined;
    let newestOfDirection: Exchange | undefined;
    let newest: Exchange | undefined;
    let after: Exchange | undefined;
    for (const e of this.ring.newestFirst()) {
      if (e.t < since) break;
      const open = e.outcome === 'ok' && e.direction !== 'none';
      if (open) {
        newest ??= e;
        if (e.direction === direction) newestOfDirection ??= e;
        if (direction === 'sent' && e.direction === 'sent' && after?.direction !== 'received') {
          target = e;
          break;
        }
      }
      after = e;
    }
    target ??= newestOfDirection ?? newest;
    if (!target) {
      this.record('none', new Uint8Array(0), outcome, note);
      return;
    }
    target.outcome = outcome;
    target.note = note;
  }

  /** The kept exchanges, oldest first. */
  entries(): Exchange[] {
    return this.ring.toArray();
  }
}

const logs = new WeakMap<Transport, ExchangeLog>();

/**
 * Records every report `transport` sends and receives into `log` from now on, and answers the log. A transport
 * tapped before keeps its first log (a device attached again on the same link continues its history), so a report
 * is never recorded twice.
 */
export function tapTransport(transport: Transport, log: ExchangeLog = new ExchangeLog()): ExchangeLog {
  const existing = logs.get(transport);
  if (existing) return existing;
  logs.set(transport, log);
  const send = transport.send.bind(transport);
  transport.send = async (report: Uint8Array): Promise<void> => {
    const sent = log.record('sent', report);
    try {
      await send(report);
    } catch (e) {
      sent.outcome = 'failed';
      sent.note = e instanceof Error ? e.message : String(e);
      throw e;
    }
  };
  transport.onReport((report) => log.record('received', report));
  return log;
}

/** Bytes as lower-case hex, two digits a byte, no separators. */
export function toHex(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += b.toString(16).padStart(2, '0');
  return text;
}
