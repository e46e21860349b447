import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NodeHidTransport, type HidHandle, type HidModule } from '../../src/desktop/node-hid.ts';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { PortTransport } from '../../src/host/port-transport.ts';
import { FakeHid } from '../../src/testing/fake-hid.ts';
import { checkReportSize, fitReport, ReportListeners } from '../../src/transport/reports.ts';
import { TransportError } from '../../src/transport/types.ts';
import { collectionReportBytes, WebHidTransport } from '../../src/transport/webhid.ts';

afterEach(() => vi.restoreAllMocks());

describe('report listeners', () => {
  it('hands a report to every listener and stops after unsubscribing', () => {
    const listeners = new ReportListeners();
    const a: number[] = [];
    const b: number[] = [];
    const offA = listeners.onReport((r) => a.push(r[0]!));
    listeners.onReport((r) => b.push(r[0]!));
    listeners.report(Uint8Array.of(1));
    offA();
    listeners.report(Uint8Array.of(2));
    expect(a).toEqual([1]);
    expect(b).toEqual([1, 2]);
  });

  it('a listener that throws does not keep the others from hearing of a report or an unplug', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const listeners = new ReportListeners();
    const heard: string[] = [];
    listeners.onReport(() => {
      throw new Error('broken');
    });
    listeners.onReport(() => heard.push('report'));
    listeners.onDisconnect(() => {
      throw new Error('broken');
    });
    listeners.onDisconnect(() => heard.push('gone'));
    listeners.report(Uint8Array.of(1));
    listeners.disconnected();
    expect(heard).toEqual(['report', 'gone']);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('a listener added while a report is handed over hears only the next one', () => {
    const listeners = new ReportListeners();
    const late: number[] = [];
    listeners.onReport(() => {
      listeners.onReport((r) => late.push(r[0]!));
    });
    listeners.report(Uint8Array.of(1));
    expect(late).toEqual([]);
    listeners.report(Uint8Array.of(2));
    expect(late).toEqual([2]);
  });

  it('pads a short report and cuts a long one to the link size', () => {
    expect([...fitReport(Uint8Array.of(1, 2), 4)]).toEqual([1, 2, 0, 0]);
    expect([...fitReport(Uint8Array.of(1, 2, 3, 4, 5), 4)]).toEqual([1, 2, 3, 4]);
    expect(() => checkReportSize(new Uint8Array(32), 32)).not.toThrow();
    expect(() => checkReportSize(new Uint8Array(64), 32)).toThrow(TransportError);
  });
});

/** A collection as WebHID describes it: one output report of `items` [bits, count]. */
function withOutputReport(device: { collections: HIDCollectionInfo[] }, items: [number, number][]): void {
  const config = device.collections[1] as unknown as { outputReports: unknown[] };
  config.outputReports = [
    { reportId: 0, items: items.map(([reportSize, reportCount]) => ({ reportSize, reportCount })) },
  ];
}

describe('report size of a link', () => {
  const keyboard = () => new VirtualKeyboard({ model: 'made68pro', fwVer: '1.3.7', serial: 'HID00000001' });

  it('WebHID takes the size from the configuration collection, 64 when it does not say', () => {
    const hid = new FakeHid();
    const device = hid.plug(keyboard());
    expect(collectionReportBytes(device as unknown as HIDDevice)).toBe(64);
    withOutputReport(device, [[8, 32]]);
    expect(collectionReportBytes(device as unknown as HIDDevice)).toBe(32);
    withOutputReport(device, [
      [8, 16],
      [16, 8],
    ]);
    expect(collectionReportBytes(device as unknown as HIDDevice)).toBe(32);
  });

  it('a 32-byte WebHID link sends 32-byte reports, refuses 64 and pads what it receives to 32', async () => {
    const hid = new FakeHid();
    const device = hid.plug(keyboard());
    withOutputReport(device, [[8, 32]]);
    const t = new WebHidTransport(device as unknown as HIDDevice, hid as unknown as HID);
    expect(t.info.reportBytes).toBe(32);
    await t.open();
    await expect(t.send(new Uint8Array(64))).rejects.toMatchObject({ reason: 'io', message: 'a report is 32 bytes' });
    const got: Uint8Array[] = [];
    t.onReport((r) => got.push(r));
    (device as unknown as { deliver(r: Uint8Array): void }).deliver(Uint8Array.of(7, 8));
    expect(got.map((r) => r.length)).toEqual([32]);
    expect([...got[0]!.subarray(0, 3)]).toEqual([7, 8, 0]);
    await t.close();
  });

  it('node-hid takes the size as an option, 64 by default, and writes it behind the report id', async () => {
    const written: number[][] = [];
    const handle = Object.assign(new EventEmitter(), {
      async write(values: number[] | Buffer) {
        written.push([...values]);
        return values.length;
      },
      async close() {},
    }) as unknown as HidHandle & EventEmitter;
    const module: HidModule = { devicesAsync: async () => [], HIDAsync: { open: async () => handle } };
    const device = { vendorId: 1, productId: 2, path: '/dev/hidraw9' };
    expect(new NodeHidTransport(module, device).info.reportBytes).toBe(64);
    const t = new NodeHidTransport(module, device, { reportBytes: 32 });
    expect(t.info.reportBytes).toBe(32);
    await t.open();
    await t.send(new Uint8Array(32).fill(5));
    expect(written[0]).toHaveLength(33);
    expect(written[0]![0]).toBe(0);
    await expect(t.send(new Uint8Array(64))).rejects.toMatchObject({ reason: 'io' });
    const got: Uint8Array[] = [];
    t.onReport((r) => got.push(r));
    handle.emit('data', Buffer.from([9]));
    expect(got.map((r) => r.length)).toEqual([32]);
    const gone = vi.fn();
    t.onDisconnect(gone);
    handle.emit('error', new Error('unplugged'));
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('the worker side of a page device takes the size the page read', async () => {
    const posted: unknown[] = [];
    const info = { vendorId: 1, productId: 2, productName: 'K' };
    const t = new PortTransport('p', { ...info, reportBytes: 32 }, (m) => posted.push(m));
    await expect(t.send(new Uint8Array(64))).rejects.toBeInstanceOf(TransportError);
    expect(posted).toEqual([]);
    const sent = t.send(new Uint8Array(32));
    expect(posted).toHaveLength(1);
    t.sent(0);
    await sent;
    const gone = vi.fn();
    t.onDisconnect(gone);
    t.unplugged();
    t.unplugged();
    expect(gone).toHaveBeenCalledTimes(1);
  });
});
