/**
 * The silent-device cutoff every family's link shares. A keyboard that stops answering costs one timeout budget
 * (timeout x attempts) from its first timeout, however many calls wait: the second timeout in a row makes the device
 * silent, and until one budget after the first timeout (or, for a later probe that timed out, after that one) the link
 * fails exchanges at once instead of sending them.
 *
 * A silent device must not stay unusable once it is back, though, and a link that sends nothing cannot hear it come
 * back: while the link is quiet, it sends a probe (a request that changes nothing) once per probe interval. Any report
 * from the device, a probe's answer or a late answer to an abandoned exchange, ends the quiet time, so the first call
 * after the device answers again is sent, and answered. A call made while the link is quiet does not fail blindly
 * either: it asks the device at once (`check`), and is sent if the device answers within one probe interval; calls
 * that come while that question is open wait for the same answer, and a call right after an unanswered question
 * fails at once, so a silent device still costs one budget however many calls wait.
 */

/** Longest pause between two probes of a quiet device, in ms. */
export const PROBE_INTERVAL_MAX_MS = 250;

export class SilenceWatch {
  /** Exchanges in a row that timed out without a single answer from the device. */
  private silent = 0;
  /** While the device is silent, exchanges started before this time fail at once. */
  private quietUntil = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly probeEveryMs: number;
  /** The open question of `check`: its waiters and the timer that ends it unanswered. */
  private question: { waiters: ((heard: boolean) => void)[]; timer: ReturnType<typeof setTimeout> } | undefined;
  /** When the last question went unanswered. */
  private unansweredAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly timeoutMs: number,
    /** How many exchanges one budget covers (1 + read retries). */
    private readonly attempts: number,
    /** Sends one probe; never awaited, it must not throw. */
    private readonly probe: () => void,
  ) {
    this.probeEveryMs = Math.min(timeoutMs, PROBE_INTERVAL_MAX_MS);
  }

  /** True while exchanges fail without being sent: the device went silent less than one budget ago. */
  get quiet(): boolean {
    return this.silent >= 2 && performance.now() < this.quietUntil;
  }

  /** Two exchanges in a row got no answer: retrying is pointless until the device is heard. */
  get dead(): boolean {
    return this.silent >= 2;
  }

  /** An exchange got no answer in time. Answers whether the device is now silent (what is queued should fail). */
  timedOut(): boolean {
    this.silent++;
    const now = performance.now();
    if (this.silent === 1 || now >= this.quietUntil) this.quietUntil = now + this.timeoutMs * this.attempts;
    if (this.silent >= 2) this.startProbing();
    return this.silent >= 2;
  }

  /** The device answered an exchange: it is alive, whatever the answer says. */
  answered(): void {
    this.silent = 0;
    this.heard();
  }

  /** Any report from the device says it is there again: the next exchange is sent. */
  heard(): void {
    this.quietUntil = 0;
    this.stop();
    this.settleQuestion(true);
  }

  /**
   * For an exchange about to be sent: true when it may go (the link is not quiet, or the device answered a probe sent
   * now within one probe interval), false when it must fail without being sent.
   */
  check(): Promise<boolean> {
    if (!this.quiet) return Promise.resolve(true);
    if (!this.question && performance.now() - this.unansweredAt < this.probeEveryMs) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      if (this.question) {
        this.question.waiters.push(resolve);
        return;
      }
      const timer = setTimeout(() => {
        this.unansweredAt = performance.now();
        this.settleQuestion(false);
      }, this.probeEveryMs);
      this.question = { waiters: [resolve], timer };
      this.probe();
    });
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Ends the link's life: an open question is answered "no". */
  close(): void {
    this.stop();
    this.settleQuestion(false);
  }

  private settleQuestion(heard: boolean): void {
    const question = this.question;
    if (!question) return;
    this.question = undefined;
    clearTimeout(question.timer);
    for (const resolve of question.waiters) resolve(heard);
  }

  private startProbing(): void {
    if (this.timer) return;
    const tick = (): void => {
      this.timer = undefined;
      if (!this.quiet) return;
      this.probe();
      this.timer = setTimeout(tick, this.probeEveryMs);
    };
    this.timer = setTimeout(tick, this.probeEveryMs);
  }
}
