/**
 * The request/reply link of the families whose keyboards tag nothing (libhmk, VIA): one report out, one report back,
 * in order. A family gives a judge per request (what a report is to it) and a fence; this core does the rest, the same
 * for every family: a queue with a window of requests in flight, a timeout on every reply, bounded attempts, the
 * silent-device cutoff (./silence.ts), and the trust epoch.
 *
 * After an exchange whose outcome is unknown (no answer in time) its answer may still come, late, and would look like
 * the answer to a later request of the same command. So nothing more is sent until a fence is answered: a request that
 * changes nothing and whose answer no other request can get (it echoes a number of the fence's own). The keyboard
 * answers in order, so every late answer arrives before the fence's and is dropped; after it, answers are trusted
 * again. Requests sent after the one that timed out are abandoned with it, since their answers are no longer known to
 * be theirs.
 */
import type { Transport } from '../../transport/types.ts';
import { DriverError, type OpenOptions } from '../types.ts';
import { SilenceWatch } from './silence.ts';

/** What a report is to the request waiting for it. */
export type Verdict = 'answer' | 'refused' | 'damaged' | 'other';

export interface LinkRequest {
  report: Uint8Array;
  /** What `reply` is to this request: its answer, its refusal, a damaged answer, or none of these (a stray report). */
  judge(reply: Uint8Array): Verdict;
  /** Times it is sent at most (after a timeout; only for requests safe to send again). Default 1. */
  attempts?: number;
  timeoutMs?: number;
}

export interface LinkReply {
  report: Uint8Array;
  refused: boolean;
}

/** A request that got no usable answer; `strays` counts the reports that came meanwhile and were not its answer. */
export class LinkFailure extends DriverError {
  constructor(
    reason: 'timeout' | 'reply' | 'disconnected',
    message: string,
    readonly strays: number,
  ) {
    super(reason, message);
    this.name = 'LinkFailure';
  }
}

export interface ReplyLinkOptions {
  replyTimeoutMs: number;
  /** Requests in flight at once (the keyboard answers in order). */
  window: number;
  /** The n-th fence (n counts from 1): a request that changes nothing, judged 'answer' only by its own answer. */
  fence(n: number): LinkRequest;
  /** Attempts one budget of the silent-device cutoff covers. */
  budgetAttempts: number;
  onExchange?: OpenOptions['onExchange'];
}

interface Entry {
  request: LinkRequest;
  left: number;
  strays: number;
  fence: boolean;
  at: number;
  timer?: ReturnType<typeof setTimeout>;
  resolve(reply: LinkReply): void;
  reject(error: Error): void;
}

export class ReplyLink {
  private readonly waiting: Entry[] = [];
  private readonly inFlight: Entry[] = [];
  private readonly unsubscribe: (() => void)[] = [];
  private readonly silence: SilenceWatch;
  /** A quiet keyboard is being asked whether it is back (SilenceWatch.check). */
  private checking = false;
  private fenced = true;
  private fences = 0;
  private gone = false;
  private epoch = 0;
  /** Reports sent since the link opened, fences and probes included. */
  sent = 0;
  /** Reports that answered nothing waiting (late, repeated or stray) and were dropped. */
  discarded = 0;

  constructor(
    private readonly transport: Transport,
    private readonly options: ReplyLinkOptions,
  ) {
    this.silence = new SilenceWatch(options.replyTimeoutMs, options.budgetAttempts, () => this.probe());
    this.unsubscribe.push(transport.onReport((report) => this.arrive(report)));
    this.unsubscribe.push(transport.onDisconnect(() => this.lost()));
  }

  /** Moves on every exchange whose outcome is unknown: what was read before may no longer match the keyboard. */
  get trustEpoch(): number {
    return this.epoch;
  }

  request(request: LinkRequest): Promise<LinkReply> {
    return new Promise<LinkReply>((resolve, reject) => {
      if (this.gone) {
        reject(new LinkFailure('disconnected', 'the keyboard is not connected', 0));
        return;
      }
      const left = request.attempts ?? 1;
      this.waiting.push({ request, left, strays: 0, fence: false, at: 0, resolve, reject });
      this.pump();
    });
  }

  /** Sends a report nothing answers (the keyboard resets first). */
  async post(report: Uint8Array): Promise<void> {
    if (this.gone) throw new LinkFailure('disconnected', 'the keyboard is not connected', 0);
    this.sent++;
    try {
      await this.transport.send(report);
    } catch (e) {
      throw new LinkFailure('disconnected', `the report could not be sent: ${String(e)}`, 0);
    }
    this.options.onExchange?.({ sent: report, ms: 0, outcome: 'ok' });
  }

  close(): void {
    for (const u of this.unsubscribe.splice(0)) u();
    this.lost();
  }

