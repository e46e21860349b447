/** A simulated VIA keyboard behind the loopback link, and the family opened on it. */
import { viaFamily } from '../../../src/drivers/via/index.ts';
import type { ViaDriver } from '../../../src/drivers/via/driver.ts';
import type { DefinitionStore, OpenOptions } from '../../../src/drivers/types.ts';
import {
  createViaSimulator,
  KEYTUNE_VIA_65_DEFINITION,
  KEYTUNE_VIA_65_IDS,
  type ViaSimulatorOptions,
} from '../../../src/firmware/via/index.ts';
import { LoopbackTransport } from '../../../src/transport/loopback.ts';
import { LINK_PRESETS, type LinkOptions } from '../../../src/transport/types.ts';

export function memoryStore(initial: Record<string, string> = {}): DefinitionStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    async get(v, p) {
      return data[`${v}:${p}`];
    },
    async put(v, p, json) {
      data[`${v}:${p}`] = json;
    },
  };
}

export const withDefinition = () =>
  memoryStore({ [`${KEYTUNE_VIA_65_IDS.vendorId}:${KEYTUNE_VIA_65_IDS.productId}`]: KEYTUNE_VIA_65_DEFINITION });

export async function openVia(
  sim: ViaSimulatorOptions = {},
  options: OpenOptions = { definitions: withDefinition() },
  link: Partial<LinkOptions> = LINK_PRESETS.instant,
) {
  const keyboard = createViaSimulator(sim);
  const transport = new LoopbackTransport(keyboard, { ...KEYTUNE_VIA_65_IDS, reportBytes: 32 }, link);
  const driver = (await viaFamily.open(transport, { replyTimeoutMs: 100, ...options })) as ViaDriver;
  return { keyboard, transport, driver };
}
