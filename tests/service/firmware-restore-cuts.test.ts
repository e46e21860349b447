/**
 * The restore after an update is one change: the link is cut (the keyboard keeping or losing its power) at every
 * report the restore receives and at every step of what it sends (see restoreCuts), and the keyboard then holds either the whole configuration of the backup or
 * the factory state the new firmware started from, never part of one and part of the other. Run again, the restore
 * completes it.
 */
import { describe, expect, it } from 'vitest';
import { buildFirmwareImage } from '../../src/protocol/firmware-image.ts';
import { decodeFrame, hasMore } from '../../src/protocol/frame.ts';
import { backupConfig, restoreConfig, type ConfigBackup } from '../../src/service/config-backup.ts';
import type { LoopbackTransport } from '../../src/transport/loopback.ts';
import type { LinkDirection, LinkPower } from '../../src/transport/types.ts';
import { configOf, customised, mgOf, MODEL, MODEL_ID, tapSteps } from './flash-tap.ts';
import { makeHarness } from './harness.ts';

const NEW_FW = '10.0.0';

/** A keyboard on the new firmware in its factory state, attached to a service, ready for the restore. */
async function factoryKeyboard() {
  const h = makeHarness();
  await h.add(MODEL, NEW_FW);
  const transport = h.transportOf();
  return {
    h,
    kb: h.keyboardOf(),
    transport,
    entry: () => h.service.devices()[0]!,
    reattach: async () => {
      transport.reconnect();
      await h.service.attach(transport, { virtual: true });
    },
  };
}

/** The backup of a customised keyboard and the configuration it holds. */
async function customisedBackup(): Promise<{ backup: ConfigBackup; config: string }> {
  const h = await customised();
  return { backup: await backupConfig(h.service.devices()[0]!), config: configOf(h.kb) };
}

/**
 * Where to cut, counted on a keyboard that takes the whole restore: every report it receives (the answers), and of
 * the reports sent, the first and last frame of every write stream and command, and every 8th frame inside a long
 * stream (a cut anywhere inside one stream leaves the device in the same place: the stream is dropped).
 */
async function restoreCuts(backup: ConfigBackup): Promise<Record<'toDevice' | 'toHost', number[]>> {
  const k = await factoryKeyboard();
  const sent: boolean[] = [];
  const send = k.transport.send.bind(k.transport);
  k.transport.send = async (report: Uint8Array) => {
    sent.push(hasMore(decodeFrame(report).sub));
    return send(report);
  };
  const before = k.transport.delivered.toHost;
  await restoreConfig(k.entry(), backup);
  const received = k.transport.delivered.toHost - before;
  return {
    toDevice: sent.flatMap((more, i) => (!more || i === 0 || !sent[i - 1] || (i + 1) % 8 === 0 ? [i + 1] : [])),
    toHost: Array.from({ length: received }, (_, i) => i + 1),
  };
}

describe('a restore cut at every report', () => {
  it('leaves the whole backup or the factory state, and completes when run again', async () => {
    const { backup, config } = await customisedBackup();
    const factory = configOf((await factoryKeyboard()).kb);
    expect(factory).not.toBe(config);
    const cuts = await restoreCuts(backup);
    expect(cuts.toDevice.length).toBeGreaterThan(100);

    const failures: string[] = [];
    let cases = 0;
    const outcomes = { restored: 0, factory: 0 };
    for (const direction of ['toDevice', 'toHost'] as const satisfies LinkDirection[]) {
      for (const at of cuts[direction]) {
        const power: LinkPower = at % 2 ? 'kept' : 'lost';
        const where = `${direction} ${at} (${power})`;
        const k = await factoryKeyboard();
        k.transport.injectFault(direction, at, { kind: 'cut', power });
        // A cut after the commit's answer (a read the committed calibration's notification starts) leaves it done.
        await restoreConfig(k.entry(), backup).catch(() => undefined);
        cases++;
        const held = configOf(k.kb);
        if (held === config) outcomes.restored++;
        else if (held === factory) outcomes.factory++;
        else failures.push(`${where}: the keyboard holds part of the backup`);
        // Run again (on a spread of the cuts: a restore costs hundreds of reports), the restore completes.
        if (cases % 25 === 1) {
          await k.reattach();
          await restoreConfig(k.entry(), backup).catch((e: unknown) => failures.push(`${where}: again, ${String(e)}`));
          if (configOf(k.kb) !== config) failures.push(`${where}: run again, the restore did not complete`);
        }
        if (failures.length > 5) break;
      }
    }
    console.log(
      `restore-cuts: cases=${cases} failures=${failures.length} (restored ${outcomes.restored}, factory ${outcomes.factory})`,
    );
    expect(failures).toEqual([]);
    expect(cases).toBe(cuts.toDevice.length + cuts.toHost.length);
  }, 120_000);
});

describe('an update cut while it puts the settings back', () => {
  it('leaves the backup or the factory state, and the service finishes the restore once the keyboard is back', async () => {
    const image = buildFirmwareImage(MODEL_ID, NEW_FW, 2000);
    const ref = await customised();
    const config = configOf(ref.kb);
    const tap = tapSteps(ref.transportOf() as LoopbackTransport);
    await ref.flash(mgOf(image));
    const { toDevice, toHost } = tap.steps();
    const positions = (steps: readonly string[]) => steps.flatMap((s, i) => (s === 'restore' ? [i + 1] : []));
    const factory = configOf((await factoryKeyboard()).kb);

    // A spread of the restore's reports in each direction, with its first and last.
    const sample = (at: number[]) => at.filter((_, i) => i === 0 || i === at.length - 1 || i % 97 === 0);
    const cuts = [
      ...sample(positions(toDevice)).map((at) => ({ direction: 'toDevice' as const, at })),
      ...sample(positions(toHost)).map((at) => ({ direction: 'toHost' as const, at })),
    ];
    const failures: string[] = [];
    for (const [i, cut] of cuts.entries()) {
      const power: LinkPower = i % 2 ? 'lost' : 'kept';
      const where = `${cut.direction} ${cut.at} (${power})`;
      const h = await customised();
      (h.transportOf() as LoopbackTransport).injectFault(cut.direction, cut.at, { kind: 'cut', power });
      await h.flash(mgOf(image)).catch(() => undefined);
      const held = configOf(h.kb);
      if (held !== config && held !== factory) failures.push(`${where}: the keyboard holds part of the backup`);
      await h.reattach();
      // The service puts the backup back on its own, in the keyboard's call queue.
      await h.service.afterCalls(h.path, async () => undefined);
      if (configOf(h.kb) !== config) failures.push(`${where}: the configuration was not put back`);
    }
    console.log(`restore-cuts: flash cases=${cuts.length} failures=${failures.length}`);
    expect(failures).toEqual([]);
  }, 120_000);
});
