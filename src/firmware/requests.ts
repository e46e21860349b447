/**
 * How the firmware answers each host report: object reads streamed by offset, multi-reads and slot reads (several
 * whole objects, of the current theme slot or of a named one), object writes staged and committed at the last frame,
 * single-frame commands, transactions, the firmware update, and error replies for everything else.
 *
 * Write streams: a write to another object, a frame with another sequence tag than the staged stream's, or a restart
 * at the staged stream's start offset replaces the staged stream; a frame at any other offset than the expected next
 * one is refused with `sequence` and drops the stage. Reads and commands in between leave a staged stream alone.
 *
 * Sequence tags: every reply frame carries the request's tag (the keyboard adds it). Once a tagged write or command
 * is refused, the other frames of that exchange (same tag) are refused with `sequence` too, so the tail of a refused
 * stream never lands on its own.
 *
 * Transactions: begin (tag S) opens a working copy of the theme slots, profiles, settings and stored calibration
 * ranges (never a calibration run). Writes and masked
 * commands tagged S are vetted and staged on it (reads still answer the committed state); commit [count u16] vets
 * the whole staged state and applies it at once. A request with another tag, a new begin, an abort, a refusal, the
 * handshake, a link reset or a power cycle drops the transaction: nothing staged is ever visible.
 */
import {
  CMD,
  isSlotObject,
  KEY_MAP_BYTES,
  MULTI_READ_MAX,
  MULTI_READ_MAX_BYTES,
  MULTI_READ_REFUSED,
  READ_TO_END,
  REPORT_MODE,
  SUB,
  UNSOLICITED_NOTIFY_SUBS,
} from '../protocol/commands.ts';
import { DEVICE_ERROR, type DeviceErrorCode } from '../protocol/errors.ts';
import { chunkFrames, hasMore, isWrite, seqOf, SEQ_NONE, subId, SUB_WRITE, type Frame } from '../protocol/frame.ts';
import { errorFrame } from '../protocol/messages.ts';
import { FirmwareBeginLayout, FirmwareProgressLayout } from '../protocol/objects.ts';
import { findObject, OBJECTS, type ObjectName } from '../protocol/registry.ts';
import { defaultKeymapFor } from './defaults.ts';
import type { DeviceCore } from './device.ts';
import { resetKeymapLayer, setColourKeys, setKeymapKeys, setPerfKeys } from './masked.ts';
import type { FlashState, Profile } from './schema.ts';
import type { Traits } from './traits.ts';
import { FIRMWARE_LEAVE, FIRMWARE_LEAVE_MAGIC, FirmwareReceiver } from './update.ts';
import { checkProfile, checkSettings, type Check } from './validate.ts';
import { WIRE_OBJECTS, type ObjectHost } from './wire-objects.ts';

interface Stage {
  cmd: number;
  sub: number;
  /** Sequence tag of the stream's frames (0: untagged). */
  seq: number;
  start: number;
  next: number;
  parts: Uint8Array[];
}

export interface StageInfo {
  cmd: number;
  sub: number;
  seq: number;
  start: number;
  length: number;
}

/** What a staged write or masked command changes: the live device, or a transaction's working copy. */
type Target = ObjectHost & { profile(): Profile; readonly traits: Traits };

interface Transaction {
  seq: number;
  work: FlashState;
  host: Target;
  /** Slots whose profile the transaction copied (on first change): only those are vetted and applied. */
  copied: Set<number>;
  /** Copies every profile (a theme write may rename any slot). */
  copyAll(): void;
  /** Writes and commands staged so far. */
  ops: number;
}

export interface TransactionInfo {
  seq: number;
  ops: number;
}

interface Command {
  run: (data: Uint8Array, target: Target) => DeviceErrorCode | undefined;
  /** A masked edit of the current profile: a flash write follows it, and a transaction may stage it. */
  edit: boolean;
}

const ascii = (data: Uint8Array): string => String.fromCharCode(...data);

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const isAbort = (cmd: number, id: number): boolean => cmd === CMD.system && id === SUB.system.txAbort;

export class RequestHandler {
  private stage: Stage | undefined;
  private tx: Transaction | undefined;
  /** Tag of the last refused write or command: the rest of that exchange is refused too. */
  private refusedSeq = SEQ_NONE;
  readonly receiver = new FirmwareReceiver();

