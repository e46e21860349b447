/**
 * A firmware update never bricks: the link is cut at every report of a flash (every chunk, finish, the handshake
 * after it; the device keeping or losing its power), and the same update run again once the keyboard is back
 * completes and the keyboard runs the new version.
 */
import { describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { findModel } from '../../src/core/models.ts';
import { buildFirmwareImage } from '../../src/protocol/firmware-image.ts';
import type { LinkDirection, LinkPower } from '../../src/transport/types.ts';
import { makeHarness } from './harness.ts';

const MODEL = 'Made68Pro';
// 19 chunks: a full window of 16 and a short one.
const IMAGE = buildFirmwareImage(findModel(MODEL)!.modelId, '10.4.2', 1000);
const MG = JSON.stringify([{ name: 'made68pro.mg', data: Buffer.from(IMAGE).toString('base64') }]);

async function setup() {
  const h = makeHarness();
  const path = await h.add(MODEL);
  const flash = () => h.service.call('dev_info', 'run_other_func', ['--path', path, '--cmd', 'flash', '--mg', MG]);
  const reattach = async () => {
    const transport = h.transportOf();
    transport.reconnect();
    await h.service.attach(transport, { virtual: true });
  };
  return { ...h, path, flash, reattach };
}

interface Cut {
  direction: LinkDirection;
  at: number;
  power: LinkPower;
}

describe('a flash cut at any report', () => {
  it('is told in words, and the same flash run again completes', async () => {
    const ref = await setup();
    const start = ref.transportOf().delivered;
    await ref.flash();
    const end = ref.transportOf().delivered;
    expect(ref.keyboardOf().firmwareVersion).toBe('V10.4.2');

    const cuts: Cut[] = [];
    for (const direction of ['toDevice', 'toHost'] as const)
      for (let at = 1; at <= end[direction] - start[direction]; at++)
        for (const power of ['kept', 'lost'] as const) cuts.push({ direction, at, power });

    const failures: string[] = [];
    for (const cut of cuts) {
      const h = await setup();
      const where = `${cut.direction} ${cut.at} (${cut.power})`;
      h.transportOf().injectFault(cut.direction, cut.at, { kind: 'cut', power: cut.power });
      const first = await h.flash().then(
        () => undefined,
        (e: unknown) => e,
      );
      const key = first instanceof BridgeCallError ? first.toastKey : String(first);
      const progress = h.last('dev_update') as { error: number } | undefined;
      if (!['err.fw.flash.interrupted', 'err.fw.flash.no.answer'].includes(key) || progress?.error !== 1) {
        failures.push(`${where}: the cut flash said ${key}`);
        continue;
      }
      await h.reattach();
      const again = await h.flash().then(
        (answer) => (answer as { fw_ver: string }).fw_ver,
        (e: unknown) => (e instanceof BridgeCallError ? `${e.toastKey} ${e.message}` : String(e)),
      );
      const kb = h.keyboardOf();
      if (again !== 'V10.4.2' || kb.firmwareVersion !== 'V10.4.2' || kb.inspect().bootloader)
        failures.push(`${where}: the retry gave ${again}, the keyboard runs ${kb.firmwareVersion}`);
    }
    console.log(`flash-cuts: cases=${cuts.length} failures=${failures.length}`);
    expect(failures).toEqual([]);
    expect(cuts.length).toBeGreaterThan(40);
  });
});
