/**
 * Two of the same VIA board (same vendor and product id, and VIA keyboards tell no serial number) plugged in side by
 * side: each gets a path of its own and both work; a change on one reaches only that one. A board that goes away frees
 * its path. A virtual VIA keyboard added again still takes the place of the one it repeats.
 */
import { describe, expect, it } from 'vitest';
import { viaFamily } from '../../src/drivers/via/index.ts';
import { createViaSimulator, KEYTUNE_VIA_65_DEFINITION, KEYTUNE_VIA_65_IDS } from '../../src/firmware/via/index.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';
import { memoryStore, VIA_KEY, viaService } from './via-harness.ts';

async function plugIn(service: ReturnType<typeof createDeviceService>) {
  const sim = createViaSimulator();
  const transport = new LoopbackTransport(sim, { ...KEYTUNE_VIA_65_IDS, reportBytes: 32 }, LINK_PRESETS.instant);
  await transport.open();
  const definitions = memoryStore({ [VIA_KEY]: KEYTUNE_VIA_65_DEFINITION });
  const entry = service.attachDriver(await viaFamily.open(transport, { definitions }), transport);
  return { sim, transport, path: entry.path };
}

describe('two VIA keyboards with the same vendor and product id', () => {
  it('are both listed, each on its own path, and a remap reaches only the one it was made on', async () => {
    const service = createDeviceService({ session: { timeoutMs: 300 } });
    const first = await plugIn(service);
    const second = await plugIn(service);
    expect(second.path).not.toBe(first.path);
    expect(service.deviceRecords().map((d) => d.path)).toEqual([first.path, second.path]);
    const before = first.sim.keycode(0, 0, 0);
    const args = ['--path', second.path, '--index', '0', '--select', '[0]', '--code', '5'];
    await service.call('dev_info', 'set_key_info', args);
    expect(second.sim.keycode(0, 0, 0)).toBe(0x05);
    expect(first.sim.keycode(0, 0, 0)).toBe(before);
    await expect(service.call('dev_info', 'get_key_value_info', ['--path', first.path])).resolves.toBeDefined();
  });

  it('a board that goes away frees its path for the next one', async () => {
    const service = createDeviceService({ session: { timeoutMs: 300 } });
    const first = await plugIn(service);
    const second = await plugIn(service);
    second.transport.disconnect();
    expect(service.deviceRecords().map((d) => d.path)).toEqual([first.path]);
    const again = await plugIn(service);
    expect(again.path).toBe(second.path);
  });

  it('a virtual VIA keyboard added again replaces the one it repeats', async () => {
    const v = await viaService({ definition: KEYTUNE_VIA_65_DEFINITION });
    const again = await v.client.addVirtualDevice({ display_name: 'Keytune VIA 65', fw_ver: '12.0.0' });
    expect(again).toBe(v.path);
    expect(v.service.deviceRecords()).toHaveLength(1);
  });
});
