/**
 * One device's link as the service sees it: a serial queue of exchanges, a timeout on every reply, bounded retries
 * on reads, and a disconnect that rejects whatever is in flight. Everything above speaks objects, not frames.
 */
import { CMD, MULTI_READ_MAX, MULTI_READ_MAX_BYTES, UNSOLICITED_NOTIFY_SUBS } from '../protocol/commands.ts';
import { ProtocolError } from '../protocol/errors.ts';
import { decodeFrame, encodeFrame, hasMore, type Frame } from '../protocol/frame.ts';
import {
  answers,
  commandFrame,
  multiReadRequest,
  parseMultiRead,
  readRequest,
  ReplyAssembler,
  throwIfError,
  writeFrames,
} from '../protocol/messages.ts';
import { DescriptorLayout, type Descriptor } from '../protocol/objects.ts';
import { OBJECTS, type ObjectName } from '../protocol/registry.ts';
import { TransportError, type Transport } from '../transport/types.ts';

export interface SessionOptions {
  /** Longest wait for the next frame of a reply, in ms. */
  timeoutMs?: number;
  /** How many times an idempotent read is tried again after a timeout or a malformed reply. */
  readRetries?: number;
  /** Called with every unsolicited notification frame. */
  onNotify?: (frame: Frame) => void;
  /** Called once when the link goes away. */
  onDisconnect?: () => void;
  /** Called with every frame sent and received, for the exportable command log. */
  onTraffic?: (direction: 'out' | 'in', report: Uint8Array) => void;
}

/** Why an exchange failed, in terms the service maps to toast keys. */
export class SessionError extends Error {
  readonly reason: 'timeout' | 'disconnected' | 'device' | 'reply';
  readonly deviceCode: number | undefined;
  constructor(reason: SessionError['reason'], message: string, deviceCode?: number) {
    super(message);
    this.name = 'SessionError';
    this.reason = reason;
    this.deviceCode = deviceCode;
  }
}

interface Pending {
  /** True for frames that belong to this exchange's answer. */
  matches(frame: Frame): boolean;
  onFrame(frame: Frame): boolean;
  fail(error: Error): void;
  armTimer(): void;
}

export interface TrafficStats {
  reportsSent: number;
  reportsReceived: number;
  /** Data bytes (after the header) carried by the reports received. */
  dataBytesReceived: number;
}

export class DeviceSession {
  private readonly timeoutMs: number;
  private readonly readRetries: number;
  private queue: Promise<unknown> = Promise.resolve();
  private pending: Pending | undefined;
  private closed = false;
  private readonly unsubscribe: (() => void)[] = [];
  descriptor: Descriptor | undefined;
  readonly stats: TrafficStats = { reportsSent: 0, reportsReceived: 0, dataBytesReceived: 0 };

