/**
 * Game-config cards (spec-2 §2.5): a card sets trigger, dead zone and rapid trigger on groups of keys. Applying one is
 * all or nothing on the device: every value is checked against its keys' switch ranges first, then the whole card is
 * one atomic perf change (see commitPerfKeys), so a refused card or a cut link leaves the keyboard as it was.
 */
import type { GameConfigContent } from '../contract/areas/performance.ts';
import { fail } from '../core/rules/result.ts';
import { TOAST_KEYS } from '../core/toast-keys.ts';
import type { KeytuneDevice } from './context.ts';
import {
  commitPerfKeys,
  deviceKeyIds,
  planRapid,
  planTravel,
  readPerfState,
  type PerfPlan,
} from './convert/performance.ts';
import { refusal } from './refusal.ts';

export type { GameConfigContent } from '../contract/areas/performance.ts';

function planned(plan: PerfPlan) {
  if (!plan.ok) throw refusal(plan.failure, plan.message);
  return plan.keys;
}

/**
 * Applies a game-config card. Refused with warn.not.apply on models without a game-config set, and with
 * err.args.invalid for a key the keyboard lacks or a travel outside a key's switch range. The rapid-trigger blocks of
 * the perf panel do not apply to a card.
 */
export async function applyGameConfigCard(device: KeytuneDevice, content: GameConfigContent): Promise<void> {
  if (!device.caps.gameConfigSet) throw refusal(fail(TOAST_KEYS.notApply), 'this model has no game-config set');
  const entries = content.map((e) => ({ ...e, key_ids: deviceKeyIds(device, e.key_ids) }));
  const { keys, switches } = await readPerfState(device);
  let after = keys;
  for (const e of entries) {
    if (e.rapid) after = planned(planRapid(after, switches, e.key_ids, e.rapid, false));
    if (e.trigger !== undefined) after = planned(planTravel(after, switches, e.key_ids, 'trigger', e.trigger));
    if (e.dead !== undefined) after = planned(planTravel(after, switches, e.key_ids, 'dead', e.dead));
  }
  await commitPerfKeys(device, keys, after);
}
