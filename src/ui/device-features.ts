/**
 * What a screen needs to know of a device, from its record only: its features (tabs, controls, ranges) and its
 * layout. No screen looks a capability or a drawing up by model name, nor asks which family a device is: the
 * device's family reported what it has, area by area, and an area or control that is absent is not shown.
 */
import { useMemo } from 'react';
import type { DeviceRecord } from '../contract/bridge';
import { DEVICE_DEFAULTS, lightingSpeedMax, type Capabilities, type ShortcutKind } from '../core/capabilities';
import { advancedKinds, NO_SETTINGS, type DeviceFeatures, type DeviceLayout } from '../core/device-features';
import { useDeviceState } from './services';

/** Every area off: the features a screen applies before a device's record has arrived. */
export const NO_FEATURES: DeviceFeatures = {
  family: 'keytune',
  destination: 'page',
  keycodeSpace: 'keytune',
  keyCount: 0,
  layers: 0,
  profiles: { count: 0, named: false, switchable: false, duplicate: false, reset: false, sceneFiles: false },
  keymap: false,
  advanced: {},
  settings: NO_SETTINGS,
  liveTravel: false,
  matrixTester: false,
  gamepad: false,
  atomic: false,
  firmwareUpdate: false,
  factoryReset: false,
  bootloader: false,
  customMenus: false,
  screens: [],
};

export function useDeviceRecord(path: string): DeviceRecord | undefined {
  return useDeviceState((s) => s.devices.find((d) => d.path === path));
}

/** The features of a record, or every area off while it has not arrived. */
export function featuresOf(device: Pick<DeviceRecord, 'features'> | undefined): DeviceFeatures {
  return device?.features ?? NO_FEATURES;
}

export function useFeatures(path: string): DeviceFeatures {
  return featuresOf(useDeviceRecord(path));
}

export function useDeviceLayout(path: string): DeviceLayout | null {
  return useDeviceRecord(path)?.layout ?? null;
}

/** True when the device has keys to draw and map (a receiver has none; a VIA keyboard needs its definition). */
export function hasKeys(device: Pick<DeviceRecord, 'layout' | 'features'>): boolean {
  return device.layout !== null && device.features.keymap;
}

/** True when the device offers advanced keys of any kind (the Key code tab's advanced-key mode). */
export function offersAdvancedKeys(features: DeviceFeatures): boolean {
  return advancedKinds(features.advanced).length > 0;
}

/** True when keys travel (analog keys): a virtual keyboard's keys can then be pressed to a depth. */
export function pressesToDepth(features: DeviceFeatures): boolean {
  return features.liveTravel;
}

/**
 * The capability-table shape of a device's rules, derived from its features, for the screens still written against
 * it (the advanced-key editors). New code reads the feature areas instead: `features.advanced` (kinds, shortcut
 * kinds, DKS rows and depth, macro trigger types), `features.performance`, `features.lighting` and
 * `features.keytune` for our own protocol's knobs.
 */
export function rulesOf(device: Pick<DeviceRecord, 'features'> | undefined): Capabilities {
  const f = featuresOf(device);
  const kinds = new Set(advancedKinds(f.advanced));
  const shortcutKinds = new Set<ShortcutKind>(f.advanced.shortcutKinds ?? []);
  const shortcut = (k: ShortcutKind) => kinds.has('shortcut') && shortcutKinds.has(k);
  const perf = f.performance;
  const light = f.lighting;
  const generation = f.keytune?.ambientGeneration ?? 0;
  const lightMax = light?.keyLight?.lightMax ?? light?.channels.find((c) => c.brightnessMax)?.brightnessMax;
  return {
    model: '',
    firmware: '',
    configurable: f.destination === 'page',
    redirect: f.destination === 'redirect',
    featureLevel: f.keytune?.featureLevel ?? 0,
    advanced: {
      enabled: kinds.size > 0,
      coreTypesMissing: false,
      types: {
        dks: kinds.has('dks'),
        shortcut: kinds.has('shortcut'),
        macro: kinds.has('macro'),
        snaptap: kinds.has('snaptap'),
        hypertap: kinds.has('hypertap'),
      },
      shortcutKinds: {
        replace: shortcut('replace'),
        action: shortcut('action'),
        lock: shortcut('lock'),
        modTap: shortcut('modTap'),
        toggle: shortcut('toggle'),
      },
      macroTriggerActionTypes: f.advanced.macroTriggerActionTypes ?? [],
      hypertapSecondEntry: f.keytune?.hypertapSecondEntry ?? 'key-id',
      dksSlotCount: f.advanced.dksRows === 8 ? 8 : 4,
      dksMaxTrigger: f.advanced.dksMaxTriggerMm ?? DEVICE_DEFAULTS.dksMaxTrigger,
    },
    performance: {
      maxTrigger: perf?.travelMm ?? DEVICE_DEFAULTS.maxTrigger,
      maxDead: perf?.deadZone?.maxMm ?? 0,
      baseMinTravel: perf?.minTravelMm ?? DEVICE_DEFAULTS.baseMinTravel,
      rapidTriggerTab: perf?.rapidTriggerAuto ?? false,
      rapidUseComplete: f.keytune?.rapidUseComplete ?? false,
      switchKeySelection: perf?.switchTypes?.perKey ?? false,
      switchTypeSendsKeyIds: perf?.switchTypes?.perKey ?? false,
    },
    settings: { nKeyAndSleep: f.settings.nKeyRollover && f.settings.sleep, themeChange: f.profiles.switchable },
    lighting: {
      outerFrame: light?.outerFrame ?? false,
      ambient: light?.ambient ?? false,
      ambientGeneration: generation,
      ambientSubtypeDropdown: generation === 2,
      lightMax: lightMax ?? DEVICE_DEFAULTS.lightMax,
      speedMax: light?.keyLight?.speedMax ?? lightingSpeedMax(lightMax ?? DEVICE_DEFAULTS.lightMax),
    },
    gameConfigSet: perf?.gameConfig?.set ?? null,
  };
}

/** Memoised rules of a record, for components that already hold it (see rulesOf). */
export function useRulesOf(device: DeviceRecord | undefined): Capabilities {
  const features = device?.features;
  return useMemo(() => rulesOf(features ? { features } : undefined), [features]);
}
