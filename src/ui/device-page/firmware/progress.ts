/** The update dialog's numbers (spec-2 §4): combined progress over the files of a package, and the battery tone. */
import type { DeviceFeatures } from '../../../core/device-features';
import { batteryPercent } from '../../device-list/device-format';

export interface ProgressPayload {
  progress: number;
  total: number;
  file_count: number;
  task_id: number;
}

/** 0-100 over all files: the files before the current one count whole, the current one by its share; capped at 100. */
export function combinedProgress({ progress, total, file_count, task_id }: ProgressPayload): number {
  const files = Math.max(1, file_count);
  const share = total > 0 ? Math.min(Math.max(progress, 0), total) / total : 0;
  const value = Math.floor(((Math.max(0, task_id) + share) / files) * 100);
  return Math.min(100, Math.max(0, value));
}

export type BatteryTone = 'low' | 'medium' | 'high' | 'none';

/**
 * Below 20 is low (red, the lowest icon), 20 to under 70 medium, else high. A device without a battery (-1, a wired
 * keyboard) or a value that is no percentage has no level: it reads "--" in a neutral colour, as on the info page.
 */
export function batteryLevel(electricity: number): { percent: number | undefined; tone: BatteryTone } {
  const value = batteryPercent(electricity);
  if (value === undefined) return { percent: undefined, tone: 'none' };
  return { percent: value, tone: value < 20 ? 'low' : value < 70 ? 'medium' : 'high' };
}

/** The bytes in base64, as `run_other_func --cmd flash --mg` carries them. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Seconds a simulated update may wait for the keyboard to enter upgrade mode before it is given up (spec-2 §9). */
export const SIMULATED_TIMEOUT_S = 11;

/**
 * Whether the dialog counts seconds for the bar: the device's features say its firmware reports no progress
 * (spec-2 §4; our own protocol's driver knows which models).
 */
export function usesSimulatedProgress(device: { features: Pick<DeviceFeatures, 'firmwareUpdate'> }): boolean {
  const update = device.features.firmwareUpdate;
  return update !== false && update.progress === 'counted';
}

/** The bar after `seconds` of a simulated update: even steps that stay below 100 until the keyboard answers. */
export function simulatedProgress(seconds: number): number {
  return Math.min(99, Math.max(0, Math.floor((seconds * 100) / (SIMULATED_TIMEOUT_S + 1))));
}
