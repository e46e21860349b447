/**
 * The keyboard tester's log (spec-2 §3 "Keyboard tester event"): every press and release with its time, the spacing
 * from the event before, the key's own press count, the keys held after it (the rollover at that moment) and a
 * chatter flag on a key pressed again within a few milliseconds of its release. Kept in plain mutable structures so a
 * burst of thousands of events a second costs a few array pushes; the screen reads it once per frame.
 */

/** Where a key event came from: the browser (a W3C KeyboardEvent.code) or a keyboard's own key event (its key id). */
export type KeySource = { kind: 'code'; code: string } | { kind: 'device'; keyId: number; name: string };

export interface TesterEvent {
  /** 1-based position in the log. */
  index: number;
  /** Milliseconds since the first event after the last Clear. */
  time: number;
  /** Milliseconds since the event before; 0 for the first. */
  spacing: number;
  key: KeySource;
  down: boolean;
  /** Presses of this key so far (key_click_count). */
  keyCount: number;
  /** Keys held once this event applied (pressed_count): the rollover at that moment. */
  held: number;
  /** A press that follows the same key's release by less than the chatter threshold. */
  chatter: boolean;
}

export interface KeyStats {
  count: number;
  down: boolean;
  chatter: number;
  lastUp?: number;
}

export const CHATTER_MS = { min: 1, max: 50, default: 5 } as const;

export function keyIdOf(key: KeySource): string {
  return key.kind === 'code' ? key.code : `#${key.keyId}`;
}

export class TesterLog {
  readonly events: TesterEvent[] = [];
  readonly keys = new Map<string, KeyStats>();
  /** click_count: presses in all. */
  total = 0;
  /** pressing_max: the most keys held at once. */
  maxHeld = 0;
  chatterCount = 0;
  private heldKeys = new Set<string>();
  private origin: number | undefined;
  private last: number | undefined;

  constructor(public chatterMs: number = CHATTER_MS.default) {}

  get held(): number {
    return this.heldKeys.size;
  }

  /**
   * Records a press or release at `at` ms (any clock, as long as it is the same for a session). A press of a key
   * already held (auto-repeat) and a release of a key not held (pressed before the tester saw it) change nothing and
   * answer false.
   */
  record(key: KeySource, down: boolean, at: number): boolean {
    const id = keyIdOf(key);
    if (down === this.heldKeys.has(id)) return false;
    let stats = this.keys.get(id);
    if (!stats) {
      stats = { count: 0, down: false, chatter: 0 };
      this.keys.set(id, stats);
    }
    let chatter = false;
    if (down) {
      chatter = stats.lastUp !== undefined && at - stats.lastUp < this.chatterMs;
      stats.count++;
      this.total++;
      this.heldKeys.add(id);
      if (this.heldKeys.size > this.maxHeld) this.maxHeld = this.heldKeys.size;
      if (chatter) {
        stats.chatter++;
        this.chatterCount++;
      }
    } else {
      stats.lastUp = at;
      this.heldKeys.delete(id);
    }
    stats.down = down;
    this.origin ??= at;
    const spacing = this.last === undefined ? 0 : at - this.last;
    this.last = at;
    this.events.push({
      index: this.events.length + 1,
      time: at - this.origin,
      spacing,
      key,
      down,
      keyCount: stats.count,
      held: this.heldKeys.size,
      chatter,
    });
    return true;
  }

  /** Forgets held keys without logging releases: after the page lost focus their releases never arrive. */
  releaseAll(): void {
    for (const id of this.heldKeys) {
      const stats = this.keys.get(id);
      if (stats) stats.down = false;
    }
    this.heldKeys.clear();
  }

  /** Clear: counters, table and keys. */
  clear(): void {
    this.events.length = 0;
    this.keys.clear();
    this.heldKeys.clear();
    this.total = 0;
    this.maxHeld = 0;
    this.chatterCount = 0;
    this.origin = undefined;
    this.last = undefined;
  }
}