  constructor(private readonly device: DeviceCore) {}

  get staged(): StageInfo | undefined {
    const s = this.stage;
    return s && { cmd: s.cmd, sub: s.sub, seq: s.seq, start: s.start, length: s.next - s.start };
  }

  get transaction(): TransactionInfo | undefined {
    return this.tx && { seq: this.tx.seq, ops: this.tx.ops };
  }

  /** Forgets everything that belongs to the link: a staged stream, an open transaction, a refused exchange. */
  dropStage(): void {
    this.stage = undefined;
    this.tx = undefined;
    this.refusedSeq = SEQ_NONE;
  }

  handle(frame: Frame): Frame[] {
    const seq = seqOf(frame);
    // A request with another tag means the host has moved on: an open transaction is abandoned.
    if (this.tx && seq !== this.tx.seq) this.tx = undefined;
    if (seq !== this.refusedSeq) this.refusedSeq = SEQ_NONE;
    const replies = this.dispatch(frame, seq);
    const { cmd, sub } = frame;
    const refused = replies.length === 1 && replies[0]!.cmd === CMD.error;
    if (refused && isWrite(sub) && seq !== SEQ_NONE && !isAbort(cmd, subId(sub))) {
      this.tx = undefined;
      // Firmware chunks keep their own order rules (a transfer resumes after a refusal).
      if (cmd !== CMD.firmware) this.refusedSeq = seq;
    }
    return replies;
  }

  private dispatch(frame: Frame, seq: number): Frame[] {
    const { cmd, sub } = frame;
    const id = subId(sub);
    const fail = (code: DeviceErrorCode): Frame[] => [errorFrame(code, cmd, sub)];
    if (this.device.bootloader && cmd !== CMD.firmware && !(cmd === CMD.system && id === SUB.system.handshake))
      return fail(DEVICE_ERROR.busy);
    if (seq !== SEQ_NONE && seq === this.refusedSeq && isWrite(sub) && cmd !== CMD.firmware && !isAbort(cmd, id))
      return fail(DEVICE_ERROR.sequence);
    if (cmd === CMD.firmware) return this.tx ? fail(DEVICE_ERROR.busy) : this.firmware(frame);
    if (cmd === CMD.system) {
      if (id === SUB.system.multiRead) return isWrite(sub) ? fail(DEVICE_ERROR.notSupported) : this.multiRead(frame);
      if (id === SUB.system.slotRead) return isWrite(sub) ? fail(DEVICE_ERROR.notSupported) : this.slotRead(frame);
      if (id === SUB.system.txBegin || id === SUB.system.txCommit || id === SUB.system.txAbort)
        return isWrite(sub) ? this.transactionCommand(frame, id, seq) : fail(DEVICE_ERROR.notSupported);
      // A host starts every connection with the handshake: whatever an earlier connection left staged is dropped.
      if (id === SUB.system.handshake && !isWrite(sub)) {
        this.stage = undefined;
        this.tx = undefined;
      }
    }

    const command = this.command(cmd, id);
    if (command !== undefined) {
      if (command === null || !isWrite(sub)) return fail(DEVICE_ERROR.notSupported);
      const tx = this.tx;
      if (tx && !command.edit) return fail(DEVICE_ERROR.busy);
      const refusal = command.run(frame.data, tx ? tx.host : this.device);
      if (refusal !== undefined) return fail(refusal);
      if (tx) tx.ops++;
      else if (command.edit) this.device.flashWrite();
      return [this.ack(frame, 0, new Uint8Array([0]))];
    }
    if (cmd === CMD.notify && UNSOLICITED_NOTIFY_SUBS.includes(id)) return fail(DEVICE_ERROR.notSupported);
    const name = findObject(cmd, id);
    if (!name) return fail(DEVICE_ERROR.unknownCommand);
    if (!this.device.traits.objects.has(name)) {
      if (isWrite(sub)) this.stage = undefined;
      return fail(DEVICE_ERROR.notSupported);
    }
    return isWrite(sub) ? this.write(name, frame, seq) : this.read(name, frame);
  }