  private pump(): void {
    while (!this.gone && this.waiting.length > 0 && this.inFlight.length < this.options.window) {
      if (this.inFlight.some((e) => e.fence)) return;
      if (this.silence.quiet) {
        // The keyboard is asked at once; what waits goes if it answers, and fails unsent if not (nothing is sent, so
        // nothing may have changed: the trust epoch stays).
        if (this.checking) return;
        this.checking = true;
        void this.silence.check().then((heard) => {
          this.checking = false;
          if (!heard) this.rejectWaiting('the keyboard stopped answering');
          this.pump();
        });
        return;
      }
      if (!this.fenced) {
        // Late answers come before the fence's only once everything sent before it is settled.
        if (this.inFlight.length > 0) return;
        const fence = this.options.fence(++this.fences);
        const entry: Entry = {
          request: fence,
          left: 1,
          strays: 0,
          fence: true,
          at: 0,
          resolve: () => {},
          reject: () => {},
        };
        this.send(entry);
        return;
      }
      this.send(this.waiting.shift()!);
    }
  }

  private send(entry: Entry): void {
    entry.at = performance.now();
    entry.left--;
    this.inFlight.push(entry);
    entry.timer = setTimeout(() => this.timedOut(entry), entry.request.timeoutMs ?? this.options.replyTimeoutMs);
    this.sent++;
    this.transport.send(entry.request.report).catch((e: unknown) => {
      if (!this.settle(entry)) return;
      const error = new LinkFailure('disconnected', `the report could not be sent: ${String(e)}`, 0);
      // A fence that could not be sent fails what waits for it; the next request tries another.
      if (entry.fence) for (const waiting of this.waiting.splice(0)) waiting.reject(error);
      else entry.reject(error);
    });
  }

  /** Takes `entry` off the link; answers whether it was still on it. */
  private settle(entry: Entry): boolean {
    const i = this.inFlight.indexOf(entry);
    if (i < 0) return false;
    this.inFlight.splice(i, 1);
    clearTimeout(entry.timer);
    return true;
  }

  private log(entry: Entry, outcome: 'ok' | 'refused' | 'timeout', reply?: Uint8Array): void {
    this.options.onExchange?.({
      sent: entry.request.report,
      ...(reply ? { received: reply.slice() } : {}),
      ms: performance.now() - entry.at,
      outcome,
    });
  }

  private arrive(report: Uint8Array): void {
    // Any report says the keyboard is there: a quiet link sends again.
    this.silence.heard();
    const head = this.inFlight[0];
    if (!head) {
      this.discarded++;
      return;
    }
    const verdict = head.request.judge(report);
    // A fence takes nothing but its own answer: a late refusal or a damaged late answer is as stale as any other.
    if (verdict === 'other' || (head.fence && verdict !== 'answer')) {
      head.strays++;
      this.discarded++;
      return;
    }
    this.settle(head);
    this.silence.answered();
    this.log(head, verdict === 'answer' ? 'ok' : 'refused', report);
    if (head.fence) this.fenced = true;
    else if (verdict === 'damaged') {
      // An answer of this exchange arrived, so the order holds; what it says is unknown.
      this.epoch++;
      head.reject(new LinkFailure('reply', 'the answer was damaged', head.strays));
    } else {
      head.resolve({ report: report.slice(), refused: verdict === 'refused' });
    }
    this.pump();
  }

  private timedOut(entry: Entry): void {
    const i = this.inFlight.indexOf(entry);
    if (i < 0) return;
    this.epoch++;
    this.fenced = false;
    const silent = this.silence.timedOut();
    // This one and everything sent after it: their answers, if they come, are no longer known to be theirs.
    const abandoned = this.inFlight.slice(i);
    for (const e of abandoned) this.settle(e);
    this.log(entry, 'timeout');
    const again: Entry[] = [];
    for (const e of abandoned) {
      // A fence that got no answer costs the next request one of its attempts.
      const owner = e.fence ? this.waiting[0] : e;
      if (!owner) continue;
      if (e.fence && owner.left > 0) owner.left--;
      if (owner.left > 0 && !silent) {
        if (!e.fence) again.push(owner);
        continue;
      }
      if (e.fence) this.waiting.shift();
      owner.reject(new LinkFailure('timeout', 'no reply in time', owner.strays));
    }
    this.waiting.unshift(...again);
    if (silent) this.rejectWaiting('the keyboard stopped answering');
    this.pump();
  }

  private rejectWaiting(message: string): void {
    for (const e of this.waiting.splice(0)) e.reject(new LinkFailure('timeout', message, e.strays));
  }

  /** Asks a quiet keyboard whether it is back: a fence nothing waits for; any report ends the quiet time. */
  private probe(): void {
    if (this.gone || this.inFlight.length > 0) return;
    this.sent++;
    this.transport.send(this.options.fence(++this.fences).report).catch(() => undefined);
  }

  private lost(): void {
    if (this.gone) return;
    this.gone = true;
    this.silence.close();
    for (const e of [...this.inFlight]) {
      this.settle(e);
      if (!e.fence) e.reject(new LinkFailure('disconnected', 'the keyboard went away', e.strays));
    }
    for (const e of this.waiting.splice(0))
      e.reject(new LinkFailure('disconnected', 'the keyboard went away', e.strays));
  }
}
