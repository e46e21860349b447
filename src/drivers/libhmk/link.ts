/**
 * Request and reply over one libhmk raw HID link, on the shared link core (../shared/link.ts). The firmware tags
 * nothing: a reply is known only by its first byte (the command id, or 0xFF for a refusal; src/commands.c echoes the
 * id and nothing else), and the link never reorders, so replies are matched to requests in the order they were sent.
 * Several requests may be in flight (the travel view keeps the link busy that way); a report that arrives when nothing
 * waits, or that does not carry the awaited id, is dropped rather than handed to the next request.
 *
 * The fence after a lost exchange is a metadata read: its answer carries the bytes left from the offset asked for, so
 * a fence at an offset of its own is told apart from every late answer (a late answer of the same id included).
 */
import type { Transport } from '../../transport/types.ts';
import { LinkFailure, ReplyLink, type LinkRequest, type Verdict } from '../shared/link.ts';
import { DriverError, type OpenOptions } from '../types.ts';
import { decodeMetadataPiece, metadataArgs } from './codec.ts';
import { CMD, LIBHMK_REFUSED, LIBHMK_REPORT_BYTES, formatCommand } from './protocol.ts';

export interface LinkOptions {
  replyTimeoutMs: number;
  onExchange?: OpenOptions['onExchange'];
}

/** Requests in flight at once: enough to keep the link busy, few enough to abandon little after a loss. */
const WINDOW = 16;

export class LibhmkLink {
  private readonly link: ReplyLink;
  /** Size of the keyboard's metadata, once an answer told it: fences read at offsets below it. */
  private metadataBytes: number | undefined;

  constructor(
    private readonly transport: Transport,
    options: LinkOptions,
  ) {
    this.link = new ReplyLink(transport, {
      replyTimeoutMs: options.replyTimeoutMs,
      window: WINDOW,
      budgetAttempts: 2,
      fence: (n) => this.fence(n),
      ...(options.onExchange ? { onExchange: options.onExchange } : {}),
    });
  }

  /** Reports sent since the link opened (benchmarks read it). */
  get sent(): number {
    return this.link.sent;
  }

  /** Moves on every exchange whose outcome is unknown. */
  get trustEpoch(): number {
    return this.link.trustEpoch;
  }

  /** Sends one request and resolves with the whole 64-byte reply. */
  async request(command: number, args: readonly number[] = [], timeoutMs?: number): Promise<Uint8Array> {
    const report = this.frame(command, args);
    const name = formatCommand(command);
    let reply;
    try {
      reply = await this.link.request({
        report,
        judge: (r) => this.judge(command, r),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      });
    } catch (e) {
      if (!(e instanceof LinkFailure)) throw e;
      if (e.reason === 'reply') throw new DriverError('reply', `${name}: a reply that is not 64 bytes`);
      if (e.reason === 'timeout') throw new DriverError('timeout', `${name}: no reply (${e.message})`);
      throw new DriverError('disconnected', `${name}: ${e.message}`);
    }
    if (reply.refused) throw new DriverError('refused', `${name}: the keyboard refused it`);
    if (command === CMD.getMetadata) this.learnMetadataSize(args, reply.report);
    return reply.report;
  }

  /** Sends a request the firmware never answers (it resets first): REBOOT, BOOTLOADER. */
  async post(command: number): Promise<void> {
    try {
      await this.link.post(this.frame(command, []));
    } catch (e) {
      throw e instanceof LinkFailure ? new DriverError('disconnected', e.message) : e;
    }
  }

  close(): void {
    this.link.close();
  }

  private judge(command: number, report: Uint8Array): Verdict {
    if (report.length !== LIBHMK_REPORT_BYTES) return 'damaged';
    if (report[0] === LIBHMK_REFUSED) return 'refused';
    // Not the awaited id: a late or stray report of an earlier exchange. It answers nothing that waits.
    return report[0] === command ? 'answer' : 'other';
  }

  /** A metadata read at an offset of its own; before the size is known, a firmware version read. */
  private fence(n: number): LinkRequest {
    const size = this.metadataBytes;
    if (size === undefined || size < 1) {
      return { report: this.frame(CMD.firmwareVersion, []), judge: (r) => this.fenceJudge(CMD.firmwareVersion, r) };
    }
    const offset = n % size;
    return {
      report: this.frame(CMD.getMetadata, metadataArgs(offset)),
      judge: (r) =>
        this.fenceJudge(CMD.getMetadata, r) === 'answer' && decodeMetadataPiece(r).remaining === size - offset
          ? 'answer'
          : 'other',
    };
  }

  private fenceJudge(command: number, report: Uint8Array): Verdict {
    return report.length === LIBHMK_REPORT_BYTES && report[0] === command ? 'answer' : 'other';
  }

  private learnMetadataSize(args: readonly number[], reply: Uint8Array): void {
    const offset = ((args[0] ?? 0) | ((args[1] ?? 0) << 8) | ((args[2] ?? 0) << 16) | ((args[3] ?? 0) << 24)) >>> 0;
    this.metadataBytes ??= offset + decodeMetadataPiece(reply).remaining;
  }

  private frame(command: number, args: readonly number[]): Uint8Array {
    if (args.length > LIBHMK_REPORT_BYTES - 1)
      throw new RangeError(`${formatCommand(command)}: too many argument bytes`);
    const report = new Uint8Array(this.transport.info.reportBytes || LIBHMK_REPORT_BYTES);
    report[0] = command;
    report.set(args, 1);
    return report;
  }
}
