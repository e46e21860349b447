/**
 * A grid of key-code buttons sized by their entries, with one tab stop: arrows move between buttons (Up and Down by
 * where the buttons sit on screen), Home and End jump to the ends, Enter or Space picks.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useLanguage, useT } from '../../../i18n/store';
import { entryAlias, type PickerEntry } from './picker-data';

/** Rough advance of a character in em for the bold UI font: wide, narrow and the rest. */
function charWidth(ch: string): number {
  if (/[mwMW@%]/.test(ch)) return 1.05;
  if (/[iljtfrI.,;:'!|`[\]()]/.test(ch)) return 0.37;
  if (/[A-Z0-9+=-]/.test(ch)) return 0.78;
  return 0.66;
}

/**
 * Long legends get a smaller font so most fit on one line; the longest wrap to two, between words only: the longest
 * word always fits its key ("KbPower", never "KbPowe r").
 */
function legendFontSize(name: string, width: number, unit: number): number | undefined {
  const ems = (text: string) => [...text].reduce((sum, ch) => sum + charWidth(ch), 0);
  const room = width * unit - 10;
  const fit = room / Math.max(ems(name), 1);
  const word = room / Math.max(...name.split(/\s+/).map(ems), 1);
  const size = Math.min(word, Math.max(9, fit));
  return size >= 12 ? undefined : Math.max(6, Math.floor(size * 2) / 2);
}

function verticalNeighbour(buttons: HTMLButtonElement[], from: number, down: boolean): number | undefined {
  const origin = buttons[from]?.getBoundingClientRect();
  if (!origin || (origin.width === 0 && origin.height === 0)) return undefined;
  const ox = origin.left + origin.width / 2;
  let best: { index: number; score: number } | undefined;
  buttons.forEach((b, i) => {
    const r = b.getBoundingClientRect();
    const dy = down ? r.top - origin.top : origin.top - r.top;
    if (dy < origin.height / 2) return;
    const score = dy * 4 + Math.abs(r.left + r.width / 2 - ox);
    if (!best || score < best.score) best = { index: i, score };
  });
  return best?.index;
}

export function KeyGrid({
  entries,
  unit,
  label,
  onPick,
}: {
  entries: readonly PickerEntry[];
  /** Pixels per key unit. */
  unit: number;
  label: string;
  onPick(code: number): void;
}) {
  const t = useT();
  const language = useLanguage();
  const [active, setActive] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const current = Math.min(active, Math.max(entries.length - 1, 0));

  const buttons = () => Array.from(container.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
  const focusAt = (index: number) => {
    const list = buttons();
    const clamped = Math.max(0, Math.min(index, list.length - 1));
    setActive(clamped);
    list[clamped]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = buttons();
    const from = list.indexOf(e.target as HTMLButtonElement);
    if (from < 0) return;
    let to: number | undefined;
    if (e.key === 'ArrowRight') to = from + 1;
    else if (e.key === 'ArrowLeft') to = from - 1;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = list.length - 1;
    else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const down = e.key === 'ArrowDown';
      // Without layout (no boxes to compare) Up and Down step like Left and Right.
      to = verticalNeighbour(list, from, down) ?? (down ? from + 1 : from - 1);
    }
    if (to === undefined) return;
    e.preventDefault();
    focusAt(to);
  };

  const gap = Math.round(unit * 0.1);
  return (
    <div ref={container} className="picker-grid" role="group" aria-label={label} style={{ gap }} onKeyDown={onKeyDown}>
      {entries.map(({ entry, width, height }, i) => {
        const alias = entryAlias(entry, language);
        const name = alias && alias !== entry.name ? t('keymap.picker.entry', entry.name, alias) : entry.name;
        return (
          <button
            key={entry.code}
            type="button"
            className="picker-key"
            style={{ width: width * unit + (width - 1) * gap, height: height * unit + (height - 1) * gap }}
            tabIndex={i === current ? 0 : -1}
            aria-label={name}
            title={entry.tip ? `${alias} — ${entry.tip}` : alias}
            data-code={entry.code}
            onFocus={() => setActive(i)}
            onClick={() => onPick(entry.code)}
          >
            <span className="picker-key__name" style={{ fontSize: legendFontSize(entry.name, width, unit) }}>
              {entry.name}
            </span>
          </button>
        );
      })}
    </div>
  );
}
