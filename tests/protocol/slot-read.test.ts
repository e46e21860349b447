/**
 * The slot read of protocol 1.1 (docs/protocol.md §5.2.1): the objects of a named theme slot, answered like a
 * multi-read from that slot's profile, without the keyboard ever leaving its current slot.
 */
import { describe, expect, it } from 'vitest';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import {
  CMD,
  isSlotObject,
  keyMask,
  MULTI_READ_MAX,
  MULTI_READ_REFUSED,
  SLOT_OBJECTS,
  SUB,
} from '../../src/protocol/commands.ts';
import { DEVICE_ERROR } from '../../src/protocol/errors.ts';
import { ProtocolError } from '../../src/protocol/errors.ts';
import { decodeFrame, encodeFrame, hasMore, tagged, type Frame } from '../../src/protocol/frame.ts';
import {
  commandFrame,
  multiReadRequest,
  parseMultiRead,
  ReplyAssembler,
  slotReadRequest,
  transactionBegin,
  writeFrames,
} from '../../src/protocol/messages.ts';
import { THEME_SLOTS } from '../../src/protocol/objects.ts';
import { findObject, OBJECTS, type ObjectName } from '../../src/protocol/registry.ts';

function keyboard(model = 'made68pro', fwVer = '1.3.7') {
  const kb = new VirtualKeyboard({ model, fwVer, serial: 'SLOTREAD01', schedule: (fn) => fn(), now: () => 1000 });
  const notifications: Frame[] = [];
  kb.onReport((r) => notifications.push(decodeFrame(r)));
  let seq = 0;
  /** Sends one request tagged with the next tag (or `tag`) and answers the frames the keyboard sends back. */
  const send = (frame: Frame, tag = ++seq): Frame[] => kb.receive(encodeFrame(tagged(frame, tag))).map(decodeFrame);
  /** The entries of a streamed multi-read or slot read answer. */
  const entries = (replies: Frame[], count: number): (Uint8Array | undefined)[] => {
    const asm = new ReplyAssembler(0);
    for (const f of replies) asm.push(f);
    expect(asm.done).toBe(true);
    return parseMultiRead(asm.bytes(), count);
  };
  const has = (name: ObjectName) => entries(send(multiReadRequest([OBJECTS[name]])), 1)[0] !== undefined;
  const slotNames = (Object.keys(OBJECTS) as ObjectName[]).filter(
    (n) => isSlotObject(OBJECTS[n].cmd, OBJECTS[n].sub) && has(n),
  );
  return { kb, send, entries, notifications, slotNames };
}

const objectsOf = (names: readonly ObjectName[]) => names.map((n) => OBJECTS[n]);
const errorOf = (replies: Frame[]) => {
  expect(replies).toHaveLength(1);
  expect(replies[0]!.cmd).toBe(CMD.error);
  return { code: replies[0]!.data[0], cmd: replies[0]!.data[1], sub: replies[0]!.data[2] };
};

describe('the slot read request', () => {
  it('is a multi-read with the slot in front: [slot, count, (cmd, sub) x count], without the write bit', () => {
    const f = slotReadRequest(2, objectsOf(['keymap', 'perf']));
    expect(f).toMatchObject({ cmd: CMD.system, sub: SUB.system.slotRead, offset: 0 });
    expect([...f.data]).toEqual([2, 2, CMD.keymap, SUB.keymap.keymap, CMD.performance, SUB.performance.perf]);
    // 27 objects still fit one frame with the slot byte.
    const many = slotReadRequest(
      3,
      Array.from({ length: MULTI_READ_MAX }, () => OBJECTS.keymap),
    );
    expect(() => encodeFrame(many)).not.toThrow();
  });

  it('names only the objects of a slot, 1 to 27 of them, and a slot that fits a byte', () => {
    for (const name of ['descriptor', 'status', 'themes', 'settings', 'switches', 'calibration', 'adc'] as const)
      expect(() => slotReadRequest(1, [OBJECTS[name]]), name).toThrow(ProtocolError);
    expect(() => slotReadRequest(1, [])).toThrow(ProtocolError);
    expect(() =>
      slotReadRequest(
        1,
        Array.from({ length: 28 }, () => OBJECTS.keymap),
      ),
    ).toThrow(ProtocolError);
    expect(() => slotReadRequest(256, [OBJECTS.keymap])).toThrow(ProtocolError);
    expect(() => slotReadRequest(-1, [OBJECTS.keymap])).toThrow(ProtocolError);
  });

  it('counts every object of a profile, and only those, as an object of a slot', () => {
    const perSlot = SLOT_OBJECTS.map((o) => findObject(o.cmd, o.sub));
    expect(perSlot.sort()).toEqual(
      [
        'keymap',
        'colours',
        'lighting',
        'funcInfo',
        'dks',
        'shortcut',
        'macro',
        'snaptap',
        'hypertap',
        'outerFrame',
        'perf',
        'rapidComplete',
        'ambient',
      ].sort(),
    );
  });
});

