/**
 * The tester's event table (six columns: index, time, spacing, key name, press/release, press count), windowed: only
 * the rows in view (plus a few either side) are in the page, so a log of a million events scrolls like one of ten.
 * Rows have a fixed height; while the view is at the bottom it follows new events.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useToolsT } from '../texts';
import { formatMs, formatSeconds, keyTitle } from './format';
import type { TesterEvent } from './tester-log';

export const ROW_HEIGHT = 28;
export const VIEW_ROWS = 12;
const OVERSCAN = 6;

/** First and last (exclusive) row index to put in the page for a scroll position. */
export function visibleRange(scrollTop: number, count: number, rows = VIEW_ROWS, overscan = OVERSCAN) {
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - overscan);
  const last = Math.min(count, Math.ceil(scrollTop / ROW_HEIGHT) + rows + overscan);
  return { first, last: Math.max(first, last) };
}

export function EventTable({ events, count }: { events: readonly TesterEvent[]; count: number }) {
  const tt = useToolsT();
  const bodyRef = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const [scrollTop, setScrollTop] = useState(0);
  const viewHeight = VIEW_ROWS * ROW_HEIGHT;

  // New events: stay at the bottom if the reader was there; a cleared log starts at the top.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    if (count === 0) follow.current = true;
    if (!follow.current) return;
    const bottom = Math.max(0, count * ROW_HEIGHT - viewHeight);
    body.scrollTop = bottom;
    setScrollTop(bottom);
  }, [count, viewHeight]);

  const { first, last } = visibleRange(scrollTop, count);
  const rows = [];
  for (let i = first; i < last; i++) {
    const e = events[i];
    if (!e) break;
    rows.push(
      <div
        key={e.index}
        role="row"
        aria-rowindex={e.index + 1}
        className="tester-table__row"
        data-type={e.down ? 'down' : 'up'}
        data-chatter={e.chatter ? 'true' : undefined}
        style={{ transform: `translateY(${i * ROW_HEIGHT}px)` }}
      >
        <span role="cell">{e.index}</span>
        <span role="cell">{formatSeconds(e.time, tt)}</span>
        <span role="cell">{formatMs(e.spacing, tt)}</span>
        <span role="cell">{keyTitle(e.key, tt)}</span>
        <span role="cell">
          {tt(e.down ? 'tester.type.down' : 'tester.type.up')}
          <span className="tester-table__held"> · {tt('tester.held', e.held)}</span>
        </span>
        <span role="cell">
          {e.keyCount}
          {e.chatter && <span className="tester-table__chatter"> {tt('tester.chatter.flag')}</span>}
        </span>
      </div>,
    );
  }

  return (
    <div className="tester-table" role="table" aria-label={tt('tester.table.label')} aria-rowcount={count + 1}>
      <div role="rowgroup" className="tester-table__head">
        <div role="row" aria-rowindex={1} className="tester-table__row tester-table__row--head">
          <span role="columnheader">{tt('tester.col.index')}</span>
          <span role="columnheader">{tt('tester.col.time')}</span>
          <span role="columnheader">{tt('tester.col.spacing')}</span>
          <span role="columnheader">{tt('tester.col.key')}</span>
          <span role="columnheader">{tt('tester.col.type')}</span>
          <span role="columnheader">{tt('tester.col.count')}</span>
        </div>
      </div>
      <div
        ref={bodyRef}
        role="rowgroup"
        className="tester-table__body"
        // Focusable so the table scrolls with the arrow keys; keys pressed here are not tested.
        tabIndex={0}
        aria-label={tt('tester.summary', count)}
        style={{ height: viewHeight }}
        onScroll={(ev) => {
          const el = ev.currentTarget;
          follow.current = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_HEIGHT;
          setScrollTop(el.scrollTop);
        }}
      >
        <div className="tester-table__spacer" style={{ height: count * ROW_HEIGHT }}>
          {rows}
        </div>
        {count === 0 && <p className="tester-table__empty">{tt('tester.table.empty')}</p>}
      </div>
    </div>
  );
}
