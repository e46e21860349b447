/**
 * The key-code space of a device, from its record: legends, descriptions and the picker's catalogue of a libhmk or
 * VIA keyboard come from its own space (src/core/keycode-spaces), never from our protocol's table. Kept apart from
 * device-features.ts so the spaces' tables load with the screens that draw keys, not with the first screen.
 */
import { createContext, useContext, useMemo } from 'react';
import { spaceOf, type CatalogueOptions, type KeycodeSpace } from '../core/keycode-spaces/index';
import { useDeviceRecord } from './device-features';

export interface DeviceSpace {
  space: KeycodeSpace;
  options: CatalogueOptions;
}

/** The device's space and what its parametric codes depend on; undefined for our own protocol's devices. */
export function useDeviceSpace(path: string): DeviceSpace | undefined {
  const features = useDeviceRecord(path)?.features;
  return useMemo(() => {
    if (!features || features.keycodeSpace === 'keytune') return undefined;
    return {
      space: spaceOf(features.keycodeSpace),
      options: {
        layers: features.layers,
        profiles: features.profiles.count,
        ...(features.macroBuffer ? { macros: features.macroBuffer.count } : {}),
      },
    };
  }, [features]);
}

/** The space of the device whose screens are open, for widgets that do not know the device (the editors' picker). */
export const DeviceSpaceContext = createContext<DeviceSpace | undefined>(undefined);

export function useContextSpace(): DeviceSpace | undefined {
  return useContext(DeviceSpaceContext);
}
