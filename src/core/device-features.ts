/**
 * What a device can do and how it is drawn, as every family reports it (src/drivers) and the device record carries
 * it to the UI. The UI decides tabs, controls, ranges and pickers from these only, never from a model name.
 */
import type { AdvancedType, Capabilities } from './capabilities.ts';
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

/** The kinds of advanced keys (one declaration: the capability table's). */
export type AdvancedKind = AdvancedType;

/** A lighting channel's controls, as data (one per channel the keyboard has). */
export interface LightingChannelFeatures {
  id: string;
  /** Effects by index; names in both languages. */
  effects: { id: number; en: string; zh: string }[];
  brightnessMax: number;
  speed: boolean;
  colour: boolean;
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
    duplicate: boolean;
    reset: boolean;
  };
  keymap: boolean;
  /** Kinds of advanced keys and their slots. */
  advanced: Partial<Record<AdvancedKind, number>>;
  /** A macro buffer (VIA): number of macros and bytes. */
  macroBuffer?: { count: number; bytes: number };
  lighting?: {
    perKeyColour: boolean;
    channels: LightingChannelFeatures[];
  };
  performance?: {
    /** Full travel of the switch in mm; actuation and rapid-trigger distances lie in (0, travelMm]. */
    travelMm: number;
    /** Smallest step of a distance, mm. */
    stepMm: number;
    rapidTrigger: boolean;
    continuousRapidTrigger: boolean;
    deadZone: boolean;
    switchTypes: boolean;
    tickRate?: { min: number; max: number };
  };
  calibration?: { thresholds: boolean; saveThreshold: boolean };
  liveTravel: boolean;
  /** Switch states read from the keyboard (VIA matrix tester). */
  matrixTester: boolean;
  gamepad: boolean;
  /** Changes spanning several objects are all-or-nothing on the device. */
  atomic: boolean;
  firmwareUpdate: boolean;
  factoryReset: boolean;
  bootloader: boolean;
  /** Named device options (libhmk XInput, high polling rate). */
  options?: string[];
  /** VIA custom menus of the definition are drawn. */
  customMenus: boolean;
  /**
   * The rules the screens apply (advanced-key kinds and limits, travel ranges, lighting flags): for our own protocol
   * the capability table's row for this model and firmware, for other families derived from the features above.
   */
  rules: Capabilities;
}
