/**
 * Two VIA keyboards of the same board (same vendor and product id, and VIA names no serial) plugged in at once, as a
 * host attaches them: two devices side by side, each with its own key map; unplugging one leaves the other working,
 * and the one plugged back comes back as itself.
 */
import { createClient } from '../../src/contract/client';
import { viaFamily } from '../../src/drivers/via/index';
import { createViaSimulator, KEYTUNE_VIA_65_DEFINITION, KEYTUNE_VIA_65_IDS } from '../../src/firmware/via/index';
import { createDeviceService } from '../../src/service/index';
import { LoopbackTransport } from '../../src/transport/loopback';
import { LINK_PRESETS } from '../../src/transport/types';
import { memoryStore, VIA_KEY } from './via-harness';

describe('two of the same VIA board', () => {
  it('are two devices, each keeping its own key map, and unplugging one leaves the other', async () => {
    const service = createDeviceService({ session: { timeoutMs: 300, readRetries: 1 } });
    const client = createClient(service);
    const definitions = memoryStore({ [VIA_KEY]: KEYTUNE_VIA_65_DEFINITION });
    const plug = async () => {
      const sim = createViaSimulator({ protocol: 12 });
      const transport = new LoopbackTransport(
        sim,
        { ...KEYTUNE_VIA_65_IDS, reportBytes: 32, kind: 'webhid' },
        LINK_PRESETS.instant,
      );
      await transport.open();
      const driver = await viaFamily.open(transport, { ...service.linkOptions(), definitions });
      return { sim, transport, path: service.attachDriver(driver, transport).path };
    };
    const a = await plug();
    const b = await plug();
    expect(a.path).not.toBe(b.path);
    expect((await client.getDevList()).map((d) => d.path)).toEqual(expect.arrayContaining([a.path, b.path]));

    await client.setKeyInfo({ path: a.path, index: 0, select: [17], code: 5 });
    await client.setKeyInfo({ path: b.path, index: 0, select: [17], code: 6 });
    const held = async (path: string) => (await client.getKeyValueInfo({ path })).keycodes[0]![17];
    expect(await held(a.path)).toBe(5);
    expect(await held(b.path)).toBe(6);

    a.transport.disconnect();
    await vi.waitFor(async () => expect((await client.getDevList()).map((d) => d.path)).toEqual([b.path]));
    await client.setKeyInfo({ path: b.path, index: 0, select: [18], code: 7 });
    expect((await client.getKeyValueInfo({ path: b.path })).keycodes[0]![18]).toBe(7);

    // Plugged back in: the board comes back with what it holds, beside the other.
    a.transport.reconnect();
    await a.transport.open();
    const again = service.attachDriver(
      await viaFamily.open(a.transport, { ...service.linkOptions(), definitions }),
      a.transport,
    ).path;
    expect(again).not.toBe(b.path);
    expect(await held(again)).toBe(5);
    expect(await held(b.path)).toBe(6);
  });
});
