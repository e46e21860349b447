/**
 * The bug report of a device, built by the service over a virtual keyboard on the loopback link: the exchanges it
 * had (sent and received, as hex, in time order), the exchange a timeout or a refusal happened on marked as such,
 * the warnings of the service's process, and serial numbers left out unless asked for.
 */
import { describe, expect, it } from 'vitest';
import { reportBundleSchema } from '../../src/contract/areas/report.ts';
import { DEVICE_ERROR } from '../../src/protocol/errors.ts';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { encodeFrame, isWrite, subId, tagged } from '../../src/protocol/frame.ts';
import { errorFrame } from '../../src/protocol/messages.ts';
import { provideRestorePoints, serialToken } from '../../src/service/report-bundle.ts';
import type { LoopbackTransport } from '../../src/transport/loopback.ts';
import { makeHarness } from './harness.ts';

async function keyboard() {
  const h = makeHarness(undefined, 100);
  const path = await h.add('Made68Pro');
  const bundle = async (include_serial = false) => {
    const answer = await h.client.getReportBundle({ path, include_serial });
    // What the service answers is what a saved file holds: the schema the Help tab reads files with accepts it.
    return reportBundleSchema.parse(JSON.parse(JSON.stringify(answer)));
  };
  const serial = (await h.client.getDevList())[0]!.dev_sn;
  /** Turns n-key rollover over: a write the service cannot skip (it skips writing a value the keyboard has). */
  const toggle = async () => {
    const now = (await h.client.getSettingData({ path })).use_n_key;
    return h.client.setSettingInfo({ path, use_n_key: now ? 0 : 1 });
  };
  return { ...h, path, bundle, serial, toggle };
}

/** A settings write, or its answer (which echoes command and sub-command). */
const isSettingsWrite = (r: Uint8Array) =>
  r[0] === CMD.system && subId(r[1]!) === SUB.system.settings && isWrite(r[1]!);
const bytesOf = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

/** The keyboard's next answer to a settings write becomes what `instead` makes of it (nothing: it is lost). */
function onNextSettingsAck(link: LoopbackTransport, instead: (ack: Uint8Array) => Uint8Array[]) {
  let done = false;
  const fault = {
    kind: 'replace' as const,
    with: (r: Uint8Array) => {
      if (done || !isSettingsWrite(r)) return [r];
      done = true;
      return instead(r);
    },
  };
  for (let n = 1; n <= 8; n++) link.injectFault('toHost', n, fault);
}

/** An 0xEE refusal of the request `reply` answers (same command, sub-command and tag). */
const refusal = (reply: Uint8Array) => [
  encodeFrame(tagged(errorFrame(DEVICE_ERROR.invalidValue, reply[0]!, reply[1]!), reply[3]!)),
];

