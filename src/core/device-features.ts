/**
 * What a device can do and how it is drawn, as every family reports it (src/drivers) and the device record carries
 * it to the UI. The UI decides tabs, controls, ranges and pickers from these only, never from a model name.
 */
import { ADVANCED_TYPE_NAMES, type AdvancedType } from './advanced-keys.ts';
import type { GameConfigSet, ShortcutKind } from './capabilities.ts';
import type { KeycodeSpaceId } from './keycode-spaces/types.ts';

export type FamilyId = 'keytune' | 'libhmk' | 'via';

/** One key of a drawing, in key units (1 = the width of a letter key). */
export interface DeviceLayoutKey {
  /** Index of the key in every per-key list the device keeps. */
  id: number;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Rotation in degrees about (rx, ry), key units; absent for an upright key. */
  r?: number;
  rx?: number;
  ry?: number;
  /** Factory layer-0 code in the device's code space, when known. */
  code?: number;
  /** A key drawn only for one choice of a layout option: [option, choice]. */
  option?: [number, number];
  /** An encoder (VIA): its key id is the encoder index, and it turns rather than presses. */
  encoder?: boolean;
}

/** A choice of the drawing a keyboard offers (split backspace, ISO enter, …), stored on the keyboard. */
export interface LayoutOption {
  label: string;
  /** Choice labels; a toggle has one label and the choices off/on. */
  choices: string[];
}

export interface DeviceLayout {
  keys: DeviceLayoutKey[];
  /** Bounding box of the keys drawn with the current options, in key units. */
  width: number;
  height: number;
  options?: LayoutOption[];
  /** A drawing file of the model (SVG, relative to the app), where one ships; else the keys above are drawn. */
  drawing?: string;
}

/** The kinds of advanced keys (one declaration: the advanced keys'). */
export type AdvancedKind = AdvancedType;

/**
 * The advanced keys a device offers: each kind it has with its number of slots (a kind that is absent is not
 * offered), and what the editors need to know of those kinds.
 */
export interface AdvancedFeatures extends Partial<Record<AdvancedKind, number>> {
  /** The shortcut kinds offered, where shortcuts are. */
  shortcutKinds?: readonly ShortcutKind[];
  /** Rows (keys) one DKS item holds, where DKS is. */
  dksRows?: number;
  /** Deepest DKS stage, mm, where DKS is. */
  dksMaxTriggerMm?: number;
  /** trigger_action_type values a macro's trigger may take, where macros are. */
  macroTriggerActionTypes?: readonly number[];
  /** False where a DKS has no tick settings (tick_type, tick_min, tick_max); absent: it has them. */
  dksTicks?: boolean;
  /** Where the DKS top point is the key's own actuation point, shown but not set by the DKS. */
  dksTopIsActuation?: boolean;
  /** Step of the DKS travel points, mm; absent: 0.1. */
  dksStepMm?: number;
  /** The device's own snap-tap behaviours (a snap-tap item's `behaviour` is an index here); absent: the spec's modes. */
  snaptapBehaviours?: readonly string[];
  /** Where a snap-tap has a bottom-out point past which both keys register. */
  snaptapBottomOut?: boolean;
  /** Where a mod-tap can hold as soon as another key is pressed. */
  modTapHoldOnOtherKey?: boolean;
  /** Where a toggle shortcut has a tapping term (its hold_time). */
  toggleTappingTerm?: boolean;
}

/** The advanced-key kinds a device offers, in the order of their type numbers. */
export function advancedKinds(advanced: AdvancedFeatures): AdvancedKind[] {
  return ADVANCED_TYPE_NAMES.filter((kind) => (advanced[kind] ?? 0) > 0);
}

/** A lighting channel's controls, as data (one per channel the keyboard has). */
export interface LightingChannelFeatures {
  id: string;
  /** Effects by index; names in both languages. */
  effects: { id: number; en: string; zh: string }[];
  brightnessMax: number;
  speed: boolean;
  colour: boolean;
}

export interface LightingFeatures {
  perKeyColour: boolean;
  /** Channels with effects, brightness and colour as data (VIA); the Key LED screen does not draw these. */
  channels: LightingChannelFeatures[];
  /** The key light of the Key LED screen (modes, light and speed, per-key colours where perKeyColour). */
  keyLight?: { lightMax: number; speedMax: number };
  /** A light around the case, with its own panel. */
  outerFrame: boolean;
  /** An ambient light, with its own panel. */
  ambient: boolean;
}

export interface PerformanceFeatures {
  /** Full travel of the switch in mm; actuation and rapid-trigger distances lie in (0, travelMm]. */
  travelMm: number;
  /** Smallest step of a distance, mm. */
  stepMm: number;
  /** Smallest actuation and rapid-trigger travel the device takes, mm. */
  minTravelMm: number;
  rapidTrigger: boolean;
  /** Rapid trigger that stays on until the key is fully released (the advanced rapid-trigger mode). */
  continuousRapidTrigger: boolean;
  /**
   * What the advanced rapid-trigger mode is, where the firmware says: 'continuous' (rapid trigger stays on until the
   * key is back at rest, libhmk), named so on screen; absent: the firmware's own advanced mode.
   */
  advancedRapidMode?: 'continuous';
  /**
   * The step the keyboard holds distances in, where it is not the step shown (libhmk: 4 mm in 255 steps): a value
   * takes the nearest held step, the screen says so and shows what the keyboard holds.
   */
  heldStepMm?: number;
  /** The firmware's own factory values (mm), marked "Default" on the sliders; absent: our own keyboards' defaults. */
  factoryMm?: { trigger: number; rapid?: number; dead?: number };
  /** Rapid trigger's automatic mode with its sensitivity choice; without it there is only the manual mode. */
  rapidTriggerAuto: boolean;
  /** A dead zone at the top of the travel, up to maxMm; absent: the device has none. */
  deadZone?: { maxMm: number };
  /** Switch types set on the keys, per key or for the whole board; absent: the device has none. */
  switchTypes?: { perKey: boolean };
  /** The game-config view with its card set (null: the model has none, and the view lists no card). */
  gameConfig?: { set: GameConfigSet | null };
  tickRate?: { min: number; max: number };
}

