/** Shared set-up of the drawing tests: the served drawings from public/devices, and a drawing that owns its selection. */
import { keytuneLayout } from '../../../src/drivers/keytune/features';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { defaultKeymap } from '../../../src/core/layouts';
import { KeyboardDrawing, type KeyboardDrawingProps } from '../../../src/ui/keyboard/KeyboardDrawing';

export interface FakeResponse {
  ok: boolean;
  status: number;
  text(): Promise<string>;
}

/** Serves public/devices/* the way the preview server does; records the requested URLs. */
export function serveDrawings(override?: (url: string) => FakeResponse | Promise<FakeResponse>) {
  const urls: string[] = [];
  const fetchFn = vi.fn(async (url: string): Promise<FakeResponse> => {
    urls.push(url);
    if (override) return override(url);
    const file = join(process.cwd(), 'public', 'devices', decodeURIComponent(url.split('/').pop() ?? ''));
    if (!existsSync(file)) return { ok: false, status: 404, text: async () => '' };
    const body = readFileSync(file, 'utf8');
    return { ok: true, status: 200, text: async () => body };
  });
  vi.stubGlobal('fetch', fetchFn);
  return { urls, fetchFn };
}

export const MADE68PRO_CODES = defaultKeymap('made68pro')[0]!;

/** Drawing-coordinate size of public/devices/made68pro.svg (its viewBox). */
export const VIEW = { width: 1008, height: 348 };

/** Makes client coordinates equal drawing coordinates, as if the drawing were shown at its own size at 0,0. */
export function pinGrid(): SVGSVGElement {
  const svg = screen.getByRole('grid') as unknown as SVGSVGElement;
  svg.getBoundingClientRect = () =>
    ({
      left: 0,
      top: 0,
      x: 0,
      y: 0,
      width: VIEW.width,
      height: VIEW.height,
      right: VIEW.width,
      bottom: VIEW.height,
    }) as DOMRect;
  return svg;
}

/** Centre of key `id` in drawing coordinates (made68pro: 60 units per key, 24 margin). */
export function keyCentre(col: number, row: number, width = 1): { clientX: number; clientY: number } {
  return { clientX: 24 + col * 60 + (width * 60) / 2, clientY: 24 + row * 60 + 30 };
}

export function Harness({
  onChange,
  initial = [],
  ...props
}: Partial<KeyboardDrawingProps> & { onChange?: (ids: number[]) => void; initial?: number[] }) {
  const [selected, setSelected] = useState<number[]>(initial);
  return (
    <KeyboardDrawing
      layout={keytuneLayout('Made68Pro')}
      mode="key_code"
      codes={MADE68PRO_CODES}
      selected={selected}
      onSelectionChange={(ids) => {
        setSelected(ids);
        onChange?.(ids);
      }}
      {...props}
    />
  );
}

export function keyNamed(legend: string): HTMLElement {
  const escaped = legend.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Scoped to the drawing: name queries over a whole page with a picker are slow in jsdom.
  return within(screen.getByRole('grid')).getByRole('gridcell', { name: new RegExp(`^(Key|按键) ${escaped}(,|，|$)`) });
}

export function selectedIds(): number[] {
  return screen
    .getAllByRole('gridcell')
    .filter((el) => el.getAttribute('aria-selected') === 'true')
    .map((el) => Number(el.getAttribute('data-key-id')))
    .sort((a, b) => a - b);
}
