/**
 * Two of the same VIA board (same vendor and product id, and VIA keyboards tell no serial number) plugged in side by
 * side: each gets a path of its own and both work; a change on one reaches only that one. A board that goes away and
 * comes back takes a free path again.
 */
import { describe, expect, it } from 'vitest';
import { KEYTUNE_VIA_65_DEFINITION } from '../../src/firmware/via/index.ts';
import { viaService } from './via-harness.ts';

describe('two VIA keyboards with the same vendor and product id', () => {
  it('are both listed, each on its own path, and a remap reaches only the one it was made on', async () => {
    const v = await viaService({ definition: KEYTUNE_VIA_65_DEFINITION });
    const second = await v.client.addVirtualDevice({ display_name: 'Keytune VIA 65', fw_ver: '12.0.0' });
    expect(second).not.toBe(v.path);
    const paths = v.service.deviceRecords().map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining([v.path, second]));
    expect(paths).toHaveLength(2);
    const [first, other] = v.sims;
    const before = first!.sim.keycode(0, 0, 0);
    await v.service.call('dev_info', 'set_key_info', [
      '--path',
      second,
      '--index',
      '0',
      '--select',
      '[0]',
      '--code',
      '5',
    ]);
    expect(other!.sim.keycode(0, 0, 0)).toBe(0x05);
    expect(first!.sim.keycode(0, 0, 0)).toBe(before);
    // The first still answers.
    await expect(v.service.call('dev_info', 'get_key_value_info', ['--path', v.path])).resolves.toBeDefined();
  });

  it('a board that goes away frees its path for the next one', async () => {
    const v = await viaService({ definition: KEYTUNE_VIA_65_DEFINITION });
    const second = await v.client.addVirtualDevice({ display_name: 'Keytune VIA 65', fw_ver: '12.0.0' });
    v.sims[1]!.transport.disconnect();
    expect(v.service.deviceRecords().map((d) => d.path)).toEqual([v.path]);
    const again = await v.client.addVirtualDevice({ display_name: 'Keytune VIA 65', fw_ver: '12.0.0' });
    expect(again).toBe(second);
    expect(v.service.deviceRecords()).toHaveLength(2);
  });
});
