/** Payloads of the key performance area (spec-2 §3 Performance data, rapid-trigger setting, trigger stream). */

/** Rapid-trigger setting of one key (spec-2 §3), travel in mm. */
export interface RapidTriggerSetting {
  p_rapid_value: number;
  r_rapid_value: number;
  min: number;
  max: number;
  accuracy: number;
  use_rapid: boolean;
  use_series_rapid: boolean;
  advance_rapid_mode: 0 | 1;
  rt_mode: 0 | 1;
  rt_sensitivity_state: 0 | 1 | 2;
}

/** One key_accuracys entry (spec-2 §3) plus min_trigger, which the device reports and the sliders need. Mm. */
export interface KeyAccuracyPayload {
  trigger_accuracy: number;
  min_trigger: number;
  max_trigger: number;
  min_rapid: number;
  max_rapid: number;
  rapid_accuracy: number;
  dead_accuracy: number;
  max_dead: number;
}

export interface CalibrationPayload {
  /** 0 idle, 1 running, 2 finished or cancelled. */
  calibration_state: number;
  /** Raw ADC extremes per key. */
  key_calibrations: { min: number; max: number }[];
}

/** Performance data (spec-2 §3). Legacy top-level accuracy fields describe the first key. */
export interface PerformancePayload extends CalibrationPayload, KeyAccuracyPayload {
  path: string;
  /** Mm per key. */
  key_triggers: number[];
  /** Mm per key. */
  key_deads: number[];
  key_rapid_triggers: RapidTriggerSetting[];
  key_accuracys: KeyAccuracyPayload[];
  /** 1-17 per key. */
  key_switch_types: number[];
  key_rapid_use_complete: 0 | 1;
  rapid_vis: boolean;
  key_adcs: number[];
  auto_calibration: 0 | 1;
}

/** The up_calibration event: the calibration state and per-key extremes of one device. */
export interface CalibrationEvent extends CalibrationPayload {
  path: string;
}

/** One item of the trigger stream (spec-2 §3): key id, travel in mm, raw ADC. */
export interface TriggerSample {
  id: number;
  trigger: number;
  adc: number;
}

/** The up_trigger_adc event as the spec sends it: [JSON list of TriggerSample, device path]. */
export type TriggerAdcEvent = [samples: string, path: string];
