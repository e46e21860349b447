/**
 * Fetches a model's drawing from public/devices/<lower-cased display name>.svg. A failed fetch or parse falls back to
 * the drawing built from the layout tables and warns the user once per attempt (warn.need.reload, type 2, 7 s), so
 * the keys stay usable. A model that ships no drawing (a mouse, a receiver: HTTP 404) is drawn from the layout
 * tables without a word.
 */
import { useEffect, useState } from 'react';
import { layoutFor } from '../../core/layouts';
import { CONFIGURABLE_MODELS } from '../../core/models';
import { pushKeyToast } from '../toasts/store';
import { geometryFromLayout, parseDrawing, type DrawingGeometry } from './geometry';

export function drawingUrl(model: string, baseUrl: string = import.meta.env.BASE_URL): string {
  return `${baseUrl}devices/${encodeURIComponent(model.toLowerCase())}.svg`;
}

// Successful drawings only: a failure is tried again on the next visit, after the user may have reconnected.
const loaded = new Map<string, DrawingGeometry>();

/** Forgets fetched drawings (tests, and a future "reload resources" action). */
export function forgetDrawings(): void {
  loaded.clear();
}

const shipsDrawing = (model: string): boolean =>
  (CONFIGURABLE_MODELS as readonly string[]).includes(model.trim().toLowerCase());

/** The model has no drawing file (HTTP 404): the layout tables draw it. */
class NoDrawing extends Error {}

async function fetchDrawing(url: string): Promise<DrawingGeometry> {
  const response = await fetch(url);
  if (response.status === 404) throw new NoDrawing(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return parseDrawing(await response.text());
}

export type DrawingState =
  { status: 'loading' } | { status: 'ready'; geometry: DrawingGeometry; fallback: boolean } | { status: 'none' };

function fallbackState(model: string): DrawingState {
  const layout = layoutFor(model);
  return layout ? { status: 'ready', geometry: geometryFromLayout(layout), fallback: true } : { status: 'none' };
}

export function useDrawing(model: string): DrawingState {
  const url = drawingUrl(model);
  const cached = loaded.get(url);
  const [state, setState] = useState<{ url: string; state: DrawingState }>(() => ({
    url,
    state: cached ? { status: 'ready', geometry: cached, fallback: false } : { status: 'loading' },
  }));

  useEffect(() => {
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
        // Every configurable keyboard ships a drawing, so its absence is a fault worth a word; a mouse or a
        // receiver simply has none.
        if (!(error instanceof NoDrawing) || shipsDrawing(model)) {
          console.warn(`Keyboard drawing ${url} could not be used; drawing from the layout tables`, error);
          pushKeyToast('warn.need.reload');
        }
        setState({ url, state: fallbackState(model) });
      },
    );
    return () => {
      live = false;
    };
  }, [url, model]);

  return state.url === url
    ? state.state
    : cached
      ? { status: 'ready', geometry: cached, fallback: false }
      : { status: 'loading' };
}
