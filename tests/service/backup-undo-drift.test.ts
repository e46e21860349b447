/**
 * Undo on a keyboard whose calibration moved by itself (auto-calibration): the measurement is the keyboard's, not a
 * person's change, so the undo is not refused as "changed elsewhere" and does not put the old calibration back.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/contract/client.ts';
import type { KeyboardBackup } from '../../src/core/backup/format.ts';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';

type Calibration = { state: number; keys: { min: number; max: number }[] };

/** The backup as if the keyboard had measured key 0 differently. */
function drifted(b: KeyboardBackup): KeyboardBackup {
  const copy = structuredClone(b);
  const calibration = copy.objects.calibration as Calibration;
  calibration.keys[0] = { min: calibration.keys[0]!.min + 7, max: calibration.keys[0]!.max - 9 };
  return copy;
}

describe('undo and the keyboard’s own calibration', () => {
  it('undoes a remap although the calibration moved since, and keeps the calibration the keyboard holds', async () => {
    const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
    const service = createDeviceService({ createVirtual: factory.create });
    const client = createClient(service);
    const path = await client.addVirtualDevice({ display_name: 'Made68Pro', fw_ver: '1.4.2' });
    const before = await client.getBackup({ path });
    expect(before.objects.calibration).toBeDefined();
    await client.setKeyInfo({ path, index: 0, select: [3], code: 0x3a });
    const after = await client.getBackup({ path });

    // The step was recorded against other measurements than the keyboard holds now.
    const result = await client.restoreBackup({
      path,
      backup: JSON.stringify(drifted(before)),
      expect: JSON.stringify(drifted(after)),
      reason: 'undo',
    });
    expect(result.applied.map((l) => l.id)).toEqual(['backup.keymap.cell']);
    const now = await client.getBackup({ path });
    expect(now.profiles).toEqual(before.profiles);
    expect(now.objects.calibration).toEqual(after.objects.calibration);
  });

  it('still refuses an undo when a person’s setting changed elsewhere', async () => {
    const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
    const service = createDeviceService({ createVirtual: factory.create });
    const client = createClient(service);
    const path = await client.addVirtualDevice({ display_name: 'Made68Pro', fw_ver: '1.4.2' });
    const before = await client.getBackup({ path });
    await client.setKeyInfo({ path, index: 0, select: [3], code: 0x3a });
    const after = await client.getBackup({ path });
    await client.setKeyInfo({ path, index: 0, select: [4], code: 0x3b });
    await expect(
      client.restoreBackup({ path, backup: JSON.stringify(before), expect: JSON.stringify(after), reason: 'undo' }),
    ).rejects.toMatchObject({ toastKey: 'backup.err.changed' });
  });
});
