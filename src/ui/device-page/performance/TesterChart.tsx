/**
 * The tester chart (view 4, spec-2 §2.5): the depth of each pressed key in mm over the last few seconds, scrolling,
 * with the key's actuation point (and, with rapid trigger, where it releases) as lines, axes with units and a legend
 * naming each key. Samples come from the up_trigger_adc stream into a TraceWindow (travel.ts); the canvas is drawn
 * once per animation frame while anything is in the window, and the stream never passes through React state: only
 * the legend follows, when a key joins or leaves.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PerformancePayload } from '../../../contract/payloads/performance';
import { DEVICE_DEFAULTS } from '../../../core/capabilities';
import { useT } from '../../../i18n/store';
import { useServices } from '../../services';
import { toolsText } from '../../tools/texts';
import { CHART_SPAN_MS, TraceWindow, type TracePoint } from './travel';
import { usePerfData } from './use-perf-data';
import '../../styles/tester-chart.css';

/** Line colours, readable on the chart's light and dark backgrounds alike. */
export const LINE_COLOURS = ['#2f7cf6', '#e5484d', '#2fa36b', '#d98a00', '#9b5de5', '#0fa3b1'];

/** Room around the plot for the axes' labels, in CSS pixels. */
const PAD = { left: 46, right: 12, top: 28, bottom: 34 };

export interface KeyLines {
  /** Actuation point, mm. */
  actuation: number | undefined;
  /** With rapid trigger on: how far the key rises from its deepest point to release, mm. */
  rapidRelease: number | undefined;
}

export function keyLinesOf(info: PerformancePayload | undefined, id: number): KeyLines {
  const rapid = info?.key_rapid_triggers[id];
  return { actuation: info?.key_triggers[id], rapidRelease: rapid?.use_rapid ? rapid.r_rapid_value : undefined };
}

interface Theme {
  text: string;
  grid: string;
  font: string;
}

interface Frame {
  ctx: CanvasRenderingContext2D;
  /** Device pixels per CSS pixel. */
  ratio: number;
  width: number;
  height: number;
  now: number;
  scale: number;
  theme: Theme;
  labels: { depth: string; time: string };
}

/** The release level along a rapid-trigger key's trace: `release` above the deepest point since it actuated. */
function releaseLevels(trace: readonly TracePoint[], actuation: number, release: number): (number | undefined)[] {
  let deepest = 0;
  return trace.map((p) => {
    if (p.depth < actuation) {
      deepest = 0;
      return undefined;
    }
    deepest = Math.max(deepest, p.depth);
    return Math.max(0, deepest - release);
  });
}

/** Draws the axes, then each key's actuation (and release) line and its depth up to now. */
export function drawChart(f: Frame, data: TraceWindow, lines: (id: number) => KeyLines): void {
  const { ctx, ratio: r, width, height, now, scale, theme } = f;
  const left = PAD.left * r;
  const right = width - PAD.right * r;
  const top = PAD.top * r;
  const bottom = height - PAD.bottom * r;
  const x = (t: number) => left + ((t - (now - data.spanMs)) / data.spanMs) * (right - left);
  const y = (mm: number) => top + (Math.min(Math.max(mm, 0), scale) / scale) * (bottom - top);
  ctx.clearRect(0, 0, width, height);
  ctx.font = `${11 * r}px ${theme.font}`;
  ctx.lineWidth = r;
  ctx.setLineDash([]);

  // Depth axis: 0 mm at the top, as the key sits at rest; every 0.5 mm, or 1 mm on a long travel.
  const step = scale > 2.5 ? 1 : 0.5;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (let mm = 0; mm <= scale + 1e-6; mm += step) {
    ctx.strokeStyle = theme.grid;
    ctx.beginPath();
    ctx.moveTo(left, y(mm));
    ctx.lineTo(right, y(mm));
    ctx.stroke();
    ctx.fillStyle = theme.text;
    ctx.fillText(mm.toFixed(1), left - 6 * r, y(mm));
  }
  // Time axis: a tick a second, 0 is now at the right edge.
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const seconds = Math.round(data.spanMs / 1000);
  for (let s = -seconds; s <= 0; s++) {
    const tx = x(now + s * 1000);
    ctx.strokeStyle = theme.grid;
    ctx.beginPath();
    ctx.moveTo(tx, top);
    ctx.lineTo(tx, bottom);
    ctx.stroke();
    ctx.fillStyle = theme.text;
    ctx.fillText(String(s), tx, bottom + 5 * r);
  }
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(f.labels.depth, 4 * r, top - 9 * r);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.fillText(f.labels.time, right, height - 2 * r);

  for (const [id, trace] of data.traces) {
    const colour = LINE_COLOURS[data.colourIndex(id) % LINE_COLOURS.length]!;
    const { actuation, rapidRelease } = lines(id);
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.25 * r;
    if (actuation !== undefined) {
      ctx.setLineDash([6 * r, 4 * r]);
      ctx.beginPath();
      ctx.moveTo(left, y(actuation));
      ctx.lineTo(right, y(actuation));
      ctx.stroke();
      if (rapidRelease !== undefined) {
        ctx.setLineDash([2 * r, 3 * r]);
        ctx.beginPath();
        let drawing = false;
        releaseLevels(trace, actuation, rapidRelease).forEach((level, i) => {
          if (level === undefined) return void (drawing = false);
          const px = x(Math.max(trace[i]!.t, now - data.spanMs));
          const end = i + 1 < trace.length ? x(trace[i + 1]!.t) : x(now);
          if (drawing) ctx.lineTo(px, y(level));
          else ctx.moveTo(px, y(level));
          ctx.lineTo(end, y(level));
          drawing = true;
        });
        ctx.stroke();
      }
    }
    ctx.setLineDash([]);
    ctx.lineWidth = 2 * r;
    ctx.beginPath();
    // A key that joined inside the window was at rest until its first report: the line rises from 0 there.
    const first = trace[0]!;
    if (first.t > now - data.spanMs) ctx.moveTo(x(first.t), y(0));
    trace.forEach((p, i) => {
      const px = x(Math.max(p.t, now - data.spanMs));
      if (i === 0 && first.t <= now - data.spanMs) ctx.moveTo(px, y(p.depth));
      else ctx.lineTo(px, y(p.depth));
    });
    // No report while a key is held: it stays where it was until now.
    ctx.lineTo(x(now), y(trace[trace.length - 1]!.depth));
    ctx.stroke();
  }
}