  /** txBegin, txCommit [count u16] and txAbort (docs/protocol.md §5.5). */
  private transactionCommand(frame: Frame, id: number, seq: number): Frame[] {
    const fail = (code: DeviceErrorCode): Frame[] => [errorFrame(code, frame.cmd, frame.sub)];
    if (id === SUB.system.txAbort) {
      this.tx = undefined;
      this.stage = undefined;
      return [this.ack(frame, 0, new Uint8Array([0]))];
    }
    if (id === SUB.system.txBegin) {
      this.stage = undefined;
      this.tx = undefined;
      // Without a tag the device could not tell the transaction's frames from anyone else's.
      if (seq === SEQ_NONE) return fail(DEVICE_ERROR.invalidValue);
      this.tx = this.openTransaction(seq);
      return [this.ack(frame, 0, new Uint8Array([0]))];
    }
    const tx = this.tx;
    if (!tx) return fail(DEVICE_ERROR.sequence);
    if (frame.data.length < 2) return fail(DEVICE_ERROR.badLength);
    const count = frame.data[0]! | (frame.data[1]! << 8);
    // A stream still open, or a count that differs from what was staged: the host and device disagree.
    if (this.stage || count !== tx.ops) return fail(DEVICE_ERROR.sequence);
    if (vetState(tx.work, tx.copied, this.device.traits) !== undefined) return fail(DEVICE_ERROR.invalidValue);
    const live = this.device.state;
    live.currentTheme = tx.work.currentTheme;
    live.profiles = tx.work.profiles;
    live.settings = tx.work.settings;
    const { calibration } = tx.work;
    if (calibration !== live.calibration) this.device.writeCalibration(calibration.state, calibration.keys);
    this.tx = undefined;
    if (tx.ops > 0) this.device.flashWrite();
    return [this.ack(frame, 0, new Uint8Array([0, count & 0xff, count >> 8]))];
  }

  /**
   * A working copy of everything a transaction may change; the device facts stay live, and the calibration until the
   * transaction writes its stored ranges. A profile is
   * copied when the transaction first addresses it, so a transaction costs the slots it touches, not all of them.
   */
  private openTransaction(seq: number): Transaction {
    const d = this.device;
    const live = d.state;
    const work: FlashState = {
      device: live.device,
      calibration: live.calibration,
      currentTheme: live.currentTheme,
      profiles: [...live.profiles],
      settings: structuredClone(live.settings),
    };
    const copied = new Set<number>();
    const copy = (slot: number): Profile => {
      if (!copied.has(slot)) {
        work.profiles[slot] = structuredClone(work.profiles[slot]!);
        copied.add(slot);
      }
      return work.profiles[slot]!;
    };
    const host: Target = {
      state: work,
      get traits() {
        return d.traits;
      },
      profile: () => copy(work.currentTheme),
      descriptor: () => d.descriptor(),
      status: () => d.status(),
      liveAdc: () => d.liveAdc(),
      // Only ranges outside a run get here (write() refuses the rest): staged like everything else.
      writeCalibration: (state, keys) => {
        work.calibration = { state, keys };
      },
    };
    return { seq, work, host, copied, copyAll: () => work.profiles.forEach((_, slot) => copy(slot)), ops: 0 };
  }

  private ack(frame: Frame, offset: number, data: Uint8Array): Frame {
    return { cmd: frame.cmd, sub: subId(frame.sub) | SUB_WRITE, offset, data };
  }

  /** Several whole objects for one request, as one stream of [u16 length, bytes] entries (0xFFFF: not here). */
  private multiRead(frame: Frame): Frame[] {
    const { data } = frame;
    const count = data[0] ?? 0;
    if (count === 0 || count > MULTI_READ_MAX) return [errorFrame(DEVICE_ERROR.invalidValue, frame.cmd, frame.sub)];
    if (data.length < 1 + count * 2) return [errorFrame(DEVICE_ERROR.badLength, frame.cmd, frame.sub)];
    const pairs = Array.from({ length: count }, (_, i) => ({ cmd: data[1 + i * 2]!, sub: subId(data[2 + i * 2]!) }));
    const answer = this.entries(pairs, this.device);
    if (!answer) return [errorFrame(DEVICE_ERROR.outOfRange, frame.cmd, frame.sub)];
    return chunkFrames(frame.cmd, subId(frame.sub), 0, answer);
  }