describe('the reference firmware answers a slot read', () => {
  it("with each slot's own objects, exactly as a multi-read gives them once that slot is current", () => {
    const { send, entries, slotNames, kb } = keyboard();
    expect(slotNames.length).toBeGreaterThan(8);
    const bySlot = Array.from({ length: THEME_SLOTS }, (_, slot) =>
      entries(send(slotReadRequest(slot, objectsOf(slotNames))), slotNames.length),
    );
    // The factory slots differ, so a slot read that answered the current slot would be caught.
    expect(bySlot[2]).not.toEqual(bySlot[0]);
    expect(kb.inspect().state.currentTheme).toBe(0);
    for (let slot = 0; slot < THEME_SLOTS; slot++) {
      send(writeFrames(CMD.system, SUB.system.themes, 0, Uint8Array.of(slot))[0]!);
      expect(kb.inspect().state.currentTheme).toBe(slot);
      const current = entries(send(multiReadRequest(objectsOf(slotNames))), slotNames.length);
      expect(bySlot[slot], `slot ${slot}`).toEqual(current);
    }
  });

  it('without changing anything: the current slot, the flash, a staged stream', () => {
    const { kb, send, notifications, slotNames } = keyboard();
    const before = kb.serialize();
    const half = writeFrames(CMD.keymap, SUB.keymap.keymap, 0, new Uint8Array(120))[0]!;
    send(half, 200);
    const staged = kb.inspect().staged;
    expect(staged).toBeDefined();
    for (let slot = 0; slot < THEME_SLOTS; slot++) send(slotReadRequest(slot, objectsOf(slotNames)));
    expect(kb.inspect().staged).toEqual(staged);
    expect(kb.inspect().state.currentTheme).toBe(0);
    expect(kb.serialize()).toEqual(before);
    expect(notifications.filter((f) => f.cmd === CMD.notify && f.sub === SUB.notify.sync)).toEqual([]);
  });

  it('repeating the request tag in every frame, also in a refusal', () => {
    const { send, slotNames } = keyboard();
    const replies = send(slotReadRequest(1, objectsOf(slotNames)), 77);
    expect(replies.length).toBeGreaterThan(3);
    for (const f of replies) expect([f.seq, f.cmd, f.sub & 0xbf]).toEqual([77, CMD.system, SUB.system.slotRead]);
    replies.forEach((f, i) => expect(hasMore(f.sub)).toBe(i < replies.length - 1));
    expect(send(slotReadRequest(4, [OBJECTS.keymap]), 78)[0]!.seq).toBe(78);
  });

  it('with a refused entry for an object the model lacks or an unknown pair, and goes on', () => {
    const { send, entries } = keyboard();
    const request = slotReadRequest(1, objectsOf(['rapidComplete', 'ambient', 'snaptap']));
    const unknown: Frame = { ...request, data: Uint8Array.of(1, 4, ...request.data.subarray(2), 0x0a, 0x3f) };
    const got = entries(send(unknown), 4);
    expect(got.map((b) => b?.length ?? MULTI_READ_REFUSED)).toEqual([1, MULTI_READ_REFUSED, 32, MULTI_READ_REFUSED]);
  });

  it('refusing a slot beyond the slots the keyboard has with outOfRange', () => {
    const { send } = keyboard();
    for (const slot of [THEME_SLOTS, 5, 255])
      expect(errorOf(send(slotReadRequest(slot, [OBJECTS.keymap])))).toEqual({
        code: DEVICE_ERROR.outOfRange,
        cmd: CMD.system,
        sub: SUB.system.slotRead,
      });
  });

  it('refusing the whole request when it names an object of the device', () => {
    const { send } = keyboard();
    for (const name of ['descriptor', 'status', 'themes', 'settings', 'switches', 'calibration', 'adc'] as const) {
      const { cmd, sub } = OBJECTS[name];
      const request: Frame = {
        cmd: CMD.system,
        sub: SUB.system.slotRead,
        offset: 0,
        data: Uint8Array.of(1, 2, CMD.keymap, SUB.keymap.keymap, cmd, sub),
      };
      expect(errorOf(send(request)).code, name).toBe(DEVICE_ERROR.invalidValue);
    }
  });

  it('refusing a malformed list, the write bit, and any request in bootloader mode', () => {
    const { send } = keyboard();
    const raw = (...data: number[]): Frame => ({
      cmd: CMD.system,
      sub: SUB.system.slotRead,
      offset: 0,
      data: Uint8Array.from(data),
    });
    expect(errorOf(send(raw(1, 0))).code).toBe(DEVICE_ERROR.invalidValue);
    expect(errorOf(send(raw(1, 28, ...new Array(54).fill(2)))).code).toBe(DEVICE_ERROR.invalidValue);
    expect(errorOf(send(raw(1, 2, CMD.keymap, SUB.keymap.keymap))).code).toBe(DEVICE_ERROR.badLength);
    expect(errorOf(send(raw())).code).toBe(DEVICE_ERROR.invalidValue);
    const written = { ...slotReadRequest(1, [OBJECTS.keymap]), sub: SUB.system.slotRead | 0x80 };
    expect(errorOf(send(written))).toMatchObject({ code: DEVICE_ERROR.notSupported, sub: SUB.system.slotRead | 0x80 });
    send(commandFrame(CMD.system, SUB.system.bootloader, new TextEncoder().encode('BOOT')));
    expect(errorOf(send(slotReadRequest(1, [OBJECTS.keymap]))).code).toBe(DEVICE_ERROR.busy);
  });

  it('inside a transaction with the committed state, like every read', () => {
    const { kb, send, entries } = keyboard();
    const keymapOf = (slot: number, tag?: number) => entries(send(slotReadRequest(slot, [OBJECTS.keymap]), tag), 1)[0]!;
    const committed = keymapOf(0);
    const tag = 100;
    send(transactionBegin(), tag);
    send(commandFrame(CMD.keymap, SUB.keymap.setKeys, Uint8Array.of(0, 0x29, 0, ...keyMask([5, 6]))), tag);
    expect(kb.inspect().transaction).toEqual({ seq: tag, ops: 1 });
    expect(keymapOf(0, tag)).toEqual(committed);
    // Still open: a read with the transaction's tag does not drop it.
    expect(kb.inspect().transaction).toEqual({ seq: tag, ops: 1 });
  });
});