  constructor(
    readonly transport: Transport,
    private readonly options: SessionOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 1500;
    this.readRetries = options.readRetries ?? 2;
    this.unsubscribe.push(transport.onReport((r) => this.handleReport(r)));
    this.unsubscribe.push(transport.onDisconnect(() => this.handleDisconnect()));
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Opens the link and performs the handshake. */
  async open(): Promise<Descriptor> {
    await this.transport.open();
    const bytes = await this.readObject('descriptor');
    const d = DescriptorLayout.decode(bytes);
    this.descriptor = d;
    return d;
  }

  /** Reads an object (or a range of it). Retried on timeout or a malformed reply. */
  readObject(name: ObjectName, offset = 0, length?: number): Promise<Uint8Array> {
    const spec = OBJECTS[name];
    const want = length ?? (this.descriptor ? spec.size(this.descriptor) - offset : 0xffff);
    return this.enqueue(async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await this.exchangeRead(spec.cmd, spec.sub, offset, want);
        } catch (e) {
          const retriable = e instanceof SessionError && (e.reason === 'timeout' || e.reason === 'reply');
          if (!retriable || attempt >= this.readRetries || this.closed) throw e;
        }
      }
    });
  }

  /**
   * Reads several whole objects with one request per 27 objects: the replies stream back to back, so a full
   * configuration costs close to bytes / 56 reports. An object the device refuses (one it lacks) is left out of the
   * answer. Retried like a single read.
   */
  readMany(names: readonly ObjectName[]): Promise<Map<ObjectName, Uint8Array>> {
    return this.enqueue(async () => {
      const out = new Map<ObjectName, Uint8Array>();
      for (const batch of this.multiReadBatches(names)) {
        for (let attempt = 0; ; attempt++) {
          try {
            for (const [name, bytes] of await this.exchangeMany(batch)) out.set(name, bytes);
            break;
          } catch (e) {
            const retriable = e instanceof SessionError && (e.reason === 'timeout' || e.reason === 'reply');
            if (!retriable || attempt >= this.readRetries || this.closed) throw e;
          }
        }
      }
      return out;
    });
  }

  /** Groups objects so that each request names at most 27 and its answer fits the u16 offsets of its frames. */
  private multiReadBatches(names: readonly ObjectName[]): ObjectName[][] {
    const batches: ObjectName[][] = [];
    let batch: ObjectName[] = [];
    let bytes = 0;
    for (const name of names) {
      const size = 2 + (this.descriptor ? OBJECTS[name].size(this.descriptor) : MULTI_READ_MAX_BYTES);
      if (batch.length > 0 && (batch.length === MULTI_READ_MAX || bytes + size > MULTI_READ_MAX_BYTES)) {
        batches.push(batch);
        batch = [];
        bytes = 0;
      }
      batch.push(name);
      bytes += size;
    }
    if (batch.length) batches.push(batch);
    return batches;
  }

  /** Writes bytes into an object from `offset`: one stream, committed by the device at its end. */
  writeObject(name: ObjectName, offset: number, bytes: Uint8Array): Promise<void> {
    const spec = OBJECTS[name];
    return this.enqueue(async () => {
      await this.exchange(writeFrames(spec.cmd, spec.sub, offset, bytes));
    });
  }

  /** A single-frame write command (masked writes, resets); resolves with the device's ack frame. */
  command(cmd: number, sub: number, data: Uint8Array, offset = 0): Promise<Frame> {
    return this.enqueue(() => this.exchange([commandFrame(cmd, sub, data, offset)]));
  }

  /** Sends several frames of which only the last is answered (firmware chunk windows). */
  stream(frames: Frame[]): Promise<Frame> {
    return this.enqueue(() => this.exchange(frames));
  }

  /** Closes the session: rejects what is in flight, stops listening. */
  async close(): Promise<void> {
    this.shutdown(new SessionError('disconnected', 'the device was closed'));
    await this.transport.close();
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      if (this.closed) throw new SessionError('disconnected', 'the device is not connected');
      return task();
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private exchangeRead(cmd: number, sub: number, offset: number, length: number): Promise<Uint8Array> {
    const assembler = new ReplyAssembler(offset);
    return this.await(readRequest(cmd, sub, offset, length), [], (frame) => {
      assembler.push(frame);
      return assembler.done;
    }).then(() => assembler.bytes());
  }

  private async exchangeMany(names: readonly ObjectName[]): Promise<Map<ObjectName, Uint8Array>> {
    const request = multiReadRequest(names.map((n) => OBJECTS[n]));
    const assembler = new ReplyAssembler(0);
    await this.await(request, [], (frame) => {
      assembler.push(frame);
      return assembler.done;
    });
    const out = new Map<ObjectName, Uint8Array>();
    parseMultiRead(assembler.bytes(), names.length).forEach((bytes, i) => {
      if (bytes) out.set(names[i]!, bytes);
    });
    return out;
  }

  private async exchange(frames: Frame[]): Promise<Frame> {
    const last = frames[frames.length - 1]!;
    let reply: Frame | undefined;
    await this.await(last, frames.slice(0, -1), (frame) => {
      throwIfError(frame);
      if (hasMore(frame.sub)) throw new ProtocolError('stream', 'unexpected streamed reply to a write');
      reply = frame;
      return true;
    });
    return reply!;
  }

  /** Sends `before` then `request` and feeds answering frames to `onFrame` until it returns true. */
  private await(
    request: Frame,
    before: Frame[],
    onFrame: (frame: Frame) => boolean,
    matches?: (frame: Frame) => boolean,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (error?: Error): void => {
        if (timer) clearTimeout(timer);
        if (this.pending === pending) this.pending = undefined;
        if (error) reject(error);
        else resolve();
      };
      const pending: Pending = {
        matches: matches ?? ((frame) => answers(frame, request.cmd, request.sub)),
        onFrame: (frame) => {
          try {
            if (onFrame(frame)) {
              finish();
              return true;
            }
            pending.armTimer();
          } catch (e) {
            finish(toSessionError(e));
          }
          return false;
        },
        fail: (error) => finish(error),
        armTimer: () => {
          if (timer) clearTimeout(timer);
          timer = setTimeout(
            () => finish(new SessionError('timeout', `no reply from the device within ${this.timeoutMs} ms`)),
            this.timeoutMs,
          );
        },
      };
      this.pending = pending;
      const sendAll = async (): Promise<void> => {
        for (const f of [...before, request]) await this.sendFrame(f);
        if (this.pending === pending) pending.armTimer();
      };
      sendAll().catch((e: unknown) => finish(toSessionError(e)));
    });
  }

  private async sendFrame(frame: Frame): Promise<void> {
    const report = encodeFrame(frame);
    this.stats.reportsSent++;
    this.options.onTraffic?.('out', report);
    await this.transport.send(report);
  }

  private handleReport(report: Uint8Array): void {
    this.stats.reportsReceived++;
    this.options.onTraffic?.('in', report);
    let frame: Frame;
    try {
      frame = decodeFrame(report);
    } catch (e) {
      // A corrupted frame in the middle of an answer spoils that answer; reads are then tried again.
      this.pending?.fail(toSessionError(e));
      return;
    }
    this.stats.dataBytesReceived += frame.data.length;
    if (frame.cmd === CMD.notify && UNSOLICITED_NOTIFY_SUBS.includes(frame.sub & 0x3f)) {
      this.options.onNotify?.(frame);
      return;
    }
    const p = this.pending;
    if (p && p.matches(frame)) p.onFrame(frame);
  }

  private handleDisconnect(): void {
    if (this.closed) return;
    this.shutdown(new SessionError('disconnected', 'the device was disconnected'));
    this.options.onDisconnect?.();
  }

  private shutdown(error: SessionError): void {
    this.closed = true;
    this.pending?.fail(error);
    this.pending = undefined;
    for (const u of this.unsubscribe.splice(0)) u();
  }
}

function toSessionError(e: unknown): Error {
  if (e instanceof SessionError) return e;
  if (e instanceof TransportError) return new SessionError('disconnected', e.message);
  if (e instanceof ProtocolError) {
    if (e.kind === 'device-error') return new SessionError('device', e.message, e.deviceCode);
    return new SessionError('reply', e.message);
  }
  return e instanceof Error ? e : new Error(String(e));
}
