/**
 * The four stage marks of one DKS row. A marked stage draws a bar that can be dragged (or moved with the arrow keys)
 * over the following stages; the core rules decide how far it may reach.
 */
import '../texts';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { DKS_DEFAULTS, dragDksStage, setDksStageVisible, type DksRow } from '../../../../../core/advanced-keys';
import { useT } from '../../../../../i18n/store';

export const STAGE_LABELS = ['adv.dks.stage.1', 'adv.dks.stage.2', 'adv.dks.stage.3', 'adv.dks.stage.4'] as const;

/** Marking a stage inside an earlier stage's bar shortens that bar so it stops before the new mark. */
function withBarsBeforeMarks(row: DksRow): DksRow {
  return row.data.reduce((r, stage, i) => (stage.vis ? dragDksStage(r, i, stage.useID) : r), row);
}

export function DksTrack({
  row,
  rowNumber,
  onChange,
}: {
  row: DksRow;
  rowNumber: number;
  onChange(row: DksRow): void;
}) {
  const t = useT();
  const trackRef = useRef<HTMLDivElement>(null);
  const stages = row.data.length;

  const spanAt = (clientX: number, index: number): number => {
    const box = trackRef.current?.getBoundingClientRect();
    if (!box || box.width <= 0) return row.data[index]?.useID ?? 0;
    const cell = Math.floor(((clientX - box.left) / box.width) * stages);
    return cell - index;
  };

  const onHandleKey = (e: KeyboardEvent<HTMLElement>, index: number) => {
    const current = row.data[index]?.useID ?? 0;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? current + 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? current - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? DKS_DEFAULTS.maxSpan
              : undefined;
    if (next === undefined) return;
    e.preventDefault();
    onChange(dragDksStage(row, index, next));
  };

  const onHandleMove = (e: PointerEvent<HTMLElement>, index: number) => {
    if (!e.currentTarget.hasPointerCapture?.(e.pointerId)) return;
    onChange(dragDksStage(row, index, spanAt(e.clientX, index)));
  };

  return (
    <div className="dks-track" ref={trackRef} role="group" aria-label={t('adv.dks.row.stages', rowNumber)}>
      {row.data.map((stage, i) =>
        stage.vis ? (
          <div
            key={`bar-${i}`}
            className="dks-bar"
            // From the stage's mark to the mark of the last stage it spans, with room for the handle past it.
            style={{
              left: `calc(${((i + 0.5) / stages) * 100}% - 9px)`,
              width: `calc(${(stage.useID / stages) * 100}% + 34px)`,
            }}
          >
            <span
              className="dks-bar__handle"
              role="slider"
              tabIndex={0}
              aria-label={t('adv.dks.span.label', rowNumber, t(STAGE_LABELS[i] ?? 'adv.dks.stage.1'))}
              aria-valuemin={0}
              aria-valuemax={DKS_DEFAULTS.maxSpan}
              aria-valuenow={stage.useID}
              aria-valuetext={t('adv.dks.span.value', stage.useID + 1)}
              onKeyDown={(e) => onHandleKey(e, i)}
              onPointerDown={(e) => {
                e.preventDefault();
                e.currentTarget.setPointerCapture?.(e.pointerId);
              }}
              onPointerMove={(e) => onHandleMove(e, i)}
              onPointerUp={(e) => e.currentTarget.releasePointerCapture?.(e.pointerId)}
            />
          </div>
        ) : null,
      )}
      {row.data.map((stage, i) => (
        <div key={`cell-${i}`} className="dks-cell">
          <button
            type="button"
            className="dks-mark"
            aria-pressed={stage.vis}
            aria-label={t('adv.dks.mark.label', rowNumber, t(STAGE_LABELS[i] ?? 'adv.dks.stage.1'))}
            onClick={() => onChange(withBarsBeforeMarks(setDksStageVisible(row, i, !stage.vis)))}
          />
        </div>
      ))}
    </div>
  );
}
