/**
 * A small keyboard drawing in single-select mode for the snap-tap and hyper-tap editors: choose which entry the next
 * click fills, then click (or arrow to and press Enter on) a key. Keys another entry or item already holds are dimmed
 * and refused with the reason.
 */
import type { DeviceLayout } from '../../../../../core/device-features';
import '../texts';
import { ToggleGroup } from 'radix-ui';
import { useState } from 'react';
import { useT } from '../../../../../i18n/store';
import { KeyboardDrawing } from '../../../../keyboard/KeyboardDrawing';

export interface TapSlot {
  label: string;
  keyId: number;
  /** Keys this slot cannot take. */
  unavailable: readonly number[];
  /** Why a key of `unavailable` was refused, said when one is chosen on the drawing. */
  refusal?(keyId: number): string;
}

export function TapBoard({
  layout,
  slots,
  active,
  onActiveChange,
  onChoose,
}: {
  layout: DeviceLayout | null;
  slots: readonly TapSlot[];
  active: number;
  onActiveChange(index: number): void;
  onChoose(index: number, keyId: number): void;
}) {
  const t = useT();
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const slot = slots[active];
  if (!slot || !layout) return null;
  return (
    <div className="tap-board">
      <div className="tap-board__bar">
        <span className="adv-field__label" id="tap-board-target">
          {t('adv.tap.board.target')}
        </span>
        <ToggleGroup.Root
          type="single"
          className="segmented"
          aria-labelledby="tap-board-target"
          value={String(active)}
          onValueChange={(v) => {
            if (v !== '') onActiveChange(Number(v));
          }}
        >
          {slots.map((s, i) => (
            <ToggleGroup.Item key={s.label} value={String(i)} className="segmented__item">
              <span className="tap-board__num" aria-hidden="true">
                {i + 1}
              </span>
              {s.label}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      </div>
      {refused && (
        <p className="adv-problem" role="alert">
          {refused}
        </p>
      )}
      <div className="tap-board__drawing">
        <KeyboardDrawing
          layout={layout}
          mode="key_adv"
          useMode={0}
          label={t('adv.tap.board.label', slot.label)}
          selected={slot.keyId >= 0 ? [slot.keyId] : []}
          keyFill={(id) => (slot.unavailable.includes(id) ? 'var(--surface-3)' : undefined)}
          renderKey={(id, rect) => {
            const index = slots.findIndex((s) => s.keyId === id);
            if (index < 0) return null;
            // A numbered corner badge tells which entry holds the key, whichever entry is being set.
            const r = Math.min(rect.w, rect.h) * 0.2;
            return (
              <g className="tap-board__badge" aria-hidden="true">
                <circle cx={rect.x + rect.w - r * 1.3} cy={rect.y + r * 1.3} r={r} />
                <text
                  x={rect.x + rect.w - r * 1.3}
                  y={rect.y + r * 1.3}
                  dy="0.35em"
                  textAnchor="middle"
                  fontSize={r * 1.4}
                >
                  {index + 1}
                </text>
              </g>
            );
          }}
          onSelectionChange={(ids) => {
            const id = ids[0];
            if (id === undefined) return;
            if (slot.unavailable.includes(id)) {
              // Said, not ignored: a key that cannot be taken keeps the choice as it was.
              setRefused(slot.refusal?.(id) ?? t('adv.tap.key.taken'));
              return;
            }
            setRefused(undefined);
            onChoose(active, id);
            if (active + 1 < slots.length) onActiveChange(active + 1);
          }}
        />
      </div>
    </div>
  );
}
