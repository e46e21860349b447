/**
 * The key-code space of a device, from its record: legends, descriptions and the picker's catalogue of every keyboard
 * come from its own space (src/core/keycode-spaces: ours, libhmk's, QMK's), so a code is named in the numbering the
 * keyboard stores it in. Kept apart from device-features.ts so the spaces' tables load with the screens that draw
 * keys, not with the first screen.
 */
import { createContext, useContext, useMemo } from 'react';
import type { DeviceFeatures } from '../core/device-features';
import { catalogueOptionsOf, spaceOf, type CatalogueOptions, type KeycodeSpace } from '../core/keycode-spaces/index';
import { useDeviceRecord } from './device-features';

export interface DeviceSpace {
  space: KeycodeSpace;
  options: CatalogueOptions;
}

/** What the space needs of a device's features. */
export type SpaceFeatures = Pick<DeviceFeatures, 'keycodeSpace' | 'layers' | 'profiles' | 'macroBuffer'>;

/** Our own protocol's space with its four layers: what a screen names codes in before a device's record arrives. */
export const DEFAULT_SPACE: DeviceSpace = Object.freeze({
  space: spaceOf('keytune'),
  options: { layers: 4 },
});

/** The space of a device with these features. */
export function deviceSpaceOf(features: SpaceFeatures | undefined): DeviceSpace {
  if (!features) return DEFAULT_SPACE;
  return { space: spaceOf(features.keycodeSpace), options: catalogueOptionsOf(features) };
}

/** The device's space and what its parametric codes depend on. */
export function useDeviceSpace(path: string): DeviceSpace {
  const features = useDeviceRecord(path)?.features;
  return useMemo(() => deviceSpaceOf(features), [features]);
}

/** The space of the device whose screens are open, for widgets that do not know the device (the editors' picker). */
export const DeviceSpaceContext = createContext<DeviceSpace>(DEFAULT_SPACE);

export function useContextSpace(): DeviceSpace {
  return useContext(DeviceSpaceContext);
}
