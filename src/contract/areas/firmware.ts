/** Firmware, factory reset and game-config calls (spec-2 §7, run_other_func). */
import { z } from 'zod';
import { call, path } from '../define.ts';
import type { FlashPlan, HardwareCheck, OtherFuncAnswer, UpdateProgress } from '../payloads/firmware.ts';
import { gameConfigContent } from './performance.ts';

export type {
  FirmwareFile,
  FlashPlan,
  FlashResult,
  HardwareCheck,
  OtherFuncAnswer,
  UpdateProgress,
} from '../payloads/firmware.ts';

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** Base64 text: the alphabet and whitespace, up to two '=' at the end, not one character short of a group. */
function isBase64(text: string): boolean {
  if (!BASE64.test(text)) return false;
  // Most packages carry no whitespace: then the text needs no copy.
  const chars = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
  return chars.length % 4 !== 1;
}

/** The files of a firmware package: `[{name, data (base64)}, …]`. */
export const firmwareFiles = z
  .array(
    z.strictObject({
      name: z.string().min(1),
      data: z.string().refine(isBase64, 'the data is not base64'),
    }),
  )
  .min(1, 'the package holds no file');

export const firmwareCalls = {
  runOtherFunc: call<OtherFuncAnswer>()(
    'dev_info',
    'run_other_func',
    {
      path,
      cmd: z.enum(['flash', 'reset', 'export_group_cfg']),
      /** Only with `--cmd flash`. */
      mg: firmwareFiles.optional(),
      /** Only with `--cmd export_group_cfg`. */
      content: gameConfigContent.optional(),
    },
    {
      doc: '--cmd flash --mg FILES (emits dev_update_hw_check, flash_by_info, dev_update; answers FlashResult), --cmd reset (factory reset; emits get_theme_info, get_setting_data) or --cmd export_group_cfg --content CARD (emits get_key_perf_info).',
      answer: 'FlashResult | SettingData | PerformancePayload',
    },
  ),
};

/** Events of this area and their payloads. */
export interface FirmwareEvents {
  dev_update: UpdateProgress;
  dev_update_hw_check: HardwareCheck;
  flash_by_info: FlashPlan;
}
