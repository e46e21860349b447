/**
 * Bulk edits on the wire: one key code assigned to all 84 keys of a made84ultra over the 1 ms loopback link. The
 * physical minimum is one report (a masked write names any set of keys in one frame).
 */
import { made84ultraOnUsbLink, type Metric } from './metric.ts';

async function assignAll(): Promise<{ sent: number; ms: number }> {
  const { service, path, device } = await made84ultraOnUsbLink();
  await service.call('dev_info', 'get_key_value_info', ['--path', path]);
  const keys = Array.from({ length: device.descriptor.keyCount }, (_, i) => i);
  const before = device.session.stats.reportsSent;
  const t0 = performance.now();
  await service.call('dev_info', 'set_key_info', [
    '--path',
    path,
    '--index',
    '0',
    '--select',
    JSON.stringify(keys),
    '--code',
    '4',
  ]);
  const ms = performance.now() - t0;
  const sent = device.session.stats.reportsSent - before;
  const check = (await service.call('dev_info', 'get_key_value_info', ['--path', path])) as { keycodes: number[][] };
  if (!check.keycodes[0]!.every((c) => c === 4)) throw new Error('the bulk assignment did not reach every key');
  await service.removeDevice(path);
  return { sent, ms };
}

export async function keymapMetrics(): Promise<Metric[]> {
  const runs: { sent: number; ms: number }[] = [];
  for (let i = 0; i < 5; i++) runs.push(await assignAll());
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b)[2]!;
  const sent = runs[runs.length - 1]!.sent;
  return [
    { name: 'bulk_assign_all_keys_reports_ratio', value: sent / 1, unit: 'ratio', limit: 1.15 },
    { name: 'bulk_assign_all_keys_ms_1ms_link', value: ms, unit: 'ms' },
  ];
}
