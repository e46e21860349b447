/**
 * Virtual keyboards on a loopback link, for Node hosts (tests, benchmarks, the desktop bridge). The browser host runs
 * the same firmware in a worker instead.
 */
import { findModel } from '../core/models.ts';
import { familyVirtualModel } from '../core/virtual-families.ts';
import { createFamilyVirtual, type FamilyVirtualHandle } from './family-virtual.ts';
import { VirtualKeyboard } from '../firmware/index.ts';
import type { VirtualDeviceOptions } from '../service/context.ts';
import type { VirtualDeviceHandle } from '../service/service.ts';
import { LoopbackTransport } from '../transport/loopback.ts';
import { LINK_PRESETS, type LinkOptions } from '../transport/types.ts';

export interface LoopbackVirtual extends VirtualDeviceHandle {
  keyboard: VirtualKeyboard;
  transport: LoopbackTransport;
}

const presetFor = (accessMode: number | undefined): LinkOptions =>
  accessMode === 1 ? LINK_PRESETS.wireless24g : accessMode === 2 ? LINK_PRESETS.bluetooth : LINK_PRESETS.usb;

/**
 * Makes a factory for the service's `createVirtual`. `link` overrides the link the access mode implies (tests use
 * `LINK_PRESETS.instant`); `clock` gives the keyboards' time stamps (tests move it by hand). Every keyboard made is
 * kept in `made` so a test can press keys or pull the cable.
 */
export function loopbackVirtualFactory(link?: Partial<LinkOptions>, clock?: { now(): number }) {
  let serial = 1;
  const made: LoopbackVirtual[] = [];
  const familyMade: FamilyVirtualHandle[] = [];
  const create = async (options: VirtualDeviceOptions): Promise<VirtualDeviceHandle> => {
    const family = familyVirtualModel(options.displayName);
    if (family) {
      const handle = createFamilyVirtual(family, options.fwVer, { ...LINK_PRESETS.usb, ...link }, `V${serial++}`);
      familyMade.push(handle);
      return handle;
    }
    const model = findModel(options.displayName);
    const keyboard = new VirtualKeyboard({
      model: options.displayName,
      fwVer: options.fwVer,
      ...(options.hwVer ? { hwVer: options.hwVer } : {}),
      ...(options.accessMode !== undefined ? { accessMode: options.accessMode } : {}),
      serial: `VK${String(serial++).padStart(8, '0')}`,
      ...(clock ? { now: () => clock.now() } : {}),
    });
    const transport = new LoopbackTransport(
      keyboard,
      { vendorId: model?.vendorId ?? 0, productId: model?.productId ?? 0, productName: model?.displayName ?? '' },
      { ...presetFor(options.accessMode), ...link },
    );
    const handle: LoopbackVirtual = {
      keyboard,
      transport,
      pressKey: async (keyId, depth) => keyboard.pressKey(keyId, depth),
    };
    made.push(handle);
    return handle;
  };
  return { create, made, familyMade };
}
