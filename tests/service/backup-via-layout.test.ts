/** A restore that changes a VIA keyboard's layout options redraws its record, as choosing the option does. */
import { describe, expect, it } from 'vitest';
import { KEYTUNE_VIA_65_DEFINITION } from '../../src/firmware/via/index.ts';
import { viaService } from './via-harness.ts';

describe('restoring VIA layout options', () => {
  it('draws the keyboard with the restored choice', async () => {
    const { client, path, record, sim } = await viaService({ definition: KEYTUNE_VIA_65_DEFINITION });
    const splitKey = 2 * 15 + 13;
    const plain = await client.getBackup({ path });
    await client.viaSetLayoutOptions({ path, choices: [1] });
    const split = await client.getBackup({ path });
    expect(split.objects.layoutOptions).toBe(1);
    await client.restoreBackup({ path, backup: JSON.stringify(plain) });
    expect(sim.serialize().layoutOptions).toBe(0);
    expect(record().layout!.keys.some((k) => k.id === splitKey)).toBe(false);
    await client.restoreBackup({ path, backup: JSON.stringify(split) });
    expect(record().layout!.keys.filter((k) => k.id === splitKey)).toHaveLength(1);
  });
});
