/**
 * Virtual keyboards of other families: a simulator of the family's firmware behind a loopback link of the family's
 * report size, and the family that opens it. The same in every host (tests, the desktop bridge, the browser worker).
 */
import type { FamilyVirtualModel } from '../core/virtual-families.ts';
import { libhmkFamily } from '../drivers/libhmk/index.ts';
import type { DefinitionStore, DeviceFamily } from '../drivers/types.ts';
import { viaFamily } from '../drivers/via/index.ts';
import { createLibhmkSimulator, LIBHMK_SIM_IDS } from '../firmware/libhmk/index.ts';
import { createViaSimulator, KEYTUNE_VIA_65_DEFINITION, KEYTUNE_VIA_65_IDS } from '../firmware/via/index.ts';
import { LoopbackTransport } from '../transport/loopback.ts';
import type { LinkOptions } from '../transport/types.ts';

export interface FamilyVirtualHandle {
  family: DeviceFamily;
  transport: LoopbackTransport;
  /** Where the family finds keyboard definitions (the VIA keyboard's bundled one). */
  definitions?: DefinitionStore;
  pressKey(keyId: number, depthMm: number): Promise<void>;
  /** The simulator's saved state, to start from next time. */
  save(): unknown;
}

/** A definition store that knows one keyboard's definition (the bundled one of a virtual VIA keyboard). */
function oneDefinition(vendorId: number, productId: number, json: string): DefinitionStore {
  return {
    get: async (v, p) => (v === vendorId && p === productId ? json : undefined),
    put: async () => undefined,
  };
}

export function createFamilyVirtual(
  model: FamilyVirtualModel,
  version: string,
  link: LinkOptions,
  serial: string,
  state?: unknown,
): FamilyVirtualHandle {
  if (model.family === 'libhmk') {
    const [major, minor] = version.split('.').map(Number);
    const sim = createLibhmkSimulator({
      version: ((major ?? 1) << 8) | (minor ?? 7),
      serial: serial.padStart(24, '0').slice(-24),
      ...(state ? { state: state as never } : {}),
    });
    const transport = new LoopbackTransport(sim, { ...LIBHMK_SIM_IDS, reportBytes: 64 }, link);
    return {
      family: libhmkFamily,
      transport,
      pressKey: async (keyId, depth) => sim.pressKey(keyId, depth),
      save: () => sim.serialize(),
    };
  }
  const sim = createViaSimulator({ protocol: Number(version.split('.')[0]) || 12 });
  if (state) sim.restore(state as never);
  const transport = new LoopbackTransport(sim, { ...KEYTUNE_VIA_65_IDS, reportBytes: 32 }, link);
  const cols = 15;
  return {
    family: viaFamily,
    transport,
    definitions: oneDefinition(KEYTUNE_VIA_65_IDS.vendorId, KEYTUNE_VIA_65_IDS.productId, KEYTUNE_VIA_65_DEFINITION),
    pressKey: async (keyId, depth) => sim.pressKey(Math.floor(keyId / cols), keyId % cols, depth > 0),
    save: () => sim.serialize(),
  };
}
