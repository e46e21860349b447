/** Bad answers and broken links: 0xFF, replies that do not echo, damaged macro buffers, fuzzed replies, cuts. */
import fc from 'fast-check';
import { DriverError } from '../../../src/drivers/types.ts';
import { ViaClient } from '../../../src/drivers/via/client.ts';
import { viaFamily } from '../../../src/drivers/via/index.ts';
import { decodeMacros } from '../../../src/drivers/via/macros.ts';
import { createViaSimulator, KEYTUNE_VIA_65_IDS } from '../../../src/firmware/via/index.ts';
import { LoopbackTransport } from '../../../src/transport/loopback.ts';
import type { ReportEndpoint } from '../../../src/transport/types.ts';
import { openVia } from './helpers.ts';

function endpoint(answer: (r: Uint8Array) => Uint8Array[]): ReportEndpoint {
  return { receive: answer, onReport: () => () => undefined };
}

const link = (e: ReportEndpoint) => new LoopbackTransport(e, { ...KEYTUNE_VIA_65_IDS, reportBytes: 32 });

describe('VIA: refusals at open', () => {
  it('a device answering 0xFF, nothing, or protocol 8 is not opened; a 64-byte link is not VIA', async () => {
    const unhandled = endpoint((r) => [Uint8Array.from(r, (b, i) => (i === 0 ? 0xff : b))]);
    await expect(viaFamily.open(link(unhandled))).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(viaFamily.open(link(endpoint(() => [])), { replyTimeoutMs: 20 })).rejects.toMatchObject({
      reason: 'unsupported',
    });
    const old = endpoint((r) => [Uint8Array.from(r, (b, i) => (i === 2 ? 8 : b))]);
    await expect(viaFamily.open(link(old))).rejects.toThrow(/older/);
    const wide = new LoopbackTransport(createViaSimulator(), { reportBytes: 64 });
    await expect(viaFamily.open(wide)).rejects.toMatchObject({ reason: 'unsupported' });
  });

  it('matches 32-byte raw HID collections, not our own 64-byte ones', () => {
    const c = (bytes?: number, vendorId = 0x4b54) => ({
      vendorId,
      productId: 1,
      productName: 'x',
      collections: [{ usagePage: 0xff60, usage: 0x61, ...(bytes ? { inputReportBytes: bytes } : {}) }],
    });
    expect(viaFamily.matches(c(32))).toBe(true);
    expect(viaFamily.matches(c(64))).toBe(false);
    expect(viaFamily.matches(c(undefined))).toBe(true);
    expect(viaFamily.matches(c(undefined, 1046))).toBe(false);
  });
});

describe('VIA: replies', () => {
  it('a reply that does not echo the request is not taken: the call fails as a reply error', async () => {
    const t = link(endpoint((r) => [Uint8Array.from(r, (b, i) => (i === 1 ? b ^ 1 : b))]));
    await t.open();
    const client = new ViaClient(t, { replyTimeoutMs: 20 });
    await expect(client.call({ command: 0x04, args: [0, 1, 2], echo: 4, idempotent: true })).rejects.toMatchObject({
      reason: 'reply',
    });
  });

  it('a stale reply before the real one is skipped, and a lost reply is retried for reads', async () => {
    const { driver, transport } = await openVia();
    transport.injectFault('toHost', 1, {
      kind: 'replace',
      with: (r) => [Uint8Array.from(r, (b, i) => (i === 1 ? 0x7f : b)), r],
    });
    expect((await driver.ports.keymap!.read())[0]![0]).toBe(0x29);
    transport.injectFault('toHost', 1, { kind: 'drop' });
    expect(await driver.ports.layoutOptions!.read()).toBe(0);
  });

  it('the keyboard answering 0xFF to a port call is "unsupported", not a wrong value', async () => {
    const { driver, keyboard } = await openVia();
    const original = keyboard.receive.bind(keyboard);
    keyboard.receive = (r) =>
      original(r).map((x) => (x[0] === 0x12 ? Uint8Array.from(x, (b, i) => (i ? b : 0xff)) : x));
    await expect(driver.ports.keymap!.read()).rejects.toMatchObject({ reason: 'unsupported' });
  });

  it('fuzzed replies never crash the client: each call resolves to an echoing reply or a DriverError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ minLength: 0, maxLength: 40 }), { maxLength: 4 }), async (replies) => {
        const t = link(endpoint(() => replies));
        await t.open();
        const client = new ViaClient(t, { replyTimeoutMs: 5 });
        try {
          const reply = await client.call({ command: 0x12, args: [0, 0, 28], echo: 4, idempotent: true });
          expect([...reply.slice(0, 4)]).toEqual([0x12, 0, 0, 28]);
        } catch (e) {
          expect(e).toBeInstanceOf(DriverError);
        }
        client.close();
      }),
      { numRuns: 60 },
    );
  });
});

describe('VIA: macro buffers', () => {
  it('a buffer whose last byte is not 0, or that ends before every macro, is refused', () => {
    expect(() => decodeMacros([0x61, 0, 0, 0xff], 2, 12)).toThrow(/half-written/);
    expect(() => decodeMacros([0x61, 0x62, 0, 0x63, 0x64, 0], 3, 12)).toThrow(/ends after 2 of 3/);
    expect(() => decodeMacros([1, 9, 0, 0], 1, 12)).toThrow(/damaged/);
    expect(decodeMacros([1, 1, 4, 0, 0], 2, 12)).toEqual([[{ kind: 'tap', code: 4 }], []]);
    expect(decodeMacros([1, 4, 0, 0], 2, 10)).toEqual([[{ kind: 'tap', code: 4 }], []]);
  });

  it('fuzzed buffers decode or are refused with a DriverError', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }),
        fc.integer({ min: 1, max: 16 }),
        fc.constantFrom(10, 12),
        (bytes, count, protocol) => {
          try {
            expect(decodeMacros(bytes, count, protocol)).toHaveLength(count);
          } catch (e) {
            expect(e).toBeInstanceOf(DriverError);
          }
        },
      ),
    );
  });

  it('a link cut at any report of a macro write leaves no half-written macro playable', async () => {
    const macros = [
      [{ kind: 'text' as const, text: 'new text that spans several reports of the buffer' }],
      [{ kind: 'text' as const, text: 'two' }],
    ];
    const { driver: probe, transport: t0 } = await openVia();
    await probe.ports.macros!.write([[{ kind: 'text', text: 'old' }]]);
    const before = t0.delivered.toDevice;
    await probe.ports.macros!.write(macros);
    const reports = t0.delivered.toDevice - before;
    let locked = 0;
    for (let cut = 1; cut <= reports; cut++) {
      const { driver, transport, keyboard } = await openVia();
      await driver.ports.macros!.write([[{ kind: 'text', text: 'old' }]]);
      transport.injectFault('toDevice', cut, { kind: 'cut', power: 'lost' });
      await expect(driver.ports.macros!.write(macros)).rejects.toBeInstanceOf(DriverError);
      const played = keyboard.playMacro(0);
      const text = played?.map((a) => (a.type === 'char' ? a.char : '')).join('');
      // Old macros, the whole new ones, or none at all while the buffer stays locked: never a part.
      expect([undefined, 'old', macros[0]![0]!.text]).toContain(text);
      if (text === undefined) expect(keyboard.playMacro(1)).toBeNull();
      if (text === macros[0]![0]!.text)
        expect(keyboard.playMacro(1)).toEqual([...'two'].map((char) => ({ type: 'char', char })));
      locked += text === undefined ? 1 : 0;
    }
    expect(locked).toBeGreaterThan(2);
  });
});
