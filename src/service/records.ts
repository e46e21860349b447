/** The device record (spec §3) of any family's device, from what its driver says of it. */
import type { DeviceRecord } from '../contract/bridge.ts';
import type { DeviceDescription } from '../drivers/types.ts';

const ACCESS_TEXT = ['USB', '2.4G', 'Bluetooth'];

export function deviceRecord(path: string, { identity, features, layout }: DeviceDescription, virtual: boolean) {
  const record: DeviceRecord = {
    path,
    name: identity.name,
    display_name: identity.displayName,
    img_name: identity.image ?? '',
    electricity: identity.battery,
    access_mode: identity.accessMode,
    access_text: ACCESS_TEXT[identity.accessMode] ?? 'USB',
    worker_mode: 0,
    dev_type: identity.devType,
    fw_ver: identity.firmware,
    hw_ver: identity.hardware,
    dev_sn: identity.serial,
    red_point: false,
    update_fw_ver: '',
    online: true,
    virtual,
    family: features.family,
    features,
    layout,
  };
  return record;
}