/** The links a device may use, each with its own panel in the connection settings. */
export type ConnectionMode = 'usb' | '24g' | 'bluetooth';

/** The device settings each family really has; what is false (or empty) is not shown. */
export interface SettingsFeatures {
  /** N-key rollover; the settings answer says whether the firmware is new enough (n_key_supported). */
  nKeyRollover: boolean;
  /** Sleep with its time; the settings answer says whether the firmware is new enough (sleep_supported). */
  sleep: boolean;
  autoCalibration: boolean;
  /** The links of the connection-settings section; empty: no such section. */
  connections: readonly ConnectionMode[];
  /** A battery whose level (and, where known, attributes) the device reports. */
  battery: boolean;
  /** The report rate the device reports. */
  reportRate: boolean;
}

/** No device setting at all: a family without settings commands of its own. */
export const NO_SETTINGS: SettingsFeatures = {
  nKeyRollover: false,
  sleep: false,
  autoCalibration: false,
  connections: [],
  battery: false,
  reportRate: false,
};

/** Knobs only our own protocol has, read only by the screens that speak it. */
export interface KeytuneFeatures {
  /** The capability table's feature level of the model at its firmware. */
  featureLevel: 0 | 1 | 2;
  /** 0 no ambient light; 1 up to 3.9.6; 2 from 3.9.7, where mode 3 has a subtype dropdown. */
  ambientGeneration: 0 | 1 | 2;
  /** How a hyper-tap item's second entry is stored: a key id, or a key descriptor on older firmware. */
  hypertapSecondEntry: 'key-id' | 'key-descriptor';
  /** The rapid-trigger "use complete" setting of the board. */
  rapidUseComplete: boolean;
}

/**
 * What the device can do, with its ranges. The UI decides tabs, controls, ranges and pickers from these only.
 * An area that is absent is not offered.
 */
export interface DeviceFeatures {
  family: FamilyId;
  /**
   * Where opening the device leads: its page, the spec's redirect dialog (models configured in another flow), or the
   * "device not supported" dialog (a device of a family Keytune speaks whose model it cannot configure).
   */
  destination: 'page' | 'redirect' | 'not-supported';
  keycodeSpace: KeycodeSpaceId;
  keyCount: number;
  layers: number;
  profiles: {
    count: number;
    /** The device keeps a name per profile (and it can be renamed). */
    named: boolean;
    /** The current profile can be changed from the app. */
    switchable: boolean;
    /**
     * Every profile can be opened and edited from the app while the keyboard keeps typing with its own, which only
     * its keys switch (libhmk); the app follows a switch made on the keyboard.
     */
    editAny?: boolean;
    /** The keyboard keeps no profile names: the app names its profiles on this computer (libhmk). */
    localNames?: boolean;
    duplicate: boolean;
    reset: boolean;
    /** A profile travels as a scene file (export and import): our protocol's themes. */
    sceneFiles: boolean;
  };
  keymap: boolean;
  advanced: AdvancedFeatures;
  /** A macro buffer (VIA): number of macros and bytes. */
  macroBuffer?: { count: number; bytes: number };
  lighting?: LightingFeatures;
  performance?: PerformanceFeatures;
  calibration?: {
    thresholds: boolean;
    saveThreshold: boolean;
    /**
     * How far a key's readings in a run must reach, as a share of its range before the run, to count as calibrated:
     * a quarter where the keyboard measures both ends as the key moves (ours); all of it where the range is the key's
     * travel and a key is calibrated once pressed to the bottom (libhmk, whose ranges are travel in hundredths of mm).
     */
    doneShare: number;
  };
  settings: SettingsFeatures;
  liveTravel: boolean;
  /** Switch states read from the keyboard (VIA matrix tester). */
  matrixTester: boolean;
  /** The keyboard sends its own key events (dev_event_stream): the key tester's device source, macro recording. */
  keyEvents?: boolean;
  gamepad: boolean;
  /** Changes spanning several objects are all-or-nothing on the device. */
  atomic: boolean;
  /**
   * Firmware updates from the app, and how the update dialog shows progress: the firmware reports it, or the
   * dialog counts seconds because the firmware reports none (spec-2 §4).
   */
  firmwareUpdate: false | { progress: 'reported' | 'counted' };
  factoryReset: boolean;
  bootloader: boolean;
  /** The maker publishes a manual per model and firmware (the card's manual link); absent: no manual to link. */
  manual?: boolean;
  /** Named device options (libhmk XInput, high polling rate). */
  options?: string[];
  /**
   * The layout's options (split backspace, split space) are chosen on this computer: the keyboard holds no choice
   * (libhmk), so the app keeps it per keyboard and draws the chosen keys. Absent: the keyboard holds its choices
   * (VIA), or the layout has none.
   */
  localLayoutChoices?: boolean;
  /** VIA custom menus of the definition are drawn. */
  customMenus: boolean;
  /** Screens this family adds to the device page, by id (src/ui/device-page/screens.ts). */
  screens: readonly string[];
  /** Knobs only our own protocol has; absent on every other family. */
  keytune?: KeytuneFeatures;
}
