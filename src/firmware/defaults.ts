/**
 * Factory state of a virtual device: four theme slots with complete profiles, settings and calibration.
 * The "Default" slot is the plain factory profile (trigger 1.2 mm, dead zone 0.1 mm, rapid trigger off at 0.3 mm);
 * the other slots lean the way their names say, so switching slots visibly changes the keyboard.
 */
import { defaultKeymap } from '../core/layouts/index.ts';
import type { ModelInfo } from '../core/models.ts';
import { AMBIENT_MODES as AMBIENT_MODE_LIST, OUTFRAME_MODES } from '../core/resources.ts';
import {
  AMBIENT_MODES,
  LAYERS,
  LIGHT_MODES,
  OUTER_FRAME_MODES,
  PALETTE_SIZE,
  PERF_FLAG,
  THEME_SLOTS,
  type Ambient,
  type CalibrationKey,
  type Lighting,
  type OuterFrame,
  type PerfKey,
  type Rgb,
  type Settings,
} from '../protocol/objects.ts';
import { DKS_ROWS, MACRO_EVENTS, SHORTCUT_KEYS } from '../protocol/advanced-records.ts';
import type { FlashState, Profile } from './schema.ts';
import { keyCurve } from './sensor.ts';
import type { Traits } from './traits.ts';

export const THEME_NAMES = ['Default', 'E-sports', 'Typing', 'Rapid'] as const;

const PALETTE: readonly Rgb[] = [
  { r: 255, g: 64, b: 64 },
  { r: 255, g: 150, b: 40 },
  { r: 255, g: 220, b: 60 },
  { r: 70, g: 220, b: 110 },
  { r: 40, g: 210, b: 220 },
  { r: 60, g: 110, b: 255 },
  { r: 170, g: 80, b: 255 },
  { r: 255, g: 244, b: 229 },
];

/** Hue (0-359) to a soft RGB colour at 80 % value: the per-key rainbow of a fresh keyboard. */
function hueColour(hue: number): Rgb {
  const v = 204;
  const c = v;
  const x = Math.round(c * (1 - Math.abs(((hue / 60) % 2) - 1)));
  const sector = Math.floor(hue / 60) % 6;
  const [r, g, b] = [
    [c, x, 0],
    [x, c, 0],
    [0, c, x],
    [0, x, c],
    [x, 0, c],
    [c, 0, x],
  ][sector]!;
  return { r: r!, g: g!, b: b! };
}

/** Low-profile switches (made68air, lumi68) ship with type 5; everything else with type 1. */
function defaultSwitchType(model: ModelInfo): number {
  return model.name === 'made68air' || model.name === 'lumi68' ? 5 : 1;
}

interface SlotTune {
  trigger: number;
  dead: number;
  rapid: number;
  useRapid: boolean;
  lightMode: number;
}

const SLOT_TUNES: readonly SlotTune[] = [
  { trigger: 120, dead: 10, rapid: 30, useRapid: false, lightMode: 1 },
  { trigger: 60, dead: 10, rapid: 20, useRapid: false, lightMode: 2 },
  { trigger: 200, dead: 15, rapid: 30, useRapid: false, lightMode: 3 },
  { trigger: 100, dead: 10, rapid: 15, useRapid: true, lightMode: 4 },
];

function lighting(traits: Traits, modeIndex: number): Lighting {
  const light = Math.round(traits.lightMax * 0.6);
  const speed = Math.min(3, Math.floor(light / 3));
  return {
    lightSwitch: 1,
    modeIndex,
    colourIndex: 0,
    modes: Array.from({ length: LIGHT_MODES }, () => ({
      light,
      speed,
      direction: 0,
      random: 0,
      randomByPress: 0,
      min: 0,
      max: traits.lightMax,
    })),
    palette: PALETTE.map((c) => ({ ...c })),
  };
}

/**
 * The outer-frame and ambient modes the firmware offers: the ones the LED mode resource names and describes (whether
 * a mode takes a colour, animates, has styles), so every mode a person can pick has a name and a known behaviour.
 * The objects keep room for more (8 frame items, 6 ambient modes).
 */
const OFFERED_FRAME_MODES = Math.min(OUTER_FRAME_MODES, OUTFRAME_MODES.length);
const OFFERED_AMBIENT_MODES = Math.min(AMBIENT_MODES, AMBIENT_MODE_LIST.length);

function outerFrame(): OuterFrame {
  return {
    frameSwitch: 1,
    index: 0,
    size: OFFERED_FRAME_MODES,
    items: Array.from({ length: OUTER_FRAME_MODES }, (_, i) => ({ h: i * 32, s: 255, v: 200, a: 255 })),
  };
}