  /**
   * Protocol 1.1 slot read: data [slot, count, (cmd, sub) x count], answered like a multi-read from the profile of
   * theme slot `slot`, whichever slot is current. Nothing changes (the current slot least of all). A slot the device
   * lacks is outOfRange; a device object (not one of a slot's) refuses the whole request with invalidValue; an
   * unknown pair or an object this model lacks is a refused entry, as in a multi-read. Like every read inside a
   * transaction, it answers the committed state.
   */
  private slotRead(frame: Frame): Frame[] {
    const { data } = frame;
    const fail = (code: DeviceErrorCode): Frame[] => [errorFrame(code, frame.cmd, frame.sub)];
    const count = data[1] ?? 0;
    if (count === 0 || count > MULTI_READ_MAX) return fail(DEVICE_ERROR.invalidValue);
    if (data.length < 2 + count * 2) return fail(DEVICE_ERROR.badLength);
    const d = this.device;
    const slot = data[0]!;
    const profile = slot < d.descriptor().themeCount ? d.state.profiles[slot] : undefined;
    if (!profile) return fail(DEVICE_ERROR.outOfRange);
    const pairs = Array.from({ length: count }, (_, i) => ({ cmd: data[2 + i * 2]!, sub: subId(data[3 + i * 2]!) }));
    if (pairs.some((p) => findObject(p.cmd, p.sub) && !isSlotObject(p.cmd, p.sub)))
      return fail(DEVICE_ERROR.invalidValue);
    // The device as the objects see it, with the slot's profile in place of the current one.
    const host: ObjectHost = {
      state: d.state,
      get traits() {
        return d.traits;
      },
      profile: () => profile,
      descriptor: () => d.descriptor(),
      status: () => d.status(),
      liveAdc: () => d.liveAdc(),
      writeCalibration: () => {
        throw new Error('a slot read writes nothing');
      },
    };
    const answer = this.entries(pairs, host);
    return answer ? chunkFrames(frame.cmd, subId(frame.sub), 0, answer) : fail(DEVICE_ERROR.outOfRange);
  }

  /** The [u16 length, bytes] entries of a multi-read or slot read; undefined when they exceed 0xFF00 bytes. */
  private entries(pairs: readonly { cmd: number; sub: number }[], host: ObjectHost): Uint8Array | undefined {
    const parts: Uint8Array[] = [];
    let total = 0;
    for (const pair of pairs) {
      const name = findObject(pair.cmd, pair.sub);
      const bytes = name && this.device.traits.objects.has(name) ? WIRE_OBJECTS[name].encode(host) : undefined;
      const length = bytes ? bytes.length : MULTI_READ_REFUSED;
      parts.push(Uint8Array.of(length & 0xff, length >> 8));
      if (bytes) parts.push(bytes);
      total += 2 + (bytes?.length ?? 0);
      if (total > MULTI_READ_MAX_BYTES) return undefined;
    }
    return concat(parts);
  }

  private read(name: ObjectName, frame: Frame): Frame[] {
    const bytes = WIRE_OBJECTS[name].encode(this.device);
    return this.stream(frame, bytes);
  }

  private stream(frame: Frame, bytes: Uint8Array): Frame[] {
    const { offset, data } = frame;
    if (offset > bytes.length) return [errorFrame(DEVICE_ERROR.outOfRange, frame.cmd, frame.sub)];
    const wanted = data.length >= 2 ? data[0]! | (data[1]! << 8) : READ_TO_END;
    const end = wanted === READ_TO_END ? bytes.length : Math.min(bytes.length, offset + wanted);
    return chunkFrames(frame.cmd, subId(frame.sub), offset, bytes.subarray(offset, end));
  }

