/**
 * Virtual keyboards of other families: a simulator of the family's firmware behind a loopback link of the family's
 * report size, and the family that opens it. The same in every host (tests, the desktop bridge, the browser worker).
 *
 * A host keeps such a keyboard across restarts as it keeps ours: it saves the simulator's state after each change and
 * hands it back to `createFamilyVirtual`. The simulators have no flash-write event, so the handle watches their
 * traffic instead: a moment after a burst of reports (or a key press) it compares the state with the last one it told,
 * and tells only a real change. Reads cost one comparison per burst; nothing is written for them.
 */
import type { FamilyVirtualModel } from '../core/virtual-families.ts';
import { libhmkFamily } from '../drivers/libhmk/index.ts';
import type { DefinitionStore, DeviceFamily } from '../drivers/types.ts';
import { viaFamily } from '../drivers/via/index.ts';
import { createLibhmkSimulator, LIBHMK_SIM_IDS } from '../firmware/libhmk/index.ts';
import { createViaSimulator, KEYTUNE_VIA_65_DEFINITION, KEYTUNE_VIA_65_IDS } from '../firmware/via/index.ts';
import type { ReportEndpoint } from '../protocol/endpoint.ts';
import { LoopbackTransport } from '../transport/loopback.ts';
import type { LinkOptions, TransportInfo } from '../transport/types.ts';

/** What a host saves of a family virtual keyboard to bring it back: its family, its version and its simulator's state. */
export interface SavedFamilyState {
  family: FamilyVirtualModel['family'];
  version: string;
  state: unknown;
}

export interface FamilyVirtualHandle {
  family: DeviceFamily;
  transport: LoopbackTransport;
  /** Where the family finds keyboard definitions (the VIA keyboard's bundled one). */
  definitions?: DefinitionStore;
  /** The serial the host keeps it by (a VIA keyboard names none: its path ends with this one). */
  serial: string;
  pressKey(keyId: number, depthMm: number): Promise<void>;
  /** The simulator's saved state, to start from next time. */
  save(): unknown;
  /** Hears the state after each report that changed it, before that report's reply. */
  onChange(listener: (state: unknown) => void | Promise<unknown>): () => void;
  /** Tells a change not yet told at once (a host about to stop). */
  flush(): void;
  /** Hears that the link was closed: the service closes it when the keyboard is removed. */
  onClose(listener: () => void): void;
}

/** A definition store that knows one keyboard's definition (the bundled one of a virtual VIA keyboard). */
function oneDefinition(vendorId: number, productId: number, json: string): DefinitionStore {
  return {
    get: async (v, p) => (v === vendorId && p === productId ? json : undefined),
    put: async () => undefined,
  };
}

/** A loopback link that tells when the host closes it. */
class ClosingLoopback extends LoopbackTransport {
  readonly closed = new Set<() => void>();

  override async close(): Promise<void> {
    await super.close();
    for (const listener of [...this.closed.values()]) listener();
    this.closed.clear();
  }
}

/** The handle's parts that watch a simulator: its link, key presses and changes. */
function watched(
  sim: ReportEndpoint & { serialize(): unknown },
  info: Partial<TransportInfo>,
  link: LinkOptions,
  press: (keyId: number, depthMm: number) => void,
): Omit<FamilyVirtualHandle, 'family' | 'definitions' | 'serial'> {
  const listeners = new Set<(state: unknown) => void | Promise<unknown>>();
  let told = JSON.stringify(sim.serialize());
  // Checked after every report (well under a millisecond for these simulators), and the report's answer waits until
  // a listener's save has finished (IndexedDB in the browser): a reload or a closed tab right after a write whose
  // answer the page saw cannot lose it, as a keyboard answers once its flash holds the change.
  const touched = (): Promise<void> | undefined => {
    if (listeners.size === 0) return undefined;
    const state = sim.serialize();
    const text = JSON.stringify(state);
    if (text === told) return undefined;
    told = text;
    const saving = [...listeners].map((listener) => listener(state)).filter((r) => r instanceof Promise);
    return saving.length > 0
      ? Promise.all(saving).then(
          () => undefined,
          () => undefined,
        )
      : undefined;
  };
  const endpoint: ReportEndpoint = {
    receive: (report) => {
      const replies = sim.receive(report);
      if (replies instanceof Promise)
        return replies.then(async (r) => {
          await touched();
          return r;
        });
      const saving = touched();
      return saving ? saving.then(() => replies) : replies;
    },
    onReport: (listener) => sim.onReport(listener),
    linkReset: () => sim.linkReset?.(),
    powerCycle: () => sim.powerCycle?.(),
  };
  const transport = new ClosingLoopback(endpoint, info, link);
  return {
    transport,
    pressKey: async (keyId, depth) => {
      press(keyId, depth);
      // libhmk 1.4-1.6 write the thresholds to flash when every key is let go.
      await touched();
    },
    save: () => sim.serialize(),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush: () => void touched(),
    onClose: (listener) => transport.closed.add(listener),
  };
}

export function createFamilyVirtual(
  model: FamilyVirtualModel,
  version: string,
  link: LinkOptions,
  serial: string,
  state?: unknown,
): FamilyVirtualHandle {
  if (model.family === 'libhmk') {
    const [major, minor] = version.split('.').map(Number);
    const sim = createLibhmkSimulator({
      version: ((major ?? 1) << 8) | (minor ?? 7),
      serial: serial.padStart(24, '0').slice(-24),
      ...(state ? { state: state as never } : {}),
    });
    return {
      family: libhmkFamily,
      serial,
      ...watched(sim, { ...LIBHMK_SIM_IDS, reportBytes: 64 }, link, (keyId, depth) => sim.pressKey(keyId, depth)),
    };
  }
  const sim = createViaSimulator({ protocol: Number(version.split('.')[0]) || 12 });
  if (state) sim.restore(state as never);
  const cols = 15;
  return {
    family: viaFamily,
    serial,
    definitions: oneDefinition(KEYTUNE_VIA_65_IDS.vendorId, KEYTUNE_VIA_65_IDS.productId, KEYTUNE_VIA_65_DEFINITION),
    ...watched(sim, { ...KEYTUNE_VIA_65_IDS, reportBytes: 32 }, link, (keyId, depth) =>
      sim.pressKey(Math.floor(keyId / cols), keyId % cols, depth > 0),
    ),
  };
}
