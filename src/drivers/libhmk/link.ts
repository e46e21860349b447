/**
 * Request and reply over one libhmk raw HID link. The firmware tags nothing: a reply is known only by its first byte
 * (the command id, or 0xFF for a refusal), and the link never reorders, so replies are matched to requests in the
 * order they were sent. Several requests may be in flight (the travel view keeps the link busy that way); a report
 * that arrives when nothing waits (a duplicate, a late answer) is dropped rather than handed to the next request.
 */
import type { Transport } from '../../transport/types.ts';
import { DriverError, type OpenOptions } from '../types.ts';
import { LIBHMK_REFUSED, LIBHMK_REPORT_BYTES, formatCommand } from './protocol.ts';

interface Pending {
  command: number;
  sent: Uint8Array;
  at: number;
  resolve: (reply: Uint8Array) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface LinkOptions {
  replyTimeoutMs: number;
  onExchange?: OpenOptions['onExchange'];
}

export class LibhmkLink {
  private readonly pending: Pending[] = [];
  private readonly unsubscribe: (() => void)[] = [];
  private gone = false;
  /** Reports sent since the link opened (benchmarks read it). */
  sent = 0;

  constructor(
    private readonly transport: Transport,
    private readonly options: LinkOptions,
  ) {
    this.unsubscribe.push(transport.onReport((report) => this.arrive(report)));
    this.unsubscribe.push(transport.onDisconnect(() => this.lost()));
  }

  /** Sends one request and resolves with the whole 64-byte reply. */
  request(command: number, args: readonly number[] = [], timeoutMs = this.options.replyTimeoutMs): Promise<Uint8Array> {
    const report = this.frame(command, args);
    return new Promise<Uint8Array>((resolve, reject) => {
      if (this.gone) {
        reject(new DriverError('disconnected', 'the keyboard is not connected'));
        return;
      }
      const entry: Pending = {
        command,
        sent: report,
        at: performance.now(),
        resolve,
        reject,
        timer: setTimeout(() => this.timeOut(entry), timeoutMs),
      };
      this.pending.push(entry);
      this.sent++;
      this.transport.send(report).catch((e: unknown) => {
        this.settle(entry, new DriverError('disconnected', `the report could not be sent: ${String(e)}`));
      });
    });
  }

  /** Sends a request the firmware never answers (it resets first): REBOOT, BOOTLOADER. */
  async post(command: number): Promise<void> {
    if (this.gone) throw new DriverError('disconnected', 'the keyboard is not connected');
    const report = this.frame(command, []);
    this.sent++;
    try {
      await this.transport.send(report);
    } catch (e) {
      throw new DriverError('disconnected', `the report could not be sent: ${String(e)}`);
    }
    this.options.onExchange?.({ sent: report, ms: 0, outcome: 'ok' });
  }

  close(): void {
    for (const u of this.unsubscribe) u();
    this.lost();
  }

  private frame(command: number, args: readonly number[]): Uint8Array {
    if (args.length > LIBHMK_REPORT_BYTES - 1)
      throw new RangeError(`${formatCommand(command)}: too many argument bytes`);
    const report = new Uint8Array(this.transport.info.reportBytes || LIBHMK_REPORT_BYTES);
    report[0] = command;
    report.set(args, 1);
    return report;
  }

  private arrive(report: Uint8Array): void {
    const head = this.pending[0];
    if (!head) return;
    if (report.length !== LIBHMK_REPORT_BYTES) {
      this.settle(
        head,
        new DriverError('reply', `${formatCommand(head.command)}: a reply of ${report.length} bytes, not 64`),
        report,
      );
      return;
    }
    if (report[0] === LIBHMK_REFUSED) {
      this.settle(head, new DriverError('refused', `${formatCommand(head.command)}: the keyboard refused it`), report);
      return;
    }
    // Not the awaited id: a late or stray report of an earlier exchange. It answers nothing that waits.
    if (report[0] !== head.command) return;
    this.settle(head, undefined, report);
  }

  private settle(entry: Pending, error: Error | undefined, reply?: Uint8Array): void {
    const i = this.pending.indexOf(entry);
    if (i < 0) return;
    this.pending.splice(i, 1);
    clearTimeout(entry.timer);
    const outcome = error ? (error instanceof DriverError && error.reason === 'timeout' ? 'timeout' : 'refused') : 'ok';
    this.options.onExchange?.({
      sent: entry.sent,
      ...(reply ? { received: reply.slice() } : {}),
      ms: performance.now() - entry.at,
      outcome,
    });
    if (error) entry.reject(error);
    else entry.resolve(reply!.slice());
  }

  private timeOut(entry: Pending): void {
    this.settle(entry, new DriverError('timeout', `${formatCommand(entry.command)}: no reply`));
  }

  private lost(): void {
    if (this.gone) return;
    this.gone = true;
    for (const entry of [...this.pending]) {
      this.settle(entry, new DriverError('disconnected', `${formatCommand(entry.command)}: the keyboard went away`));
    }
  }
}
