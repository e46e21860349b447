/**
 * What one device is, at its running firmware: capacities, feature flags, switch table and the objects it answers.
 * Recomputed when the firmware version changes (an update can turn on 8 DKS slots or the rapid-trigger tab).
 */
import { SWITCH_TYPE_COUNT } from '../core/switch-types.ts';
import type { AdvancedType } from '../core/advanced-keys.ts';
import { capabilitiesFor } from '../core/capabilities.ts';
import { DEV_TYPE, isConfigurableModel, type ModelInfo } from '../core/models.ts';
import { versionAtMost, type Version } from '../core/version.ts';
import { FEATURE } from '../protocol/commands.ts';
import { type SwitchSpec } from '../protocol/objects.ts';
import { MACRO_EVENTS } from '../protocol/advanced-records.ts';
import type { ObjectName } from '../protocol/registry.ts';

export interface Traits {
  model: ModelInfo;
  fw: Version;
  keyCount: number;
  capacity: Readonly<Record<AdvancedType, number>>;
  macroMaxEvents: number;
  dksSlots: 4 | 8;
  /** 0.01 mm. */
  dksMaxTrigger: number;
  features: number;
  lightMax: number;
  /** Index i describes switch type i + 1. */
  switches: readonly SwitchSpec[];
  /** False on firmware that sends a switch-type change without key ids: an empty mask then means every key. */
  switchTypeSendsKeyIds: boolean;
  objects: ReadonlySet<ObjectName>;
}

/** Hall-effect ADC readings are 12-bit. */
export const ADC_MAX = 4095;
/** Deepest travel of every switch, 0.01 mm. */
export const FULL_TRAVEL = 400;
const DKS_MAX_TRIGGER = 360;
const DEFAULT_LIGHT_MAX = 248;

const FULL_CAPACITY = { dks: 16, shortcut: 16, macro: 16, snaptap: 8, hypertap: 8 } as const;
const POINTER_CAPACITY = { dks: 0, shortcut: 16, macro: 16, snaptap: 0, hypertap: 0 } as const;

/**
 * The switch table: accuracy 0.01 mm everywhere; travel limits vary a little by type (a shorter stem reaches less
 * deep, a stiffer spring allows less dead zone), never tighter than the factory defaults need.
 */
function switchTable(minTrigger: number): SwitchSpec[] {
  return Array.from({ length: SWITCH_TYPE_COUNT }, (_, i) => ({
    triggerAccuracy: 1,
    minTrigger,
    maxTrigger: FULL_TRAVEL - 10 * (i % 3),
    minRapid: 1,
    maxRapid: 200 - 10 * (i % 2),
    rapidAccuracy: 1,
    deadAccuracy: 1,
    maxDead: 60 - 5 * (i % 3),
  }));
}

function objectsFor(model: ModelInfo, features: number): Set<ObjectName> {
  const common: ObjectName[] = ['descriptor', 'status', 'settings', 'funcInfo', 'dks', 'shortcut', 'macro'];
  const lists: ObjectName[] = ['snaptap', 'hypertap', 'keymap'];
  if (model.devType === DEV_TYPE.dongle) return new Set([...common, ...lists]);
  const set = new Set<ObjectName>([...common, ...lists, 'themes', 'lighting']);
  if (model.devType === DEV_TYPE.keyboard) {
    for (const name of ['colours', 'perf', 'switches', 'calibration', 'adc', 'rapidComplete'] as const) set.add(name);
  }
  if (features & FEATURE.outerFrame) set.add('outerFrame');
  if (features & FEATURE.ambient) set.add('ambient');
  return set;
}

export function traitsFor(model: ModelInfo, fw: Version): Traits {
  const configurable = isConfigurableModel(model.name);
  const caps = capabilitiesFor(model.name, fw);
  const keyboard = model.devType === DEV_TYPE.keyboard;
  let features = model.wireless ? FEATURE.battery : 0;
  if (configurable) {
    features |= FEATURE.perKeyRgb | FEATURE.calibration;
    if (caps.lighting.outerFrame) features |= FEATURE.outerFrame;
    if (caps.lighting.ambient) features |= FEATURE.ambient;
    if (caps.performance.rapidTriggerTab) features |= FEATURE.rapidTrigger;
    if (caps.settings.nKeyAndSleep) features |= FEATURE.nKey | FEATURE.sleep;
    if (caps.advanced.hypertapSecondEntry === 'key-descriptor') features |= FEATURE.hypertapKeyDescriptor;
  } else if (keyboard) {
    features |= FEATURE.perKeyRgb | FEATURE.calibration | FEATURE.rapidTrigger | FEATURE.nKey | FEATURE.sleep;
  } else if (model.devType === DEV_TYPE.mouse) {
    features |= FEATURE.sleep;
  }
  // Models outside the capability table follow the slot rule of the table's newer models.
  const fourSlots = configurable ? caps.advanced.dksSlotCount === 4 : versionAtMost(fw, '1.1.4');
  const minTrigger = Math.round(caps.performance.baseMinTravel * 100);
  return {
    model,
    fw,
    keyCount: model.keyCount,
    capacity: keyboard ? FULL_CAPACITY : POINTER_CAPACITY,
    macroMaxEvents: MACRO_EVENTS,
    dksSlots: fourSlots ? 4 : 8,
    dksMaxTrigger: DKS_MAX_TRIGGER,
    features,
    lightMax: configurable ? caps.lighting.lightMax : DEFAULT_LIGHT_MAX,
    switches: switchTable(minTrigger),
    switchTypeSendsKeyIds: !configurable || caps.performance.switchTypeSendsKeyIds,
    objects: objectsFor(model, features),
  };
}
