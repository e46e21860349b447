/** Payloads of the firmware area (spec-2 §3 update progress, §7 run_other_func). */
import type { PerformancePayload } from './performance.ts';
import type { SettingData } from './settings.ts';

/** One file of a firmware package, as `run_other_func --cmd flash --mg` carries it. */
export interface FirmwareFile {
  name: string;
  /** The file's bytes in base64. */
  data: string;
}

/** dev_update (spec-2 §3 update progress): after each window of chunks, and once with error 1 when a flash stops. */
export interface UpdateProgress {
  path: string;
  /** 1: the update stopped (the toast of the refused call says why and what to do). */
  error: 0 | 1;
  /** 0-100 of the current file. */
  progress: number;
  total: 100;
  file_count: number;
  /** Index of the current file, 0-based. */
  task_id: number;
}

/** dev_update_hw_check: whether one file of the package fits this device, before anything is sent. */
export interface HardwareCheck {
  path: string;
  file: string;
  ok: boolean;
  /** The model id in the image header; null when the file is not a firmware image. */
  file_model_id: number | null;
  device_model_id: number;
  hw_ver: string;
  /** The version the image would run ("V1.4.0"); null when the file is not a firmware image. */
  fw_ver: string | null;
  /** Image bytes. */
  size: number;
  /** Largest image the device's update slot holds. */
  max_size: number;
}

/** flash_by_info: what is about to be flashed, in order. */
export interface FlashPlan {
  path: string;
  files: { name: string; size: number; fw_ver: string }[];
}

/** The answer of `run_other_func --cmd flash`: the versions the device reports after its new handshake. */
export interface FlashResult {
  path: string;
  fw_ver: string;
  hw_ver: string;
}

/** The answer of run_other_func: flash answers FlashResult, reset the Setting data, export_group_cfg performance. */
export type OtherFuncAnswer = FlashResult | SettingData | PerformancePayload;
