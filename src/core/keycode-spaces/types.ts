/**
 * A key-code space: the numbering one family of keyboards uses for what a key does (ours, QMK's at each VIA protocol
 * version, libhmk's 8-bit codes), with names in both languages for every code, including parametric ones (QMK's
 * LT(1, A), libhmk's PF(2)). Key codes carry their space: a device's features name it, the picker's catalogue and
 * every legend come from it, so no code shows as hex.
 */

export type KeycodeSpaceId = 'keytune' | 'libhmk' | 'qmk-v10' | 'qmk-v11' | 'qmk-v12';

/** One code as the picker lists it and a key's legend shows it. */
export interface SpaceKeycode {
  readonly code: number;
  /** Short legend drawn on the key ("A", "Vol+", "LT1(A)"). */
  readonly name: string;
  /** Descriptive English name ("Volume Up", "Layer 1 while held, A when tapped"). */
  readonly alias: string;
  /** Simplified Chinese descriptive name. */
  readonly alias_zh: string;
  /** Picker category id (one of the space's `categories`). */
  readonly category: string;
  /** Size of its picker button in key units, where it is not 1. */
  readonly width?: number;
  /**
   * More about the code, for the key's context menu: what it needs, or the firmware's own number of a code whose
   * legend counts from 1 as the screens do ("Firmware code MO(0)").
   */
  readonly tip?: string;
  /**
   * A code that wraps a basic key the person picks next (QMK's LT(1, kc), LCTL(kc), MT(Ctrl, kc)): `code` holds the
   * rest with the key byte 0, and the picker adds the chosen key's code (0x00-0xFF) to it.
   */
  readonly compose?: 'key';
}

/** Kinds of advanced key a code can stand for, as the advanced-key area names them. */
export type SpaceAdvancedType = 'dks' | 'shortcut' | 'macro' | 'snaptap' | 'hypertap';

/** An advanced-key binding a code stands for: its kind and the item's id in the device's list. */
export interface SpaceAdvancedCode {
  readonly type: SpaceAdvancedType;
  readonly id: number;
}

export interface SpaceCategory {
  readonly id: string;
  readonly en: string;
  readonly zh: string;
}

/** What the device offers that parametric codes depend on. */
export interface CatalogueOptions {
  /** Layers of the keymap: MO(n), TG(n), LT(n, …) are offered for these. */
  layers: number;
  /** Profiles (libhmk PF(n)). */
  profiles?: number;
  /** Macros the keyboard holds (QMK M0…Mn). */
  macros?: number;
  /** Key codes a keyboard definition adds (VIA `customKeycodes`), in order from the first custom code. */
  custom?: readonly { name: string; title?: string; shortName?: string }[];
}

export interface KeycodeSpace {
  readonly id: KeycodeSpaceId;
  /** Largest code + 1 (256 for libhmk, 65536 for QMK and ours). */
  readonly size: number;
  /** The code of a key that does nothing. */
  readonly none: number;
  /** The code of a transparent key, where the space has one. */
  readonly transparent?: number;
  /** Picker categories in the order the picker shows them. */
  readonly categories: readonly SpaceCategory[];
  /** Every code the picker offers on such a device. */
  catalogue(options: CatalogueOptions): SpaceKeycode[];
  /** Names of any code of the space, also one the catalogue does not list; a code with no meaning says so in words. */
  describe(code: number, options?: CatalogueOptions): SpaceKeycode;
  /**
   * The advanced-key item a code binds a key to, where the space puts such items on key codes (ours: D3, M2, …);
   * absent or undefined for every other code.
   */
  advanced?(code: number): SpaceAdvancedCode | undefined;
  /**
   * The code a typed name stands for in the space's own notation (QMK's "LT(1,KC_A)", "LCTL(KC_C)", "MO(2)"), for the
   * picker's Any key; undefined when the text names no code. Numbers are read by the picker for every space.
   */
  parse?(text: string): number | undefined;
  /** A code written in that notation, shown as the Any key's example. */
  readonly parseExample?: string;
}
