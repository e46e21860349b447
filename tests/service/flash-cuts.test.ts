/**
 * A firmware update cannot brick and loses nothing: the link is cut (the keyboard keeping or losing its power) at every
 * chunk of a full-size image and at every step of the flow (backup, bootloader, begin, chunks, finish, the restart and
 * re-find, restore, compare). After every cut the keyboard runs a working firmware (the old one or the new one), and
 * the same update run again once it is back completes it: the new firmware runs with the configuration the person had
 * (every theme slot, every setting, the calibration), although the new major version starts from factory settings.
 */
import { describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { buildFirmwareImage, FIRMWARE_HEADER_SIZE } from '../../src/protocol/firmware-image.ts';
import { FIRMWARE_CHUNK } from '../../src/protocol/objects.ts';
import type { LoopbackTransport } from '../../src/transport/loopback.ts';
import type { LinkDirection, LinkPower } from '../../src/transport/types.ts';
import { configOf, customised, mgOf, MODEL_ID, OLD_FW, tapSteps, type FlowStep } from './flash-tap.ts';

const NEW_FW = 'V10.4.2';
const keyOf = (e: unknown): string => (e instanceof BridgeCallError ? e.toastKey : String(e));
const outcome = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => 'ok',
    (e: unknown) => e,
  );
const transportOf = (h: Awaited<ReturnType<typeof customised>>) => h.transportOf() as LoopbackTransport;

/** The keys a cut update may end with: each says the update can be run again. */
const CUT_KEYS = [
  'err.fw.flash.interrupted',
  'err.fw.flash.no.answer',
  'err.fw.restore.failed',
  'err.fw.restore.mismatch',
];

describe('a full-size image cut at every chunk', () => {
  it('resumes after each cut, never leaves the old firmware before the end, and keeps the configuration', async () => {
    // About 240 KiB: 4389 chunks.
    const image = buildFirmwareImage(MODEL_ID, NEW_FW, 240 * 1024 - FIRMWARE_HEADER_SIZE);
    const chunks = Math.ceil(image.length / FIRMWARE_CHUNK);
    const mg = mgOf(image);
    const h = await customised();
    const config = configOf(h.kb);
    const tap = tapSteps(transportOf(h));
    // The first run backs up the configuration; it is cut at chunk 1 (chunk 0 arrived).
    const probe = await customised();
    const probeTap = tapSteps(transportOf(probe));
    await probe.flash(mg);
    const firstChunk = probeTap.steps().toDevice.indexOf('chunk');
    expect(firstChunk).toBeGreaterThan(2);

    const failures: string[] = [];
    let cuts = 0;
    for (let n = 1; n < chunks; n++) {
      const power: LinkPower = n % 2 ? 'kept' : 'lost';
      // Later runs send the bootloader command, begin, chunk n - 1 (which arrives) and chunk n (cut).
      const at = n === 1 ? firstChunk + 2 : 4;
      transportOf(h).injectFault('toDevice', at, { kind: 'cut', power });
      const e = await outcome(h.flash(mg));
      cuts++;
      if (keyOf(e) !== 'err.fw.flash.interrupted') failures.push(`chunk ${n}: ${keyOf(e)}`);
      if (h.kb.firmwareVersion !== OLD_FW) failures.push(`chunk ${n}: runs ${h.kb.firmwareVersion}`);
      await h.reattach();
      if (failures.length > 5) break;
    }
    expect(failures).toEqual([]);
    const before = transportOf(h).delivered.toDevice;
    await expect(h.flash(mg)).resolves.toMatchObject({ fw_ver: NEW_FW });
    const steps = tap.steps().toDevice;
    // The last run sent only what was left: one chunk of the image and the finish, then the configuration.
    expect(
      steps.slice(steps.length - (transportOf(h).delivered.toDevice - before)).filter((s) => s === 'chunk'),
    ).toHaveLength(1);
    expect(h.kb.firmwareVersion).toBe(NEW_FW);
    expect(configOf(h.kb)).toBe(config);
    expect(cuts).toBe(chunks - 1);
    console.log(`flash-cuts: full image ${image.length} bytes, ${cuts} chunk cuts`);
  }, 180_000);
});

interface Cut {
  step: FlowStep;
  direction: Exclude<LinkDirection, 'any'>;
  at: number;
  power: LinkPower;
}

/** First, middle and last report of each step in each direction. */
function cutsOf(steps: readonly FlowStep[], direction: Cut['direction']): Omit<Cut, 'power'>[] {
  const out: Omit<Cut, 'power'>[] = [];
  for (const step of new Set(steps)) {
    const at = steps.flatMap((s, i) => (s === step ? [i + 1] : []));
    for (const n of new Set([at[0]!, at[Math.floor(at.length / 2)]!, at[at.length - 1]!]))
      out.push({ step, direction, at: n });
  }
  return out;
}

describe('an update cut at every step of the flow', () => {
  it('ends on a working firmware, and running it again completes it with the configuration kept', async () => {
    // 40 chunks: two full windows and a short one.
    const image = buildFirmwareImage(MODEL_ID, NEW_FW, 40 * FIRMWARE_CHUNK - FIRMWARE_HEADER_SIZE - 20);
    const mg = mgOf(image);
    const ref = await customised();
    const config = configOf(ref.kb);
    const tap = tapSteps(transportOf(ref));
    await ref.flash(mg);
    expect(ref.kb.firmwareVersion).toBe(NEW_FW);
    expect(configOf(ref.kb)).toBe(config);
    const { toDevice, toHost } = tap.steps();
    for (const step of ['backup', 'bootloader', 'begin', 'chunk', 'finish', 'refind', 'restore', 'compare'] as const)
      expect(toDevice, step).toContain(step);

    // The keyboard keeps its power at one cut and loses it at the next.
    const points = [...cutsOf(toDevice, 'toDevice'), ...cutsOf(toHost, 'toHost')].filter((c) => c.step !== 'other');
    const cuts: Cut[] = points.map((c, i) => ({ ...c, power: i % 2 ? 'lost' : 'kept' }));

    const failures: string[] = [];
    const seen = new Set<string>();
    for (const cut of cuts) {
      const h = await customised();
      const where = `${cut.step}: ${cut.direction} ${cut.at} (${cut.power})`;
      transportOf(h).injectFault(cut.direction, cut.at, { kind: 'cut', power: cut.power });
      const first = keyOf(await outcome(h.flash(mg)));
      seen.add(cut.step);
      if (!CUT_KEYS.includes(first)) {
        failures.push(`${where}: the cut update said ${first}`);
        continue;
      }
      await h.reattach();
      if (![OLD_FW, NEW_FW].includes(h.kb.firmwareVersion)) failures.push(`${where}: runs ${h.kb.firmwareVersion}`);
      const again = keyOf(await outcome(h.flash(mg)));
      if (again !== 'ok' || h.kb.firmwareVersion !== NEW_FW || h.kb.inspect().bootloader)
        failures.push(`${where}: the retry said ${again}, the keyboard runs ${h.kb.firmwareVersion}`);
      else if (configOf(h.kb) !== config) failures.push(`${where}: the configuration differs after the retry`);
    }
    console.log(`flash-cuts: ${cuts.length} cuts over the steps ${[...seen].join(', ')}`);
    expect(failures).toEqual([]);
    expect(seen.size).toBe(8);
  }, 180_000);
});
