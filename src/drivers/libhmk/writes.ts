/**
 * How the libhmk driver writes: libhmk has no transactions, so a change of several reports is sent range by range,
 * read back, and whatever the keyboard does not hold afterwards is reported by name (NotTakenError). Nothing is
 * reported as written unless it was read back from the keyboard.
 */
import { DriverError } from '../types.ts';

/** Contiguous runs of sorted, distinct ids, each at most `max` long (one report each). */
export function runs(ids: readonly number[], max: number): number[][] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const out: number[][] = [];
  for (const id of sorted) {
    const last = out[out.length - 1];
    if (last && last[last.length - 1] === id - 1 && last.length < max) last.push(id);
    else out.push([id]);
  }
  return out;
}

/** Start offsets of read windows of `size` entries that together cover every id (fewest reads, greedy). */
export function windows(ids: readonly number[], size: number): number[] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const starts: number[] = [];
  for (const id of sorted) {
    const last = starts[starts.length - 1];
    if (last === undefined || id >= last + size) starts.push(id);
  }
  return starts;
}

/** A write that did not fully take: `notTaken` names each entry the keyboard does not hold (or could not confirm). */
export class NotTakenError extends DriverError {
  constructor(
    reason: DriverError['reason'],
    message: string,
    readonly notTaken: readonly string[],
  ) {
    super(reason, message);
    this.name = 'NotTakenError';
  }
}

export function asDriverError(e: unknown): DriverError {
  if (e instanceof DriverError) return e;
  return new DriverError('reply', e instanceof Error ? e.message : String(e));
}

/** Refuses a call before any report is sent: bad arguments change nothing. */
export function badArgument(message: string): DriverError {
  return new DriverError('refused', message);
}

/**
 * Sends the reports one after another. A refusal (0xFF) of one report does not stop the others; a lost link or a
 * silent keyboard does, since nothing after it can be known to arrive. Returns the first failure.
 */
export async function sendAll(sends: readonly (() => Promise<unknown>)[]): Promise<DriverError | undefined> {
  let first: DriverError | undefined;
  for (const send of sends) {
    try {
      await send();
    } catch (e) {
      const error = asDriverError(e);
      first ??= error;
      if (error.reason !== 'refused') break;
    }
  }
  return first;
}

/**
 * Reads back and compares. `readBack` returns what the keyboard holds per entry name (or throws when it cannot be
 * read); every expected entry that differs or cannot be read is not taken.
 */
export async function confirm(
  what: string,
  expected: ReadonlyMap<string, string>,
  sendFailure: DriverError | undefined,
  readBack: () => Promise<ReadonlyMap<string, string>>,
): Promise<void> {
  let held: ReadonlyMap<string, string> = new Map();
  let readFailure: DriverError | undefined;
  if (!sendFailure || sendFailure.reason === 'refused') {
    try {
      held = await readBack();
    } catch (e) {
      readFailure = asDriverError(e);
    }
  }
  const notTaken = [...expected].filter(([name, value]) => held.get(name) !== value).map(([name]) => name);
  if (notTaken.length === 0) return;
  const cause = sendFailure ?? readFailure;
  const reason = cause?.reason ?? 'refused';
  const why = cause ? `: ${cause.message}` : ' (the keyboard holds other values)';
  const list =
    notTaken.length > 8 ? `${notTaken.slice(0, 8).join(', ')} and ${notTaken.length - 8} more` : notTaken.join(', ');
  throw new NotTakenError(
    reason,
    `${what}: ${notTaken.length} of ${expected.size} did not take (${list})${why}`,
    notTaken,
  );
}
