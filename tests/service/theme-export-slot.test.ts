/**
 * Exporting a theme slot that is not the current one reads it with slot reads (docs/protocol.md §5.2.1): the keyboard
 * never leaves its slot, not even for a moment, whatever happens to the link. Firmware without the slot read
 * (unknownCommand) is exported the old way, switched to the slot and back.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ThemeInfo } from '../../src/contract/payloads/theme.ts';
import { findModel } from '../../src/core/models.ts';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { DEVICE_ERROR } from '../../src/protocol/errors.ts';
import { chunkFrames, decodeFrame, encodeFrame, isWrite, subId, tagged } from '../../src/protocol/frame.ts';
import { errorFrame } from '../../src/protocol/messages.ts';
import type { ObjectName } from '../../src/protocol/registry.ts';
import type { SceneDocument } from '../../src/service/convert/theme.ts';
import { DeviceSession, SessionError } from '../../src/service/session.ts';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import type { LinkDirection, LinkPower, ReportEndpoint } from '../../src/transport/types.ts';
import { makeHarness } from './harness.ts';

const isSlotRead = (r: Uint8Array) => r[0] === CMD.system && subId(r[1]!) === SUB.system.slotRead && !isWrite(r[1]!);
const isSlotSwitch = (r: Uint8Array) => r[0] === CMD.system && subId(r[1]!) === SUB.system.themes && isWrite(r[1]!);

/**
 * A keyboard of protocol 1: the reference firmware with the slot read taken out, answering it unknownCommand as
 * firmware that does not know the sub-command does.
 */
function protocol1(kb: VirtualKeyboard): ReportEndpoint {
  return {
    receive: (report) =>
      isSlotRead(report)
        ? [encodeFrame(tagged(errorFrame(DEVICE_ERROR.unknownCommand, report[0]!, report[1]!), report[3]!))]
        : kb.receive(report),
    onReport: (listener) => kb.onReport(listener),
    linkReset: () => kb.linkReset(),
    powerCycle: () => kb.powerCycle(),
  };
}

