/**
 * What the link may do to an answer, and what the service makes of it: every kind of damaged reply (bad checksum,
 * another tag, another command or sub-command, one byte short, a frame lost, repeated or late) makes a read recover
 * on retry and a write either succeed or fail cleanly, never leaving the service's copy of an object different from
 * the device. Also the trust rules of the object copy (src/service/cache.ts) one by one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { CMD, keyMask, PERF_FIELD, SUB } from '../../src/protocol/commands.ts';
import { decodeFrame, encodeFrame, MAX_DATA } from '../../src/protocol/frame.ts';
import { readRequest, ReplyAssembler } from '../../src/protocol/messages.ts';
import { DksRecordLayout, MacroRecordLayout, PerfKeyLayout, SettingsLayout } from '../../src/protocol/objects.ts';
import { encodeU16List, OBJECTS, type ObjectName } from '../../src/protocol/registry.ts';
import {
  invalidate,
  prefetch,
  readCached,
  readFresh,
  remember,
  writeAtomicThrough,
  writeThrough,
} from '../../src/service/cache.ts';
import type { KeytuneDevice } from '../../src/service/context.ts';
import { DeviceSession, SessionError, type AtomicOp } from '../../src/service/session.ts';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import type { LinkFault } from '../../src/transport/types.ts';

const TIMEOUT = 40;

function keyboard(): VirtualKeyboard {
  return new VirtualKeyboard({ model: 'made68pro', fwVer: '1.3.7', serial: 'FAULTS01', schedule: (fn) => fn() });
}

/** A keyboard, a loopback link to it, a session and the service's entry for it. */
async function rig(kb = keyboard()) {
  const transport = new LoopbackTransport(kb);
  const session = new DeviceSession(transport, { timeoutMs: TIMEOUT, readRetries: 2 });
  const descriptor = await session.open();
  // Only what the object cache uses of an entry.
  const device = { path: 'virtual:faults', session, descriptor } as unknown as KeytuneDevice;
  return { kb, transport, session, device };
}

/** The object as the device holds it, read past the session (untagged, straight to the firmware). */
function truth(kb: VirtualKeyboard, name: ObjectName): Uint8Array {
  const { cmd, sub } = OBJECTS[name];
  const asm = new ReplyAssembler(0);
  for (const r of kb.receive(encodeFrame(readRequest(cmd, sub)))) asm.push(decodeFrame(r));
  return asm.bytes();
}

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

