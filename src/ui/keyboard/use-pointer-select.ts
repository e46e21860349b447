/**
 * Mouse, pen and touch selection on the drawing (spec-1 §4): a press toggles the key under it; in multi select,
 * moving while pressed sweeps over keys or, from the case, draws a rectangle that adds every key it touches.
 */
import { useRef, useState, type PointerEvent, type RefObject } from 'react';
import { boxBetween, keyAt, keysInBox, type Box, type DrawingGeometry } from './geometry';
import { setKey, toggleKey, union, type UseMode } from './modes';

type Drag =
  { kind: 'sweep'; on: boolean; last: number } | { kind: 'box'; start: { x: number; y: number }; base: number[] };

export function keyIdOf(target: EventTarget | null): number | undefined {
  const el = target instanceof Element ? target.closest('[data-key-id]') : null;
  const id = el ? Number(el.getAttribute('data-key-id')) : NaN;
  return Number.isInteger(id) ? id : undefined;
}

export function usePointerSelect(options: {
  svgRef: RefObject<SVGSVGElement | null>;
  geometry: DrawingGeometry | undefined;
  useMode: UseMode;
  /** The latest selection, also between renders. */
  selectionRef: RefObject<number[]>;
  commit(next: number[]): void;
  /** A key was pressed: it becomes the keyboard focus position. */
  onPressKey(id: number): void;
}) {
  const { svgRef, geometry, useMode, selectionRef, commit, onPressKey } = options;
  const dragRef = useRef<Drag | null>(null);
  const [box, setBox] = useState<Box | null>(null);
  const keys = geometry?.keys ?? [];

  /** Client coordinates to drawing coordinates (the SVG keeps its aspect ratio, centred: xMidYMid meet). */
  const toDrawing = (clientX: number, clientY: number): { x: number; y: number } | undefined => {
    const svg = svgRef.current;
    if (!svg || !geometry) return undefined;
    const r = svg.getBoundingClientRect();
    const vb = geometry.viewBox;
    const scale = Math.min(r.width / vb.w, r.height / vb.h);
    if (!(scale > 0)) return undefined;
    const ox = r.left + (r.width - vb.w * scale) / 2;
    const oy = r.top + (r.height - vb.h * scale) / 2;
    return { x: vb.x + (clientX - ox) / scale, y: vb.y + (clientY - oy) / scale };
  };

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (useMode === null || e.button !== 0) return;
    const id = keyIdOf(e.target);
    if (id !== undefined) {
      const next = toggleKey(selectionRef.current, id, useMode);
      commit(next);
      onPressKey(id);
      if (useMode === 1) dragRef.current = { kind: 'sweep', on: next.includes(id), last: id };
    } else if (useMode === 1) {
      const start = toDrawing(e.clientX, e.clientY);
      if (start) dragRef.current = { kind: 'box', start, base: selectionRef.current };
    }
    if (dragRef.current) {
      try {
        e.currentTarget.setPointerCapture(e.pointerId);
      } catch {
        // Synthetic pointers have no capture; moves still arrive while over the drawing.
      }
    }
  };

  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const drag = dragRef.current;
    if (!drag) return;
    const p = toDrawing(e.clientX, e.clientY);
    if (!p) return;
    if (drag.kind === 'sweep') {
      const id = keyAt(keys, p.x, p.y);
      if (id === undefined || id === drag.last) return;
      drag.last = id;
      commit(setKey(selectionRef.current, id, drag.on));
    } else {
      const b = boxBetween(drag.start, p);
      // A jitter of a few units is a click on the case, not a rectangle.
      if (b.w < 4 && b.h < 4) return;
      setBox(b);
      commit(union(drag.base, keysInBox(keys, b)));
    }
  };

  const endDrag = () => {
    dragRef.current = null;
    setBox(null);
  };

  return {
    box,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: endDrag,
      onPointerCancel: endDrag,
      onLostPointerCapture: endDrag,
    },
  };
}
