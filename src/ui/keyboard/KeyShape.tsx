/** One key of the drawing: its cap, legend, optional mode content, selection and focus marks, and its tooltip. */
import { memo, type ReactNode, type Ref } from 'react';
import { Tip } from '../widgets/Tip';
import type { KeyRect } from './geometry';

export interface KeyShapeProps {
  rect: KeyRect;
  label: string;
  name: string;
  /** undefined when the mode does not select keys. */
  selected: boolean | undefined;
  tabbable: boolean;
  focusRing: boolean;
  /** A dragged item would land on this key. */
  dropTarget?: boolean;
  fill: string | undefined;
  advanced: boolean;
  /** Transparent and unassigned keys: their legend steps back so real assignments stand out. */
  muted?: boolean;
  tooltip: string | undefined;
  /** Pressing mode: whether the key is held down now (the key is then a button). */
  pressed?: boolean | undefined;
  /** Short mark of the snap-tap and hyper-tap items the key takes part in ("S1"). */
  usedMark?: string | undefined;
  extra: ReactNode;
  keyRef: Ref<SVGGElement>;
}

/** WCAG 2 relative luminance of #rgb / #rrggbb(aa), or undefined for anything else (CSS variables, names). */
function luminance(fill: string): number | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(fill.trim());
  if (!m) return undefined;
  let hex = m[1]!;
  if (hex.length === 3) hex = hex.replace(/./g, (c) => c + c);
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

const BLACK = '#000000';
const WHITE = '#ffffff';

/**
 * The legend colour for a key drawn in `fill`: black or white, whichever has the higher WCAG contrast ratio with it
 * (the better of the two is always at least 4.58:1). Undefined when the fill is not a hex colour: the theme decides.
 */
export function legendColourOn(fill: string | undefined): string | undefined {
  const lum = fill === undefined ? undefined : luminance(fill);
  if (lum === undefined) return undefined;
  const onBlack = (lum + 0.05) / 0.05;
  const onWhite = 1.05 / (lum + 0.05);
  return onBlack >= onWhite ? BLACK : WHITE;
}

/** Fits the legend inside the cap: long legends shrink, never below a readable minimum. */
function fontSize(rect: KeyRect, label: string): number {
  const base = Math.min(rect.h * 0.3, 18);
  const fit = (rect.w - 10) / (Math.max(legendWidth(label), 1) * 0.6);
  return Math.max(9, Math.min(base, fit));
}

/** Width of a legend in average Latin characters: CJK characters take about two. */
function legendWidth(label: string): number {
  let width = 0;
  for (const ch of label) width += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 1.7 : 1;
  return width;
}

function KeyShapeView({
  rect,
  label,
  name,
  selected,
  tabbable,
  focusRing,
  dropTarget = false,
  fill,
  advanced,
  muted = false,
  tooltip,
  pressed,
  usedMark,
  extra,
  keyRef,
}: KeyShapeProps) {
  // Set on the text itself: a key colour outranks every theme and state rule (muted, advanced, pressed).
  const legendColour = legendColourOn(fill);
  const legendTone = legendColour === undefined ? undefined : legendColour === BLACK ? 'dark' : 'light';
  // A thin halo of the other colour keeps the legend readable while an effect preview brightens or darkens the key.
  const legendStyle = legendColour
    ? {
        fill: legendColour,
        stroke: legendColour === BLACK ? WHITE : BLACK,
        strokeOpacity: 0.55,
        strokeWidth: 2.5,
        strokeLinejoin: 'round' as const,
        paintOrder: 'stroke',
      }
    : undefined;
  const classes = [
    'kb-key',
    selected && 'kb-key--selected',
    advanced && 'kb-key--adv',
    muted && 'kb-key--muted',
    dropTarget && 'kb-key--drop',
    pressed && 'kb-key--pressed',
    usedMark && 'kb-key--used',
  ]
    .filter(Boolean)
    .join(' ');
  const shape = (
    <g
      ref={keyRef}
      className={classes}
      role={pressed === undefined ? 'gridcell' : 'button'}
      aria-label={name}
      aria-selected={pressed === undefined ? selected : undefined}
      aria-pressed={pressed}
      tabIndex={tabbable ? 0 : -1}
      data-key-id={rect.id}
      data-selected={selected ? 'true' : 'false'}
    >
      <rect
        className="kb-key__cap"
        x={rect.x}
        y={rect.y}
        width={rect.w}
        height={rect.h}
        rx={rect.rx}
        style={fill ? { fill } : undefined}
      />
      {/* Mode content (an effect layer, counts, values) sits under the legend, never over it. */}
      {extra}
      <text
        className="kb-key__legend"
        x={rect.x + rect.w / 2}
        y={rect.y + rect.h / 2}
        fontSize={fontSize(rect, label)}
        data-tone={legendTone}
        style={legendStyle}
        aria-hidden="true"
      >
        {label}
      </text>
      {usedMark && (
        <text
          className="kb-key__mark"
          x={rect.x + rect.w - 4}
          y={rect.y + 4}
          fontSize={Math.max(8, Math.min(rect.h * 0.2, 11))}
          style={legendStyle}
          aria-hidden="true"
          data-testid="key-use-mark"
        >
          {usedMark}
        </text>
      )}
      {focusRing && (
        <rect
          className="kb-key__focus"
          x={rect.x - 3}
          y={rect.y - 3}
          width={rect.w + 6}
          height={rect.h + 6}
          rx={rect.rx + 3}
          aria-hidden="true"
        />
      )}
    </g>
  );
  return tooltip ? <Tip content={tooltip}>{shape}</Tip> : shape;
}

export const KeyShape = memo(KeyShapeView);
