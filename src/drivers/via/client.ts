/**
 * One VIA conversation: a serial queue of request/reply pairs over a transport. VIA has no sequence numbers, so a
 * reply is matched to its request by the bytes the keyboard must echo (the command and the arguments it does not
 * overwrite); anything else that arrives meanwhile is a stale or damaged report and is not taken as the answer.
 * Every request has a timeout; idempotent reads are retried a bounded number of times.
 */
import type { Transport } from '../../transport/types.ts';
import { DriverError, type OpenOptions } from '../types.ts';
import { VIA_CMD, VIA_REPORT_BYTES, viaRequest } from './protocol.ts';

export interface ViaExchange {
  command: number;
  args?: readonly number[];
  /** Leading bytes of the request the reply must carry unchanged (command byte included). */
  echo: number;
  /** Safe to send again after a lost or stale reply. */
  idempotent?: boolean;
}

export interface ViaClientStats {
  reportsSent: number;
  repliesTaken: number;
}

const DEFAULT_TIMEOUT_MS = 500;
const READ_ATTEMPTS = 3;

interface Pending {
  request: Uint8Array;
  echo: number;
  resolve: (reply: Uint8Array) => void;
  mismatched: boolean;
}

export class ViaClient {
  readonly stats: ViaClientStats = { reportsSent: 0, repliesTaken: 0 };
  private queue: Promise<unknown> = Promise.resolve();
  private pending: Pending | undefined;
  private readonly unsubscribe: () => void;
  private readonly timeoutMs: number;

  constructor(
    private readonly transport: Transport,
    private readonly options: OpenOptions = {},
  ) {
    this.timeoutMs = options.replyTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.unsubscribe = transport.onReport((report) => this.onReport(report));
  }

  close(): void {
    this.unsubscribe();
  }

  /**
   * Sends one request and resolves with the keyboard's reply. Rejects with DriverError('unsupported') when the
   * keyboard answers id_unhandled, 'timeout' when nothing matching arrives, 'reply' when only reports that do not
   * echo the request arrived.
   */
  call(exchange: ViaExchange): Promise<Uint8Array> {
    const run = this.queue.then(() => this.exchange(exchange));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async exchange(x: ViaExchange): Promise<Uint8Array> {
    const request = viaRequest(x.command, x.args ?? []);
    const attempts = x.idempotent ? READ_ATTEMPTS : 1;
    let sawMismatch = false;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const outcome = await this.once(request, x.echo);
      sawMismatch ||= outcome.mismatched;
      if (outcome.reply) return this.judge(request, outcome.reply, outcome.ms);
    }
    if (sawMismatch)
      throw new DriverError('reply', `the keyboard answered command ${x.command} with a report that does not echo it`);
    throw new DriverError('timeout', `the keyboard did not answer command ${x.command}`);
  }

  private judge(request: Uint8Array, reply: Uint8Array, ms: number): Uint8Array {
    if (reply[0] === VIA_CMD.unhandled) {
      this.log(request, reply, ms, 'refused');
      throw new DriverError('unsupported', `the keyboard does not handle command ${request[0]} (${request[1]})`);
    }
    this.log(request, reply, ms, 'ok');
    this.stats.repliesTaken++;
    return reply;
  }

  private once(request: Uint8Array, echo: number): Promise<{ reply?: Uint8Array; mismatched: boolean; ms: number }> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const pending: Pending = {
        request,
        echo,
        mismatched: false,
        resolve: (reply) => {
          clearTimeout(timer);
          this.pending = undefined;
          resolve({ reply, mismatched: pending.mismatched, ms: performance.now() - started });
        },
      };
      const timer = setTimeout(() => {
        if (this.pending === pending) this.pending = undefined;
        const ms = performance.now() - started;
        this.log(request, undefined, ms, 'timeout');
        resolve({ mismatched: pending.mismatched, ms });
      }, this.timeoutMs);
      this.pending = pending;
      this.stats.reportsSent++;
      this.transport.send(request).catch((error: unknown) => {
        clearTimeout(timer);
        this.pending = undefined;
        reject(new DriverError('disconnected', error instanceof Error ? error.message : 'the keyboard is gone'));
      });
    });
  }

  private onReport(report: Uint8Array): void {
    const pending = this.pending;
    if (!pending) return;
    if (report.length !== VIA_REPORT_BYTES || !echoes(pending.request, report, pending.echo)) {
      pending.mismatched = true;
      return;
    }
    pending.resolve(report.slice());
  }

  private log(sent: Uint8Array, received: Uint8Array | undefined, ms: number, outcome: 'ok' | 'refused' | 'timeout') {
    this.options.onExchange?.({ sent, ...(received ? { received } : {}), ms, outcome });
  }
}

/** The reply carries the request's first `echo` bytes, or is id_unhandled followed by the request's other bytes. */
export function echoes(request: Uint8Array, reply: Uint8Array, echo: number): boolean {
  const unhandled = reply[0] === VIA_CMD.unhandled;
  for (let i = unhandled ? 1 : 0; i < echo; i++) if (reply[i] !== request[i]) return false;
  return true;
}
