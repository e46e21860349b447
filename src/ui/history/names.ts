/**
 * How a device's keys and key codes are named in the lines of its history: a key by the code its layout prints on it
 * (the factory layer-0 code, described in the device's code space), else "#id"; a code by its space's short name.
 */
import type { DeviceRecord } from '../../contract/bridge';
import type { BackupNames } from '../../core/backup/diff';
import { spaceOf, type CatalogueOptions } from '../../core/keycode-spaces/index';

export function namesOf(device: Pick<DeviceRecord, 'features' | 'layout'>): BackupNames {
  const { features } = device;
  const space = spaceOf(features.keycodeSpace);
  const options: CatalogueOptions = {
    layers: features.layers,
    profiles: features.profiles.count,
    ...(features.macroBuffer ? { macros: features.macroBuffer.count } : {}),
  };
  const printed = new Map<number, number>();
  for (const key of device.layout?.keys ?? []) if (key.code !== undefined) printed.set(key.id, key.code);
  const code = (value: number) => space.describe(value, options).name;
  return {
    key(id) {
      const factory = printed.get(id);
      return factory === undefined ? `#${id}` : code(factory);
    },
    code,
  };
}
