/**
 * The drawing of a device: the drawing file its layout names (our own models ship one in public/devices), or, for a
 * device without one (a mouse, a libhmk or VIA keyboard), the drawing built from its layout's keys. A drawing file
 * that cannot be fetched or parsed falls back to the layout's keys and warns the user once per attempt
 * (warn.need.reload, type 2, 7 s), so the keys stay usable.
 */
import { useEffect, useState } from 'react';
import type { DeviceLayout } from '../../core/device-features';
import { pushKeyToast } from '../toasts/store';
import { geometryFromLayout, parseDrawing, type DrawingGeometry } from './geometry';

export function drawingUrl(file: string, baseUrl: string = import.meta.env.BASE_URL): string {
  return `${baseUrl}${file}`;
}

// Successful drawings only: a failure is tried again on the next visit, after the user may have reconnected.
const loaded = new Map<string, DrawingGeometry>();

/** Forgets fetched drawings (tests, and a future "reload resources" action). */
export function forgetDrawings(): void {
  loaded.clear();
}

async function fetchDrawing(url: string): Promise<DrawingGeometry> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return parseDrawing(await response.text());
}

export type DrawingState =
  { status: 'loading' } | { status: 'ready'; geometry: DrawingGeometry; fallback: boolean } | { status: 'none' };

const built = new WeakMap<DeviceLayout, DrawingGeometry>();

function fromLayout(layout: DeviceLayout | null): DrawingState {
  if (!layout || layout.keys.length === 0) return { status: 'none' };
  let geometry = built.get(layout);
  if (!geometry) {
    geometry = geometryFromLayout(layout);
    built.set(layout, geometry);
  }
  return { status: 'ready', geometry, fallback: !!layout.drawing };
}

export function useDrawing(layout: DeviceLayout | null): DrawingState {
  const url = layout?.drawing ? drawingUrl(layout.drawing) : '';
  const cached = loaded.get(url);
  const [state, setState] = useState<{ url: string; state: DrawingState }>(() => ({
    url,
    state: cached ? { status: 'ready', geometry: cached, fallback: false } : { status: 'loading' },
  }));

  useEffect(() => {
    if (!url) return;
    const hit = loaded.get(url);
    if (hit) {
      setState({ url, state: { status: 'ready', geometry: hit, fallback: false } });
      return;
    }
    let live = true;
    fetchDrawing(url).then(
      (geometry) => {
        loaded.set(url, geometry);
        if (live) setState({ url, state: { status: 'ready', geometry, fallback: false } });
      },
      (error: unknown) => {
        if (!live) return;
        console.warn(`Keyboard drawing ${url} could not be used; drawing from the layout's keys`, error);
        pushKeyToast('warn.need.reload');
        setState({ url, state: fromLayout(layout) });
      },
    );
    return () => {
      live = false;
    };
  }, [url, layout]);

  if (!url) return fromLayout(layout);
  return state.url === url
    ? state.state
    : cached
      ? { status: 'ready', geometry: cached, fallback: false }
      : { status: 'loading' };
}
