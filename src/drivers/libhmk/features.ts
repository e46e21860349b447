/**
 * What an opened libhmk keyboard can do, from its metadata and firmware version only (no table of models): the UI
 * decides its tabs and ranges from these. The shared advanced-key kinds are not libhmk's; its own kinds are offered
 * through the driver's `advanced` port.
 */
import { DEVICE_DEFAULTS, type Capabilities } from '../../core/capabilities.ts';
import type { DeviceFeatures } from '../types.ts';
import { MIN_DISTANCE, STEP_MM, TRAVEL_MM, distanceToMm } from './distance.ts';
import { optionNames } from './port-device.ts';
import type { LibhmkMetadata } from './metadata.ts';
import { VERSION_GATES, formatFirmwareVersion } from './protocol.ts';

const off = { dks: false, shortcut: false, macro: false, snaptap: false, hypertap: false };

function rules(meta: LibhmkMetadata, version: number): Capabilities {
  return {
    model: meta.name.trim().toLowerCase(),
    firmware: formatFirmwareVersion(version),
    configurable: true,
    redirect: false,
    featureLevel: 0,
    advanced: {
      enabled: false,
      coreTypesMissing: false,
      types: off,
      shortcutKinds: { replace: false, action: false, lock: false, modTap: false, toggle: false },
      macroTriggerActionTypes: [],
      hypertapSecondEntry: 'key-id',
      dksSlotCount: 4,
      dksMaxTrigger: TRAVEL_MM,
    },
    performance: {
      maxTrigger: TRAVEL_MM,
      maxDead: 0,
      baseMinTravel: distanceToMm(MIN_DISTANCE),
      rapidTriggerTab: true,
      rapidUseComplete: false,
      switchKeySelection: false,
      switchTypeSendsKeyIds: false,
    },
    settings: { nKeyAndSleep: false, themeChange: false },
    lighting: {
      outerFrame: false,
      ambient: false,
      ambientGeneration: 0,
      ambientSubtypeDropdown: false,
      lightMax: DEVICE_DEFAULTS.lightMax,
      speedMax: 0,
    },
    gameConfigSet: null,
  };
}

export function libhmkFeatures(meta: LibhmkMetadata, version: number): DeviceFeatures {
  return {
    family: 'libhmk',
    destination: 'page',
    keycodeSpace: 'libhmk',
    keyCount: meta.numKeys,
    layers: meta.numLayers,
    profiles: { count: meta.numProfiles, named: false, switchable: false, duplicate: true, reset: true },
    keymap: true,
    advanced: {},
    performance: {
      travelMm: TRAVEL_MM,
      stepMm: STEP_MM,
      rapidTrigger: true,
      continuousRapidTrigger: true,
      deadZone: false,
      switchTypes: false,
      tickRate: { min: 0, max: 255 },
    },
    calibration: { thresholds: true, saveThreshold: version >= VERSION_GATES.saveThresholdCommand.from },
    liveTravel: true,
    matrixTester: false,
    gamepad: true,
    atomic: false,
    firmwareUpdate: false,
    factoryReset: true,
    bootloader: true,
    options: optionNames(version, meta.usbHighSpeed),
    customMenus: false,
    rules: rules(meta, version),
  };
}
