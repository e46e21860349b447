/** Keymaps of every profile and layer: GET_KEYMAP in windows of 63 keys, SET_KEYMAP in runs of 59, read back. */
import type { KeymapPort } from '../types.ts';
import { decodeBytes, keymapWriteArgs } from './codec.ts';
import type { LibhmkContext } from './context.ts';
import { CMD, PER_REPORT } from './protocol.ts';
import { confirm, runs, sendAll, windows } from './writes.ts';

export function keymapPort(ctx: LibhmkContext): KeymapPort {
  const { meta, link } = ctx;
  const readLayer = async (profile: number, layer: number, starts?: number[]): Promise<Map<number, number>> =>
    ctx.readList(CMD.getKeymap, [profile, layer], meta.numKeys, PER_REPORT.keymapRead, decodeBytes, starts);

  return {
    async read(profile) {
      const p = await ctx.profile(profile);
      const layers: number[][] = [];
      for (let layer = 0; layer < meta.numLayers; layer++) {
        const codes = await readLayer(p, layer);
        layers.push(Array.from({ length: meta.numKeys }, (_, k) => codes.get(k)!));
      }
      return layers;
    },

    async write(cells) {
      const current = cells.some((c) => c.profile === undefined) ? await ctx.profile() : 0;
      // The last edit of a cell wins; cells are grouped per profile and layer, each group sent as contiguous runs.
      const groups = new Map<string, { profile: number; layer: number; codes: Map<number, number> }>();
      for (const cell of cells) {
        const profile = cell.profile ?? current;
        ctx.checkIndex('profile', profile, meta.numProfiles);
        ctx.checkIndex('layer', cell.layer, meta.numLayers);
        ctx.checkIndex('key', cell.keyId, meta.numKeys);
        ctx.checkByte('key code', cell.code);
        const id = `${profile}:${cell.layer}`;
        const group = groups.get(id) ?? { profile, layer: cell.layer, codes: new Map() };
        group.codes.set(cell.keyId, cell.code);
        groups.set(id, group);
      }
      const name = (g: { profile: number; layer: number }, key: number): string =>
        `profile ${g.profile} layer ${g.layer} key ${key}`;
      const expected = new Map<string, string>();
      const sends: (() => Promise<unknown>)[] = [];
      for (const g of groups.values()) {
        for (const [key, code] of g.codes) expected.set(name(g, key), String(code));
        for (const run of runs([...g.codes.keys()], PER_REPORT.keymapWrite)) {
          const args = keymapWriteArgs(
            g.profile,
            g.layer,
            run[0]!,
            run.map((k) => g.codes.get(k)!),
          );
          sends.push(() => link.request(CMD.setKeymap, args));
        }
      }
      const failure = await sendAll(sends);
      await confirm('key codes', expected, failure, async () => {
        const held = new Map<string, string>();
        for (const g of groups.values()) {
          const codes = await readLayer(g.profile, g.layer, windows([...g.codes.keys()], PER_REPORT.keymapRead));
          for (const key of g.codes.keys()) held.set(name(g, key), String(codes.get(key)));
        }
        return held;
      });
    },

    defaults() {
      return meta.defaultKeymaps[0]!.map((layer) => [...layer]);
    },
  };
}
