/**
 * The analog curve: a chart of its four points (drag a point with the pointer) and, for the keyboard and screen
 * readers, a travel and an output field per point. Apply checks the draft and writes it; the screen mounts a new
 * editor for every curve the keyboard answers, so what it reports replaces the draft.
 */
import { useId, useRef, useState, type PointerEvent } from 'react';
import { useT } from '../../../i18n/store';
import {
  CHART,
  OUT_MAX,
  draftOf,
  fromChart,
  parseCurve,
  toChart,
  typedCurve,
  type CurvePoint,
  type DraftPoint,
} from './curve';

export interface CurveEditorProps {
  curve: readonly CurvePoint[];
  travelMm: number;
  stepMm: number;
  busy: boolean;
  onApply(curve: CurvePoint[]): void;
  /** The draft moved away from what the keyboard holds, or Apply found it wrong: an earlier "Saved" no longer holds. */
  onEdit?(): void;
}

const TICKS_MM = [0, 1, 2, 3, 4];
const TICKS_OUT = [0, 64, 128, 192, 255];

export function CurveEditor({ curve, travelMm, stepMm, busy, onApply, onEdit }: CurveEditorProps) {
  const t = useT();
  const titleId = useId();
  const problemId = useId();
  const [draft, setDraft] = useState<DraftPoint[]>(() => draftOf(curve));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [dragging, setDragging] = useState<number | undefined>(undefined);
  const svg = useRef<SVGSVGElement>(null);

  // Typed points go on the chart as they are typed, before Apply.
  const shown = typedCurve(draft, curve, travelMm);
  const changed = JSON.stringify(draftOf(curve)) !== JSON.stringify(draft);
  const edit = (i: number, field: keyof DraftPoint, value: string) => {
    setDraft((d) => d.map((p, j) => (j === i ? { ...p, [field]: value } : p)));
    setProblem(undefined);
    onEdit?.();
  };
  const apply = () => {
    const result = parseCurve(draft, travelMm);
    if (result.problem) {
      setProblem(t(result.problem.id, ...result.problem.args.map(String)));
      onEdit?.();
      return;
    }
    onApply(result.curve);
  };
  const drag = (e: PointerEvent<SVGSVGElement>) => {
    if (dragging === undefined || !svg.current) return;
    const box = svg.current.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const x = ((e.clientX - box.left) / box.width) * CHART.width;
    const y = ((e.clientY - box.top) / box.height) * CHART.height;
    const bounds = { minMm: shown[dragging - 1]?.mm ?? 0, maxMm: shown[dragging + 1]?.mm ?? travelMm };
    const p = fromChart(x, y, travelMm, stepMm, bounds);
    setDraft((d) => d.map((q, j) => (j === dragging ? { mm: p.mm.toFixed(2), out: String(p.out) } : q)));
    setProblem(undefined);
    onEdit?.();
  };
  const points = shown.map((p) => toChart(p, travelMm));
  const summary = shown.map((p) => t('libhmk.gamepad.curve.pair', p.mm.toFixed(2), String(p.out))).join(', ');
  const plotBottom = CHART.height - CHART.bottom;

  return (
    <section className="panel gamepad-curve" aria-labelledby={titleId}>
      <h2 className="panel__title" id={titleId}>
        {t('libhmk.gamepad.curve.title')}
      </h2>
      <p className="gamepad-note">{t('libhmk.gamepad.curve.desc')}</p>
      <div className="gamepad-curve__body">
        <svg
          ref={svg}
          className="gamepad-curve__chart"
          viewBox={`0 0 ${CHART.width} ${CHART.height}`}
          role="img"
          aria-label={t('libhmk.gamepad.curve.chart', summary)}
          onPointerMove={drag}
          onPointerUp={() => setDragging(undefined)}
          onPointerLeave={() => setDragging(undefined)}
        >
          {TICKS_MM.filter((mm) => mm <= travelMm).map((mm) => {
            const { x } = toChart({ mm, out: 0 }, travelMm);
            return (
              <g key={`x${mm}`}>
                <line className="gamepad-curve__grid" x1={x} x2={x} y1={CHART.top} y2={plotBottom} />
                <text className="gamepad-curve__tick" x={x} y={plotBottom + 14} textAnchor="middle">
                  {mm}
                </text>
              </g>
            );
          })}
          {TICKS_OUT.map((out) => {
            const { y } = toChart({ mm: 0, out }, travelMm);
            return (
              <g key={`y${out}`}>
                <line className="gamepad-curve__grid" x1={CHART.left} x2={CHART.width - CHART.right} y1={y} y2={y} />
                <text className="gamepad-curve__tick" x={CHART.left - 6} y={y + 4} textAnchor="end">
                  {out}
                </text>
              </g>
            );
          })}
          <text
            className="gamepad-curve__axis"
            x={CHART.width / 2 + CHART.left / 2}
            y={CHART.height - 4}
            textAnchor="middle"
          >
            {t('libhmk.gamepad.curve.x')}
          </text>
          <text
            className="gamepad-curve__axis"
            transform={`translate(12 ${CHART.height / 2 - 10}) rotate(-90)`}
            textAnchor="middle"
          >
            {t('libhmk.gamepad.curve.y')}
          </text>
          <polyline className="gamepad-curve__line" points={points.map((p) => `${p.x},${p.y}`).join(' ')} />
          {points.map((p, i) => (
            <circle
              key={i}
              className="gamepad-curve__point"
              data-dragging={dragging === i || undefined}
              cx={p.x}
              cy={p.y}
              r={7}
              onPointerDown={(e) => {
                if (busy) return;
                (e.currentTarget.ownerSVGElement ?? e.currentTarget).setPointerCapture?.(e.pointerId);
                setDragging(i);
              }}
            />
          ))}
        </svg>
        <div className="gamepad-curve__fields">
          {draft.map((p, i) => (
            <fieldset className="gamepad-curve__point-fields" key={i}>
              <legend>{t('libhmk.gamepad.curve.point', String(i + 1))}</legend>
              <label>
                <span>{t('libhmk.gamepad.curve.mm', String(i + 1))}</span>
                <input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={travelMm}
                  step={stepMm}
                  value={p.mm}
                  disabled={busy}
                  aria-describedby={problem ? problemId : undefined}
                  onChange={(e) => edit(i, 'mm', e.target.value)}
                  onKeyDown={(e) => e.key === 'Enter' && apply()}
                />
              </label>
              <label>
                <span>{t('libhmk.gamepad.curve.out', String(i + 1))}</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={OUT_MAX}
                  step={1}
                  value={p.out}
                  disabled={busy}
                  aria-describedby={problem ? problemId : undefined}
                  onChange={(e) => edit(i, 'out', e.target.value)}
                  onKeyDown={(e) => e.key === 'Enter' && apply()}
                />
              </label>
            </fieldset>
          ))}
          {problem && (
            <p className="gamepad-problem" id={problemId} role="alert">
              {problem}
            </p>
          )}
          <div className="gamepad-curve__actions">
            <button type="button" className="button button--primary" disabled={busy || !changed} onClick={apply}>
              {t('libhmk.gamepad.curve.apply')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy || !changed}
              onClick={() => {
                setDraft(draftOf(curve));
                setProblem(undefined);
              }}
            >
              {t('libhmk.gamepad.curve.undo')}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
