/**
 * What a device of our own protocol is, from its handshake: the model table (src/core/models.ts) names it, the
 * capability table says what its firmware supports, and its layout draws it.
 */
import { capabilitiesFor } from '../../core/capabilities.ts';
import { modelById } from '../../core/models.ts';
import type { Descriptor } from '../../protocol/objects.ts';
import type { DeviceDescription } from '../types.ts';
import { keytuneFeatures, keytuneLayout } from './features.ts';

export function versionText(v: readonly number[]): string {
  return `V${v.join('.')}`;
}

export function keytuneDescription(d: Descriptor): DeviceDescription {
  const model = modelById(d.modelId);
  const displayName = model?.displayName ?? `Unknown-${d.modelId}`;
  const firmware = versionText(d.fw);
  const layout = keytuneLayout(displayName);
  return {
    identity: {
      name: model?.name ?? displayName.toLowerCase(),
      displayName,
      image: (model?.name ?? 'keyboard').replace(/\+/g, 'plus'),
      firmware,
      hardware: versionText(d.hw),
      serial: d.serial,
      devType: d.devType,
      accessMode: d.accessMode,
      battery: d.battery === 0xff ? -1 : d.battery,
    },
    features: keytuneFeatures(d, capabilitiesFor(displayName, firmware), layout),
    layout,
  };
}
