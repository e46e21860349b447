/**
 * Key performance rules (spec-2 §5): trigger, rapid and dead-zone ranges from the device's per-key accuracy,
 * warnings for risky values, and the blocks that stop an edit with a toast.
 */
import { DEVICE_DEFAULTS } from '../capabilities.ts';
import { TOAST_KEYS, type StaticToastKey } from '../toast-keys.ts';
import { OK, fail, type RuleResult, type ValueResult } from './result.ts';
import { checkSliderValue, clampAndSnap, type SliderRange } from './numeric.ts';

/**
 * One key_accuracys entry (spec-2 §3), in mm, plus min_trigger, which the device reports and the sliders need. The
 * payloads of the performance area carry this same entry.
 */
export interface KeyAccuracy {
  trigger_accuracy: number;
  min_trigger: number;
  max_trigger: number;
  min_rapid: number;
  max_rapid: number;
  rapid_accuracy: number;
  dead_accuracy: number;
  max_dead: number;
}

export type PerfValueKind = 'trigger' | 'rapid' | 'dead';

/** Step used when the device reports no accuracy for trigger or rapid travel; our choice. */
const DEFAULT_TRAVEL_STEP = 0.01;
/** Dead zone and rapid travel at or below this are warned about (spec-2 §5). */
const RAPID_WARNING_LIMIT = 0.04;

/**
 * Slider ranges of one key. The device's accuracy entry wins; missing fields fall back to the model's base minimum
 * travel, the 4 mm default maximum trigger and the 0.6 mm default maximum dead zone (dead-zone step 0: continuous).
 */
export function perfRanges(
  accuracy: Partial<KeyAccuracy> | undefined,
  baseMinTravel: number,
): Record<PerfValueKind, SliderRange> {
  const a = accuracy ?? {};
  const maxTrigger = a.max_trigger ?? DEVICE_DEFAULTS.maxTrigger;
  return {
    trigger: { min: baseMinTravel, max: maxTrigger, step: a.trigger_accuracy ?? DEFAULT_TRAVEL_STEP },
    rapid: {
      min: a.min_rapid ?? baseMinTravel,
      max: a.max_rapid ?? maxTrigger,
      step: a.rapid_accuracy ?? DEFAULT_TRAVEL_STEP,
    },
    dead: { min: 0, max: a.max_dead ?? DEVICE_DEFAULTS.maxDead, step: a.dead_accuracy ?? 0 },
  };
}

/** What a slider shows for a dragged or typed value: clamped and snapped to the key's accuracy. */
export function clampPerfValue(kind: PerfValueKind, value: number, ranges: Record<PerfValueKind, SliderRange>): number {
  return clampAndSnap(value, ranges[kind]);
}

/** For a device call: refuses a value outside the key's range (err.args.invalid), else snaps it. */
export function checkPerfValue(
  kind: PerfValueKind,
  value: number,
  ranges: Record<PerfValueKind, SliderRange>,
): ValueResult<number> {
  return checkSliderValue(value, ranges[kind]);
}

// Travel values arrive as decimals; compare with a margin so 0.04 read back as 0.0400000001 still warns.
const atOrBelow = (value: number, limit: number): boolean => value <= limit + 1e-9;

/** Warnings to show next to the sliders; they never block the change. */
export function perfWarnings(values: { dead?: number; pressRapid?: number; releaseRapid?: number }): StaticToastKey[] {
  const out: StaticToastKey[] = [];
  if (values.dead !== undefined && atOrBelow(values.dead, 0)) out.push(TOAST_KEYS.perfDeadZoneWarning);
  const rapids = [values.pressRapid, values.releaseRapid].filter((v): v is number => v !== undefined);
  if (rapids.some((v) => atOrBelow(v, RAPID_WARNING_LIMIT))) out.push(TOAST_KEYS.perfRapidLowWarning);
  return out;
}

/** An edit on the perf panel. */
export type PerfEdit = 'trigger' | 'dead' | 'rapid' | 'rt-mode' | 'sensitivity';

export interface PerfEditContext {
  selectedKeys: number;
  useRapid: boolean;
  /** 0 rapid trigger (press and release travel), 1 rapid trigger auto (sensitivity states). */
  rtMode: 0 | 1;
}

/**
 * Whether a perf edit may go ahead. No selected key blocks everything. With rapid trigger on in rt_mode 1 the
 * trigger and dead-zone sliders are blocked; the sensitivity choice belongs to rt_mode 1 and is blocked elsewhere.
 */
export function checkPerfEdit(edit: PerfEdit, ctx: PerfEditContext): RuleResult {
  if (ctx.selectedKeys <= 0) return fail(TOAST_KEYS.perfNoSelectKeys);
  const autoMode = ctx.useRapid && ctx.rtMode === 1;
  if ((edit === 'trigger' || edit === 'dead') && autoMode) return fail(TOAST_KEYS.perfRtTriggerOrDeadBlocked);
  if (edit === 'sensitivity' && !autoMode) return fail(TOAST_KEYS.perfRtSensitivityBlocked);
  return OK;
}

/** Dialog opened by choosing a switch type: 4 (switch-type config empty) with no keys selected, else 2 (confirm). */
export function switchTypeDialog(selectedKeys: number): 2 | 4 {
  return selectedKeys > 0 ? 2 : 4;
}