describe('the bug report of a device', () => {
  it('holds the device facts, its features and layout size, and the exchanges of the calls made', async () => {
    const h = await keyboard();
    const before = (await h.bundle()).exchanges.length;
    await h.toggle();
    const b = await h.bundle();
    expect(b.format).toBe('keytune-report');
    expect(b.version).toBe(1);
    expect(b.device).toMatchObject({ family: 'keytune', model: 'Made68Pro', firmware: 'V9.9.9', online: true });
    expect(b.features.keyCount).toBeGreaterThan(60);
    expect(b.layout?.keys).toBe(b.features.keyCount);
    expect(b.restore_points).toEqual([]);
    // The handshake opened the log; the write added a request and its answer after it.
    expect(b.exchanges[0]).toMatchObject({ dir: 'sent', outcome: 'ok' });
    const added = b.exchanges.slice(before);
    expect(added.map((e) => e.dir)).toEqual(expect.arrayContaining(['sent', 'received']));
    for (const e of b.exchanges) expect(e.hex).toHaveLength(128);
    const times = b.exchanges.map((e) => e.t_ms);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(b.system.service.node).toBe(process.versions.node);
  });

  it('marks the request a timeout happened on, and the refusal the keyboard answered', async () => {
    const h = await keyboard();
    const link = h.transportOf();
    let nKey = (await h.client.getSettingData({ path: h.path })).use_n_key;
    onNextSettingsAck(link, () => []);
    await expect(h.client.setSettingInfo({ path: h.path, use_n_key: nKey ? 0 : 1 })).rejects.toMatchObject({
      toastKey: 'err.dev.timeout',
    });
    let b = await h.bundle();
    const timedOut = b.exchanges.filter((e) => e.outcome === 'timeout');
    expect(timedOut).toHaveLength(1);
    expect(timedOut[0]).toMatchObject({ dir: 'sent' });
    expect(timedOut[0]!.note).toContain('err.dev.timeout');
    // The request that timed out is the write whose answer was lost (notifications came after it).
    expect(isSettingsWrite(bytesOf(timedOut[0]!.hex))).toBe(true);

    nKey = (await h.client.getSettingData({ path: h.path })).use_n_key;
    link.clearFaults();
    onNextSettingsAck(link, refusal);
    await expect(h.client.setSettingInfo({ path: h.path, use_n_key: nKey ? 0 : 1 })).rejects.toMatchObject({
      toastKey: 'err.dev.refused',
    });
    b = await h.bundle();
    const refused = b.exchanges.filter((e) => e.outcome === 'refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ dir: 'received' });
    expect(refused[0]!.hex.slice(0, 2)).toBe(CMD.error.toString(16));
  });

  it('shows a refusal of the app itself, which never reached the keyboard, as a row of its own', async () => {
    const h = await keyboard();
    await expect(
      h.service.call('dev_info', 'set_setting_info', ['--path', h.path, '--use_n_key', '7']),
    ).rejects.toThrow();
    const last = (await h.bundle()).exchanges.at(-1)!;
    expect(last).toMatchObject({ dir: 'none', hex: '', outcome: 'refused' });
    expect(last.note).toContain('err.args.invalid');
  });

  it('leaves the serial number out unless asked: a stable hash in its place, also in the path and the bytes', async () => {
    const h = await keyboard();
    console.warn(`a warning that names ${h.path}`);
    const hidden = await h.bundle();
    const token = await serialToken(h.serial);
    expect(h.serial.length).toBeGreaterThanOrEqual(4);
    expect(hidden.serials).toBe('hashed');
    expect(hidden.device.serial).toBe(token);
    expect(hidden.device.serial).toMatch(/^sn-[0-9a-f]{16}$/);
    expect(hidden.device.path).toBe(h.path.replace(h.serial, token));
    const text = JSON.stringify(hidden);
    expect(text).not.toContain(h.serial);
    const serialHex = Buffer.from(h.serial).toString('hex');
    expect(text).not.toContain(serialHex);
    // The handshake's answer carried the serial: its bytes are there, left out as xx.
    expect(hidden.exchanges.some((e) => e.hex.includes('xx'.repeat(h.serial.length)))).toBe(true);
    expect(hidden.messages.some((m) => m.where === 'service' && m.level === 'warn' && m.text.includes(token))).toBe(
      true,
    );
    // The same keyboard gives the same token in every report.
    expect((await h.bundle()).device.serial).toBe(token);

    const shown = await h.bundle(true);
    expect(shown.serials).toBe('included');
    expect(shown.device.serial).toBe(h.serial);
    expect(shown.device.path).toBe(h.path);
    expect(shown.exchanges.some((e) => e.hex.includes(serialHex))).toBe(true);
  });

  it('keeps the last 500 exchanges', async () => {
    const h = await keyboard();
    for (let i = 0; i < 140; i++) await h.toggle();
    const b = await h.bundle();
    expect(b.exchanges).toHaveLength(500);
    expect(b.exchanges[0]!.dir).not.toBe('none');
  });

  it('reports on a keyboard that went away, and names its restore points when the app keeps some', async () => {
    const h = await keyboard();
    provideRestorePoints(h.service, (p) => (p === h.path ? ['before macro edit', 'first start'] : []));
    h.transportOf().disconnect();
    await expect.poll(async () => (await h.client.getDevList()).length).toBe(0);
    const b = await h.bundle();
    expect(b.device.online).toBe(false);
    expect(b.restore_points).toEqual(['before macro edit', 'first start']);
    await expect(h.client.getReportBundle({ path: 'virtual:0000:0000:NOPE' })).rejects.toMatchObject({
      toastKey: 'err.dev.not.found',
    });
  });
});
