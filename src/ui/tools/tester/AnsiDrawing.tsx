/**
 * The browser keyboard drawing: a full-size ANSI board whose keys show their press count and colour (held now,
 * pressed before, chattered), in the theme's light or dark palette. Keys pressed that the board does not have
 * (media keys, Intl keys, F13-F24, ...) follow it as labelled chips, so every press is visible.
 */
import { useToolsT } from '../texts';
import { ANSI_CODES, ANSI_KEYS, ANSI_SIZE } from './ansi-layout';
import { codeTitle } from './format';
import { keyNameOf } from './key-names';
import type { KeyStats } from './tester-log';

const UNIT = 40;
const GAP = 3;
const LEGEND_SIZE = 11;
const LEGEND_PAD = 4;
/** Width of an average legend character, in font sizes (the UI's sans-serif). */
const CHAR_WIDTH = 0.58;

/**
 * A key's legend fitted to its cap: on one line at the usual size when it fits, else split at its space onto two
 * lines, and made smaller only as far as the longer line needs, so "Print Screen" or "Delete" stay whole on a
 * one-unit key.
 */
export function fitLegend(legend: string, width: number): { lines: string[]; size: number } {
  const room = width - 2 * LEGEND_PAD;
  const fits = (line: string, size: number) => line.length * size * CHAR_WIDTH <= room;
  if (fits(legend, LEGEND_SIZE)) return { lines: [legend], size: LEGEND_SIZE };
  const space = legend.indexOf(' ');
  const lines = space > 0 ? [legend.slice(0, space), legend.slice(space + 1)] : [legend];
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.min(LEGEND_SIZE, room / (longest * CHAR_WIDTH));
  return { lines, size: Math.round(size * 10) / 10 };
}

export type KeyState = 'idle' | 'tested' | 'down' | 'chatter';

export function keyStateOf(stats: KeyStats | undefined): KeyState {
  if (!stats || stats.count === 0) return 'idle';
  if (stats.down) return 'down';
  return stats.chatter > 0 ? 'chatter' : 'tested';
}

export function AnsiDrawing({ keys }: { keys: ReadonlyMap<string, KeyStats> }) {
  const tt = useToolsT();
  const label = (code: string, stats: KeyStats | undefined) =>
    stats?.down
      ? tt('tester.key.label.down', codeTitle(code, tt), stats.count)
      : tt('tester.key.label', codeTitle(code, tt), stats?.count ?? 0);
  const extras = [...keys.entries()].filter(([id]) => !id.startsWith('#') && !ANSI_CODES.has(id));
  return (
    <div className="tester-board">
      <svg
        className="tester-board__svg"
        viewBox={`0 0 ${ANSI_SIZE.w * UNIT} ${ANSI_SIZE.h * UNIT}`}
        role="group"
        aria-label={tt('tester.drawing.label')}
      >
        {ANSI_KEYS.map((key) => {
          const stats = keys.get(key.code);
          const x = key.x * UNIT + GAP / 2;
          const y = key.y * UNIT + GAP / 2;
          const w = key.w * UNIT - GAP;
          const h = key.h * UNIT - GAP;
          return (
            <g
              key={key.code}
              className="tester-key"
              data-state={keyStateOf(stats)}
              data-code={key.code}
              role="img"
              aria-label={label(key.code, stats)}
            >
              <rect x={x} y={y} width={w} height={h} rx={5} />
              <KeyLegend x={x} y={y} w={w} legend={keyNameOf(key.code).legend} />
              {stats && stats.count > 0 && (
                <text className="tester-key__count" x={x + w - 5} y={y + h - 6} textAnchor="end">
                  {stats.count}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {extras.length > 0 && (
        <ul className="tester-board__extras">
          {extras.map(([code, stats]) => (
            <li key={code} className="tester-chip" data-state={keyStateOf(stats)} aria-label={label(code, stats)}>
              <span aria-hidden="true">
                {codeTitle(code, tt)} <b>{stats.count}</b>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function KeyLegend({ x, y, w, legend }: { x: number; y: number; w: number; legend: string }) {
  const { lines, size } = fitLegend(legend, w);
  return (
    <text className="tester-key__legend" x={x + LEGEND_PAD} y={y + 3 + size} fontSize={size}>
      {lines.map((line, i) => (
        <tspan key={i} x={x + LEGEND_PAD} dy={i === 0 ? 0 : size * 1.15}>
          {line}
        </tspan>
      ))}
    </text>
  );
}
