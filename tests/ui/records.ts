/**
 * Device records (spec §3) for tests of components that only display one: a card, the update checker, the address
 * parameter. Screens that call the service get their devices from it instead (test-host.ts).
 */
import type { DeviceRecord } from '../../src/contract/bridge';
import { keytuneDescription } from '../../src/drivers/keytune/record';
import { deviceRecord as recordOf } from '../../src/service/records';
import { VirtualKeyboard } from '../../src/firmware/index';
import { findModel } from '../../src/core/models';

const keytuneRecordOf = (path: string, d: Parameters<typeof keytuneDescription>[0], virtual: boolean) =>
  recordOf(path, keytuneDescription(d), virtual);

let serial = 0;

/** A connected made68pro on USB unless told otherwise. */
export function deviceRecord(overrides: Partial<DeviceRecord> = {}): DeviceRecord {
  serial++;
  const model = overrides.display_name ?? overrides.name ?? 'Made68Pro';
  const fwVer = (overrides.fw_ver ?? '1.4.2').replace(/^V/i, '');
  // A model the table does not know answers the handshake of a known one with a model id of its own.
  const known = findModel(model) !== undefined;
  const descriptor = new VirtualKeyboard({ model: known ? model : 'Made68Pro', fwVer, serial: `VK${serial}` })
    .descriptor;
  const { family, features, layout } = keytuneRecordOf('', known ? descriptor : { ...descriptor, modelId: 250 }, true);
  return {
    family,
    features,
    layout,
    path: `virtual:34b7:1003:VK${serial}`,
    name: 'made68pro',
    display_name: 'Made68Pro',
    img_name: 'made68pro',
    electricity: -1,
    access_mode: 0,
    access_text: 'USB',
    worker_mode: 0,
    dev_type: 2,
    fw_ver: '1.4.2',
    hw_ver: '1.0.0',
    dev_sn: `VK${serial}`,
    red_point: false,
    update_fw_ver: '',
    online: true,
    virtual: true,
    ...overrides,
  };
}
