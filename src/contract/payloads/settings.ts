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
}

/** Report rates the settings can hold, in Hz (spec-2 §9). */
export const REPORT_RATES_HZ = [125, 250, 1000] as const;
export type ReportRate = (typeof REPORT_RATES_HZ)[number];

/**
 * The keyboard modes (spec-2 §3 catalogue entities): each one a report rate and the per-key light on or off, set
 * together in one change with `set_setting_info --kb_mode`.
 */
export const KEYBOARD_MODES = {
  power: { report_rate: 125, keylight_use: 0 },
  office: { report_rate: 250, keylight_use: 1 },
  game: { report_rate: 1000, keylight_use: 1 },
} as const satisfies Record<string, { report_rate: ReportRate; keylight_use: 0 | 1 }>;
export type KeyboardMode = keyof typeof KEYBOARD_MODES;
export const KEYBOARD_MODE_NAMES = Object.keys(KEYBOARD_MODES) as KeyboardMode[];

/** The keyboard mode a report rate and a light state make, or null when they match none (a custom state). */
export function keyboardModeOf(reportRate: number, keylightUse: number | undefined): KeyboardMode | null {
  return (
    KEYBOARD_MODE_NAMES.find(
      (m) => KEYBOARD_MODES[m].report_rate === reportRate && KEYBOARD_MODES[m].keylight_use === keylightUse,
    ) ?? null
  );
}

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
