/**
 * Calls only libhmk keyboards answer (what the shared areas do not cover); see docs/libhmk.md. Another family's device
 * refuses them.
 */
import { z } from 'zod';
import { call, flag, int, num, path } from '../define.ts';

/** A libhmk keyboard's gamepad: a button code per key, the analog curve in mm, its flags, and the buttons it knows. */
export interface LibhmkGamepad {
  buttons: number[];
  curve: { mm: number; out: number }[];
  flags: Record<string, boolean>;
  choices: { code: number; en: string; zh: string }[];
}

export interface LibhmkCalibration {
  rest: number;
  bottom_out: number;
  /** The keyboard can store its learned bottom-out thresholds on command (libhmk 1.7). */
  save_threshold: boolean;
}

const profile = int(0, 7).optional();

/** The profile the app edits and the one the keyboard types with (0-based). */
export interface LibhmkProfileState {
  edited: number;
  keyboard: number;
}

export const libhmkCalls = {
  libhmkGetGamepad: call<LibhmkGamepad>()(
    'dev_info',
    'libhmk_get_gamepad',
    { path, profile },
    { doc: 'A libhmk keyboard’s gamepad of a profile (the current one without --profile).', answer: 'LibhmkGamepad' },
  ),
  libhmkSetGamepad: call<LibhmkGamepad>()(
    'dev_info',
    'libhmk_set_gamepad',
    {
      path,
      profile,
      buttons: z.array(int(0, 255)).max(256).optional(),
      curve: z
        .array(z.strictObject({ mm: num(0, 10), out: int(0, 255) }))
        .length(4)
        .optional(),
      flags: z.record(z.string(), z.boolean()).optional(),
    },
    {
      doc: 'Changes a libhmk keyboard’s gamepad (--buttons per key from key 0, --curve of four points, --flags by name); written, read back, and what did not take is named.',
      answer: 'LibhmkGamepad',
    },
  ),
  libhmkGetTickRate: call<number>()(
    'dev_info',
    'libhmk_get_tick_rate',
    { path, profile },
    {
      doc: 'The tick rate of a libhmk profile (the edited one unless --profile): how many scan ticks its advanced keys wait between the key events they send, 0-255.',
      answer: 'number',
    },
  ),
  libhmkSetTickRate: call<number>()(
    'dev_info',
    'libhmk_set_tick_rate',
    { path, value: int(0, 255), profile },
    {
      doc: 'Sets the tick rate of a libhmk profile (the edited one unless --profile), 0-255; answers what the keyboard holds afterwards.',
      answer: 'number',
    },
  ),
  libhmkGetOptions: call<Record<string, boolean>>()(
    'dev_info',
    'libhmk_get_options',
    { path },
    {
      doc: 'A libhmk keyboard’s named options (XInput, 8 kHz polling, saving thresholds) at its firmware version.',
      answer: 'Record<string, boolean>',
    },
  ),
  libhmkSetOption: call<Record<string, boolean>>()(
    'dev_info',
    'libhmk_set_option',
    { path, name: z.string().min(1).max(64), value: flag },
    {
      doc: 'Turns one named option of a libhmk keyboard on or off; an option its firmware lacks is refused.',
      answer: 'Record<string, boolean>',
    },
  ),
  libhmkGetCalibration: call<LibhmkCalibration>()(
    'dev_info',
    'libhmk_get_calibration',
    { path },
    {
      doc: 'A libhmk keyboard’s initial rest value and bottom-out threshold (ADC counts).',
      answer: 'LibhmkCalibration',
    },
  ),
  libhmkSetCalibration: call<LibhmkCalibration>()(
    'dev_info',
    'libhmk_set_calibration',
    { path, rest: int(0, 65535), bottom_out: int(0, 65535) },
    {
      doc: 'Sets the initial rest value and bottom-out threshold (within the keyboard’s ADC range); applies at the next recalibration.',
      answer: 'LibhmkCalibration',
    },
  ),
  libhmkRecalibrate: call<LibhmkCalibration>()(
    'dev_info',
    'libhmk_recalibrate',
    { path },
    {
      doc: 'Makes a libhmk keyboard measure every key at rest again (about half a second; press no key meanwhile).',
      answer: 'LibhmkCalibration',
    },
  ),
  libhmkSaveCalibrationThreshold: call<LibhmkCalibration>()(
    'dev_info',
    'libhmk_save_calibration_threshold',
    { path },
    {
      doc: 'Stores the bottom-out thresholds the keyboard has learned (libhmk 1.7 and later).',
      answer: 'LibhmkCalibration',
    },
  ),
  libhmkGetProfile: call<LibhmkProfileState>()(
    'dev_info',
    'libhmk_get_profile',
    { path },
    {
      doc: 'The profile the app edits and the one a libhmk keyboard types with (its PF keys switch it); a switch made on the keyboard moves the edited one there first.',
      answer: 'LibhmkProfileState',
    },
  ),
  libhmkDuplicateProfile: call<boolean>()(
    'dev_info',
    'libhmk_duplicate_profile',
    { path, from: int(0, 7), to: int(0, 7) },
    {
      doc: 'Copies a libhmk keyboard’s profile --from onto profile --to (key map, actuation, advanced keys, gamepad, tick rate), as its DUPLICATE_PROFILE command does.',
      answer: 'boolean',
    },
  ),
  libhmkResetProfile: call<boolean>()(
    'dev_info',
    'libhmk_reset_profile',
    { path, profile: int(0, 7) },
    {
      doc: 'Puts one profile of a libhmk keyboard back to the firmware’s defaults (RESET_PROFILE); the other profiles and the keyboard’s settings stay.',
      answer: 'boolean',
    },
  ),
  libhmkBootloader: call<boolean>()(
    'dev_info',
    'libhmk_bootloader',
    { path },
    {
      doc: 'Restarts a libhmk keyboard into its bootloader; it does not answer and leaves the device list.',
      answer: 'boolean',
    },
  ),
};

/** Events of this area and their payloads. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LibhmkEvents {}
