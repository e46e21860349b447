/**
 * One device's link as the service sees it: a serial queue of exchanges, a timeout on every reply, bounded retries
 * on reads, and a disconnect that rejects whatever is in flight. Everything above speaks objects, not frames.
 *
 * Every exchange gets its own sequence tag (1 … 255, wrapping, never 0); the device echoes it in every frame of its
 * answer, and a frame with another tag (a late or repeated answer to an abandoned exchange) is discarded, so an answer
 * can only ever complete its own request. A read answered with another length than the one asked for is refused as
 * malformed and tried again; it never reaches the caller.
 *
 * A device that stops answering costs one timeout budget (timeoutMs x (1 + readRetries)) from its first timeout,
 * however many calls wait: after an exchange times out, the next attempt (the read's retry, or the next exchange) is
 * the probe; when it times out too, every exchange still queued is rejected with 'timeout' at once, and so is every
 * exchange started until one budget after the first timeout (the calls a service queues behind each other reach the
 * session one at a time, and must not cost a timeout each). Meanwhile the session probes the device with a read that
 * changes nothing, so that it hears a device that is back; the first report from the device (a probe's answer, a late
 * answer, a notification) ends that state, and the next exchange is sent again (src/drivers/shared/silence.ts).
 *
 * `trustEpoch` counts the exchanges whose outcome is unknown (timed out, damaged, cut) and reopenings: a copy of a
 * device object confirmed at an older epoch may no longer match the device (src/service/cache.ts).
 */
import {
  CMD,
  isSlotObject,
  MULTI_READ_MAX,
  MULTI_READ_MAX_BYTES,
  UNSOLICITED_NOTIFY_SUBS,
} from '../protocol/commands.ts';
import { ProtocolError } from '../protocol/errors.ts';
import {
  decodeFrame,
  encodeFrame,
  hasMore,
  nextSeq,
  REPORT_SIZE,
  SEQ_BYTE,
  seqOf,
  tagged,
  type Frame,
} from '../protocol/frame.ts';
import {
  answers,
  commandFrame,
  multiReadRequest,
  parseMultiRead,
  readRequest,
  ReplyAssembler,
  slotReadRequest,
  throwIfError,
  transactionAbort,
  transactionBegin,
  transactionCommit,
  writeFrames,
} from '../protocol/messages.ts';
import { DescriptorLayout, type Descriptor } from '../protocol/objects.ts';
import { OBJECTS, type ObjectName } from '../protocol/registry.ts';
import { SilenceWatch } from '../drivers/shared/silence.ts';
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

/**
 * One step of an atomic change: a write of `bytes` into object `name` from `offset`, or a single-frame command
 * (a masked write: keymap, colour or performance setKeys, keymap resetLayer).
 */
export type AtomicOp =
  | { kind: 'object'; name: ObjectName; offset: number; bytes: Uint8Array }
  | { kind: 'command'; cmd: number; sub: number; data: Uint8Array; offset?: number };

interface Pending {
  seq: number;
  /** The request's command and sub-command: every frame of the answer echoes them. */
  cmd: number;
  sub: number;
  onFrame(frame: Frame): void;
  fail(error: Error): void;
}

interface Task {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface TrafficStats {
  reportsSent: number;
  reportsReceived: number;
  /** Data bytes (after the header) carried by the reports received. */
  dataBytesReceived: number;
  /** Reports received that answered no exchange in progress (another tag: late, repeated or stray) and were dropped. */
  discarded: number;
  /** Reports received that could not be decoded (size, length or checksum). */
  damaged: number;
}

const retriable = (e: unknown): e is SessionError =>
  e instanceof SessionError && (e.reason === 'timeout' || e.reason === 'reply');

export class DeviceSession {
  private readonly timeoutMs: number;
  private readonly readRetries: number;
  private readonly tasks: Task[] = [];
  private running = false;
  private pending: Pending | undefined;
  private closed = false;
  private seq = 0;
  private readonly silence: SilenceWatch;
  private epoch = 0;
  private readonly unsubscribe: (() => void)[] = [];
  descriptor: Descriptor | undefined;
  readonly stats: TrafficStats = {
    reportsSent: 0,
    reportsReceived: 0,
    dataBytesReceived: 0,
    discarded: 0,
    damaged: 0,
  };

