/** A libhmk driver opened on the virtual keyboard over the loopback link. */
import { gzipSync } from 'fflate';
import { libhmkFamily, type LibhmkDriver } from '../../../src/drivers/libhmk/index.ts';
import {
  createLibhmkSimulator,
  he60MetadataJson,
  LIBHMK_SIM_IDS,
  type LibhmkSimulator,
  type LibhmkSimulatorOptions,
} from '../../../src/firmware/libhmk/index.ts';
import { LoopbackTransport } from '../../../src/transport/loopback.ts';
import { LINK_PRESETS, type LinkOptions } from '../../../src/transport/types.ts';

export interface Rig {
  sim: LibhmkSimulator;
  transport: LoopbackTransport;
  driver: LibhmkDriver;
  /** Reports the driver has sent since the rig opened (or since the last reset()). */
  sent(): number;
  resetCount(): void;
}

export function transportFor(sim: LibhmkSimulator, link: Partial<LinkOptions> = LINK_PRESETS.instant) {
  return new LoopbackTransport(sim, { ...LIBHMK_SIM_IDS, reportBytes: 64 }, link);
}

export async function openRig(
  options: LibhmkSimulatorOptions = {},
  link: Partial<LinkOptions> = LINK_PRESETS.instant,
  replyTimeoutMs = 300,
): Promise<Rig> {
  const sim = createLibhmkSimulator({ calibrationMs: 5, ...options });
  const transport = transportFor(sim, link);
  const driver = (await libhmkFamily.open(transport, { replyTimeoutMs })) as LibhmkDriver;
  let base = driver.reportsSent;
  return {
    sim,
    transport,
    driver,
    sent: () => driver.reportsSent - base,
    resetCount: () => {
      base = driver.reportsSent;
    },
  };
}

/** The board's own metadata document, changed by `edit`, compressed as the firmware would hand it out. */
export function editedMetadata(edit: (doc: Record<string, unknown>) => void, version = 0x0107): Uint8Array {
  const doc = JSON.parse(he60MetadataJson(version as 0x0107)) as Record<string, unknown>;
  edit(doc);
  return gzipSync(new TextEncoder().encode(JSON.stringify(doc)));
}
