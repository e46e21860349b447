/**
 * The coloured zones and labelled split marks of the perf sliders (spec-2 §2.5: "value label with unit, min and max
 * labels, coloured zones, labelled split marks"). Each slider's track is split where its behaviour changes for the
 * person pressing the key, and marked at the factory value of the keyboard's Default profile (trigger 1.2 mm, dead
 * zone 0.1 mm, rapid trigger 0.3 mm), so a changed key can be brought back by eye. Zones and marks outside a key's
 * range are cut by the slider itself.
 */
import type { SliderMark, SliderZone } from '../../widgets/slider/Slider';

/** Factory values of the Default profile, in mm. */
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

/** Trigger travel: a short, fast stroke; a balanced middle; a deep, stable stroke. */
export function triggerScale(t: ZoneTexts): SliderScale {
  const [a, b] = TRIGGER_SPLITS;
  return {
    zones: [
      { from: LOW, to: a, tone: 'blue', label: t.fast },
      { from: a, to: b, tone: 'green', label: t.balanced },
      { from: b, to: HIGH, tone: 'amber', label: t.stable },
    ],
    marks: [{ value: FACTORY_TRAVEL.trigger, label: t.factory }],
  };
}

/** Dead zone: small is sensitive (a light touch can press the key), large is stable. */
export function deadScale(t: ZoneTexts): SliderScale {
  const [a, b] = DEAD_SPLITS;
  return {
    zones: [
      { from: LOW, to: a, tone: 'amber', label: t.sensitive },
      { from: a, to: b, tone: 'green', label: t.balanced },
      { from: b, to: HIGH, tone: 'blue', label: t.stable },
    ],
    marks: [{ value: FACTORY_TRAVEL.dead, label: t.factory }],
  };
}

/** Press and release travel: at or below 0.04 mm too sensitive (spec-2 §5 warns), then fast, balanced, stable. */
export function rapidScale(t: ZoneTexts): SliderScale {
  const [a, b] = RAPID_SPLITS;
  return {
    zones: [
      { from: LOW, to: RAPID_TOO_SENSITIVE_END, tone: 'red', label: t.tooSensitive },
      { from: RAPID_TOO_SENSITIVE_END, to: a, tone: 'blue', label: t.fast },
      { from: a, to: b, tone: 'green', label: t.balanced },
      { from: b, to: HIGH, tone: 'amber', label: t.stable },
    ],
    marks: [{ value: FACTORY_TRAVEL.rapid, label: t.factory }],
  };
}
