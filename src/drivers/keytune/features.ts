/**
 * The features of a keyboard of our own protocol, from its handshake (counts, capacities, feature flags), the
 * capability table's row for its model and firmware, and the model's layout. The model table stays in this family:
 * every other layer reads these features.
 */
import type { Capabilities } from '../../core/capabilities.ts';
import type { DeviceFeatures, DeviceLayout } from '../../core/device-features.ts';
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

export function keytuneFeatures(d: Descriptor, caps: Capabilities, layout: DeviceLayout | null): DeviceFeatures {
  const has = (flag: number) => (d.features & flag) !== 0;
  const keyboard = d.devType === DEV_TYPE.keyboard;
  const keys = layout !== null && d.keyCount > 0;
  const advanced: DeviceFeatures['advanced'] = {};
  if (keys && caps.advanced.enabled) {
    const slots = {
      dks: d.dksCap,
      shortcut: d.shortcutCap,
      macro: d.macroCap,
      snaptap: d.snaptapCap,
      hypertap: d.hypertapCap,
    };
    for (const [kind, count] of Object.entries(slots) as [keyof typeof slots, number][])
      if (caps.advanced.types[kind] && count > 0) advanced[kind] = count;
  }
  const { performance } = caps;
  const destination = isRedirectModel(caps.model) ? 'redirect' : findModel(caps.model) ? 'page' : 'not-supported';
  return {
    family: 'keytune',
    destination,
    keycodeSpace: 'keytune',
    keyCount: d.keyCount,
    layers: d.layerCount,
    profiles: {
      count: d.themeCount,
      named: d.themeCount > 0,
      switchable: d.themeCount > 1 && caps.settings.themeChange,
      duplicate: false,
      reset: false,
    },
    keymap: keys,
    advanced,
    ...(keys && keyboard ? { lighting: { perKeyColour: has(FEATURE.perKeyRgb), channels: [] } } : {}),
    ...(keys && keyboard
      ? {
          performance: {
            travelMm: performance.maxTrigger,
            stepMm: 0.01,
            rapidTrigger: true,
            continuousRapidTrigger: true,
            deadZone: true,
            switchTypes: true,
          },
        }
      : {}),
    ...(keys && keyboard && has(FEATURE.calibration)
      ? { calibration: { thresholds: false, saveThreshold: false } }
      : {}),
    liveTravel: keys && keyboard,
    matrixTester: false,
    gamepad: false,
    atomic: true,
    firmwareUpdate: true,
    factoryReset: true,
    bootloader: false,
    customMenus: false,
    rules: caps,
  };
}
