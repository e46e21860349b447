/**
 * The live preview on the drawing (spec-1 §2 issue 11): static colours exactly as the keys show them; an animated mode
 * as a labelled animation of that effect over the keys' colours, standing still when the system asks for reduced
 * motion. The outer frame and the ambient light colour the edge of the keyboard body.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { ColourInfoPayload } from '../../../contract/payloads/lighting';
import type { KeyRect } from '../../keyboard/geometry';
import { hsv255ToHex, type ModeDef, type Preview } from './rules';
import { nameOf, type LightingTexts } from './texts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export function usePrefersReducedMotion(): boolean {
  const query =
    typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia(REDUCED_MOTION)
      : undefined;
  const [reduced, setReduced] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, [query]);
  return reduced;
}

/** The animation name of a mode: its catalogue id's last part ("led.mode.wave" → "wave"). */
export function animationOf(mode: ModeDef): string {
  return mode.name.split('.').pop() ?? String(mode.id);
}

export function previewCaption(l: LightingTexts, preview: Preview, reducedMotion: boolean): string {
  if (preview.kind === 'off') return l('led.preview.off');
  if (preview.kind === 'static') return l('led.preview.static');
  const name = nameOf(l, preview.mode.name, preview.mode.id);
  return reducedMotion ? l('led.preview.still', name) : l('led.preview.animated', name);
}

/** An effect layer over one key; its delay spreads the effect over the keyboard. */
export function animatedKey(mode: ModeDef, reducedMotion: boolean) {
  const name = animationOf(mode);
  return (keyId: number, rect: KeyRect): ReactNode => {
    const delay =
      name === 'wave' || name === 'spectrum'
        ? -(rect.x / 200)
        : name === 'starlight' || name === 'ripple'
          ? -((keyId * 7919) % 23) / 10
          : 0;
    return (
      <rect
        className={`led-anim led-anim--${name}`}
        data-animated={reducedMotion ? 'false' : 'true'}
        x={rect.x}
        y={rect.y}
        width={rect.w}
        height={rect.h}
        rx={rect.rx}
        pointerEvents="none"
        aria-hidden="true"
        style={{ animationDelay: `${delay.toFixed(2)}s` }}
      />
    );
  };
}

/** The colour of the body's edge on the outer-frame and ambient tabs, when that light is on. */
export function frameColourOf(info: ColourInfoPayload, tab: string, ambientColours: readonly { hex: string }[]) {
  if (
    tab === 'outframe' &&
    info.keyoutframe &&
    info.keyoutframe.lightbar_use &&
    info.keyoutframe.lightbar_index !== 0
  ) {
    const item = info.keyoutframe.items[info.keyoutframe.lightbar_index];
    return item ? hsv255ToHex(item.hsva) : undefined;
  }
  if (tab === 'ambient' && info.keyambient && info.keyambient.keyambient_use)
    return ambientColours[info.keyambient.ambient_color_index]?.hex;
  return undefined;
}
