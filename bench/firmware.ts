/**
 * Firmware update speed of a virtual made84ultra over the USB loopback link (1 report per ms each way): a full-size
 * image (240 KiB) from begin to the verified finish, against the most the link can carry, 56 image bytes per report
 * (FIRMWARE_CHUNK, MAX_DATA). The whole update, configuration backup, restore and comparison included, is printed
 * beside it.
 */
import { findModel } from '../src/core/models.ts';
import { CMD, SUB } from '../src/protocol/commands.ts';
import { buildFirmwareImage, FIRMWARE_HEADER_SIZE } from '../src/protocol/firmware-image.ts';
import { decodeFrame, MAX_DATA, subId } from '../src/protocol/frame.ts';
import { LINK_PRESETS } from '../src/transport/types.ts';
import { made84ultraOnUsbLink, type Metric } from './metric.ts';

const IMAGE_BYTES = 240 * 1024;
/** What the USB loopback link carries at most: one report of 56 data bytes per interval. */
const LINK_BYTES_PER_S = (MAX_DATA * 1000) / LINK_PRESETS.usb.reportIntervalMs;

export async function firmwareMetrics(): Promise<Metric[]> {
  const { service, path, device } = await made84ultraOnUsbLink();
  const image = buildFirmwareImage(findModel('made84ultra')!.modelId, '7.0.0', IMAGE_BYTES - FIRMWARE_HEADER_SIZE);
  const mg = JSON.stringify([{ name: 'made84ultra.mg', data: Buffer.from(image).toString('base64') }]);
  const transport = device.session.transport;
  let begun = 0;
  let finished = 0;
  const send = transport.send.bind(transport);
  transport.send = async (report: Uint8Array) => {
    const f = decodeFrame(report);
    if (f.cmd === CMD.firmware && subId(f.sub) === SUB.firmware.begin && begun === 0) begun = performance.now();
    return send(report);
  };
  const stop = transport.onReport((report) => {
    const f = decodeFrame(report);
    if (f.cmd === CMD.firmware && subId(f.sub) === SUB.firmware.finish) finished = performance.now();
  });
  const t0 = performance.now();
  await service.call('dev_info', 'run_other_func', ['--path', path, '--cmd', 'flash', '--mg', mg]);
  const total = performance.now() - t0;
  stop();
  transport.send = send;
  await service.removeDevice(path);
  const bytesPerS = image.length / ((finished - begun) / 1000);
  return [
    { name: 'flash_image_bytes_per_s', value: Math.round(bytesPerS), unit: 'bytes/s' },
    { name: 'flash_link_limit_bytes_per_s', value: LINK_BYTES_PER_S, unit: 'bytes/s' },
    { name: 'flash_throughput_ratio', value: bytesPerS / LINK_BYTES_PER_S, unit: 'ratio', floor: 0.9 },
    { name: 'flash_update_total_ms', value: Math.round(total), unit: 'ms' },
  ];
}
