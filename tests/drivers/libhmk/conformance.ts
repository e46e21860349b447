/**
 * Driver conformance, written against the seam only (DeviceDriver and its ports), so any family's driver can run it:
 * `describeDriverConformance(name, open)` where `open` gives a fresh driver on a fresh device. It checks what every
 * family promises: features agree with ports, the layout draws every key, writes read back, bad arguments change
 * nothing, and live travel covers the board.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceDriver } from '../../../src/drivers/types.ts';

export function describeDriverConformance(name: string, open: () => Promise<DeviceDriver>): void {
  describe(`driver conformance: ${name}`, () => {
    it('describes itself: identity, features and a layout drawing every key id', async () => {
      const d = await open();
      expect(d.identity.name).toBe(d.identity.name.toLowerCase());
      expect(d.identity.firmware).toMatch(/^\d+\.\d+/);
      expect(d.features.keyCount).toBeGreaterThan(0);
      const ids = new Set(d.layout!.keys.map((k) => k.id));
      expect(ids.size).toBe(d.features.keyCount);
      expect(Math.max(...ids)).toBe(d.features.keyCount - 1);
      expect(d.layout!.width).toBeGreaterThan(0);
      await d.close();
    });

    it('offers a port for each area its features name', async () => {
      const d = await open();
      expect(!!d.ports.keymap).toBe(d.features.keymap);
      expect(!!d.ports.travel).toBe(d.features.liveTravel);
      expect(!!d.ports.gamepad).toBe(d.features.gamepad);
      expect(!!d.ports.performance).toBe(d.features.performance !== undefined);
      expect(!!d.ports.options).toBe((d.features.options?.length ?? 0) > 0);
      await d.close();
    });

    it('keymap: a bulk write reads back on every layer it touched', async () => {
      const d = await open();
      const km = d.ports.keymap!;
      const before = await km.read(0);
      expect(before.length).toBe(d.features.layers);
      const layer = d.features.layers - 1;
      const cells = before[layer]!.map((_, keyId) => ({ profile: 0, layer, keyId, code: 4 + (keyId % 20) }));
      await km.write(cells);
      const after = await km.read(0);
      expect(after[layer]).toEqual(cells.map((c) => c.code));
      expect(after.slice(0, layer)).toEqual(before.slice(0, layer));
      await d.close();
    });

    it('keymap: a bad cell is refused before anything is written', async () => {
      const d = await open();
      const km = d.ports.keymap!;
      const before = await km.read(0);
      const cells = [
        { profile: 0, layer: 0, keyId: 0, code: 4 },
        { profile: 0, layer: 0, keyId: d.features.keyCount, code: 4 },
      ];
      await expect(km.write(cells)).rejects.toMatchObject({ name: expect.stringMatching(/Error/) });
      expect(await km.read(0)).toEqual(before);
      await d.close();
    });

    it('performance: a patch reads back in mm within one step', async () => {
      const d = await open();
      const perf = d.ports.performance;
      if (!perf) return;
      const step = d.features.performance!.stepMm;
      await perf.write([0, 1], { actuationMm: 1.5, rapidTrigger: true, rtPressMm: 0.3, rtReleaseMm: 0.4 }, 0);
      const [a, b] = await perf.read(0);
      for (const k of [a!, b!]) {
        expect(Math.abs(k.actuationMm - 1.5)).toBeLessThanOrEqual(step);
        expect(k.rapidTrigger).toBe(true);
        expect(Math.abs(k.rtReleaseMm - 0.4)).toBeLessThanOrEqual(step);
      }
      await d.close();
    });

    it('live travel: one read covers every key', async () => {
      const d = await open();
      if (!d.ports.travel) return;
      const samples = await d.ports.travel.read();
      expect(samples.map((s) => s.keyId).sort((x, y) => x - y)).toEqual(
        Array.from({ length: d.features.keyCount }, (_, i) => i),
      );
      await d.close();
    });

    it('options: each named option writes and reads back', async () => {
      const d = await open();
      for (const name of d.features.options ?? []) {
        const before = (await d.ports.options!.read())[name]!;
        await d.ports.options!.write(name, !before);
        expect((await d.ports.options!.read())[name]).toBe(!before);
      }
      await d.close();
    });
  });
}