  constructor(
    readonly transport: Transport,
    private readonly options: SessionOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 1500;
    this.readRetries = options.readRetries ?? 2;
    this.silence = new SilenceWatch(this.timeoutMs, 1 + this.readRetries, () => this.sendProbe());
    this.unsubscribe.push(transport.onReport((r) => this.handleReport(r)));
    this.unsubscribe.push(transport.onDisconnect(() => this.handleDisconnect()));
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /**
   * Moves on every exchange whose outcome is unknown (no answer, a damaged answer, a cut link) and on opening: what
   * was confirmed at an older epoch is to be read again before it is trusted. A refusal by the device does not move
   * it (the device answered, and a refused request changes nothing).
   */
  get trustEpoch(): number {
    return this.epoch;
  }

  /** Opens the link and performs the handshake. */
  async open(): Promise<Descriptor> {
    this.epoch++;
    await this.transport.open();
    const bytes = await this.readObject('descriptor');
    const d = DescriptorLayout.decode(bytes);
    this.descriptor = d;
    return d;
  }

  /**
   * Reads an object (or a range of it). Retried on timeout or a malformed reply; once the handshake told the object's
   * size, an answer of another length than the one asked for (cut at the object's end) is malformed.
   */
  readObject(name: ObjectName, offset = 0, length?: number): Promise<Uint8Array> {
    const spec = OBJECTS[name];
    const size = this.descriptor ? spec.size(this.descriptor) : undefined;
    const want = length ?? (size !== undefined ? size - offset : 0xffff);
    const expected = size !== undefined ? Math.max(0, Math.min(want, size - offset)) : length;
    return this.enqueue(() => this.withRetries(() => this.exchangeRead(spec.cmd, spec.sub, offset, want, expected)));
  }

  /**
   * Reads several whole objects with one request per 27 objects: the replies stream back to back, so a full
   * configuration costs close to bytes / 56 reports. An object the device refuses (one it lacks) is left out of the
   * answer; an entry of another size than the object's is malformed. Retried like a single read.
   *
   * With `slot`, the objects of that theme slot are read (protocol 1.1 slot read), whichever slot is current and
   * without switching: only a slot's own objects may be named. A device of protocol 1 refuses it (unknownCommand,
   * a SessionError of reason 'device'); so does one without that slot (outOfRange).
   */
  readMany(names: readonly ObjectName[], options: { slot?: number } = {}): Promise<Map<ObjectName, Uint8Array>> {
    const { slot } = options;
    if (slot !== undefined) {
      const device = names.find((n) => !isSlotObject(OBJECTS[n].cmd, OBJECTS[n].sub));
      if (device) return Promise.reject(new ProtocolError('payload-value', `${device} is not an object of a slot`));
    }
    return this.enqueue(async () => {
      const out = new Map<ObjectName, Uint8Array>();
      for (const batch of this.multiReadBatches(names)) {
        for (const [name, bytes] of await this.withRetries(() => this.exchangeMany(batch, slot))) out.set(name, bytes);
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

  /** Writes bytes into an object from `offset`: one stream, committed by the device at its end. Never retried. */
  writeObject(name: ObjectName, offset: number, bytes: Uint8Array): Promise<void> {
    const spec = OBJECTS[name];
    return this.enqueue(async () => {
      const frames = writeFrames(spec.cmd, spec.sub, offset, bytes);
      await this.exchange(frames, this.takeSeq(), (ack) => checkWriteAck(ack, offset, bytes.length));
    });
  }

  /** A single-frame write command (masked writes, resets); resolves with the device's ack frame. */
  command(cmd: number, sub: number, data: Uint8Array, offset = 0): Promise<Frame> {
    return this.enqueue(() => this.exchange([commandFrame(cmd, sub, data, offset)], this.takeSeq()));
  }

  /** Sends several frames of which only the last is answered (firmware chunk windows). */
  stream(frames: Frame[]): Promise<Frame> {
    return this.enqueue(() => this.exchange(frames, this.takeSeq()));
  }

  /**
   * Applies every op on the device all at once or not at all: one queued task (nothing interleaves) of a
   * transaction begin, every op, and a commit, all under one sequence tag. On any failure before the commit's ack an
   * abort is sent (best effort, not awaited); the device also drops the transaction as soon as it sees another tag.
   * When the commit's ack is lost the outcome is unknown: the call fails like any lost exchange and the trust epoch
   * moves. A refusal of an op or of the commit means nothing changed.
   */
  writeAtomic(ops: readonly AtomicOp[]): Promise<void> {
    let steps: { frames: Frame[]; check?: (ack: Frame) => void }[];
    try {
      steps = ops.map((op) => {
        if (op.kind === 'command') return { frames: [commandFrame(op.cmd, op.sub, op.data, op.offset ?? 0)] };
        const spec = OBJECTS[op.name];
        if (!spec.writable) throw new ProtocolError('payload-value', `${op.name} is read-only`);
        return {
          frames: writeFrames(spec.cmd, spec.sub, op.offset, op.bytes),
          check: (ack: Frame) => checkWriteAck(ack, op.offset, op.bytes.length),
        };
      });
      if (ops.length > 0xffff) throw new ProtocolError('payload-value', 'too many steps for one transaction');
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    if (steps.length === 0) return Promise.resolve();
    return this.enqueue(async () => {
      const seq = this.takeSeq();
      try {
        await this.exchange([transactionBegin()], seq);
        for (const step of steps) await this.exchange(step.frames, seq, step.check);
        await this.exchange([transactionCommit(steps.length)], seq, (ack) => {
          const count = (ack.data[1] ?? 0) | ((ack.data[2] ?? 0) << 8);
          if (ack.data[0] !== 0 || ack.data.length < 3 || count !== steps.length)
            throw new SessionError('reply', 'the commit was acknowledged with another count of changes');
        });
      } catch (e) {
        this.sendAbort();
        throw e;
      }
    });
  }

  /** Closes the session: rejects what is in flight and queued, stops listening. */
  async close(): Promise<void> {
    this.shutdown(new SessionError('disconnected', 'the device was closed'));
    await this.transport.close();
  }

  private takeSeq(): number {
    this.seq = nextSeq(this.seq);
    return this.seq;
  }

  /** Runs a read exchange, again after a timeout or a malformed answer, until it succeeds or retries run out. */
  private async withRetries<T>(attempt: () => Promise<T>): Promise<T> {
    for (let n = 0; ; n++) {
      try {
        return await attempt();
      } catch (e) {
        // After two silent exchanges in a row the device is not answering: no more retries.
        const dead = e instanceof SessionError && e.reason === 'timeout' && this.silence.dead;
        if (!retriable(e) || n >= this.readRetries || this.closed || dead) throw e;
      }
    }
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.tasks.push({ run: task, resolve: resolve as (value: unknown) => void, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running) return;
    const task = this.tasks.shift();
    if (!task) return;
    this.running = true;
    const run = async (): Promise<unknown> => {
      if (this.closed) throw new SessionError('disconnected', 'the device is not connected');
      // Nothing is sent, so nothing may have changed: the trust epoch stays.
      if (this.silence.quiet) throw new SessionError('timeout', 'the device stopped answering');
      return task.run();
    };
    void run()
      .then(task.resolve, task.reject)
      .finally(() => {
        this.running = false;
        this.pump();
      });
  }

  /** Rejects every exchange still waiting in the queue (not the one in flight). */
  private rejectQueued(error: SessionError): void {
    for (const task of this.tasks.splice(0)) task.reject(error);
  }

  private exchangeRead(
    cmd: number,
    sub: number,
    offset: number,
    length: number,
    expected: number | undefined,
  ): Promise<Uint8Array> {
    const assembler = new ReplyAssembler(offset, expected);
    return this.await(readRequest(cmd, sub, offset, length), [], this.takeSeq(), (frame) => {
      assembler.push(frame);
      return assembler.done;
    }).then(() => assembler.bytes());
  }

  /** One multi-read (or, with `slot`, one slot read) of up to 27 whole objects. */
  private async exchangeMany(names: readonly ObjectName[], slot?: number): Promise<Map<ObjectName, Uint8Array>> {
    const objects = names.map((n) => OBJECTS[n]);
    const request = slot === undefined ? multiReadRequest(objects) : slotReadRequest(slot, objects);
    const assembler = new ReplyAssembler(0);
    await this.await(request, [], this.takeSeq(), (frame) => {
      assembler.push(frame);
      return assembler.done;
    });
    const d = this.descriptor;
    const sizes = names.map((n) => (d ? OBJECTS[n].size(d) : undefined));
    const out = new Map<ObjectName, Uint8Array>();
    try {
      parseMultiRead(assembler.bytes(), names.length, sizes).forEach((bytes, i) => {
        if (bytes) out.set(names[i]!, bytes);
      });
    } catch (e) {
      throw this.failed(toSessionError(e));
    }
    return out;
  }

  /** Sends a write stream or command, all frames tagged `seq`; `check` vets the ack (throwing makes it malformed). */
  private async exchange(frames: Frame[], seq: number, check?: (ack: Frame) => void): Promise<Frame> {
    const last = frames[frames.length - 1]!;
    let reply: Frame | undefined;
    await this.await(last, frames.slice(0, -1), seq, (frame) => {
      throwIfError(frame);
      if (hasMore(frame.sub)) throw new ProtocolError('stream', 'unexpected streamed reply to a write');
      check?.(frame);
      reply = frame;
      return true;
    });
    return reply!;
  }

  /** Notes a failed exchange: unless the device refused it, its outcome is unknown and trust moves on. */
  private failed(error: Error): Error {
    if (!(error instanceof SessionError) || error.reason !== 'device') this.epoch++;
    return error;
  }

  /** Sends `before` then `request`, all tagged `seq`, and feeds answering frames to `onFrame` until it returns true. */
  private await(request: Frame, before: Frame[], seq: number, onFrame: (frame: Frame) => boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let done = false;
      const finish = (error?: Error): void => {
        if (done) return;
        done = true;
        if (timer) clearTimeout(timer);
        if (this.pending === pending) this.pending = undefined;
        if (error) reject(this.failed(error));
        else resolve();
      };
      const armTimer = (): void => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => this.timedOut(finish), this.timeoutMs);
      };
      const pending: Pending = {
        seq,
        cmd: request.cmd,
        sub: request.sub,
        onFrame: (frame) => {
          try {
            if (onFrame(frame)) finish();
            else armTimer();
          } catch (e) {
            finish(toSessionError(e));
          }
        },
        fail: (error) => finish(error),
      };
      this.pending = pending;
      const sendAll = async (): Promise<void> => {
        for (const f of [...before, request]) {
          if (done) return;
          await this.sendFrame(tagged(f, seq));
        }
        if (!done) armTimer();
      };
      sendAll().catch((e: unknown) => finish(toSessionError(e)));
    });
  }

  /**
   * No answer within the timeout: the second silent exchange in a row empties the queue at once, and exchanges fail
   * without being sent until one budget after the first (or, for a probe sent after that, after this) timeout.
   */
  private timedOut(finish: (error: Error) => void): void {
    const error = new SessionError('timeout', `no reply from the device within ${this.timeoutMs} ms`);
    if (this.silence.timedOut()) this.rejectQueued(new SessionError('timeout', 'the device stopped answering'));
    finish(error);
  }

  /**
   * Asks a quiet device whether it is back: one byte of the descriptor, under a tag of its own that no exchange waits
   * for, so its answer only ends the quiet time (handleReport) and is then dropped. Nothing is sent while an exchange
   * is in flight.
   */
  private sendProbe(): void {
    if (this.closed || this.pending) return;
    const spec = OBJECTS.descriptor;
    this.sendFrame(tagged(readRequest(spec.cmd, spec.sub, 0, 1), this.takeSeq())).catch(() => undefined);
  }

  /** Tells the device to drop a transaction, without waiting for its answer (a later tag drops it as well). */
  private sendAbort(): void {
    if (this.closed) return;
    this.sendFrame(tagged(transactionAbort(), this.takeSeq())).catch(() => undefined);
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
    const p = this.pending;
    let frame: Frame;
    try {
      frame = decodeFrame(report);
    } catch (e) {
      this.stats.damaged++;
      // The checksum covers the data only: the tag still says whose answer the damaged report probably was. A
      // damaged frame of the answer spoils it (reads are then tried again); anyone else's is dropped.
      if (p && report.length === REPORT_SIZE && report[SEQ_BYTE] === p.seq) p.fail(toSessionError(e));
      else this.stats.discarded++;
      return;
    }
    this.stats.dataBytesReceived += frame.data.length;
    // Any report, a late answer or a notification, says the device is there again: the next exchange is sent.
    this.silence.heard();
    if (frame.cmd === CMD.notify && UNSOLICITED_NOTIFY_SUBS.includes(frame.sub & 0x3f)) {
      this.options.onNotify?.(frame);
      return;
    }
    if (!p || seqOf(frame) !== p.seq) {
      this.stats.discarded++;
      return;
    }
    // The device answered: it is alive, whatever the answer says.
    this.silence.answered();
    if (!answers(frame, p.cmd, p.sub)) {
      p.fail(new SessionError('reply', `an answer tagged ${p.seq} names another command`));
      return;
    }
    p.onFrame(frame);
  }

  private handleDisconnect(): void {
    if (this.closed) return;
    this.shutdown(new SessionError('disconnected', 'the device was disconnected'));
    this.options.onDisconnect?.();
  }

  private shutdown(error: SessionError): void {
    this.closed = true;
    this.silence.stop();
    this.pending?.fail(error);
    this.pending = undefined;
    this.rejectQueued(error);
    for (const u of this.unsubscribe.splice(0)) u();
  }
}

/** An object write is acknowledged with [0, length u16] at the offset where it started. */
function checkWriteAck(ack: Frame, offset: number, length: number): void {
  const acked = (ack.data[1] ?? 0) | ((ack.data[2] ?? 0) << 8);
  if (ack.data[0] !== 0 || ack.data.length < 3 || ack.offset !== offset || acked !== length)
    throw new SessionError('reply', `the write of ${length} bytes at ${offset} was acknowledged as another one`);
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
