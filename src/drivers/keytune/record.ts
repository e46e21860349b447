/**
 * The device record (spec §3) of a keyboard, mouse or receiver of our own protocol, from its handshake: the model
 * table (src/core/models.ts) names it, the capability table says what its firmware supports, and its layout draws it.
 */
import type { DeviceRecord } from '../../contract/bridge.ts';
import { capabilitiesFor } from '../../core/capabilities.ts';
import { modelById } from '../../core/models.ts';
import type { Descriptor } from '../../protocol/objects.ts';
import { keytuneFeatures, keytuneLayout } from './features.ts';

const ACCESS_TEXT = ['USB', '2.4G', 'Bluetooth'];

export function versionText(v: readonly number[]): string {
  return `V${v.join('.')}`;
}

export function keytuneRecord(path: string, d: Descriptor, virtual: boolean): DeviceRecord {
  const model = modelById(d.modelId);
  const displayName = model?.displayName ?? `Unknown-${d.modelId}`;
  const fwVer = versionText(d.fw);
  const layout = keytuneLayout(displayName);
  return {
    path,
    name: model?.name ?? displayName.toLowerCase(),
    display_name: displayName,
    img_name: (model?.name ?? 'keyboard').replace(/\+/g, 'plus'),
    electricity: d.battery === 0xff ? -1 : d.battery,
    access_mode: d.accessMode,
    access_text: ACCESS_TEXT[d.accessMode] ?? 'USB',
    worker_mode: 0,
    dev_type: d.devType,
    fw_ver: fwVer,
    hw_ver: versionText(d.hw),
    dev_sn: d.serial,
    red_point: false,
    update_fw_ver: '',
    online: true,
    virtual,
    family: 'keytune',
    features: keytuneFeatures(d, capabilitiesFor(displayName, fwVer), layout),
    layout,
  };
}
