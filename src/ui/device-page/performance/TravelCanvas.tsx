/**
 * The live travel view: a canvas over the drawing that shows every key's depth from the device's pushed trigger
 * stream, with its actuation point and, with rapid trigger on, the band within which it releases and presses again.
 * The travel scale is the key's own maximum travel from the device. Reports go into typed arrays (travel.ts) and a
 * frame is drawn only when something arrived: the stream never passes through React state. After each frame the canvas
 * carries `data-frames` (frames drawn) and `data-reports` (reports those frames include), so a test or the bench
 * can compare what was drawn with what the device sent.
 */
import { useEffect, useRef } from 'react';
import type { PerformancePayload } from '../../../contract/payloads/performance';
import { DEVICE_DEFAULTS } from '../../../core/capabilities';
import type { DeviceLayout } from '../../../core/device-features';
import { useDrawing } from '../../keyboard/load-drawing';
import { useServices } from '../../services';
import { TravelData } from './travel';

const COLOURS = { depth: '#2f7cf6', actuation: '#e5484d', band: 'rgba(255, 170, 0, 0.45)', rail: 'rgba(0,0,0,0.12)' };

export function TravelCanvas({
  path,
  layout,
  info,
}: {
  path: string;
  layout: DeviceLayout | null;
  info: PerformancePayload;
}) {
  const { client } = useServices();
  const drawing = useDrawing(layout);
  const geometry = drawing.status === 'ready' ? drawing.geometry : undefined;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const infoRef = useRef(info);
  infoRef.current = info;
  const dataRef = useRef<TravelData | undefined>(undefined);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!geometry || !canvas) return;
    const data = new TravelData(info.key_triggers.length);
    dataRef.current = data;
    data.dirty = true;
    const { viewBox } = geometry;
    let frame = 0;
    let drawn = 0;
    let width = 0;
    let height = 0;

    const fit = () => {
      const box = canvas.getBoundingClientRect();
      const ratio = globalThis.devicePixelRatio || 1;
      width = Math.max(1, Math.round(box.width * ratio));
      height = Math.max(1, Math.round(box.height * ratio));
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      data.dirty = true;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);

    const draw = () => {
      frame = requestAnimationFrame(draw);
      if (!data.dirty) return;
      data.dirty = false;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      // The drawing keeps its proportions inside its box (centred), as the SVG's viewBox does.
      const sx = Math.min(width / viewBox.w, height / viewBox.h);
      const sy = sx;
      const ox = (width - viewBox.w * sx) / 2;
      const oy = (height - viewBox.h * sy) / 2;
      const perf = infoRef.current;
      ctx.clearRect(0, 0, width, height);
      for (const rect of geometry.keys) {
        const id = rect.id;
        const scale = perf.key_accuracys[id]?.max_trigger || DEVICE_DEFAULTS.maxTrigger;
        const x = ox + (rect.x + rect.w - 9 - viewBox.x) * sx;
        const top = oy + (rect.y + 5 - viewBox.y) * sy;
        const rail = (rect.h - 10) * sy;
        const barW = Math.max(2, 5 * sx);
        const at = (mm: number) => top + (Math.min(Math.max(mm, 0), scale) / scale) * rail;
        ctx.fillStyle = COLOURS.rail;
        ctx.fillRect(x, top, barW, rail);
        const depth = data.depth[id]!;
        if (depth > 0) {
          ctx.fillStyle = COLOURS.depth;
          ctx.fillRect(x, top, barW, at(depth) - top);
        }
        const rapid = perf.key_rapid_triggers[id];
        if (rapid?.use_rapid && data.deepest[id]! > 0) {
          const deepest = data.deepest[id]!;
          ctx.fillStyle = COLOURS.band;
          const from = at(deepest - rapid.r_rapid_value);
          ctx.fillRect(x - 2 * sx, from, barW + 4 * sx, at(deepest) - from);
        }
        const trigger = perf.key_triggers[id];
        if (trigger !== undefined) {
          ctx.fillStyle = COLOURS.actuation;
          ctx.fillRect(x - 2 * sx, at(trigger) - 1, barW + 4 * sx, 2);
        }
      }
      // What the view has drawn so far, for whoever checks it against what the device sent: frames, and the
      // reports those frames include.
      drawn++;
      canvas.dataset.frames = String(drawn);
      canvas.dataset.reports = String(data.received);
    };
    frame = requestAnimationFrame(draw);
    const off = client.on('up_trigger_adc', ([samples, from]) => {
      if (from === path) data.ingest(samples);
    });
    return () => {
      off();
      observer.disconnect();
      cancelAnimationFrame(frame);
      dataRef.current = undefined;
    };
  }, [client, path, geometry, info.key_triggers.length]);

  return <canvas ref={canvasRef} className="travel-canvas" aria-hidden="true" data-testid="travel-canvas" />;
}
