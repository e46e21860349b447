/**
 * DKS save rules (spec-1 §5) plus the structural checks the device service applies to an item from any caller.
 */
import { DKS_DEFAULTS, dksRowHasKey, dksRowHasMarks, type DksItem } from '../advanced-keys.ts';
import { TOAST_KEYS } from '../toast-keys.ts';
import { OK, fail, type RuleResult } from './result.ts';
import { inRange } from './numeric.ts';

/**
 * Each row with a key needs a marked stage, each row with a marked stage needs a key, and at least one row needs a
 * key; otherwise err.spkey.dks.args.cfg.
 */
export function checkDksRows(item: DksItem): RuleResult {
  const rows = item.display;
  const complete = rows.every((r) => dksRowHasKey(r) === dksRowHasMarks(r)) && rows.some(dksRowHasKey);
  return complete ? OK : fail(TOAST_KEYS.dksArgs);
}

const isCount = (n: number): boolean => Number.isInteger(n) && n >= 0;

/**
 * Values the editor cannot produce but a call could carry: more rows than the model has, a stage span outside 0-4,
 * travel outside (0, max] with the top above the bottom, or ticks that are not counts in order.
 */
function checkDksShape(item: DksItem, limits: { slotCount: number; maxTrigger: number }): RuleResult {
  const rowsOk =
    item.display.length <= limits.slotCount &&
    item.display.every(
      (r) =>
        r.data.length === DKS_DEFAULTS.stagesPerRow &&
        r.data.every((s) => Number.isInteger(s.useID) && s.useID >= 0 && s.useID <= 4),
    );
  const travelOk =
    inRange(item.top_level, 0, limits.maxTrigger) &&
    inRange(item.bottom_level, 0, limits.maxTrigger) &&
    item.top_level > 0 &&
    item.top_level < item.bottom_level;
  const ticksOk =
    (item.tick_type === 0 || item.tick_type === 1) &&
    isCount(item.tick_min) &&
    isCount(item.tick_max) &&
    item.tick_min <= item.tick_max;
  return rowsOk && travelOk && ticksOk ? OK : fail(TOAST_KEYS.invalidArgs);
}

/** Everything a DKS save must pass: the user-facing row rules first, then the structural checks. */
export function checkDksSave(item: DksItem, limits: { slotCount: number; maxTrigger: number }): RuleResult {
  const rows = checkDksRows(item);
  return rows.ok ? checkDksShape(item, limits) : rows;
}