/** `watch: false` skips recording the keyboard's slot at every request (a copy of its whole state each time). */
async function setup(options: { firmware?: 'current' | 'protocol1'; watch?: boolean } = {}) {
  const h = makeHarness();
  let kb: VirtualKeyboard;
  let transport: LoopbackTransport;
  let path: string;
  if (options.firmware === 'protocol1') {
    const model = findModel('made68pro')!;
    kb = new VirtualKeyboard({ model: 'made68pro', fwVer: '9.9.9', serial: 'PROTOCOL1' });
    transport = new LoopbackTransport(protocol1(kb), {
      vendorId: model.vendorId,
      productId: model.productId,
      productName: model.displayName,
    });
    path = (await h.service.attach(transport, { virtual: true })).path;
  } else {
    path = await h.add('Made68Pro');
    kb = h.keyboardOf();
    transport = h.transportOf();
  }
  const call = (func: string, args: string[] = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  let exporting = false;
  const exportOf = async (slot: number) => {
    exporting = true;
    try {
      const args = ['--export', '', '--cur_theme_id', String(slot)];
      return ((await call('set_theme_info', args)) as { content: string }).content;
    } finally {
      exporting = false;
    }
  };
  /** Every report the host sends, and the keyboard's current slot after each report it handles during an export. */
  const sent: Uint8Array[] = [];
  const send = transport.send.bind(transport);
  vi.spyOn(transport, 'send').mockImplementation((report) => {
    sent.push(report.slice());
    return send(report);
  });
  const slotsSeen: number[] = [];
  /** Answers a report in the keyboard's place when it returns reports. */
  const hooks: { intercept?: (report: Uint8Array) => Uint8Array[] | undefined } = {};
  const receive = kb.receive.bind(kb);
  vi.spyOn(kb, 'receive').mockImplementation((report) => {
    const replies = hooks.intercept?.(report) ?? receive(report);
    if (exporting && options.watch !== false) slotsSeen.push(kb.inspect().state.currentTheme);
    return replies;
  });
  /** Plugs the cut cable back in and attaches the keyboard again, as a host does when it reappears. */
  const reattach = async () => {
    transport.reconnect();
    expect((await h.service.attach(transport, { virtual: true })).path).toBe(path);
  };
  return { ...h, kb, transport, path, call, exportOf, sent, slotsSeen, hooks, reattach };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** Each report of an exchange, each way, cut once: the power kept on even reports and lost on odd ones. */
function everyReport(reports: Record<'toDevice' | 'toHost', number>) {
  const cuts: { direction: LinkDirection; at: number; power: LinkPower }[] = [];
  for (const direction of ['toDevice', 'toHost'] as const)
    for (let at = 1; at <= reports[direction]; at++) cuts.push({ direction, at, power: at % 2 ? 'lost' : 'kept' });
  return cuts;
}

/** The reports an export of `slot` takes, each way. */
async function reportsOfExport(h: Setup, slot: number) {
  const start = h.transport.delivered;
  await h.exportOf(slot);
  const end = h.transport.delivered;
  return { toDevice: end.toDevice - start.toDevice, toHost: end.toHost - start.toHost };
}

describe('exporting another theme slot', () => {
  it('sends no slot switch: it reads the slot with slot reads, the keyboard on its slot throughout', async () => {
    const h = await setup();
    const before = h.kb.serialize();
    await h.exportOf(2);
    expect(h.sent.filter(isSlotSwitch)).toEqual([]);
    const reads = h.sent.filter(isSlotRead);
    expect(reads.length).toBeGreaterThan(0);
    // Every slot read names slot 2, and each is tagged (header byte 3) like every request.
    for (const r of reads) expect([r[8], r[3] === 0]).toEqual([2, false]);
    expect(new Set(h.slotsSeen)).toEqual(new Set([0]));
    expect(h.kb.serialize()).toEqual(before);
  });

  it("exports exactly the slot's profile, as an export with that slot current does", async () => {
    const h = await setup();
    const profiles = h.kb.inspect().state.profiles;
    // The factory slots differ from each other, so an export of the current slot's objects would show.
    expect(profiles[3]!.perf).not.toEqual(profiles[0]!.perf);
    const other = JSON.parse(await h.exportOf(3)) as SceneDocument;
    expect(other.name).toBe(profiles[3]!.name);
    expect(other.profile.keymap.flat()).toEqual(profiles[3]!.keymap.flat());
    expect(other.profile.performance.keys.map((k) => k.trigger)).toEqual(profiles[3]!.perf.map((k) => k.trigger / 100));
    expect(other.profile.lighting.modeIndex).toBe(profiles[3]!.lighting.modeIndex);

    await h.call('set_theme_info', ['--change_theme_id', '3']);
    const current = JSON.parse(await h.exportOf(3)) as SceneDocument;
    expect(other).toEqual(current);
  });

  it("leaves the service's copies of the current slot alone", async () => {
    const h = await setup();
    await h.call('get_key_perf_info');
    await h.exportOf(3);
    // The performance page's data is still the current slot's, not the exported slot's.
    const perf = (await h.call('get_key_perf_info')) as { key_triggers: number[] };
    const { profiles } = h.kb.inspect().state;
    expect(perf.key_triggers).toEqual(profiles[0]!.perf.map((k) => k.trigger / 100));
    expect(perf.key_triggers).not.toEqual(profiles[3]!.perf.map((k) => k.trigger / 100));
  });

  it('never moves the keyboard off its slot, with the link cut at any report of the export', async () => {
    const ref = await setup();
    const cuts = everyReport(await reportsOfExport(ref, 3));
    expect(cuts.length).toBeGreaterThan(8);
    const moved: string[] = [];
    const before = (await setup()).kb.serialize();
    for (const cut of cuts) {
      const h = await setup();
      h.transport.injectFault(cut.direction, cut.at, { kind: 'cut', power: cut.power });
      await h.exportOf(3).catch(() => undefined);
      const label = `${cut.direction} ${cut.at} (${cut.power})`;
      if (h.sent.some(isSlotSwitch)) moved.push(`${label}: a slot switch was sent`);
      if (h.slotsSeen.some((s) => s !== 0)) moved.push(`${label}: the keyboard was on slot ${h.slotsSeen.join(',')}`);
      if (h.kb.inspect().state.currentTheme !== 0 || !sameBytes(h.kb.serialize(), before))
        moved.push(`${label}: the keyboard changed`);
      await h.reattach();
      const info = (await h.call('get_theme_info')) as ThemeInfo;
      if (info.theme_mode !== 0) moved.push(`${label}: attached again on slot ${info.theme_mode}`);
    }
    expect(moved).toEqual([]);
  });
});

describe('exporting another slot from firmware without the slot read', () => {
  it('falls back to switching to the slot and back when the keyboard answers unknownCommand', async () => {
    const h = await setup({ firmware: 'protocol1' });
    const ref = await setup();
    const content = await h.exportOf(3);
    expect(content).toBe(await ref.exportOf(3));
    expect(h.sent.filter(isSlotRead)).toHaveLength(1);
    expect(h.sent.filter(isSlotSwitch).map((r) => r[8])).toEqual([3, 0]);
    expect(h.kb.inspect().state.currentTheme).toBe(0);
    // The keyboard's answer is remembered: the next export switches without asking again.
    await h.exportOf(2);
    expect(h.sent.filter(isSlotRead)).toHaveLength(1);
    expect(h.sent.filter(isSlotSwitch).map((r) => r[8])).toEqual([3, 0, 2, 0]);
    expect(h.kb.inspect().state.currentTheme).toBe(0);
  });

  it('puts the keyboard back on its slot once attached again, with the link cut at any report', async () => {
    const ref = await setup({ firmware: 'protocol1' });
    const cuts = everyReport(await reportsOfExport(ref, 3));
    const stranded: string[] = [];
    for (const cut of cuts) {
      const h = await setup({ firmware: 'protocol1', watch: false });
      h.transport.injectFault(cut.direction, cut.at, { kind: 'cut', power: cut.power });
      await h.exportOf(3).catch(() => undefined);
      await h.reattach();
      const info = (await h.call('get_theme_info')) as ThemeInfo;
      if (info.theme_mode !== 0 || h.kb.inspect().state.currentTheme !== 0)
        stranded.push(`${cut.direction} ${cut.at} (${cut.power}): slot ${h.kb.inspect().state.currentTheme}`);
    }
    expect(stranded).toEqual([]);
  });

  it('does not fall back on any other refusal', async () => {
    const h = await setup();
    // The slot read is refused, but not as unknown: the export fails rather than switch slots.
    let armed = true;
    h.hooks.intercept = (report) => {
      if (!armed || !isSlotRead(report)) return undefined;
      armed = false;
      return [encodeFrame(tagged(errorFrame(DEVICE_ERROR.busy, report[0]!, report[1]!), report[3]!))];
    };
    await expect(h.exportOf(3)).rejects.toThrow();
    expect(h.sent.filter(isSlotSwitch)).toEqual([]);
    expect(h.kb.inspect().state.currentTheme).toBe(0);
  });
});

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/* ---------- the session's slot read ---------- */

async function firmwareSession(endpoint?: (kb: VirtualKeyboard) => ReportEndpoint) {
  const kb = new VirtualKeyboard({ model: 'made68pro', fwVer: '9.9.9', serial: 'SLOTSESSION', schedule: (f) => f() });
  const transport = new LoopbackTransport(endpoint ? endpoint(kb) : kb);
  const session = new DeviceSession(transport, { timeoutMs: 100, readRetries: 2 });
  await session.open();
  const requests: Uint8Array[] = [];
  const send = transport.send.bind(transport);
  vi.spyOn(transport, 'send').mockImplementation((report) => {
    requests.push(report.slice());
    return send(report);
  });
  /** The objects of `slot` as the keyboard holds them: read with a plain read once that slot is current. */
  const truth = async (slot: number, names: readonly ObjectName[]) => {
    const other = new VirtualKeyboard({
      model: 'made68pro',
      fwVer: '9.9.9',
      serial: 'SLOTTRUTH',
      schedule: (f) => f(),
    });
    const s = new DeviceSession(new LoopbackTransport(other));
    await s.open();
    await s.writeObject('themes', 0, Uint8Array.of(slot));
    return s.readMany(names);
  };
  return { kb, transport, session, requests, truth };
}

describe('DeviceSession.readMany with a slot', () => {
  const names: ObjectName[] = ['keymap', 'perf', 'rapidComplete', 'lighting', 'macro'];

  it("answers the slot's objects, checked against their sizes, with the keyboard left on its slot", async () => {
    const { kb, session, requests, truth } = await firmwareSession();
    const got = await session.readMany(names, { slot: 2 });
    expect(got).toEqual(await truth(2, names));
    expect(requests.every(isSlotRead)).toBe(true);
    expect(kb.inspect().state.currentTheme).toBe(0);
    // The lacking ambient light is left out, as in a multi-read.
    expect([...(await session.readMany(['ambient', 'snaptap'], { slot: 1 })).keys()]).toEqual(['snaptap']);
  });

  it('sends one slot read per 27 objects', async () => {
    const { session, requests, truth } = await firmwareSession();
    const many: ObjectName[] = Array.from({ length: 30 }, (_, i) => (i % 2 ? 'snaptap' : 'rapidComplete'));
    const got = await session.readMany(many, { slot: 3 });
    expect(got).toEqual(await truth(3, ['rapidComplete', 'snaptap']));
    expect(requests.map((r) => [r[8], r[9]])).toEqual([
      [3, 27],
      [3, 3],
    ]);
  });

  it('reads again under a new tag after a damaged frame', async () => {
    const { session, transport, requests, truth } = await firmwareSession();
    transport.injectFault('toHost', 2, { kind: 'damage' });
    expect(await session.readMany(names, { slot: 1 })).toEqual(await truth(1, names));
    expect(requests).toHaveLength(2);
    expect(requests[0]![3]).not.toBe(requests[1]![3]);
  });

  it('refuses an answer whose entries do not have the sizes of the objects asked, and reads again', async () => {
    let tamper = true;
    const { session, requests, truth } = await firmwareSession((kb) => ({
      receive(report) {
        const replies = kb.receive(report);
        if (!tamper || !isSlotRead(report)) return replies;
        tamper = false;
        // The first entry claims one byte less than the object has; the rest of the bytes follow unchanged.
        const frames = replies.map(decodeFrame);
        const bytes = Uint8Array.from(frames.flatMap((f) => [...f.data]));
        bytes[0] = bytes[0]! - 1;
        return chunkFrames(CMD.system, SUB.system.slotRead, 0, bytes).map((f) => encodeFrame(tagged(f, report[3]!)));
      },
      onReport: (l) => kb.onReport(l),
    }));
    expect(await session.readMany(['perf', 'rapidComplete'], { slot: 2 })).toEqual(
      await truth(2, ['perf', 'rapidComplete']),
    );
    expect(requests).toHaveLength(2);
  });

  it('rejects a refusal as the device error, without trying again: unknownCommand on protocol 1', async () => {
    const { session, requests } = await firmwareSession(protocol1);
    const error = await session.readMany(names, { slot: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionError);
    expect(error).toMatchObject({ reason: 'device', deviceCode: DEVICE_ERROR.unknownCommand });
    expect(requests).toHaveLength(1);
    const range = await firmwareSession();
    await expect(range.session.readMany(['keymap'], { slot: 4 })).rejects.toMatchObject({
      reason: 'device',
      deviceCode: DEVICE_ERROR.outOfRange,
    });
  });

  it('names only the objects of a slot, and sends nothing otherwise', async () => {
    const { session, requests } = await firmwareSession();
    await expect(session.readMany(['keymap', 'settings'], { slot: 1 })).rejects.toThrow(/settings/);
    expect(requests).toEqual([]);
  });
});
