/** Payloads of the device settings area (spec-2 §3 Setting data, and our device descriptions). */

/** Setting data (spec-2 §3): the get_setting_data event and the answer of the settings calls. */
export interface SettingData {
  path: string;
  fw_ver: string;
  hw_ver: string;
  release_date: string;
  use_n_key: 0 | 1;
  use_sleep: 0 | 1;
  /** Minutes. */
  sleep_time: number;
  auto_calibration: 0 | 1;
  /** Hz: 125, 250 or 1000. */
  report_rate: number;
  /**
   * The per-key light of the current theme slot (1 on, 0 off), present where keyboard modes exist
   * (`kb_mode_supported`): a keyboard mode is a report rate and this light.
   */
  keylight_use?: 0 | 1;
  n_key_supported: boolean;
  sleep_supported: boolean;
  /** Whether the keyboard modes (report rate and per-key light together) and the report rate can be set. */
  kb_mode_supported: boolean;
  /** Percent 0-100; -1 without a battery. */
  battery: number;
  /** 0 USB, 1 2.4G, 2 Bluetooth. */
  access_mode: number;
  /** The battery's attributes, read fresh; present only for a device with a battery. */
  battery_info?: BatteryInfo;
  /** The radio's pairing state (PAIR_STATES), read fresh; present only for a wireless device. */
  pair_state?: PairState;
}

/** Battery attributes of a wireless device; null for a value the device does not know. */
export interface BatteryInfo {
  /** mA; positive while charging, negative while discharging. */
  current_ma: number | null;
  /** mV. */
  voltage_mv: number | null;
  /** Minutes until charged; 0 when not charging or full. */
  charge_minutes: number | null;
  /** Charge cycles so far. */
  cycles: number | null;
  /** Percent 0-100. */
  health: number | null;
}

/** Pairing states of a wireless device's radio, by their number on the wire and in `pair_state`. */
export const PAIR_STATES = { unpaired: 0, pairing: 1, paired: 2 } as const;
export type PairState = (typeof PAIR_STATES)[keyof typeof PAIR_STATES];

export {
  KEYBOARD_MODE_NAMES,
  KEYBOARD_MODES,
  keyboardModeOf,
  REPORT_RATES_HZ,
  type KeyboardMode,
  type ReportRate,
} from '../../core/keyboard-modes.ts';

/** The capability summary of init_opt_list: which tabs and options the device page offers. */
export interface OptionList {
  path: string;
  configurable: boolean;
  redirect: boolean;
  /** Device page tabs (spec-2 §2.3): 0 key code, 1 key LED, 3 key performance, 4 device settings. */
  tabs: number[];
  /** Performance tabs (spec-2 §2.5): 0 perf, 1 game config, 2 switch, 3 verify. */
  perf_tabs: number[];
  feature_level: 0 | 1 | 2;
  advanced: boolean;
  advanced_types: string[];
  dks_slot_count: number;
  rapid_vis: boolean;
  rapid_use_complete: boolean;
  switch_key_selection: boolean;
  n_key: boolean;
  sleep: boolean;
  theme_change: boolean;
  outer_frame: boolean;
  ambient: boolean;
  ambient_generation: number;
  light_max: number;
  /** The default-config set the game config tab shows (stg_83_0 …), or null for none. */
  game_config_set: string | null;
  /** Mm. */
  base_min_travel: number;
  /** Mm. */
  max_trigger: number;
  /** Mm. */
  max_dead: number;
}

/** What the device describes about itself (the keyboard_info event). */
export interface KeyboardInfo {
  path: string;
  name: string;
  display_name: string;
  dev_type: number;
  fw_ver: string;
  hw_ver: string;
  dev_sn: string;
  protocol: number;
  model_id: number;
  key_count: number;
  layer_count: number;
  theme_count: number;
  dks_size: number;
  shortcut_size: number;
  macro_size: number;
  snaptap_size: number;
  hypertap_size: number;
  macro_max_events: number;
  dks_slots: number;
  /** Names of the feature bits the device reports. */
  features: string[];
  release_date: string;
}
