/**
 * Every kind of write of the libhmk and VIA keyboards, with the link failing at each of its reports: the cable pulled
 * there (the keyboard keeping its power), the request lost, its answer lost or damaged. Afterwards the keyboard holds
 * the old or the new state, or the call failed and said which keys or values did not take; a call that answered
 * success always left the new state; and where the link survived, what the service reads equals what the keyboard
 * holds.
 */
import type { Client } from '../../src/contract/client';
import type { FamilyVirtualHandle } from '../../src/host/family-virtual';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback';
import { createClient } from '../../src/contract/client';
import { createDeviceService } from '../../src/service/index';
import { LINK_PRESETS, type LinkDirection, type LinkFault } from '../../src/transport/types';

interface Write {
  name: string;
  /** Made before the states are taken (not part of the write). */
  setup?(client: Client, path: string): Promise<unknown>;
  run(client: Client, path: string): Promise<unknown>;
  /**
   * The keyboard keeps what was sent in RAM until a save (VIA lighting): after a failed write it may show values its
   * flash does not hold yet, so what the app reads is not compared with the flash.
   */
  unsaved?: boolean;
  /** What the app reads of the written area, to compare with the keyboard. */
  read(client: Client, path: string): Promise<unknown>;
}

const keys = (client: Client, path: string) => client.getKeyValueInfo({ path }).then((i) => i.keycodes);
const perf = (client: Client, path: string) =>
  client.getKeyPerfInfo({ path }).then((i) => [i.key_triggers, i.key_rapid_triggers]);

const LIBHMK: Write[] = [
  { name: 'a key code', run: (c, path) => c.setKeyInfo({ path, index: 0, select: [17], code: 5 }), read: keys },
  {
    name: 'actuation of many keys',
    run: (c, path) => c.setPerfInfo({ path, key_ids: Array.from({ length: 40 }, (_, i) => i), trigger: 1.2 }),
    read: perf,
  },
  {
    name: 'rapid trigger',
    run: (c, path) =>
      c.setPerfInfo({ path, key_ids: [3, 4, 5], rapid: { use_rapid: true, p_rapid_value: 0.3, r_rapid_value: 0.4 } }),
    read: perf,
  },
  {
    name: 'gamepad buttons and curve',
    run: async (c, path) => {
      const now = await c.libhmkGetGamepad({ path });
      return c.libhmkSetGamepad({
        path,
        buttons: now.buttons.map((b, i) => (i < 30 ? 1 + (i % 4) : b)),
        curve: [
          { mm: 0.5, out: 10 },
          { mm: 1.5, out: 90 },
          { mm: 2.5, out: 170 },
          { mm: 3.5, out: 255 },
        ],
      });
    },
    read: (c, path) => c.libhmkGetGamepad({ path }),
  },
  {
    name: 'the tick rate',
    run: (c, path) => c.libhmkSetTickRate({ path, value: 77 }),
    read: (c, path) => c.libhmkGetTickRate({ path }),
  },
  {
    name: 'an option',
    run: (c, path) => c.libhmkSetOption({ path, name: 'xinput', value: true }),
    read: (c, path) => c.libhmkGetOptions({ path }),
  },
  {
    name: 'calibration thresholds',
    run: (c, path) => c.libhmkSetCalibration({ path, rest: 1900, bottom_out: 600 }),
    read: (c, path) => c.libhmkGetCalibration({ path }),
  },
  {
    name: 'a profile copied',
    setup: (c, path) => c.libhmkSetTickRate({ path, value: 12 }),
    run: (c, path) => c.libhmkDuplicateProfile({ path, from: 0, to: 2 }),
    read: (c, path) => c.libhmkGetTickRate({ path, profile: 2 }),
  },
];

const VIA: Write[] = [
  { name: 'a key code', run: (c, path) => c.setKeyInfo({ path, index: 1, select: [17], code: 5 }), read: keys },
  {
    name: 'lighting',
    run: async (c, path) => {
      await c.viaSetLighting({ path, channel: 'rgb_matrix', effect: 5, brightness: 120, hue: 30 });
      return c.viaSaveLighting({ path, channel: 'rgb_matrix' });
    },
    unsaved: true,
    read: (c, path) => c.viaGetLighting({ path }),
  },
  {
    name: 'layout options',
    run: (c, path) => c.viaSetLayoutOptions({ path, choices: [1] }),
    read: (c, path) => c.viaGetLayoutOptions({ path }),
  },
  {
    name: 'macros',
    run: (c, path) =>
      c.viaSetMacros({
        path,
        macros: [
          [{ kind: 'text', text: 'hello there' }],
          [
            { kind: 'tap', code: 4 },
            { kind: 'delay', ms: 50 },
          ],
        ],
      }),
    read: (c, path) => c.viaGetMacros({ path }),
  },
];

