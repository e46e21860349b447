/**
 * Full-configuration read of a virtual made84ultra over the loopback link at 1 ms per report, compared with the
 * physical minimum (bytes / 56 reports) and with the same bytes read the way VIA does (one round trip per 28 bytes).
 */
import { loopbackVirtualFactory } from '../src/host/virtual-loopback.ts';
import { decodeFrame, isWrite, MAX_DATA } from '../src/protocol/frame.ts';
import { createDeviceService } from '../src/service/index.ts';
import { LINK_PRESETS } from '../src/transport/types.ts';
import { findObject, OBJECTS, type ObjectName } from '../src/protocol/registry.ts';
import type { DeviceEntry } from '../src/service/context.ts';
import type { Metric } from './metric.ts';

const VIA_CHUNK = 28;

async function fullRead(): Promise<{
  metrics: Metric[];
  reads: { name: ObjectName; offset: number; length: number }[];
}> {
  const factory = loopbackVirtualFactory(LINK_PRESETS.usb);
  const service = createDeviceService({ createVirtual: factory.create });
  const path = (await service.call('app_info', 'add_virtual_device', [
    '--display_name',
    'made84ultra',
    '--fw_ver',
    '6.2.0',
  ])) as string;
  const device = service.devices().find((d) => d.path === path)!;
  // Count from a fresh link: the handshake is part of "device info", so it is read again inside the measurement.
  const session = device.session;
  const reads: { name: ObjectName; offset: number; length: number }[] = [];
  const before = { ...session.stats };
  const origSend = session.transport.send.bind(session.transport);
  session.transport.send = async (report: Uint8Array) => {
    const f = decodeFrame(report);
    const name = findObject(f.cmd, f.sub & 0x3f);
    if (!isWrite(f.sub) && name) reads.push({ name, offset: f.offset, length: f.data[0]! | (f.data[1]! << 8) });
    return origSend(report);
  };
  const t0 = performance.now();
  await session.readObject('descriptor');
  await service.call('dev_info', 'get_key_value_info', ['--path', path]);
  await service.call('dev_info', 'get_key_func_info', ['--path', path]);
  await service.call('dev_info', 'get_key_color_info', ['--path', path]);
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
  const factory = loopbackVirtualFactory(LINK_PRESETS.usb);
  const service = createDeviceService({ createVirtual: factory.create });
  const path = (await service.call('app_info', 'add_virtual_device', [
    '--display_name',
    'made84ultra',
    '--fw_ver',
    '6.2.0',
  ])) as string;
  const device = service.devices().find((d) => d.path === path)!;
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

function objectSize(device: DeviceEntry, name: ObjectName): number {
  return OBJECTS[name].size(device.descriptor);
}

export async function deviceCoreMetrics(): Promise<Metric[]> {
  const { metrics, reads } = await fullRead();
  return [...metrics, ...(await viaStyleRead(reads))];
}
