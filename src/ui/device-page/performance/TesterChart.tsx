/**
 * The tester chart (view 4, spec-2 §2.5): a line chart of the trigger stream over its last 100 labels, one line per
 * key, travel from 0 at the top to the device's maximum travel at the bottom. Drawn on a canvas once per animation
 * frame when samples arrived; the stream never passes through React state.
 */
import { useEffect, useRef } from 'react';
import { DEVICE_DEFAULTS } from '../../../core/capabilities';
import { ptx } from '../../../i18n/sections/performance';
import { useT } from '../../../i18n/store';
import { useServices } from '../../services';
import { CHART_WINDOW, TriggerWindow } from './travel';

const LINE_COLOURS = ['#2f7cf6', '#e5484d', '#3fb950', '#f0a92e', '#a371f7', '#1fb6c1'];

export function TesterChart({ path, maxTravel }: { path: string; maxTravel: number | undefined }) {
  const t = useT();
  const { client } = useServices();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scale = maxTravel && maxTravel > 0 ? maxTravel : DEVICE_DEFAULTS.maxTrigger;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const window = new TriggerWindow();
    window.dirty = true;
    let frame = 0;
    const draw = () => {
      frame = requestAnimationFrame(draw);
      if (!window.dirty) return;
      window.dirty = false;
      const box = canvas.getBoundingClientRect();
      const ratio = globalThis.devicePixelRatio || 1;
      const w = Math.max(1, Math.round(box.width * ratio));
      const h = Math.max(1, Math.round(box.height * ratio));
      if (canvas.width !== w) canvas.width = w;
      if (canvas.height !== h) canvas.height = h;
      const samples = window.samples();
      canvas.dataset.samples = String(samples.length);
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.clearRect(0, 0, w, h);
      const x = (i: number) => (i / (CHART_WINDOW - 1)) * w;
      const y = (mm: number) => (Math.min(Math.max(mm, 0), scale) / scale) * (h - 2) + 1;
      const lines = new Map<number, [number, number][]>();
      samples.forEach((s, i) => {
        const points = lines.get(s.id) ?? [];
        points.push([x(i), y(s.trigger)]);
        lines.set(s.id, points);
      });
      let n = 0;
      for (const points of lines.values()) {
        ctx.strokeStyle = LINE_COLOURS[n++ % LINE_COLOURS.length]!;
        ctx.lineWidth = ratio * 1.5;
        ctx.beginPath();
        points.forEach(([px, py], i) => (i === 0 ? ctx.moveTo(px, py) : ctx.lineTo(px, py)));
        ctx.stroke();
      }
    };
    frame = requestAnimationFrame(draw);
    const off = client.on('up_trigger_adc', ([samples, from]) => {
      if (from === path) window.ingest(samples);
    });
    return () => {
      off();
      cancelAnimationFrame(frame);
    };
  }, [client, path, scale]);

  return (
    <canvas
      ref={canvasRef}
      className="tester-chart"
      role="img"
      aria-label={ptx(t, 'perf.chart.label')}
      data-testid="tester-chart"
    />
  );
}
