/**
 * The libhmk family on the wire: the driver against the virtual HE60 over the 1 ms loopback link (LINK_PRESETS.usb).
 * Minimums come from the protocol's capacities, per unit the protocol addresses (a keymap read names one layer, so a
 * 67-key layer is two reports however the bytes fall): version, serial, ceil(metadata / 59), per profile and layer
 * ceil(keys / 63), per profile ceil(keys / 15) actuations and ceil(slots / 5) advanced keys, one options report.
 * A verified write's minimum is its writes plus the reads that confirm them: ceil(keys / 59) + ceil(keys / 63).
 */
import { libhmkFamily, type LibhmkDriver } from '../src/drivers/libhmk/index.ts';
import { createLibhmkSimulator, LIBHMK_SIM_IDS } from '../src/firmware/libhmk/index.ts';
import { LoopbackTransport } from '../src/transport/loopback.ts';
import { LINK_PRESETS } from '../src/transport/types.ts';
import type { Metric } from './metric.ts';

const KEYMAP_READ = 63;
const KEYMAP_WRITE = 59;
const ACTUATIONS = 15;
const ADVANCED = 5;
const METADATA_PIECE = 59;
const ANALOG_KEYS = 21;
/** Full-board reads a live view keeps in flight (the link delivers them in order). */
const DEPTH = 3;

async function open(): Promise<{ driver: LibhmkDriver; metadataBytes: number }> {
  const sim = createLibhmkSimulator({ calibrationMs: 0 });
  const transport = new LoopbackTransport(sim, { ...LIBHMK_SIM_IDS, reportBytes: 64 }, LINK_PRESETS.usb);
  const driver = (await libhmkFamily.open(transport)) as LibhmkDriver;
  return { driver, metadataBytes: sim.metadata.length };
}

async function fullConfigRead(): Promise<Metric> {
  const { driver, metadataBytes } = await open();
  const { keyCount: keys, layers, profiles } = driver.features;
  const slots = driver.ports.advanced.slots();
  for (let p = 0; p < profiles.count; p++) {
    await driver.ports.keymap!.read(p);
    await driver.ports.performance!.read(p);
    await driver.ports.advanced.read(p);
  }
  await driver.ports.options!.read();
  const sent = driver.reportsSent;
  const minimum =
    2 +
    Math.ceil(metadataBytes / METADATA_PIECE) +
    profiles.count *
      (layers * Math.ceil(keys / KEYMAP_READ) + Math.ceil(keys / ACTUATIONS) + Math.ceil(slots / ADVANCED)) +
    1;
  await driver.close();
  return { name: 'libhmk_full_config_read_reports_ratio', value: sent / minimum, unit: 'ratio', limit: 1.1 };
}

/** A live travel view: two full-board reads always in flight, so the link never idles between frames. */
async function travelView(ms = 1000): Promise<Metric[]> {
  const { driver } = await open();
  const keys = driver.features.keyCount;
  let frames = 0;
  let dropped = 0;
  const read = () =>
    driver.ports.travel!.read().then(
      (s) => (s.length === keys ? frames++ : dropped++),
      () => dropped++,
    );
  await read();
  frames = 0;
  const t0 = performance.now();
  let inFlight = Array.from({ length: DEPTH }, read);
  while (performance.now() - t0 < ms) {
    await inFlight[0];
    inFlight = [...inFlight.slice(1), read()];
  }
  const elapsed = (performance.now() - t0) / 1000;
  await Promise.all(inFlight);
  await driver.close();
  if (dropped > 0) throw new Error(`the travel view lost ${dropped} frames`);
  const hz = frames / elapsed;
  const limit = 1000 / (Math.ceil(keys / ANALOG_KEYS) * LINK_PRESETS.usb.reportIntervalMs);
  return [
    { name: 'libhmk_travel_view_full_board_hz', value: hz, unit: 'Hz' },
    { name: 'libhmk_travel_view_ratio_to_link_limit', value: hz / limit, unit: 'ratio', floor: 0.9 },
  ];
}

async function bulkAssign(): Promise<Metric> {
  const { driver } = await open();
  const keys = driver.features.keyCount;
  const before = driver.reportsSent;
  await driver.ports.keymap!.write(
    Array.from({ length: keys }, (_, keyId) => ({ profile: 0, layer: 0, keyId, code: 0x04 })),
  );
  const sent = driver.reportsSent - before;
  const check = await driver.ports.keymap!.read(0);
  if (!check[0]!.every((c) => c === 0x04)) throw new Error('the bulk assignment did not reach every key');
  await driver.close();
  const minimum = Math.ceil(keys / KEYMAP_WRITE) + Math.ceil(keys / KEYMAP_READ);
  return { name: 'libhmk_bulk_assign_all_keys_reports_ratio', value: sent / minimum, unit: 'ratio', limit: 1.15 };
}

export async function libhmkMetrics(): Promise<Metric[]> {
  return [await fullConfigRead(), ...(await travelView()), await bulkAssign()];
}
