/**
 * A transport moves fixed-size reports (64 bytes for our protocol and libhmk, 32 for VIA) between the host and one device. It knows nothing of commands: the protocol sits
 * above it, so WebHID, the desktop bridge and the loopback to the reference firmware all plug in the same way.
 */

export interface TransportInfo {
  kind: 'webhid' | 'loopback' | 'bridge';
  vendorId: number;
  productId: number;
  productName: string;
  /** Bytes of every report in both directions (without report id). */
  reportBytes: number;
}

export interface Transport {
  readonly info: TransportInfo;
  /** Opens the link; resolves once reports can be sent. */
  open(): Promise<void>;
  /** Sends one report of `info.reportBytes` bytes. Rejects with TransportError when the device is gone. */
  send(report: Uint8Array): Promise<void>;
  /** Subscribes to every report the device sends (replies and notifications). */
  onReport(listener: (report: Uint8Array) => void): () => void;
  /** Subscribes to the link going away (unplug, close, simulated disconnect). */
  onDisconnect(listener: () => void): () => void;
  close(): Promise<void>;
  readonly connected: boolean;
}

export class TransportError extends Error {
  readonly reason: 'disconnected' | 'closed' | 'io';
  constructor(reason: 'disconnected' | 'closed' | 'io', message: string) {
    super(message);
    this.name = 'TransportError';
    this.reason = reason;
  }
}

/** The device end of a link; defined with the protocol so the firmware can implement it without a transport. */
export type { ReportEndpoint } from '../protocol/endpoint.ts';

/** A direction of the link: host to device, device to host, or either (counted in delivery order). */
export type LinkDirection = 'toDevice' | 'toHost' | 'any';

/** Whether the device keeps its power when the link is cut. */
export type LinkPower = 'kept' | 'lost';

/**
 * Something that happens to one report on a simulated link:
 * - `drop`: the report is lost;
 * - `damage`: byte `byte` (default 6, the checksum) is XORed with `xor` (default 0xFF);
 * - `replace`: the report is replaced by what `with` returns (any number of reports, none to drop it);
 * - `duplicate`: the report arrives twice;
 * - `delay`: the report arrives `ms` later, after the reports sent behind it;
 * - `cut`: the report is lost and the link goes down, the device keeping or losing its power;
 * - `hang`: the device stops answering for `ms` from this report on (LoopbackTransport.hang).
 */
export type LinkFault =
  | { kind: 'drop' }
  | { kind: 'damage'; byte?: number; xor?: number }
  | { kind: 'replace'; with: (report: Uint8Array) => Uint8Array[] }
  | { kind: 'duplicate' }
  | { kind: 'delay'; ms: number }
  | { kind: 'cut'; power: LinkPower }
  | { kind: 'hang'; ms: number; backlog?: HangBacklog };

/**
 * What a hung device does with the reports sent to it while it hung: answers them once it is back, late and in order
 * (firmware busy in a long loop, its endpoint holding the requests), or never (they were lost).
 */
export type HangBacklog = 'late' | 'lost';

/** Link behaviour of a simulated connection (DESIGN §2: wired ~1 ms, 2.4G ~220 ms, Bluetooth ~100 ms). */
export interface LinkOptions {
  /** Time each report occupies the link, in ms: reports in one direction queue behind each other. */
  reportIntervalMs: number;
  /** Extra one-way delay added to every report, in ms (pipelined, does not occupy the link). */
  latencyMs: number;
  /** Random extra delay in 0..jitterMs added per report. */
  jitterMs: number;
  /** Probability 0..1 that a report is lost. */
  loss: number;
  /** Random source, injectable for repeatable tests. */
  random?: () => number;
}

export const LINK_PRESETS = {
  instant: { reportIntervalMs: 0, latencyMs: 0, jitterMs: 0, loss: 0 },
  usb: { reportIntervalMs: 1, latencyMs: 0, jitterMs: 0, loss: 0 },
  wireless24g: { reportIntervalMs: 1, latencyMs: 220, jitterMs: 10, loss: 0 },
  bluetooth: { reportIntervalMs: 7.5, latencyMs: 100, jitterMs: 15, loss: 0 },
} as const satisfies Record<string, LinkOptions>;
