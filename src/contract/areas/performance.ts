/** Key performance calls (spec-2 §7): trigger, dead zone, rapid trigger, switch types, calibration, trigger stream. */
import { z } from 'zod';
import { call, flag, int, path, MAX_KEY_ID } from '../define.ts';
import type { CalibrationEvent, PerformancePayload, TriggerAdcEvent } from '../payloads/performance.ts';

export type {
  CalibrationEvent,
  CalibrationPayload,
  KeyAccuracyPayload,
  PerformancePayload,
  RapidTriggerSetting,
  TriggerAdcEvent,
  TriggerSample,
} from '../payloads/performance.ts';

/** A key id; ids beyond the device's key count are refused by the service. */
export const keyId = int(0, MAX_KEY_ID);

/** A travel in mm; each key's switch range is checked by the service (spec-2 §5). */
const travel = z.number();

const onOff = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

/**
 * The rapid-trigger fields a call may change (spec-2 §7: the rapid setting without use_series_rapid and
 * advance_rapid_mode); at least one.
 */
export const rapidSetting = z
  .strictObject({
    p_rapid_value: travel.optional(),
    r_rapid_value: travel.optional(),
    use_rapid: onOff.optional(),
    rt_mode: z.union([z.literal(0), z.literal(1)]).optional(),
    rt_sensitivity_state: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'the rapid setting is empty');
export type RapidSetting = z.output<typeof rapidSetting>;

/** One entry of a game-config card: the keys it sets and any of trigger, dead zone and rapid setting. */
export const gameConfigEntry = z.strictObject({
  /** A card is for keyboards of our own protocol, whose key mask has 200 keys. */
  key_ids: z.array(int(0, 199)).min(1),
  trigger: travel.optional(),
  dead: travel.optional(),
  rapid: rapidSetting.optional(),
});

/** The content of a game-config card (spec-2 §2.5, `run_other_func --cmd export_group_cfg --content`). */
export const gameConfigContent = z.array(gameConfigEntry).min(1);
export type GameConfigContent = z.output<typeof gameConfigContent>;

export const performanceCalls = {
  getKeyPerfInfo: call<PerformancePayload>()(
    'dev_info',
    'get_key_perf_info',
    { path },
    {
      doc: 'The Performance data of every key (ADC values read fresh); emits get_key_perf_info.',
      answer: 'PerformancePayload',
    },
  ),
  setPerfInfo: call<PerformancePayload>()(
    'dev_info',
    'set_perf_info',
    {
      path,
      key_ids: z.array(keyId).max(512).optional(),
      trigger: travel.optional(),
      dead: travel.optional(),
      rapid: rapidSetting.optional(),
      switch_type: int(1, 17).optional(),
      calibration: z.strictObject({ state: z.union([z.literal(0), z.literal(1), z.literal(2)]) }).optional(),
      use_report: int(0, 2).optional(),
      advance_rapid: flag.optional(),
      key_rapid_use_complete: flag.optional(),
    },
    {
      doc: '--key_ids and exactly one of --trigger, --dead, --rapid, --switch_type, --calibration, --use_report, --advance_rapid, --key_rapid_use_complete; emits get_key_perf_info.',
      answer: 'PerformancePayload',
    },
  ),
};

/** Events of this area and their payloads. */
export interface PerformanceEvents {
  get_key_perf_info: PerformancePayload;
  up_trigger_adc: TriggerAdcEvent;
  up_calibration: CalibrationEvent;
}
