/**
 * Key colours on the wire: every key of a made84ultra coloured over the 1 ms loopback link, reports sent over the
 * minimum for the bytes the write carries (bytes / 56 reports, at least one).
 *
 * `set_led_info --select <every key> --rgba <colour>` is one masked write (colour, key mask): the bulk line.
 * `set_led_info --key_colors [{ key, rgba }, …]` with a different colour on every key is one streamed write of the
 * colours object (3 bytes per key): `distinct_colour_all_keys_reports_ratio`, budget 1.15 like the bulk line.
 */
import { CMD, SUB } from '../src/protocol/commands.ts';
import { decodeFrame, isWrite, MAX_DATA } from '../src/protocol/frame.ts';
import { RgbLayout } from '../src/protocol/objects.ts';
import { decodeList } from '../src/protocol/struct.ts';
import { rgbToHex, type ColourInfoPayload } from '../src/service/convert/lighting.ts';
import { made84ultraOnUsbLink, type Metric } from './metric.ts';

interface Run {
  sent: number;
  /** Data bytes of the colour writes. */
  bytes: number;
  ms: number;
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/** A different colour for each key. */
const colourOf = (id: number) => `#${hex((id * 37) & 0xff)}${hex((id * 91 + 40) & 0xff)}${hex((255 - id * 3) & 0xff)}`;

async function colourAll(distinct: boolean): Promise<Run> {
  const { service, path, device } = await made84ultraOnUsbLink();
  const led = (args: string[]) =>
    service.call('dev_info', 'set_led_info', ['--path', path, ...args]) as Promise<ColourInfoPayload>;
  await service.call('dev_info', 'get_key_color_info', ['--path', path]);
  const keyCount = device.descriptor.keyCount;
  const keys = Array.from({ length: keyCount }, (_, i) => i);
  const transport = device.session.transport;
  const send = transport.send.bind(transport);
  let bytes = 0;
  transport.send = (report: Uint8Array) => {
    const f = decodeFrame(report);
    const sub = f.sub & 0x3f;
    if (f.cmd === CMD.keyColour && isWrite(f.sub) && (sub === SUB.keyColour.setKeys || sub === SUB.keyColour.colours))
      bytes += f.data.length;
    return send(report);
  };
  const before = device.session.stats.reportsSent;
  const t0 = performance.now();
  if (distinct) await led(['--key_colors', JSON.stringify(keys.map((key) => ({ key, rgba: colourOf(key) })))]);
  else await led(['--select', JSON.stringify(keys), '--rgba', '#12ab34']);
  const ms = performance.now() - t0;
  const sent = device.session.stats.reportsSent - before;
  transport.send = send;
  // A fresh read from the keyboard: every key holds what was written.
  const want = keys.map((id) => (distinct ? colourOf(id) : '#12ab34'));
  const read = decodeList(RgbLayout, await device.session.readObject('colours'), keyCount).map(rgbToHex);
  if (read.some((c, id) => c !== want[id])) throw new Error('the colours did not reach every key');
  await service.removeDevice(path);
  return { sent, bytes, ms };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const minimum = (bytes: number) => Math.max(1, Math.ceil(bytes / MAX_DATA));

/** Lines for bench/run.ts: `bulk_colour_all_keys_*` and `distinct_colour_all_keys_*` (budget 1.15 each). */
export async function lightingMetrics(): Promise<Metric[]> {
  const bulk: Run[] = [];
  for (let i = 0; i < 5; i++) bulk.push(await colourAll(false));
  const last = bulk[bulk.length - 1]!;
  const distinct = await colourAll(true);
  return [
    { name: 'bulk_colour_all_keys_reports_ratio', value: last.sent / minimum(last.bytes), unit: 'ratio', limit: 1.15 },
    { name: 'bulk_colour_all_keys_ms_1ms_link', value: median(bulk.map((r) => r.ms)), unit: 'ms' },
    {
      name: 'distinct_colour_all_keys_reports_ratio',
      value: distinct.sent / minimum(distinct.bytes),
      unit: 'ratio',
      limit: 1.15,
    },
    { name: 'distinct_colour_all_keys_ms_1ms_link', value: distinct.ms, unit: 'ms' },
  ];
}
