/**
 * What an opened libhmk keyboard can do, from its metadata and firmware version only (no table of models): the UI
 * decides its tabs and ranges from these. The shared advanced-key kinds are not libhmk's; its own kinds are offered
 * through the driver's `advanced` port.
 */
import { capabilitiesFor, type Capabilities } from '../../core/capabilities.ts';
import type { DeviceFeatures } from '../types.ts';
import { MIN_DISTANCE, STEP_MM, TRAVEL_MM, distanceToMm } from './distance.ts';
import { optionNames } from './port-device.ts';
import type { LibhmkMetadata } from './metadata.ts';
import { VERSION_GATES } from './protocol.ts';

/**
 * The screens' rules: no model of our table matches, so every feature of our protocol is off; what libhmk has is
 * opened on top (a device page, the 4 mm travel and its smallest setting, rapid trigger).
 */
function rules(meta: LibhmkMetadata, version: number): Capabilities {
  const closed = capabilitiesFor(meta.name, { major: version >> 8, minor: version & 0xff, patch: 0 });
  return {
    ...closed,
    configurable: true,
    redirect: false,
    advanced: { ...closed.advanced, dksMaxTrigger: TRAVEL_MM },
    performance: {
      ...closed.performance,
      maxTrigger: TRAVEL_MM,
      maxDead: 0,
      baseMinTravel: distanceToMm(MIN_DISTANCE),
      rapidTriggerTab: true,
    },
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