export function TesterChart({
  path,
  maxTravel,
  legendOf = (id) => `#${id}`,
}: {
  path: string;
  maxTravel: number | undefined;
  /** The legend printed on a key, to name its line. */
  legendOf?: (id: number) => string;
}) {
  const t = useT();
  const { client } = useServices();
  const perf = usePerfData(path);
  const info = perf.state.status === 'ready' ? perf.state.info : undefined;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const infoRef = useRef(info);
  infoRef.current = info;
  const [shown, setShown] = useState<{ id: number; colour: string }[]>([]);
  const scale = maxTravel && maxTravel > 0 ? maxTravel : DEVICE_DEFAULTS.maxTrigger;
  const labels = useMemo(
    () => ({ depth: toolsText(t, 'tester.chart.axis.depth'), time: toolsText(t, 'tester.chart.axis.time') }),
    [t],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const data = new TraceWindow();
    let frame = 0;
    let keysSeen = -1;
    let idle = false;
    const draw = () => {
      frame = requestAnimationFrame(draw);
      const now = performance.now();
      data.prune(now);
      if (data.keysVersion !== keysSeen) {
        keysSeen = data.keysVersion;
        setShown(
          [...data.traces.keys()].map((id) => ({
            id,
            colour: LINE_COLOURS[data.colourIndex(id) % LINE_COLOURS.length]!,
          })),
        );
      }
      // Time moves the lines while a key is in the window; an empty chart is drawn once.
      if (data.traces.size === 0 && idle && !data.dirty) return;
      idle = data.traces.size === 0;
      data.dirty = false;
      const box = canvas.getBoundingClientRect();
      const ratio = globalThis.devicePixelRatio || 1;
      const width = Math.max(1, Math.round(box.width * ratio));
      const height = Math.max(1, Math.round(box.height * ratio));
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      canvas.dataset.samples = String(data.count(now));
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      const style = getComputedStyle(canvas);
      const theme = {
        text: style.getPropertyValue('--text-2').trim() || '#5b6270',
        grid: style.getPropertyValue('--border').trim() || '#d5d9e0',
        font: style.fontFamily || 'sans-serif',
      };
      drawChart({ ctx, ratio, width, height, now, scale, theme, labels }, data, (id) =>
        keyLinesOf(infoRef.current, id),
      );
    };
    frame = requestAnimationFrame(draw);
    const off = client.on('up_trigger_adc', ([samples, from]) => {
      if (from === path) data.ingest(samples, performance.now());
    });
    return () => {
      off();
      cancelAnimationFrame(frame);
    };
  }, [client, path, scale, labels]);

  const mm = (v: number) => toolsText(t, 'tester.chart.mm', v.toFixed(2));
  return (
    <figure className="tester-chart-figure">
      <div className="tester-chart-box">
        <canvas
          ref={canvasRef}
          className="tester-chart"
          role="img"
          aria-label={toolsText(t, 'tester.chart.label', CHART_SPAN_MS / 1000)}
          data-testid="tester-chart"
        />
        {shown.length === 0 && <p className="tester-chart__empty">{toolsText(t, 'tester.chart.empty')}</p>}
      </div>
      <figcaption>
        <ul className="tester-chart__legend" aria-label={toolsText(t, 'tester.chart.legend')}>
          {shown.map(({ id, colour }) => {
            const { actuation, rapidRelease } = keyLinesOf(info, id);
            const name = legendOf(id);
            let detail = '';
            if (actuation !== undefined)
              detail =
                rapidRelease === undefined
                  ? toolsText(t, 'tester.chart.key.lines', mm(actuation))
                  : toolsText(t, 'tester.chart.key.rapid', mm(actuation), mm(rapidRelease));
            return (
              <li key={id} data-key-id={id}>
                <span className="tester-chart__swatch" style={{ background: colour }} aria-hidden="true" />
                <strong>{name}</strong>
                {detail && <span className="tester-chart__detail">{detail}</span>}
              </li>
            );
          })}
        </ul>
        <p className="tester-chart__key-lines">{toolsText(t, 'tester.chart.lines.hint')}</p>
      </figcaption>
    </figure>
  );
}
