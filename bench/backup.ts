/**
 * Whole-keyboard backups and undo, on the made84ultra over the 1 ms loopback link (the keyboard every link metric
 * uses). The undo history reads the whole keyboard after each change a person makes, so that read must stay small:
 * - backup_read_after_change_ms: getBackup after one remap (the read the history does after each step), median of 7;
 * - undo_remap_ms: one undo of a remap (restoreBackup with expect: the keyboard read, checked, one transaction),
 *   median of 7;
 * - backup_diff_all_keys_ms: the diff of two backups in which every key of every layer of every theme differs,
 *   named with the device's layout and code space (what a restore dialog shows), median of 7.
 */
import { createClient } from '../src/contract/client.ts';
import { diffBackups } from '../src/core/backup/diff.ts';
import { namesOf } from '../src/core/backup/names.ts';
import { made84ultraOnUsbLink, type Metric } from './metric.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const RUNS = 7;

export async function backupMetrics(): Promise<Metric[]> {
  const { service, path, device } = await made84ultraOnUsbLink();
  const client = createClient(service);
  await client.getBackup({ path });

  const reads: number[] = [];
  const undos: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = await client.getBackup({ path });
    await client.setKeyInfo({ path, index: 0, select: [i + 1], code: 0x68 + i });
    let t = performance.now();
    const after = await client.getBackup({ path });
    reads.push(performance.now() - t);
    t = performance.now();
    const undo = await client.restoreBackup({
      path,
      backup: JSON.stringify(before),
      expect: JSON.stringify(after),
      reason: 'undo',
    });
    undos.push(performance.now() - t);
    if (undo.applied.length !== 1) throw new Error(`the undo applied ${undo.applied.length} changes, not 1`);
  }

  const from = await client.getBackup({ path });
  const to = structuredClone(from);
  for (const profile of to.profiles) for (const layer of profile.keymap ?? []) layer.fill(0x04);
  const names = namesOf(device.record);
  const diffs: number[] = [];
  let lines = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    lines = diffBackups(from, to, names).length;
    diffs.push(performance.now() - t);
  }
  if (lines < 100) throw new Error(`the diff of every key has only ${lines} lines`);
  await service.removeDevice(path);
  return [
    { name: 'backup_read_after_change_ms', value: median(reads), unit: 'ms', limit: 100 },
    { name: 'undo_remap_ms', value: median(undos), unit: 'ms', limit: 250 },
    { name: 'backup_diff_all_keys_ms', value: median(diffs), unit: 'ms', limit: 100 },
  ];
}
