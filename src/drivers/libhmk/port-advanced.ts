/**
 * Advanced keys of a profile (null bind, dynamic keystroke, tap-hold, toggle) in the keyboard's slots: read five per
 * report, written as contiguous runs of slots, read back. Each slot names the layer and key it sits on.
 */
import { advancedKeyProblem, decodeAdvancedKey, encodeAdvancedKey, type LibhmkAdvancedKey } from './advanced-codec.ts';
import type { LibhmkContext } from './context.ts';
import { ADVANCED_KEY_BYTES, CMD, PER_REPORT } from './protocol.ts';
import { badArgument, confirm, runs, sendAll, windows } from './writes.ts';

export interface LibhmkAdvancedPort {
  /** Slots per profile (the metadata's numAdvancedKeys); every kind shares them. */
  slots(): number;
  /** Every slot of a profile (the current one when none is named); an empty slot reads as { kind: 'none' }. */
  read(profile?: number): Promise<LibhmkAdvancedKey[]>;
  /** Writes the given slots (checked first; nothing is sent when one is wrong), reads them back. */
  write(entries: readonly { slot: number; key: LibhmkAdvancedKey }[], profile?: number): Promise<void>;
}

function decodeSlots(reply: Uint8Array, n: number): LibhmkAdvancedKey[] {
  return Array.from({ length: n }, (_, i) =>
    decodeAdvancedKey(reply.subarray(1 + i * ADVANCED_KEY_BYTES, 1 + (i + 1) * ADVANCED_KEY_BYTES)),
  );
}

export function advancedPort(ctx: LibhmkContext): LibhmkAdvancedPort {
  const { link, meta } = ctx;
  const count = meta.numAdvancedKeys;
  const readSlots = (p: number, starts?: number[]) =>
    ctx.readList(CMD.getAdvancedKeys, [p], count, PER_REPORT.advancedKeys, decodeSlots, starts);
  const bytes = (k: LibhmkAdvancedKey): string => encodeAdvancedKey(k).join(',');

  return {
    slots: () => count,

    async read(profile) {
      const slots = await readSlots(await ctx.profile(profile));
      return Array.from({ length: count }, (_, i) => slots.get(i)!);
    },

    async write(entries, profile) {
      const p = await ctx.profile(profile);
      const next = new Map<number, LibhmkAdvancedKey>();
      for (const { slot, key } of entries) {
        ctx.checkIndex('advanced-key slot', slot, count);
        const problem = advancedKeyProblem(key, meta.numKeys, meta.numLayers);
        if (problem) throw badArgument(`slot ${slot}: ${problem}`);
        next.set(slot, key);
      }
      const slots = [...next.keys()];
      const sends = runs(slots, PER_REPORT.advancedKeys).map((run) => {
        const args = [p, run[0]!, run.length, ...run.flatMap((s) => encodeAdvancedKey(next.get(s)!))];
        return () => link.request(CMD.setAdvancedKeys, args);
      });
      const failure = await sendAll(sends);
      const name = (s: number): string => `profile ${p} slot ${s}`;
      const expected = new Map(slots.map((s) => [name(s), bytes(next.get(s)!)]));
      await confirm('advanced keys', expected, failure, async () => {
        const held = await readSlots(p, windows(slots, PER_REPORT.advancedKeys));
        return new Map(slots.map((s) => [name(s), bytes(held.get(s)!)]));
      });
    },
  };
}
