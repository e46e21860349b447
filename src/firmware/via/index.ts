/** The simulated VIA keyboard and its bundled definition (docs/via.md). */
import definition from './keytune-via-65.json' with { type: 'json' };

export { createViaSimulator, ViaSimulator, type ViaSimulatorImage, type ViaSimulatorOptions } from './simulator.ts';
export type { PlayedAction } from './macro-player.ts';

/** The bundled v3 definition of the simulated keyboard, as JSON text. */
export const KEYTUNE_VIA_65_DEFINITION = JSON.stringify(definition);
/** USB ids of the simulated keyboard (the definition's). */
export const KEYTUNE_VIA_65_IDS = { vendorId: 0x4b54, productId: 0x5641, productName: 'Keytune VIA 65' } as const;
