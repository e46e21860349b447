/** Device settings calls (spec-2 §7): N-key rollover, automatic calibration, sleep, pairing, option lists. */
import { z } from 'zod';
import { SLEEP_MINUTES } from '../../core/rules/settings.ts';
import { call, flag, int, path } from '../define.ts';
import {
  KEYBOARD_MODE_NAMES,
  type KeyboardInfo,
  type KeyboardMode,
  type OptionList,
  type SettingData,
} from '../payloads/settings.ts';

export type { KeyboardInfo, KeyboardMode, OptionList, ReportRate, SettingData } from '../payloads/settings.ts';

/** `--calibration {"auto_calibration": 0 | 1 | true | false}`. */
const autoCalibration = z.strictObject({
  auto_calibration: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1),
});

/** `--report_rate 125 | 250 | 1000` (Hz). */
const reportRate = z.union([z.literal(125), z.literal(250), z.literal(1000)]);

/** `--kb_mode power | office | game`. */
const kbMode = z.enum(KEYBOARD_MODE_NAMES as [KeyboardMode, ...KeyboardMode[]]);

/** `--pair 1`: a wireless device's radio starts pairing (Pair and Re-pair alike). */
const pair = z.literal(1);

export const settingsCalls = {
  getSettingData: call<SettingData>()(
    'dev_info',
    'get_setting_data',
    { path },
    {
      doc: 'The Setting data of a device (battery, battery attributes, link and pairing state read fresh; a status that makes no sense is refused with err.dev.reply); emits get_setting_data.',
      answer: 'SettingData',
    },
  ),
  setSettingInfo: call<SettingData>()(
    'dev_info',
    'set_setting_info',
    {
      path,
      use_n_key: flag.optional(),
      calibration: autoCalibration.optional(),
      use_sleep: flag.optional(),
      sleep_time: int(SLEEP_MINUTES.min, SLEEP_MINUTES.max).optional(),
      report_rate: reportRate.optional(),
      kb_mode: kbMode.optional(),
      pair: pair.optional(),
    },
    {
      doc: 'Exactly one of --use_n_key, --calibration, --use_sleep (with --sleep_time, required to turn sleep on), --report_rate (125, 250 or 1000 Hz), --kb_mode (power, office, game: report rate and per-key light in one change) or --pair 1 (a wireless device starts pairing: the answer carries pair_state 1, and get_setting_data follows with 2 once paired; a device without a radio refuses it with warn.not.apply and nothing is sent); emits get_setting_data (and get_key_color_info for --kb_mode).',
      answer: 'SettingData',
    },
  ),
  initOptList: call<OptionList>()(
    'dev_info',
    'init_opt_list',
    { path },
    {
      doc: 'The tabs and options the device page offers; emits init_opt_list, then keyboard_info.',
      answer: 'OptionList',
    },
  ),
};

/** Events of this area and their payloads. */
export interface SettingsEvents {
  get_setting_data: SettingData;
  init_opt_list: OptionList;
  keyboard_info: KeyboardInfo;
}
