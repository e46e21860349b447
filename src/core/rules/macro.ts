/**
 * Macro rules (spec-1 §5, §9): event limit, the uniform-delay field, and what a saved macro must hold.
 */
import { MACRO_LIMITS, type MacroItem } from '../advanced-keys.ts';
import type { Capabilities } from '../capabilities.ts';
import { TOAST_KEYS } from '../toast-keys.ts';
import { OK, fail, type RuleResult } from './result.ts';

/** The apply button of the time-between-events field is enabled only for a positive number. */
export function canApplyUniformDelay(text: string): boolean {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) && Number(t) > 0;
}

export function canRecordMore(eventCount: number): boolean {
  return eventCount < MACRO_LIMITS.maxEvents;
}

const intIn = (n: number, min: number, max: number): boolean => Number.isInteger(n) && n >= min && n <= max;

/**
 * 1-80 events with delays of 0-65535 ms, repeat count 1-1000, delay type 0 or 1 with an ordered random range, a
 * trigger action this firmware offers, and a non-negative trigger delay; otherwise err.spkey.macro.args.cfg.
 */
export function checkMacroSave(item: MacroItem, caps?: Pick<Capabilities, 'advanced'>): RuleResult {
  const events = item.display;
  const triggers = caps?.advanced.macroTriggerActionTypes ?? [0, 1, 2, 3, 4];
  const ok =
    events.length >= 1 &&
    events.length <= MACRO_LIMITS.maxEvents &&
    events.every((e) => intIn(e.delay, 0, MACRO_LIMITS.maxDelay)) &&
    intIn(item.repeat_count, MACRO_LIMITS.repeatMin, MACRO_LIMITS.repeatMax) &&
    (item.delay_type === 0 || item.delay_type === 1) &&
    intIn(item.delay_min, 0, MACRO_LIMITS.maxDelay) &&
    intIn(item.delay_max, 0, MACRO_LIMITS.maxDelay) &&
    item.delay_min <= item.delay_max &&
    triggers.includes(item.trigger_action_type) &&
    intIn(item.trigger_delay, 0, MACRO_LIMITS.maxDelay);
  return ok ? OK : fail(TOAST_KEYS.macroArgs);
}
