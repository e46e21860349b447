/**
 * The features of a keyboard of our own protocol, from its handshake (counts, capacities, feature flags), the
 * capability table's row for its model and firmware, and the model's layout. The model table stays in this family:
 * every other layer reads these features.
 */
import type { Capabilities, ShortcutKind } from '../../core/capabilities.ts';
import type { DeviceFeatures, DeviceLayout, PerformanceFeatures } from '../../core/device-features.ts';
import { layoutFor } from '../../core/layouts/index.ts';
import { CONFIGURABLE_MODELS, DEV_TYPE, findModel, isRedirectModel } from '../../core/models.ts';
import { FEATURE } from '../../protocol/commands.ts';
import type { Descriptor } from '../../protocol/objects.ts';

/** The drawing of a model of our own protocol, or null for a device without keys (a receiver). */
export function keytuneLayout(modelName: string): DeviceLayout | null {
  const layout = layoutFor(modelName);
  if (!layout) return null;
  // Configurable keyboards ship a drawing of their own case (public/devices); the others are drawn from their keys.
  const shipsDrawing = (CONFIGURABLE_MODELS as readonly string[]).includes(layout.name);
  return {
    keys: layout.keys.map(({ id, x, y, w, h, code }) => ({ id, x, y, w, h, code })),
    width: layout.width,
    height: layout.height,
    ...(shipsDrawing ? { drawing: `devices/${encodeURIComponent(layout.name)}.svg` } : {}),
  };
}

/** Models whose firmware reports no update progress: the update dialog counts seconds instead (spec-2 §4). */
const COUNTED_PROGRESS_MODELS: readonly string[] = ['cyber01', 'made68'];

function advancedOf(d: Descriptor, caps: Capabilities): DeviceFeatures['advanced'] {
  const slots = {
    dks: d.dksCap,
    shortcut: d.shortcutCap,
    macro: d.macroCap,
    snaptap: d.snaptapCap,
    hypertap: d.hypertapCap,
  };
  const advanced: DeviceFeatures['advanced'] = {};
  for (const [kind, count] of Object.entries(slots) as [keyof typeof slots, number][])
    if (caps.advanced.types[kind] && count > 0) advanced[kind] = count;
  if (advanced.shortcut)
    advanced.shortcutKinds = (Object.keys(caps.advanced.shortcutKinds) as ShortcutKind[]).filter(
      (k) => caps.advanced.shortcutKinds[k],
    );
  if (advanced.dks) {
    advanced.dksRows = caps.advanced.dksSlotCount;
    advanced.dksMaxTriggerMm = caps.advanced.dksMaxTrigger;
  }
  if (advanced.macro) advanced.macroTriggerActionTypes = caps.advanced.macroTriggerActionTypes;
  return advanced;
}

function performanceOf(caps: Capabilities): PerformanceFeatures {
  const { performance } = caps;
  return {
    travelMm: performance.maxTrigger,
    stepMm: 0.01,
    minTravelMm: performance.baseMinTravel,
    rapidTrigger: true,
    continuousRapidTrigger: true,
    rapidTriggerAuto: performance.rapidTriggerTab,
    deadZone: { maxMm: performance.maxDead },
    switchTypes: { perKey: performance.switchKeySelection },
    // The spec lists the game-config view on every keyboard; a model without a card set lists no card.
    gameConfig: { set: caps.gameConfigSet },
  };
}

export function keytuneFeatures(d: Descriptor, caps: Capabilities, layout: DeviceLayout | null): DeviceFeatures {
  const has = (flag: number) => (d.features & flag) !== 0;
  const keyboard = d.devType === DEV_TYPE.keyboard;
  const keys = layout !== null && d.keyCount > 0;
  const destination = isRedirectModel(caps.model) ? 'redirect' : findModel(caps.model) ? 'page' : 'not-supported';
  const lighting = caps.lighting;
  return {
    family: 'keytune',
    destination,
    keycodeSpace: 'keytune',
    keyCount: d.keyCount,
    layers: d.layerCount,
    profiles: {
      count: d.themeCount,
      named: d.themeCount > 0,
      // Models that change themes with a button of their own are refused by the service with the spec's warning.
      switchable: d.themeCount > 1,
      duplicate: false,
      reset: false,
      sceneFiles: d.themeCount > 0,
    },
    keymap: keys,
    advanced: keys && caps.advanced.enabled ? advancedOf(d, caps) : {},
    ...(keys && keyboard
      ? {
          lighting: {
            perKeyColour: has(FEATURE.perKeyRgb),
            channels: [],
            keyLight: { lightMax: lighting.lightMax, speedMax: lighting.speedMax },
            outerFrame: lighting.outerFrame && has(FEATURE.outerFrame),
            ambient: lighting.ambient && has(FEATURE.ambient),
          },
          performance: performanceOf(caps),
        }
      : {}),
    ...(keys && keyboard && has(FEATURE.calibration)
      ? { calibration: { thresholds: false, saveThreshold: false, doneShare: 0.25 } }
      : {}),
    // The spec's settings screen (spec-2 §2.6): the firmware's own answer says whether n-key and sleep are new enough.
    settings: {
      nKeyRollover: true,
      sleep: true,
      autoCalibration: true,
      connections: ['usb', '24g', 'bluetooth'],
      battery: true,
      reportRate: true,
    },
    liveTravel: keys && keyboard,
    matrixTester: false,
    // Our protocol's key-event notifications (macro recording, the key tester).
    keyEvents: keys && keyboard,
    gamepad: false,
    atomic: true,
    firmwareUpdate: { progress: COUNTED_PROGRESS_MODELS.includes(caps.model) ? 'counted' : 'reported' },
    factoryReset: true,
    bootloader: false,
    manual: true,
    customMenus: false,
    screens: [],
    keytune: {
      featureLevel: caps.featureLevel,
      ambientGeneration: lighting.ambient && has(FEATURE.ambient) ? lighting.ambientGeneration : 0,
      hypertapSecondEntry: caps.advanced.hypertapSecondEntry,
      rapidUseComplete: caps.performance.rapidUseComplete,
    },
  };
}