async function rig(model: string, fwVer: string, setup?: Write['setup']) {
  const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
  const service = createDeviceService({
    createVirtual: factory.create,
    session: { timeoutMs: 150, readRetries: 1 },
  });
  const client = createClient(service);
  const path = await client.addVirtualDevice({ display_name: model, fw_ver: fwVer });
  const handle = factory.familyMade[0] as FamilyVirtualHandle;
  await setup?.(client, path);
  return { client, path, handle, transport: handle.transport };
}

const FAULTS: [string, LinkDirection, LinkFault][] = [
  ['cable pulled', 'toDevice', { kind: 'cut', power: 'kept' }],
  ['request lost', 'toDevice', { kind: 'drop' }],
  ['answer lost', 'toHost', { kind: 'drop' }],
  // These protocols carry no checksum (USB checks the bytes on the wire); a damaged answer is one whose command byte
  // is not the request's, which the link tells apart.
  ['answer damaged', 'toHost', { kind: 'damage', byte: 0 }],
];

const text = (v: unknown) => JSON.stringify(v);

/** Reports 1..n to fault: all of a short write; of a long one the first and last three and three between. */
function spread(n: number): number[] {
  if (n <= 9) return Array.from({ length: n }, (_, i) => i + 1);
  const between = [1, 2, 3].map((i) => 3 + Math.round((i * (n - 6)) / 4));
  return [...new Set([1, 2, 3, ...between, n - 2, n - 1, n])];
}

describe.each([
  ['HE60 (libhmk)', '1.7.0', LIBHMK],
  ['Keytune VIA 65', '12.0.0', VIA],
] as const)('%s writes under link faults', (model, fwVer, writes) => {
  it.each(writes.map((w) => [w.name, w] as const))(
    '%s: old or new state, or what did not take is said',
    async (_n, write) => {
      // A clean run: the states before and after, what the app reads in each, and how many reports the write takes.
      const clean = await rig(model, fwVer, write.setup);
      const before = text(clean.handle.save());
      const readBefore = text(await write.read(clean.client, clean.path));
      const sent = clean.transport.delivered;
      await write.run(clean.client, clean.path);
      const after = text(clean.handle.save());
      const readAfter = text(await write.read(clean.client, clean.path));
      expect(after).not.toBe(before);
      const reports = {
        toDevice: clean.transport.delivered.toDevice - sent.toDevice,
        toHost: clean.transport.delivered.toHost - sent.toHost,
      };
      expect(reports.toDevice).toBeGreaterThan(0);

      for (const [fault, direction, kind] of FAULTS) {
        for (const at of spread(reports[direction === 'toHost' ? 'toHost' : 'toDevice'])) {
          const r = await rig(model, fwVer, write.setup);
          r.transport.injectFault(direction, at, kind);
          const outcome = await write.run(r.client, r.path).then(
            () => ({ ok: true as const }),
            (e: unknown) => ({ ok: false as const, error: e as { message?: string; toastKey?: string } }),
          );
          const state = text(r.handle.save());
          const where = `${fault} at report ${at}`;
          if (outcome.ok) expect(state, where).toBe(after);
          else if (state !== before && state !== after) {
            // A partial write: the failure names what did not take.
            expect(outcome.error.toastKey, `${where}: ${outcome.error.message}`).toBe('err.family.not.taken');
          }
          const whole = state === before || state === after;
        if (whole && kind.kind !== 'cut' && !(write.unsaved && !outcome.ok)) {
            // The link is still there: what the app reads now is what the keyboard holds.
            const read = text(await write.read(r.client, r.path).catch(async () => write.read(r.client, r.path)));
            if (state === before) expect(read, where).toBe(readBefore);
            if (state === after) expect(read, where).toBe(readAfter);
          }
        }
      }
    },
    60_000,
  );
});
