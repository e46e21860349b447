/**
 * One VIA conversation: a serial queue of request/reply pairs over a transport, on the shared link core
 * (../shared/link.ts). VIA has no sequence numbers, so a reply is matched to its request by the bytes the keyboard
 * must echo (QMK's via.c answers in the request's own buffer: the command and the arguments it does not overwrite);
 * anything else that arrives meanwhile is a stale or damaged report and is not taken as the answer. Every request has
 * a timeout; idempotent reads are retried a bounded number of times.
 *
 * The fence after a lost exchange is a protocol version request carrying a number of its own in bytes the handler
 * leaves alone (it writes bytes 1 and 2 only), so its echo tells it apart from every late answer.
 */
import type { Transport } from '../../transport/types.ts';
import { LinkFailure, ReplyLink, type LinkRequest } from '../shared/link.ts';
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
/** Where a fence carries its number: after the two bytes the protocol version answer writes. */
const FENCE_TAG_AT = 3;

export class ViaClient {
  private readonly repliesTaken = { count: 0 };
  private readonly link: ReplyLink;

  constructor(
    transport: Transport,
    private readonly options: OpenOptions = {},
  ) {
    this.link = new ReplyLink(transport, {
      replyTimeoutMs: options.replyTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      window: 1,
      budgetAttempts: READ_ATTEMPTS,
      fence,
      ...(options.onExchange ? { onExchange: options.onExchange } : {}),
    });
  }

  get stats(): ViaClientStats {
    return { reportsSent: this.link.sent, repliesTaken: this.repliesTaken.count };
  }

  /** Moves on every exchange whose outcome is unknown. */
  get trustEpoch(): number {
    return this.link.trustEpoch;
  }

  close(): void {
    this.link.close();
  }

  /**
   * Sends one request and resolves with the keyboard's reply. Rejects with DriverError('unsupported') when the
   * keyboard answers id_unhandled, 'timeout' when nothing matching arrives, 'reply' when only reports that do not
   * echo the request arrived.
   */
  async call(x: ViaExchange): Promise<Uint8Array> {
    const request = viaRequest(x.command, x.args ?? []);
    let reply;
    try {
      reply = await this.link.request({
        report: request,
        attempts: x.idempotent ? READ_ATTEMPTS : 1,
        judge: (r) =>
          r.length !== VIA_REPORT_BYTES || !echoes(request, r, x.echo)
            ? 'other'
            : r[0] === VIA_CMD.unhandled
              ? 'refused'
              : 'answer',
      });
    } catch (e) {
      if (!(e instanceof LinkFailure)) throw e;
      if (e.reason === 'disconnected') throw new DriverError('disconnected', e.message);
      if (e.strays > 0)
        throw new DriverError(
          'reply',
          `the keyboard answered command ${x.command} with a report that does not echo it`,
        );
      throw new DriverError('timeout', `the keyboard did not answer command ${x.command} (${e.message})`);
    }
    if (reply.refused)
      throw new DriverError('unsupported', `the keyboard does not handle command ${request[0]} (${request[1]})`);
    this.repliesTaken.count++;
    return reply.report;
  }
}

/** The n-th fence: get_protocol_version with n in bytes 3-6, which the answer must echo. */
function fence(n: number): LinkRequest {
  const tag = [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
  const report = viaRequest(VIA_CMD.getProtocolVersion, [0, 0, ...tag]);
  return {
    report,
    judge: (r) =>
      r.length === VIA_REPORT_BYTES && r[0] === report[0] && tag.every((b, i) => r[FENCE_TAG_AT + i] === b)
        ? 'answer'
        : 'other',
  };
}

/** The reply carries the request's first `echo` bytes, or is id_unhandled followed by the request's other bytes. */
export function echoes(request: Uint8Array, reply: Uint8Array, echo: number): boolean {
  const unhandled = reply[0] === VIA_CMD.unhandled;
  for (let i = unhandled ? 1 : 0; i < echo; i++) if (reply[i] !== request[i]) return false;
  return true;
}
