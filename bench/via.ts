/**
 * VIA on the wire, over the 1 ms loopback link to the simulated Keytune VIA 65 (5 × 15 matrix, 4 layers, 383-byte
 * macro buffer):
 * - via_full_read_reports_ratio: reading the whole keymap and the macro buffer, requests sent over the fewest that
 *   can carry those bytes (28 data bytes a request);
 * - via_bulk_assign_all_keys_reports_ratio: one code on all 75 keys of a layer, requests sent over the fewest a
 *   verified write needs (the pieces written plus the same pieces read back: VIA confirms a write only by reading);
 * - via_matrix_reads_per_s: switch-matrix reads a second (the matrix tester's rate).
 */
import type { ViaDriver } from '../src/drivers/via/driver.ts';
import { viaFamily } from '../src/drivers/via/index.ts';
import { createViaSimulator, KEYTUNE_VIA_65_DEFINITION, KEYTUNE_VIA_65_IDS } from '../src/firmware/via/index.ts';
import { LoopbackTransport } from '../src/transport/loopback.ts';
import { LINK_PRESETS } from '../src/transport/types.ts';
import type { Metric } from './metric.ts';

const CHUNK = 28;

async function open() {
  const keyboard = createViaSimulator({ protocol: 12 });
  const transport = new LoopbackTransport(keyboard, { ...KEYTUNE_VIA_65_IDS, reportBytes: 32 }, LINK_PRESETS.usb);
  const definitions = {
    get: async () => KEYTUNE_VIA_65_DEFINITION,
    put: async () => undefined,
  };
  const driver = (await viaFamily.open(transport, { definitions })) as ViaDriver;
  return { keyboard, driver };
}

async function fullRead(): Promise<number> {
  const { driver } = await open();
  await driver.ports.macros!.write([[{ kind: 'text', text: 'keytune' }], [{ kind: 'tap', code: 4 }]]);
  const keymapBytes = driver.features.layers * driver.features.keyCount * 2;
  const macroBytes = await driver.ports.macros!.bufferBytes();
  const before = driver.stats.reportsSent;
  const keymap = await driver.ports.keymap!.read();
  const macros = await driver.ports.macros!.read();
  if (keymap.length !== 4 || macros[0]?.[0]?.kind !== 'text') throw new Error('the full read came back wrong');
  const sent = driver.stats.reportsSent - before;
  await driver.close();
  return sent / (Math.ceil(keymapBytes / CHUNK) + Math.ceil(macroBytes / CHUNK));
}

async function bulkAssign(): Promise<number> {
  const { driver, keyboard } = await open();
  const keys = driver.features.keyCount;
  const before = driver.stats.reportsSent;
  await driver.ports.keymap!.write(Array.from({ length: keys }, (_, keyId) => ({ layer: 1, keyId, code: 0x04 })));
  const sent = driver.stats.reportsSent - before;
  for (let k = 0; k < keys; k++)
    if (keyboard.keycode(1, Math.floor(k / 15), k % 15) !== 0x04) throw new Error('a key missed');
  await driver.close();
  return sent / (2 * Math.ceil((keys * 2) / CHUNK));
}

async function matrixRate(): Promise<number> {
  const { driver, keyboard } = await open();
  keyboard.pressKey(2, 3, true);
  const until = performance.now() + 1000;
  let reads = 0;
  const t0 = performance.now();
  while (performance.now() < until) {
    const state = await driver.ports.matrix!.read();
    if (!state[2 * 15 + 3]) throw new Error('the pressed key did not read as pressed');
    reads++;
  }
  const rate = reads / ((performance.now() - t0) / 1000);
  await driver.close();
  return rate;
}

export async function viaMetrics(): Promise<Metric[]> {
  return [
    { name: 'via_full_read_reports_ratio', value: await fullRead(), unit: 'ratio', limit: 1.05 },
    { name: 'via_bulk_assign_all_keys_reports_ratio', value: await bulkAssign(), unit: 'ratio', limit: 1.15 },
    { name: 'via_matrix_reads_per_s', value: await matrixRate(), unit: 'reads/s', floor: 250 },
  ];
}
