/**
 * How a device's keys and key codes are named in diff lines (restores, undo history, the command line): a key by the
 * code its layout prints on it (the factory layer-0 code, described in the device's code space), else "#id"; a code
 * by its space's short name, parametric codes named with the device's layers, profiles and macros as the screens do.
 */
import type { DeviceFeatures, DeviceLayout } from '../device-features.ts';
import { catalogueOptionsOf, spaceOf } from '../keycode-spaces/index.ts';
import type { BackupNames } from './diff.ts';

export function namesOf(device: { features: DeviceFeatures; layout: DeviceLayout | null }): BackupNames {
  const { features } = device;
  const space = spaceOf(features.keycodeSpace);
  const options = catalogueOptionsOf(features);
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
