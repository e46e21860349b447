/**
 * A device service with one virtual VIA keyboard (the simulator behind an instant loopback link) whose definition
 * store the test chooses: empty (the keyboard opens without a definition), the bundled definition, or another one.
 * Other display names get the usual virtual keyboards, so a keyboard of our own protocol can sit beside it.
 */
import { EVENT_NAMES, type EventName } from '../../src/contract/bridge.ts';
import { createClient } from '../../src/contract/client.ts';
import type { DefinitionStore } from '../../src/drivers/types.ts';
import { viaFamily } from '../../src/drivers/via/index.ts';
import {
  createViaSimulator,
  KEYTUNE_VIA_65_DEFINITION,
  KEYTUNE_VIA_65_IDS,
  type ViaSimulator,
  type ViaSimulatorImage,
  type ViaSimulatorOptions,
} from '../../src/firmware/via/index.ts';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { createDeviceService } from '../../src/service/index.ts';
import type { VirtualDeviceHandle } from '../../src/service/service.ts';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';

export const VIA_KEY = `${KEYTUNE_VIA_65_IDS.vendorId}:${KEYTUNE_VIA_65_IDS.productId}`;

export function memoryStore(initial: Record<string, string> = {}): DefinitionStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    get: async (v, p) => data[`${v}:${p}`],
    put: async (v, p, json) => {
      data[`${v}:${p}`] = json;
    },
  };
}

/** The bundled definition changed by `edit` (its menus, ids, matrix), as JSON text. */
export function definitionWith(edit: (def: Record<string, unknown>) => void): string {
  const def = JSON.parse(KEYTUNE_VIA_65_DEFINITION) as Record<string, unknown>;
  edit(def);
  return JSON.stringify(def);
}

/**
 * The bundled definition with menus of its own: every kind of control, bound to the simulator's RGB matrix values
 * (channel 3, the only channel it keeps) so values round-trip, and one control on a channel it does not answer.
 */
export const MENU_DEFINITION = definitionWith((def) => {
  def['menus'] = [
    'qmk_rgb_matrix',
    {
      label: 'Extras',
      content: [
        {
          label: 'Glow',
          content: [
            { label: 'Glow on', type: 'toggle', content: ['id_glow_on', 3, 2] },
            { label: 'Glow level', type: 'range', options: [0, 200], content: ['id_glow_level', 3, 1] },
            {
              label: 'Glow pattern',
              type: 'dropdown',
              options: ['Off', 'Solid', 'Alphas'],
              content: ['id_glow_pattern', 3, 2],
            },
            { label: 'Glow colour', type: 'color', content: ['id_glow_colour', 3, 4] },
            { label: 'Tap key', type: 'keycode', content: ['id_tap_key', 3, 4] },
          ],
        },
        { label: 'Secret', type: 'toggle', content: ['id_secret', 0, 1] },
      ],
    },
  ];
});

export interface ViaSetup {
  /** The stored definition: undefined for none. */
  definition?: string;
  sim?: ViaSimulatorOptions;
  /** What the keyboard holds when it opens (a saved simulator image). */
  image?: ViaSimulatorImage;
  timeoutMs?: number;
}

export async function viaService(setup: ViaSetup = {}) {
  const store = memoryStore(setup.definition === undefined ? {} : { [VIA_KEY]: setup.definition });
  const others = loopbackVirtualFactory(LINK_PRESETS.instant);
  const sims: { sim: ViaSimulator; transport: LoopbackTransport }[] = [];
  const createVirtual = async (o: { displayName: string; fwVer: string }): Promise<VirtualDeviceHandle> => {
    if (o.displayName !== 'Keytune VIA 65') return others.create(o);
    const sim = createViaSimulator({ protocol: Number(o.fwVer.split('.')[0]), ...setup.sim });
    if (setup.image) sim.restore(setup.image);
    const transport = new LoopbackTransport(sim, { ...KEYTUNE_VIA_65_IDS, reportBytes: 32 }, LINK_PRESETS.instant);
    sims.push({ sim, transport });
    return {
      family: viaFamily,
      transport,
      definitions: store,
      pressKey: async (keyId, depth) => sim.pressKey(Math.floor(keyId / 15), keyId % 15, depth > 0),
    };
  };
  const service = createDeviceService({ createVirtual, session: { timeoutMs: setup.timeoutMs ?? 300 } });
  const events: { event: EventName; payload: unknown }[] = [];
  for (const event of EVENT_NAMES) service.on(event, (payload) => events.push({ event, payload }));
  const client = createClient(service);
  const path = await client.addVirtualDevice({ display_name: 'Keytune VIA 65', fw_ver: '12.0.0' });
  const record = () => service.deviceRecords().find((d) => d.path === path)!;
  return { service, client, path, store, events, record, sim: sims[0]!.sim, transport: sims[0]!.transport, sims };
}

/** The refusal a call ended with: its toast key and arguments. */
export async function refusal(p: Promise<unknown>): Promise<{ key: string; args: readonly string[] }> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!e || typeof e !== 'object' || !('toastKey' in e)) throw new Error(`expected a refusal, got ${String(e)}`);
  const error = e as { toastKey: string; args: readonly string[] };
  return { key: error.toastKey, args: error.args };
}
