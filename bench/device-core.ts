/**
 * Full-configuration read of a virtual made84ultra over the loopback link at 1 ms per report, compared with the
 * physical minimum (bytes / 56 reports) and with the same bytes read the way VIA does (one round trip per 28 bytes).
 */
import { CMD, SUB } from '../src/protocol/commands.ts';
import { decodeFrame, isWrite, MAX_DATA } from '../src/protocol/frame.ts';
import { findObject, OBJECTS, type ObjectName } from '../src/protocol/registry.ts';
import type { KeytuneDevice } from '../src/service/context.ts';
import { made84ultraOnUsbLink, type Metric } from './metric.ts';

const VIA_CHUNK = 28;

async function fullRead(): Promise<{
  metrics: Metric[];
  reads: { name: ObjectName; offset: number; length: number }[];
}> {
  const { service, path, device } = await made84ultraOnUsbLink();
  // Count from a fresh link: the handshake is part of "device info", so it is read again inside the measurement.
  const session = device.session;
  const reads: { name: ObjectName; offset: number; length: number }[] = [];
  const before = { ...session.stats };
  const origSend = session.transport.send.bind(session.transport);
  session.transport.send = async (report: Uint8Array) => {
    const f = decodeFrame(report);
    if (f.cmd === CMD.system && f.sub === SUB.system.multiRead) {
      for (let i = 0; i < f.data[0]!; i++) {
        const name = findObject(f.data[1 + i * 2]!, f.data[2 + i * 2]!);
        if (name && device.descriptor && OBJECTS[name].size(device.descriptor) > 0)
          reads.push({ name, offset: 0, length: 0xffff });
      }
    } else {
      const name = findObject(f.cmd, f.sub & 0x3f);
      if (!isWrite(f.sub) && name) reads.push({ name, offset: f.offset, length: f.data[0]! | (f.data[1]! << 8) });
    }
    return origSend(report);
  };
  const t0 = performance.now();
  await session.readObject('descriptor');
  // get_key_value_info carries the whole configuration: 4 layers, function lists, colours, performance of every key.
  await service.call('dev_info', 'get_key_value_info', ['--path', path]);
  const ms = performance.now() - t0;
  session.transport.send = origSend;
  const bytes = session.stats.dataBytesReceived - before.dataBytesReceived;
  const reports =
    session.stats.reportsSent - before.reportsSent + (session.stats.reportsReceived - before.reportsReceived);
  const minReports = Math.ceil(bytes / MAX_DATA);
  await service.removeDevice(path);
  return {
    reads,
    metrics: [
      { name: 'full_config_read_bytes', value: bytes, unit: 'bytes' },
      { name: 'full_config_read_reports', value: reports, unit: 'reports' },
      { name: 'full_config_read_reports_ratio', value: reports / minReports, unit: 'ratio', limit: 1.15 },
      { name: 'full_config_read_min_ms', value: minReports, unit: 'ms' },
      { name: 'full_config_read_ms_1ms_link', value: ms, unit: 'ms', limit: minReports * 1.2 },
    ],
  };
}

/** The same objects read 28 bytes per round trip, as VIA reads a keymap. */
async function viaStyleRead(reads: { name: ObjectName; offset: number; length: number }[]): Promise<Metric[]> {
  const { service, path, device } = await made84ultraOnUsbLink();
  const t0 = performance.now();
  for (const r of reads) {
    const total =
      r.length === 0xffff ? (device.session.descriptor ? objectSize(device, r.name) - r.offset : 0) : r.length;
    for (let at = 0; at < total; at += VIA_CHUNK)
      await device.session.readObject(r.name, r.offset + at, Math.min(VIA_CHUNK, total - at));
  }
  const ms = performance.now() - t0;
  await service.removeDevice(path);
  return [{ name: 'via_style_read_ms_1ms_link', value: ms, unit: 'ms' }];
}

function objectSize(device: KeytuneDevice, name: ObjectName): number {
  return OBJECTS[name].size(device.descriptor);
}

const RUNS = 7;

/** Median of several runs on fresh keyboards: the first run also pays for compiling the code paths. */
export async function deviceCoreMetrics(): Promise<Metric[]> {
  const runs: Awaited<ReturnType<typeof fullRead>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await fullRead());
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const last = runs[runs.length - 1]!;
  const metrics = last.metrics.map((m) =>
    m.name === 'full_config_read_ms_1ms_link'
      ? { ...m, value: median(runs.map((r) => r.metrics.find((x) => x.name === m.name)!.value)) }
      : m,
  );
  const via: Metric[][] = [];
  for (let i = 0; i < 3; i++) via.push(await viaStyleRead(last.reads));
  return [...metrics, { ...via[0]![0]!, value: median(via.map((v) => v[0]!.value)) }];
}