function ambient(traits: Traits): Ambient {
  const light = Math.round(traits.lightMax * 0.5);
  return {
    ambientSwitch: 1,
    modeIndex: 0,
    colourIndex: 0,
    subtype: 0,
    modeCount: OFFERED_AMBIENT_MODES,
    colourCount: PALETTE_SIZE,
    modes: Array.from({ length: AMBIENT_MODES }, () => ({ light, speed: Math.min(3, Math.floor(light / 3)) })),
  };
}

function perfKey(tune: SlotTune, switchType: number): PerfKey {
  return {
    trigger: tune.trigger,
    dead: tune.dead,
    rapidPress: tune.rapid,
    rapidRelease: tune.rapid,
    flags: tune.useRapid ? PERF_FLAG.useRapid : 0,
    switchType,
  };
}

/** The model's factory key map, held to exactly LAYERS x keyCount codes whatever the layout file says. */
export function defaultKeymapFor(model: ModelInfo): number[][] {
  let factory = factoryKeymaps.get(model.name);
  if (!factory) {
    const layers = defaultKeymap(model.name);
    factory = Array.from({ length: LAYERS }, (_, i) =>
      Array.from({ length: model.keyCount }, (_, id) => layers[i]?.[id] ?? 0),
    );
    factoryKeymaps.set(model.name, factory);
  }
  return factory.map((layer) => [...layer]);
}
const factoryKeymaps = new Map<string, readonly (readonly number[])[]>();

function defaultProfile(traits: Traits, slot: number): Profile {
  const { model, keyCount, capacity } = traits;
  const tune = SLOT_TUNES[slot] ?? SLOT_TUNES[0]!;
  const switchType = defaultSwitchType(model);
  return {
    name: THEME_NAMES[slot] ?? `Theme ${slot + 1}`,
    keymap: defaultKeymapFor(model),
    colours: Array.from({ length: keyCount }, (_, id) => hueColour(Math.floor((id * 360) / Math.max(1, keyCount)))),
    lighting: lighting(traits, tune.lightMode),
    outerFrame: outerFrame(),
    ambient: ambient(traits),
    perf: Array.from({ length: keyCount }, () => perfKey(tune, switchType)),
    rapidComplete: 0,
    dks: Array.from({ length: capacity.dks }, () => ({
      used: 0,
      topLevel: 0,
      bottomLevel: 0,
      tickType: 0,
      tickMin: 0,
      tickMax: 0,
      name: '',
      rows: Array.from({ length: DKS_ROWS }, () => ({ code: 0, stages: [0, 0, 0, 0] })),
    })),
    shortcut: Array.from({ length: capacity.shortcut }, () => ({
      used: 0,
      scType: 0,
      keyCount: 0,
      holdTime: 0,
      name: '',
      keys: new Array<number>(SHORTCUT_KEYS).fill(0),
    })),
    macro: Array.from({ length: capacity.macro }, () => ({
      used: 0,
      name: '',
      delayType: 0,
      delayMin: 0,
      delayMax: 0,
      repeat: 1,
      triggerType: 0,
      triggerDelay: 0,
      count: 0,
      events: Array.from({ length: MACRO_EVENTS }, () => ({ code: 0, flags: 0, delay: 0 })),
    })),
    snaptap: Array.from({ length: capacity.snaptap }, () => ({ used: 0, keyA: 0, keyB: 0, mode: 0 })),
    hypertap: Array.from({ length: capacity.hypertap }, () => ({ used: 0, keyA: 0, secondKind: 0, second: 0 })),
  };
}

function defaultSettings(): Settings {
  return { useNKey: 1, useSleep: 1, sleepTime: 10, autoCalibration: 1, reportRate: 2 };
}

/** Factory calibration: each key's own rest (max) and full-travel (min) readings. */
function defaultCalibration(model: ModelInfo): CalibrationKey[] {
  return Array.from({ length: model.keyCount }, (_, id) => {
    const curve = keyCurve(model.modelId, id);
    return { min: curve.bottom, max: curve.rest };
  });
}

/** Everything a factory reset restores; the device facts (firmware, serial, battery) are left to the caller. */
export function factoryConfig(traits: Traits): Omit<FlashState, 'device'> {
  return {
    currentTheme: 0,
    profiles: Array.from({ length: THEME_SLOTS }, (_, slot) => defaultProfile(traits, slot)),
    settings: defaultSettings(),
    calibration: { state: 0, keys: defaultCalibration(traits.model) },
  };
}

/** A release date per model so each device card shows a plausible date before any update. */
export function factoryReleaseDate(model: ModelInfo): { year: number; month: number; day: number } {
  return { year: 2024, month: (model.modelId % 12) + 1, day: ((model.modelId * 7) % 28) + 1 };
}

export function defaultSerial(model: ModelInfo, random: () => number = Math.random): string {
  const tail = Math.floor(random() * 0xffffffff)
    .toString(16)
    .toUpperCase()
    .padStart(8, '0');
  return `KT${model.modelId.toString(16).toUpperCase().padStart(2, '0')}${tail}`;
}
