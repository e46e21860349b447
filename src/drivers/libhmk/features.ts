/**
 * What an opened libhmk keyboard can do, from its metadata and firmware version only (no table of models): the UI
 * decides its tabs, controls and ranges from these. Its own advanced-key kinds are offered through the driver's
 * `advanced` port, shown in the shared kinds they map to.
 */
import { DKS_PHASES, NULL_BIND_BEHAVIOURS } from './advanced-codec.ts';
import { NO_SETTINGS } from '../../core/device-features.ts';
import type { DeviceFeatures } from '../types.ts';
import {
  DEFAULT_ACTUATION_DISTANCE,
  DEFAULT_RT_DISTANCE,
  HELD_STEP_MM,
  MIN_SETTING_DISTANCE,
  STEP_MM,
  TRAVEL_MM,
  distanceToMm,
} from './distance.ts';
import { optionNames } from './port-device.ts';
import type { LibhmkMetadata } from './metadata.ts';
import { VERSION_GATES } from './protocol.ts';

export function libhmkFeatures(meta: LibhmkMetadata, version: number): DeviceFeatures {
  const slots = meta.numAdvancedKeys;
  return {
    family: 'libhmk',
    destination: 'page',
    keycodeSpace: 'libhmk',
    keyCount: meta.numKeys,
    layers: meta.numLayers,
    profiles: {
      count: meta.numProfiles,
      named: false,
      // The firmware keeps no names: they are kept on the computer.
      localNames: true,
      switchable: false,
      duplicate: true,
      reset: true,
      sceneFiles: false,
    },
    keymap: true,
    // Every kind shares the advanced-key slots: dynamic keystroke as DKS (four codes), tap-hold and toggle as
    // shortcuts, null bind as snap tap.
    advanced: {
      dks: slots,
      shortcut: slots,
      snaptap: slots,
      shortcutKinds: ['modTap', 'toggle'],
      dksRows: DKS_PHASES.length,
      dksMaxTriggerMm: TRAVEL_MM,
      // A dynamic keystroke has no tick settings; it fires at the key's actuation point, down to its bottom-out
      // point, stored as a distance (STEP_MM apart on screen).
      dksTicks: false,
      dksTopIsActuation: true,
      dksStepMm: STEP_MM,
      snaptapBehaviours: NULL_BIND_BEHAVIOURS,
      snaptapBottomOut: true,
      modTapHoldOnOtherKey: true,
      toggleTappingTerm: true,
    },
    performance: {
      travelMm: TRAVEL_MM,
      stepMm: STEP_MM,
      minTravelMm: distanceToMm(MIN_SETTING_DISTANCE),
      // Distances are held in 4/255 mm steps: a value set takes the nearest one, and reads back as what it holds.
      heldStepMm: HELD_STEP_MM,
      // The firmware's own factory actuation (2.01 mm), and the sensitivity rapid trigger takes when switched on.
      factoryMm: { trigger: distanceToMm(DEFAULT_ACTUATION_DISTANCE), rapid: distanceToMm(DEFAULT_RT_DISTANCE) },
      rapidTrigger: true,
      continuousRapidTrigger: true,
      advancedRapidMode: 'continuous',
      rapidTriggerAuto: false,
      tickRate: { min: 0, max: 255 },
    },
    calibration: {
      thresholds: true,
      saveThreshold: version >= VERSION_GATES.saveThresholdCommand.from,
      // A key counts once pressed to the bottom (a reading within 0.2 mm of the full 4 mm).
      doneShare: 0.95,
    },
    // libhmk keeps no n-key, sleep or automatic-calibration switch, speaks USB only and has no battery.
    settings: NO_SETTINGS,
    liveTravel: true,
    matrixTester: false,
    // libhmk sends no key events of its own (no macro recording, no device source for the key tester).
    keyEvents: false,
    gamepad: true,
    atomic: false,
    firmwareUpdate: false,
    factoryReset: true,
    bootloader: true,
    options: optionNames(version, meta.usbHighSpeed),
    customMenus: false,
    // The metadata's layout options; libhmk stores no choice of them, so the app keeps it (as hmkconf does).
    ...(meta.labels.length > 0 ? { localLayoutChoices: true } : {}),
    screens: ['gamepad', ...(meta.labels.length > 0 ? ['layout-choices'] : []), 'libhmk-settings'],
  };
}
