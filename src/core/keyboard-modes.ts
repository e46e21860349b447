/** Report rates and keyboard modes (spec-2 §3, §9), shared by the contract, the service and the settings screen. */

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