/** Loses the next answer of the device (not the flash-sync notifications a commit sends around it). */
function loseNextAnswer(transport: LoopbackTransport): void {
  let lost = false;
  for (let n = 1; n <= 8; n++)
    transport.injectFault('toHost', n, {
      kind: 'replace',
      with: (r) => (lost || r[0] === CMD.notify ? [r] : ((lost = true), [])),
    });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs a property over `numRuns` cases, counting cases and failures, and prints the counts for CI. */
async function property<T>(name: string, arb: fc.Arbitrary<T>, numRuns: number, body: (t: T) => Promise<void>) {
  let cases = 0;
  let failures = 0;
  try {
    await fc.assert(
      fc.asyncProperty(arb, async (t) => {
        cases++;
        try {
          await body(t);
        } catch (e) {
          failures++;
          throw e;
        }
      }),
      { numRuns, seed: 20260102 },
    );
  } finally {
    console.log(`link-faults: ${name} cases=${cases} failures=${failures}`);
  }
}

// ------------------------------------------------------------------------------------------------ damaged replies

const DAMAGES = ['crc', 'tag', 'cmd', 'sub', 'short', 'truncated', 'duplicate', 'late'] as const;
type Damage = (typeof DAMAGES)[number];

function damage(kind: Damage): LinkFault {
  switch (kind) {
    case 'crc':
      return { kind: 'damage' };
    case 'tag':
      return { kind: 'damage', byte: 3, xor: 0x80 };
    case 'cmd':
      return { kind: 'replace', with: (r) => ((r[0] = r[0]! ^ 0x20), [r]) };
    case 'sub':
      return { kind: 'replace', with: (r) => ((r[1] = r[1]! ^ 0x04), [r]) };
    case 'short':
      // One data byte less, with a checksum that matches: only the length tells.
      return {
        kind: 'replace',
        with: (r) => {
          const f = decodeFrame(r);
          return [encodeFrame({ ...f, data: f.data.subarray(0, Math.max(0, f.data.length - 1)) })];
        },
      };
    case 'truncated':
      return { kind: 'drop' };
    case 'duplicate':
      return { kind: 'duplicate' };
    case 'late':
      return { kind: 'delay', ms: TIMEOUT * 1.5 };
  }
}

const READABLE: ObjectName[] = ['keymap', 'macro', 'colours', 'perf', 'settings', 'lighting'];
const CONFIG: ObjectName[] = ['keymap', 'colours', 'lighting', 'perf', 'settings', 'rapidComplete'];

describe('damaged replies to reads', () => {
  it('every kind of damage at any frame of a read or multi-read: the read recovers on retry', async () => {
    const arb = fc.record({
      damage: fc.constantFrom(...DAMAGES),
      object: fc.constantFrom(...READABLE),
      many: fc.boolean(),
      frame: fc.nat(),
    });
    await property('read-damage', arb, 120, async ({ damage: kind, object, many, frame }) => {
      const { kb, transport, session } = await rig();
      const d = session.descriptor!;
      const names = many ? CONFIG : [object];
      const bytes = many ? names.reduce((n, name) => n + 2 + OBJECTS[name].size(d), 0) : OBJECTS[object].size(d);
      const frames = Math.max(1, Math.ceil(bytes / MAX_DATA));
      transport.injectFault('toHost', 1 + (frame % frames), damage(kind));
      const sent = session.stats.reportsSent;
      if (many) {
        const got = await session.readMany(names);
        for (const name of names) expect(same(got.get(name)!, truth(kb, name)), name).toBe(true);
      } else {
        expect(same(await session.readObject(object), truth(kb, object))).toBe(true);
      }
      // One request and at most one retry: a single damaged frame costs one more exchange, never more.
      expect(session.stats.reportsSent - sent).toBeLessThanOrEqual(2);
      if (kind === 'late') await sleep(TIMEOUT);
      // Late or repeated frames of the first attempt were dropped, not taken for the next answer.
      expect(same(await session.readObject('settings'), truth(kb, 'settings'))).toBe(true);
    });
  });
});

// ------------------------------------------------------------------------------------------------ damaged write acks

type WriteKind = 'settings' | 'macro' | 'keymap' | 'atomic';
const WRITE_KINDS: WriteKind[] = ['settings', 'macro', 'keymap', 'atomic'];

const macroRecord = (name: string, count: number): Uint8Array =>
  MacroRecordLayout.encode({
    ...{ used: 1, name, delayType: 0, delayMin: 10, delayMax: 20, repeat: 1, triggerType: 0, triggerDelay: 0 },
    count,
    events: Array.from({ length: 80 }, (_, i) =>
      i < count ? { code: 4 + (i % 20), flags: i % 2, delay: 15 } : { code: 0, flags: 0, delay: 0 },
    ),
  });

const dksRecord = (top: number): Uint8Array =>
  DksRecordLayout.encode({
    ...{ used: 1, topLevel: top, bottomLevel: 300, tickType: 0, tickMin: 0, tickMax: 0, name: 'Peek' },
    rows: Array.from({ length: 8 }, (_, i) => ({ code: i ? 0 : 0x2c, stages: i ? [0, 0, 0, 0] : [0x81, 0, 0, 0] })),
  });

/** A write of each kind, with contents chosen by `value`, and the objects it touches. */
function writeOf(kind: WriteKind, value: number) {
  switch (kind) {
    case 'settings': {
      const bytes = SettingsLayout.encode({
        useNKey: value & 1,
        useSleep: 1,
        sleepTime: 1 + (value % 60),
        autoCalibration: 0,
        reportRate: value % 3,
      });
      return {
        touched: ['settings'] as ObjectName[],
        run: (device: KeytuneDevice) => writeThrough(device, 'settings', 0, bytes),
      };
    }
    case 'macro': {
      const bytes = macroRecord(`M${value % 1000}`, 1 + (value % 80));
      return {
        touched: ['macro'] as ObjectName[],
        run: (device: KeytuneDevice) => writeThrough(device, 'macro', MacroRecordLayout.size * (value % 4), bytes),
      };
    }
    case 'keymap': {
      const codes = Array.from({ length: 4 * 68 }, (_, i) => (i * 31 + value) & 0xff);
      return {
        touched: ['keymap'] as ObjectName[],
        run: (device: KeytuneDevice) => writeThrough(device, 'keymap', 0, encodeU16List(codes)),
      };
    }
    case 'atomic': {
      const slot = value % 16;
      const key = value % 68;
      const perf = PerfKeyLayout.encode({
        trigger: 50 + (value % 300),
        dead: 10,
        rapidPress: 30,
        rapidRelease: 30,
        flags: 1,
        switchType: 3,
      });
      const ops: AtomicOp[] = [
        { kind: 'object', name: 'dks', offset: slot * DksRecordLayout.size, bytes: dksRecord(40 + (value % 200)) },
        {
          kind: 'command',
          cmd: CMD.keymap,
          sub: SUB.keymap.setKeys,
          data: Uint8Array.of(0, slot, 0x80, ...keyMask([key, (key + 1) % 68])),
        },
        { kind: 'object', name: 'perf', offset: key * PerfKeyLayout.size, bytes: perf },
        {
          kind: 'command',
          cmd: CMD.performance,
          sub: SUB.performance.setKeys,
          data: Uint8Array.of(PERF_FIELD.dead, 5, 0, ...keyMask([(key + 2) % 68])),
        },
      ];
      return {
        touched: ['dks', 'keymap', 'perf'] as ObjectName[],
        run: (device: KeytuneDevice) => writeAtomicThrough(device, ops),
      };
    }
  }
}

/** The write on a twin keyboard over a clean link: the flash image after it, and the reports it takes each way. */
async function cleanRun(kind: WriteKind, value: number) {
  const twin = await rig();
  const start = twin.transport.delivered;
  await writeOf(kind, value).run(twin.device);
  const end = twin.transport.delivered;
  return {
    after: twin.kb.serialize(),
    reports: { toHost: end.toHost - start.toHost, toDevice: end.toDevice - start.toDevice },
  };
}

describe('damaged answers to writes', () => {
  it('every kind of damage on either direction: the write succeeds or fails cleanly, the copy matches the device', async () => {
    // Toward the device the link may lose, corrupt or repeat a report; it never reorders one, and the header, which
    // the checksum does not cover, is damaged on the way back only (an answer's tag, command, length).
    const arb = fc.oneof(
      fc.record({
        kind: fc.constantFrom(...WRITE_KINDS),
        value: fc.nat({ max: 10_000 }),
        direction: fc.constant('toHost' as const),
        damage: fc.constantFrom(...DAMAGES),
        at: fc.nat(),
      }),
      fc.record({
        kind: fc.constantFrom(...WRITE_KINDS),
        value: fc.nat({ max: 10_000 }),
        direction: fc.constant('toDevice' as const),
        damage: fc.constantFrom<Damage>('crc', 'truncated', 'duplicate'),
        at: fc.nat(),
      }),
    );
    await property('write-damage', arb, 120, async ({ kind, value, direction, damage: kindOfDamage, at }) => {
      const { kb, transport, device } = await rig();
      const write = writeOf(kind, value);
      // The copies the write starts from are trusted and current.
      for (const name of write.touched) await readCached(device, name);
      const before = kb.serialize();
      // The fault hits one of the reports a clean run of the same write takes.
      const { after, reports } = await cleanRun(kind, value);
      transport.injectFault(direction, 1 + (at % reports[direction]), damage(kindOfDamage));

      const outcome = await write.run(device).then(
        () => 'ok',
        (e: unknown) => (e instanceof SessionError ? e.reason : `unexpected ${String(e)}`),
      );
      expect(['ok', 'timeout', 'reply', 'device']).toContain(outcome);
      if (kindOfDamage === 'late') await sleep(TIMEOUT);
      const image = kb.serialize();
      // Exactly the old or exactly the new state, and the new one whenever the write was reported done.
      expect(same(image, after) || (outcome !== 'ok' && same(image, before))).toBe(true);
      // The service's copy never differs from the device.
      for (const name of write.touched) expect(same(await readCached(device, name), truth(kb, name)), name).toBe(true);
      // And the device is in a state to take the next write.
      await writeOf(kind, value + 1).run(device);
      for (const name of write.touched) expect(same(await readCached(device, name), truth(kb, name)), name).toBe(true);
    });
  });
});

// ------------------------------------------------------------------------------------------------ trust of the copy

describe("the service's copy of an object", () => {
  /** Counts the reads of `name` the session sends (tagged: the untagged reads of `truth` are not counted). */
  function readsOf(kb: VirtualKeyboard, name: ObjectName) {
    const { cmd, sub } = OBJECTS[name];
    const count = { reads: 0 };
    const receive = kb.receive.bind(kb);
    kb.receive = (r: Uint8Array) => {
      if (r[3] === 0) return receive(r);
      if (r[0] === cmd && r[1] === sub) count.reads++;
      if (r[0] === CMD.system && r[1] === SUB.system.multiRead)
        for (let i = 0; i < r[8]!; i++) if (r[9 + i * 2] === cmd && r[10 + i * 2] === sub) count.reads++;
      return receive(r);
    };
    return count;
  }

  it('is used while trusted: no second read', async () => {
    const { kb, device } = await rig();
    const count = readsOf(kb, 'settings');
    await readCached(device, 'settings');
    await readCached(device, 'settings');
    expect(count.reads).toBe(1);
  });

  it('is read again after any exchange failed without an answer, even one about another object', async () => {
    const { kb, transport, device, session } = await rig();
    const count = readsOf(kb, 'settings');
    await readCached(device, 'settings');
    loseNextAnswer(transport);
    await expect(session.command(CMD.keymap, SUB.keymap.resetLayer, Uint8Array.of(0))).rejects.toMatchObject({
      reason: 'timeout',
    });
    await readCached(device, 'settings');
    expect(count.reads).toBe(2);
  });

  it('is read again after a damaged answer, once the read recovered', async () => {
    const { kb, transport, device } = await rig();
    const count = readsOf(kb, 'settings');
    await readCached(device, 'lighting');
    await readCached(device, 'settings');
    transport.injectFault('toHost', 1, { kind: 'damage' });
    await readFresh(device, 'lighting');
    await readCached(device, 'settings');
    expect(count.reads).toBe(2);
  });

  it('is read again on a new connection', async () => {
    const kb = keyboard();
    const first = await rig(kb);
    await readCached(first.device, 'settings');
    const count = readsOf(kb, 'settings');
    first.transport.disconnect();
    const second = await rig(kb);
    await readCached(second.device, 'settings');
    expect(count.reads).toBe(1);
  });

  it('follows an acknowledged write, and is dropped when a write fails for any reason', async () => {
    const { kb, transport, device } = await rig();
    const count = readsOf(kb, 'settings');
    const held = await readCached(device, 'settings');
    const next = SettingsLayout.encode({ ...SettingsLayout.decode(held), sleepTime: 42 });
    await writeThrough(device, 'settings', 0, next);
    expect(await readCached(device, 'settings')).toEqual(next);
    expect(count.reads).toBe(1);

    // Refused: the device answered, nothing changed, yet the copy is read again before it is used.
    await expect(writeThrough(device, 'settings', 2, Uint8Array.of(0))).rejects.toMatchObject({ reason: 'device' });
    expect(await readCached(device, 'settings')).toEqual(next);
    expect(count.reads).toBe(2);

    // The ack lost: the write landed, the copy must not claim the old bytes.
    transport.injectFault('toHost', 3, { kind: 'drop' });
    const third = SettingsLayout.encode({ ...SettingsLayout.decode(next), sleepTime: 7 });
    await expect(writeThrough(device, 'settings', 0, third)).rejects.toMatchObject({ reason: 'timeout' });
    expect(await readCached(device, 'settings')).toEqual(third);
    expect(count.reads).toBe(3);
  });

  it('patches a copy with a partial write, and keeps a remembered copy exactly as trusted as its base', async () => {
    const { kb, transport, device, session } = await rig();
    const keymap = (await readCached(device, 'keymap')).slice();
    await writeThrough(device, 'keymap', 10, Uint8Array.of(0x2c, 0));
    keymap.set([0x2c, 0], 10);
    expect(await readCached(device, 'keymap')).toEqual(keymap);

    // A masked write acknowledged: the caller's new bytes become the copy.
    await session.command(CMD.keymap, SUB.keymap.setKeys, Uint8Array.of(0, 0x29, 0, ...keyMask([0])));
    keymap.set([0x29, 0], 0);
    remember(device, 'keymap', keymap);
    const count = readsOf(kb, 'keymap');
    expect(await readCached(device, 'keymap')).toEqual(keymap);
    expect(count.reads).toBe(0);

    // Trust moved between the read and the remember: the remembered bytes are read again before use.
    loseNextAnswer(transport);
    await session.command(CMD.keymap, SUB.keymap.resetLayer, Uint8Array.of(3)).catch(() => undefined);
    remember(device, 'keymap', keymap);
    await readCached(device, 'keymap');
    expect(count.reads).toBe(1);
    // Without any copy to derive from, remembered bytes are never trusted either.
    invalidate(device, 'colours');
    remember(device, 'colours', new Uint8Array(204));
    expect(same(await readCached(device, 'colours'), truth(kb, 'colours'))).toBe(true);
  });

  it('takes a prefetched copy for the rest of the call, unless trust moved meanwhile', async () => {
    const { kb, transport, device, session } = await rig();
    await prefetch(device, ['settings', 'lighting']);
    const count = readsOf(kb, 'settings');
    await readFresh(device, 'settings');
    expect(count.reads).toBe(0);
    await prefetch(device, ['settings']);
    loseNextAnswer(transport);
    await session.command(CMD.keymap, SUB.keymap.resetLayer, Uint8Array.of(3)).catch(() => undefined);
    await readFresh(device, 'settings');
    expect(count.reads).toBe(2);
  });

  it('updates the copies of an atomic write only after the commit, and drops them when it fails', async () => {
    const { kb, transport, device } = await rig();
    const count = readsOf(kb, 'dks');
    await readCached(device, 'dks');
    await readCached(device, 'keymap');
    const item = dksRecord(90);
    const keymap = (await readCached(device, 'keymap')).slice();
    keymap.set([0x04, 0x80], 6);
    const ops: AtomicOp[] = [
      { kind: 'object', name: 'dks', offset: 4 * 72, bytes: item },
      { kind: 'command', cmd: CMD.keymap, sub: SUB.keymap.setKeys, data: Uint8Array.of(0, 4, 0x80, ...keyMask([3])) },
    ];
    await writeAtomicThrough(device, ops, { keymap });
    expect(count.reads).toBe(1);
    expect((await readCached(device, 'dks')).subarray(4 * 72, 5 * 72)).toEqual(item);
    expect(await readCached(device, 'keymap')).toEqual(truth(kb, 'keymap'));
    expect(count.reads).toBe(1);

    // Without the new bytes of the masked write's object, that copy is dropped and read again.
    await writeAtomicThrough(device, ops);
    const keymapReads = readsOf(kb, 'keymap');
    await readCached(device, 'keymap');
    expect(keymapReads.reads).toBe(1);

    // A refusal inside the transaction: nothing changed, both copies are read again.
    const bad: AtomicOp = { kind: 'object', name: 'dks', offset: 0, bytes: dksRecord(400) };
    await expect(writeAtomicThrough(device, [...ops, bad])).rejects.toMatchObject({ reason: 'device' });
    expect(same(await readCached(device, 'dks'), truth(kb, 'dks'))).toBe(true);
    expect(count.reads).toBe(2);

    // The commit's ack lost: it landed; the copies follow the device, not the hope.
    const other = dksRecord(120);
    const isCommitAck = (r: Uint8Array) => r[0] === CMD.system && r[1] === (SUB.system.txCommit | 0x80);
    for (let n = 1; n <= 10; n++)
      transport.injectFault('toHost', n, { kind: 'replace', with: (r) => (isCommitAck(r) ? [] : [r]) });
    const ops2: AtomicOp[] = [{ kind: 'object', name: 'dks', offset: 4 * 72, bytes: other }];
    await expect(writeAtomicThrough(device, ops2)).rejects.toMatchObject({ reason: 'timeout' });
    transport.clearFaults();
    expect((await readCached(device, 'dks')).subarray(4 * 72, 5 * 72)).toEqual(other);
  });

  it('drops every other copy when a transaction switches the theme slot', async () => {
    const { kb, device } = await rig();
    await readCached(device, 'keymap');
    const count = readsOf(kb, 'keymap');
    await writeAtomicThrough(device, [{ kind: 'object', name: 'themes', offset: 0, bytes: Uint8Array.of(1) }]);
    expect(same(await readCached(device, 'keymap'), truth(kb, 'keymap'))).toBe(true);
    expect(count.reads).toBe(1);
  });
});
