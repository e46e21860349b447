/**
 * How the firmware answers each host report: object reads streamed by offset, object writes staged and committed at
 * the last frame, single-frame commands, the firmware update, and error replies for everything else.
 *
 * Write streams: a write to another object (or restarting at the staged stream's start offset) replaces the staged
 * stream; a frame at any other offset than the expected next one is refused with `sequence` and drops the stage.
 * Reads and commands in between leave a staged stream alone.
 */
import {
  CMD,
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
import { chunkFrames, hasMore, isWrite, subId, SUB_WRITE, type Frame } from '../protocol/frame.ts';
import { errorFrame } from '../protocol/messages.ts';
import { FirmwareBeginLayout, FirmwareProgressLayout } from '../protocol/objects.ts';
import { findObject, OBJECTS, type ObjectName } from '../protocol/registry.ts';
import { defaultKeymapFor } from './defaults.ts';
import type { DeviceCore } from './device.ts';
import { resetKeymapLayer, setColourKeys, setKeymapKeys, setPerfKeys } from './masked.ts';
import { FirmwareReceiver } from './update.ts';
import { WIRE_OBJECTS } from './wire-objects.ts';

interface Stage {
  cmd: number;
  sub: number;
  start: number;
  next: number;
  parts: Uint8Array[];
}

export interface StageInfo {
  cmd: number;
  sub: number;
  start: number;
  length: number;
}

type Command = (data: Uint8Array) => DeviceErrorCode | undefined;

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

export class RequestHandler {
  private stage: Stage | undefined;
  readonly receiver = new FirmwareReceiver();

  constructor(private readonly device: DeviceCore) {}

  get staged(): StageInfo | undefined {
    const s = this.stage;
    return s && { cmd: s.cmd, sub: s.sub, start: s.start, length: s.next - s.start };
  }

  dropStage(): void {
    this.stage = undefined;
  }

  handle(frame: Frame): Frame[] {
    const { cmd, sub } = frame;
    const id = subId(sub);
    const fail = (code: DeviceErrorCode): Frame[] => [errorFrame(code, cmd, sub)];
    if (this.device.bootloader && cmd !== CMD.firmware && !(cmd === CMD.system && id === SUB.system.handshake))
      return fail(DEVICE_ERROR.busy);
    if (cmd === CMD.firmware) return this.firmware(frame);
    if (cmd === CMD.system && id === SUB.system.multiRead) {
      return isWrite(sub) ? fail(DEVICE_ERROR.notSupported) : this.multiRead(frame);
    }

    const command = this.command(cmd, id);
    if (command !== undefined) {
      if (command === null || !isWrite(sub)) return fail(DEVICE_ERROR.notSupported);
      const refusal = command(frame.data);
      return refusal === undefined ? [this.ack(frame, 0, new Uint8Array([0]))] : fail(refusal);
    }
    if (cmd === CMD.notify && UNSOLICITED_NOTIFY_SUBS.includes(id)) return fail(DEVICE_ERROR.notSupported);
    const name = findObject(cmd, id);
    if (!name) return fail(DEVICE_ERROR.unknownCommand);
    if (!this.device.traits.objects.has(name)) {
      if (isWrite(sub)) this.stage = undefined;
      return fail(DEVICE_ERROR.notSupported);
    }
    return isWrite(sub) ? this.write(name, frame) : this.read(name, frame);
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
    const parts: Uint8Array[] = [];
    let total = 0;
    for (let i = 0; i < count; i++) {
      const name = findObject(data[1 + i * 2]!, subId(data[2 + i * 2]!));
      const bytes = name && this.device.traits.objects.has(name) ? WIRE_OBJECTS[name].encode(this.device) : undefined;
      const length = bytes ? bytes.length : MULTI_READ_REFUSED;
      parts.push(Uint8Array.of(length & 0xff, length >> 8));
      if (bytes) parts.push(bytes);
      total += 2 + (bytes?.length ?? 0);
      if (total > MULTI_READ_MAX_BYTES) return [errorFrame(DEVICE_ERROR.outOfRange, frame.cmd, frame.sub)];
    }
    return chunkFrames(frame.cmd, subId(frame.sub), 0, concat(parts));
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

  private write(name: ObjectName, frame: Frame): Frame[] {
    const { cmd, sub, offset, data } = frame;
    const id = subId(sub);
    const codec = WIRE_OBJECTS[name];
    const fail = (code: DeviceErrorCode): Frame[] => {
      this.stage = undefined;
      return [errorFrame(code, cmd, sub)];
    };
    if (!OBJECTS[name].writable || !codec.commit) return fail(DEVICE_ERROR.notSupported);

    const staged = this.stage && this.stage.cmd === cmd && this.stage.sub === id ? this.stage : undefined;
    let stage: Stage;
    if (staged && offset === staged.next) stage = staged;
    else if (staged && offset !== staged.start) return fail(DEVICE_ERROR.sequence);
    else stage = { cmd, sub: id, start: offset, next: offset, parts: [] };

    const current = codec.encode(this.device);
    if (offset + data.length > current.length) return fail(DEVICE_ERROR.outOfRange);
    stage.parts.push(data);
    stage.next += data.length;
    this.stage = stage;
    if (hasMore(sub)) return [];

    this.stage = undefined;
    const written = concat(stage.parts);
    current.set(written, stage.start);
    if (codec.commit(this.device, current) !== undefined) return fail(DEVICE_ERROR.invalidValue);
    this.device.flashWrite();
    return [this.ack(frame, stage.start, new Uint8Array([0, written.length & 0xff, written.length >> 8]))];
  }

  /** The single-frame command at (cmd, sub): a handler, null when this device lacks it, undefined when none. */
  private command(cmd: number, id: number): Command | null | undefined {
    const d = this.device;
    const has = (name: ObjectName): boolean => d.traits.objects.has(name);
    const persist =
      (apply: Command): Command =>
      (data) => {
        const refusal = apply(data);
        if (refusal === undefined) d.flashWrite();
        return refusal;
      };
    switch (cmd) {
      case CMD.system:
        if (id === SUB.system.factoryReset)
          return persist((data) => {
            if (ascii(data) !== 'RST') return DEVICE_ERROR.invalidValue;
            d.factoryReset();
            return undefined;
          });
        if (id === SUB.system.bootloader)
          return (data) => {
            if (ascii(data) !== 'BOOT') return DEVICE_ERROR.invalidValue;
            this.stage = undefined;
            d.resetVolatile();
            d.bootloader = true;
            return undefined;
          };
        return undefined;
      case CMD.keymap:
        if (id === SUB.keymap.setKeys)
          return has('keymap') ? persist((data) => setKeymapKeys(d.profile(), data, d.traits)) : null;
        if (id === SUB.keymap.resetLayer)
          return has('keymap')
            ? persist((data) => resetKeymapLayer(d.profile(), data, defaultKeymapFor(d.model)))
            : null;
        return undefined;
      case CMD.keyColour:
        if (id === SUB.keyColour.setKeys)
          return has('colours') ? persist((data) => setColourKeys(d.profile(), data, d.traits)) : null;
        return undefined;
      case CMD.performance:
        if (id === SUB.performance.setKeys)
          return has('perf') ? persist((data) => setPerfKeys(d.profile(), data, d.traits)) : null;
        return undefined;
      case CMD.notify:
        if (id === SUB.notify.reportMode) return has('perf') ? (data) => this.setReportMode(data) : null;
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
    if (id !== SUB.firmware.begin && id !== SUB.firmware.chunk && id !== SUB.firmware.finish)
      return fail(DEVICE_ERROR.unknownCommand);
    if (!isWrite(sub)) return fail(DEVICE_ERROR.notSupported);

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
    const result = this.receiver.finish(this.device.model.modelId);
    // Verified or not, the device restarts into a working firmware: the new one, or the one it had.
    this.stage = undefined;
    this.device.resetVolatile();
    if (!result.ok) return fail(result.code);
    this.device.runFirmware(result.value);
    this.device.flashWrite();
    return [this.ack(frame, 0, new Uint8Array([0]))];
  }
}
