/**
 * The coloured zones and labelled split marks of the perf sliders (spec-2 §2.5: "value label with unit, min and max
 * labels, coloured zones, labelled split marks"). Each slider's track is split where its behaviour changes for the
 * person pressing the key, and marked at the keyboard's own factory value (its features' `performance.factoryMm`;
 * without it our own keyboards' Default profile: trigger 1.2 mm, dead zone 0.1 mm, rapid trigger 0.3 mm), so a
 * changed key can be brought back by eye. Zones and marks outside a key's range are cut by the slider itself.
 */
import type { SliderMark, SliderZone } from '../../widgets/slider/Slider';

/** Factory values of our own keyboards' Default profile, in mm (a keyboard's features may name its own). */
export const FACTORY_TRAVEL = { trigger: 1.2, dead: 0.1, rapid: 0.3 } as const;

/** Where the trigger travel turns from fast to balanced, and from balanced to stable (mm). */
export const TRIGGER_SPLITS = [1, 2.5] as const;
/** Where the dead zone turns from sensitive to balanced, and from balanced to stable (mm). */
export const DEAD_SPLITS = [0.05, 0.3] as const;
/** Where the press or release travel turns from fast to balanced, and from balanced to stable (mm). */
export const RAPID_SPLITS = [0.3, 1] as const;
/** The too-sensitive stretch of press and release travel ends here: 0.04 mm, warned about, still lies inside it. */
export const RAPID_TOO_SENSITIVE_END = 0.05;

export interface ZoneTexts {
  fast: string;
  sensitive: string;
  balanced: string;
  stable: string;
  tooSensitive: string;
  factory: string;
}

export interface SliderScale {
  zones: SliderZone[];
  marks: SliderMark[];
}

// Zones reach far past any key's range at both ends; the slider cuts them to the range.
const LOW = 0;
const HIGH = 100;

type Tone = SliderZone['tone'];

/** Zones that follow each other from LOW to HIGH, each given by where it ends (the last one ends at HIGH). */
function scale(steps: readonly (readonly [end: number, tone: Tone, label: string])[], factory: number, t: ZoneTexts) {
  let from = LOW;
  const zones = steps.map(([end, tone, label], i): SliderZone => {
    const zone = { from, to: i === steps.length - 1 ? HIGH : end, tone, label };
    from = end;
    return zone;
  });
  return { zones, marks: [{ value: factory, label: t.factory }] } satisfies SliderScale;
}

/** Trigger travel: a short, fast stroke; a balanced middle; a deep, stable stroke. */
export function triggerScale(t: ZoneTexts, factory: number = FACTORY_TRAVEL.trigger): SliderScale {
  const [a, b] = TRIGGER_SPLITS;
  return scale(
    [
      [a, 'blue', t.fast],
      [b, 'green', t.balanced],
      [HIGH, 'amber', t.stable],
    ],
    factory,
    t,
  );
}

/** Dead zone: small is sensitive (a light touch can press the key), large is stable. */
export function deadScale(t: ZoneTexts, factory: number = FACTORY_TRAVEL.dead): SliderScale {
  const [a, b] = DEAD_SPLITS;
  return scale(
    [
      [a, 'amber', t.sensitive],
      [b, 'green', t.balanced],
      [HIGH, 'blue', t.stable],
    ],
    factory,
    t,
  );
}

/** Press and release travel: at or below 0.04 mm too sensitive (spec-2 §5 warns), then fast, balanced, stable. */
export function rapidScale(t: ZoneTexts, factory: number = FACTORY_TRAVEL.rapid): SliderScale {
  const [a, b] = RAPID_SPLITS;
  return scale(
    [
      [RAPID_TOO_SENSITIVE_END, 'red', t.tooSensitive],
      [a, 'blue', t.fast],
      [b, 'green', t.balanced],
      [HIGH, 'amber', t.stable],
    ],
    factory,
    t,
  );
}
