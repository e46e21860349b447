/** Payloads of the lighting area (spec-1 §3 key colour info). */

/** One lighting mode of the per-key light. */
export interface KeyMode {
  index: number;
  min: number;
  max: number;
  light: number;
  speed: number;
  direction: 'l2h' | 'h2l';
  random: boolean;
  random_by_press: boolean;
}

/** An outer-frame colour: hue, saturation, value 0-255 and the brightness 1-8. */
export interface HsvaPayload {
  hue: number;
  saturation: number;
  value: number;
  /** Brightness 1-8. */
  alpha: number;
}

export interface OuterFramePayload {
  lightbar_index: number;
  lightbar_use: number;
  lightbar_size: number;
  items: { id_num: number; mode_name: string; hsva: HsvaPayload }[];
}

export interface AmbientModePayload {
  index: number;
  mode_name: string;
  light: number;
  speed: number;
  min: number;
  max: number;
}

export interface AmbientPayload {
  ambient_mode_size: number;
  ambient_color_size: number;
  ambientmodes: AmbientModePayload[];
  keyambient_use: number;
  ambient_mode_index: number;
  ambient_color_index: number;
  subtype: number;
}

/** Key colour info (spec-1 §3): the get_key_color_info event and the answer of the lighting calls. */
export interface ColourInfoPayload {
  path: string;
  /** Per key '#rrggbb'. */
  keycolors: string[];
  keymodes: KeyMode[];
  /** Null on models without an outer frame. */
  keyoutframe: OuterFramePayload | null;
  /** Null on models without ambient light. */
  keyambient: AmbientPayload | null;
  keylight_use: number;
  kmm_index: number;
  krm_index: number;
  kmm_size: number;
  krm_size: number;
  /** Palette as '#rrggbb'. */
  palette: string[];
  light_max: number;
  speed_max: number;
  /** Firmware feature level 0-2. */
  level: 0 | 1 | 2;
}