  private write(name: ObjectName, frame: Frame, seq: number): Frame[] {
    const { cmd, sub, offset, data } = frame;
    const id = subId(sub);
    const codec = WIRE_OBJECTS[name];
    const fail = (code: DeviceErrorCode): Frame[] => {
      this.stage = undefined;
      return [errorFrame(code, cmd, sub)];
    };
    if (!OBJECTS[name].writable || !codec.commit) return fail(DEVICE_ERROR.notSupported);
    const tx = this.tx;
    // Calibration drives a live state machine: a run is never staged, nor anything while one is going on. Stored
    // ranges are (an update's restore puts them back with everything else, all or nothing).
    const staysIdle = (bytes: Uint8Array): boolean => bytes[0] !== 1 && this.device.state.calibration.state !== 1;
    if (tx && name === 'calibration' && this.device.state.calibration.state === 1) return fail(DEVICE_ERROR.busy);
    // The theme record names every slot.
    if (tx && name === 'themes') tx.copyAll();

    const s = this.stage;
    const staged = s && s.cmd === cmd && s.sub === id && s.seq === seq ? s : undefined;
    let stage: Stage;
    if (staged && offset === staged.next) stage = staged;
    else if (staged && offset !== staged.start) return fail(DEVICE_ERROR.sequence);
    else stage = { cmd, sub: id, seq, start: offset, next: offset, parts: [] };

    const host = tx ? tx.host : this.device;
    // The object's size, not its encoding, bounds a frame: encoding a large list for every frame of its stream made
    // a long write (an update's restore) cost a millisecond per report.
    if (offset + data.length > OBJECTS[name].size(this.device.descriptor())) return fail(DEVICE_ERROR.outOfRange);
    stage.parts.push(data);
    stage.next += data.length;
    this.stage = stage;
    if (hasMore(sub)) return [];

    this.stage = undefined;
    const current = codec.encode(host);
    if (stage.next > current.length) return fail(DEVICE_ERROR.outOfRange);
    const written = concat(stage.parts);
    current.set(written, stage.start);
    if (tx && name === 'calibration' && !staysIdle(current)) return fail(DEVICE_ERROR.busy);
    if (codec.commit(host, current) !== undefined) return fail(DEVICE_ERROR.invalidValue);
    if (tx) tx.ops++;
    else this.device.flashWrite();
    return [this.ack(frame, stage.start, new Uint8Array([0, written.length & 0xff, written.length >> 8]))];
  }

  /**
   * The single-frame command at (cmd, sub): a handler, null when this device lacks it, undefined when none. Masked
   * edits may be staged in a transaction; factory reset, bootloader, pairing and report mode are refused there (busy).
   */
  private command(cmd: number, id: number): Command | null | undefined {
    const d = this.device;
    const has = (name: ObjectName): boolean => d.traits.objects.has(name);
    const edit = (run: Command['run']): Command => ({ run, edit: true });
    const other = (run: (data: Uint8Array) => DeviceErrorCode | undefined): Command => ({ run, edit: false });
    switch (cmd) {
      case CMD.system:
        if (id === SUB.system.factoryReset)
          return other((data) => {
            if (ascii(data) !== 'RST') return DEVICE_ERROR.invalidValue;
            d.factoryReset();
            d.flashWrite();
            return undefined;
          });
        if (id === SUB.system.bootloader)
          return other((data) => {
            if (ascii(data) !== 'BOOT') return DEVICE_ERROR.invalidValue;
            this.stage = undefined;
            d.resetVolatile();
            d.bootloader = true;
            return undefined;
          });
        // Only a wireless device has a radio to pair.
        if (id === SUB.system.pair)
          return d.model.wireless
            ? other((data) => {
                if (ascii(data) !== 'PAIR') return DEVICE_ERROR.invalidValue;
                d.startPairing();
                return undefined;
              })
            : null;
        return undefined;
      case CMD.keymap:
        if (id === SUB.keymap.setKeys)
          return has('keymap') ? edit((data, t) => setKeymapKeys(t.profile(), data, t.traits)) : null;
        if (id === SUB.keymap.resetLayer)
          return has('keymap')
            ? edit((data, t) => resetKeymapLayer(t.profile(), data, defaultKeymapFor(d.model)))
            : null;
        return undefined;
      case CMD.keyColour:
        if (id === SUB.keyColour.setKeys)
          return has('colours') ? edit((data, t) => setColourKeys(t.profile(), data, t.traits)) : null;
        return undefined;
      case CMD.performance:
        if (id === SUB.performance.setKeys)
          return has('perf') ? edit((data, t) => setPerfKeys(t.profile(), data, t.traits)) : null;
        return undefined;
      case CMD.notify:
        if (id === SUB.notify.reportMode) return has('perf') ? other((data) => this.setReportMode(data)) : null;
        return undefined;
      default:
        return undefined;
    }
  }

