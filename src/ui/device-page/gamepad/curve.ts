/**
 * The analog curve as the gamepad screen edits it: four points of key travel (mm) to stick or trigger output
 * (0-255), typed as text, checked before anything is sent, and placed on the chart.
 */
import type { MessageId } from '../../../i18n/en_US';

export interface CurvePoint {
  mm: number;
  out: number;
}

export interface DraftPoint {
  mm: string;
  out: string;
}

export interface CurveProblem {
  id: MessageId;
  args: (string | number)[];
}

export const OUT_MAX = 255;

export function draftOf(curve: readonly CurvePoint[]): DraftPoint[] {
  return curve.map((p) => ({ mm: p.mm.toFixed(2), out: String(p.out) }));
}

/** A text field's number: digits with an optional decimal part, nothing else ("1e2", "", " 3" are not numbers). */
function numberOf(text: string): number | undefined {
  return /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/** The curve the draft says, or the first thing wrong with it (points are numbered from 1). */
export function parseCurve(
  draft: readonly DraftPoint[],
  travelMm: number,
): { curve: CurvePoint[]; problem?: undefined } | { curve?: undefined; problem: CurveProblem } {
  const curve: CurvePoint[] = [];
  for (const [i, p] of draft.entries()) {
    const mm = numberOf(p.mm);
    if (mm === undefined || mm > travelMm) return { problem: { id: 'libhmk.gamepad.err.mm', args: [i + 1, travelMm] } };
    const out = numberOf(p.out);
    if (out === undefined || !Number.isInteger(out) || out > OUT_MAX)
      return { problem: { id: 'libhmk.gamepad.err.out', args: [i + 1] } };
    const before = curve[i - 1];
    if (before && mm < before.mm) return { problem: { id: 'libhmk.gamepad.err.order', args: [i + 1, i] } };
    curve.push({ mm: Math.round(mm * 100) / 100, out });
  }
  return { curve };
}

/** Chart geometry: a plot area inside margins for the axis labels. */
export const CHART = { width: 360, height: 220, left: 44, right: 14, top: 12, bottom: 36 } as const;

export function toChart(p: CurvePoint, travelMm: number): { x: number; y: number } {
  const w = CHART.width - CHART.left - CHART.right;
  const h = CHART.height - CHART.top - CHART.bottom;
  return { x: CHART.left + (p.mm / travelMm) * w, y: CHART.top + h - (p.out / OUT_MAX) * h };
}

/**
 * A chart position as a point, kept between its neighbours so dragging never reorders the curve; travel snaps to the
 * keyboard's step and output to whole numbers.
 */
export function fromChart(
  x: number,
  y: number,
  travelMm: number,
  stepMm: number,
  bounds: { minMm: number; maxMm: number },
): CurvePoint {
  const w = CHART.width - CHART.left - CHART.right;
  const h = CHART.height - CHART.top - CHART.bottom;
  const rawMm = ((x - CHART.left) / w) * travelMm;
  const mm = Math.min(bounds.maxMm, Math.max(bounds.minMm, Math.round(rawMm / stepMm) * stepMm));
  const out = Math.round(((CHART.top + h - y) / h) * OUT_MAX);
  return { mm: Math.round(mm * 100) / 100, out: Math.min(OUT_MAX, Math.max(0, out)) };
}

/**
 * What the chart shows while the fields are typed in: each field that reads as a number within range, at once, and
 * the curve's own value for a field still being typed ("", "1.") or out of range. Order is not checked here: a point
 * typed past its neighbour is drawn where it was typed, and Apply names the problem.
 */
export function typedCurve(draft: readonly DraftPoint[], curve: readonly CurvePoint[], travelMm: number): CurvePoint[] {
  return draft.map((p, i) => {
    const mm = numberOf(p.mm);
    const out = numberOf(p.out);
    const held = curve[i] ?? { mm: 0, out: 0 };
    return {
      mm: mm !== undefined && mm <= travelMm ? Math.round(mm * 100) / 100 : held.mm,
      out: out !== undefined && Number.isInteger(out) && out <= OUT_MAX ? out : held.out,
    };
  });
}