  /** reportMode: [mode u8, keyMask]; without a mask every key is reported. */
  private setReportMode(data: Uint8Array): DeviceErrorCode | undefined {
    if (data.length < 1) return DEVICE_ERROR.badLength;
    const mode = data[0]!;
    if (mode > REPORT_MODE.triggerStream) return DEVICE_ERROR.invalidValue;
    const mask = new Uint8Array(KEY_MAP_BYTES);
    if (data.length === 1) mask.fill(0xff);
    else mask.set(data.subarray(1, 1 + KEY_MAP_BYTES));
    this.device.reportMode = { mode, mask };
    return undefined;
  }

  private firmware(frame: Frame): Frame[] {
    const { cmd, sub, data } = frame;
    const id = subId(sub);
    const fail = (code: DeviceErrorCode): Frame[] => [errorFrame(code, cmd, sub)];
    if (id === SUB.firmware.status)
      return isWrite(sub)
        ? fail(DEVICE_ERROR.notSupported)
        : this.stream(frame, FirmwareProgressLayout.encode(this.receiver.progress()));
    if (id !== SUB.firmware.begin && id !== SUB.firmware.chunk && id !== SUB.firmware.finish && id !== FIRMWARE_LEAVE)
      return fail(DEVICE_ERROR.unknownCommand);
    if (!isWrite(sub)) return fail(DEVICE_ERROR.notSupported);
    if (id === FIRMWARE_LEAVE) return this.leaveBootloader(frame);

    if (id === SUB.firmware.begin) {
      if (data.length < FirmwareBeginLayout.size) return fail(DEVICE_ERROR.badLength);
      const result = this.receiver.begin(FirmwareBeginLayout.decode(data));
      if (!result.ok) return fail(result.code);
      const reply = new Uint8Array(5);
      new DataView(reply.buffer).setUint32(1, result.value, true);
      return [this.ack(frame, 0, reply)];
    }
    if (id === SUB.firmware.chunk) {
      const result = this.receiver.chunk(frame.offset, data);
      if (!result.ok) return fail(result.code);
      if (hasMore(sub)) return [];
      const reply = new Uint8Array(7);
      const view = new DataView(reply.buffer);
      view.setUint16(1, frame.offset, true);
      view.setUint32(3, result.value, true);
      return [this.ack(frame, frame.offset, reply)];
    }
    const result = this.receiver.finish(this.device.model.modelId, this.device.state.device.hw);
    // Verified or not, the device restarts into a working firmware: the new one, or the one it had.
    this.stage = undefined;
    this.device.resetVolatile();
    if (!result.ok) return fail(result.code);
    this.device.runFirmware(result.value);
    this.device.flashWrite();
    return [this.ack(frame, 0, new Uint8Array([0]))];
  }

  /**
   * Restarts into the firmware the device runs, which no transfer overwrites (the image arrives in the second slot):
   * the transfer stays for the same update to resume. Outside the bootloader nothing changes, so a host may send it
   * whenever it does not know where the device stands.
   */
  private leaveBootloader(frame: Frame): Frame[] {
    if (ascii(frame.data) !== FIRMWARE_LEAVE_MAGIC)
      return [errorFrame(DEVICE_ERROR.invalidValue, frame.cmd, frame.sub)];
    const wasIn = this.device.bootloader;
    if (wasIn) {
      this.stage = undefined;
      this.device.resetVolatile();
    }
    return [this.ack(frame, 0, new Uint8Array([0, wasIn ? 1 : 0]))];
  }
}

/**
 * Every rule the whole staged state must meet before a transaction commits (the rules a restored image meets), on
 * the profiles it changed (the others are the committed ones) and the settings.
 */
function vetState(state: FlashState, changed: ReadonlySet<number>, traits: Traits): Check {
  if (!Number.isInteger(state.currentTheme) || state.currentTheme < 0 || state.currentTheme >= state.profiles.length)
    return `theme slot ${state.currentTheme} does not exist`;
  for (const slot of changed) {
    const reason = checkProfile(state.profiles[slot]!, traits);
    if (reason !== undefined) return reason;
  }
  return checkSettings(state.settings);
}
