import { describe, expect, it } from 'vitest';
import * as firmware from '../../src/firmware/index.ts';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import * as imageFormat from '../../src/protocol/firmware-image.ts';
import { buildFirmwareImage, readFirmwareHeader } from '../../src/protocol/firmware-image.ts';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { DEVICE_ERROR } from '../../src/protocol/errors.ts';
import { crc32 } from '../../src/protocol/crc.ts';
import { REFERENCE_SIGNER } from '../../src/protocol/firmware-keys.ts';
import { SUB_MORE, SUB_WRITE, tagged, type Frame } from '../../src/protocol/frame.ts';
import { commandFrame, readRequest, transactionBegin } from '../../src/protocol/messages.ts';
import {
  DescriptorLayout,
  DksRecordLayout,
  FIRMWARE_CHUNK,
  FIRMWARE_WINDOW,
  FirmwareBeginLayout,
  FirmwareProgressLayout,
} from '../../src/protocol/objects.ts';
import { FIRMWARE_LEAVE, FirmwareReceiver } from '../../src/firmware/update.ts';
import { errorName, Host, makeKeyboard, sameBytes, text } from './helpers.ts';

const u32 = (data: Uint8Array, at: number): number => new DataView(data.buffer, data.byteOffset).getUint32(at, true);
const chunkCount = (image: Uint8Array): number => Math.ceil(image.length / FIRMWARE_CHUNK);

function begin(host: Host, image: Uint8Array, crc = crc32(image)): Frame {
  const version = [...image.subarray(6, 9)];
  return host.command(
    CMD.firmware,
    SUB.firmware.begin,
    FirmwareBeginLayout.encode({ target: 0, size: image.length, version, crc }),
  );
}

function chunkFrame(image: Uint8Array, n: number, more: boolean): Frame {
  const data = image.subarray(n * FIRMWARE_CHUNK, (n + 1) * FIRMWARE_CHUNK);
  return { cmd: CMD.firmware, sub: SUB.firmware.chunk | SUB_WRITE | (more ? SUB_MORE : 0), offset: n, data };
}

/** Sends chunks [from, to) in windows; answers every reply. */
function sendChunks(host: Host, image: Uint8Array, from = 0, to = chunkCount(image)): Frame[] {
  const replies: Frame[] = [];
  for (let n = from; n < to; n++) {
    const lastOfWindow = (n - from + 1) % FIRMWARE_WINDOW === 0 || n === to - 1;
    replies.push(...host.send(chunkFrame(image, n, !lastOfWindow)));
  }
  return replies;
}

const finish = (host: Host): Frame => host.command(CMD.firmware, SUB.firmware.finish, []);
const progress = (host: Host) => FirmwareProgressLayout.decode(host.read(CMD.firmware, SUB.firmware.status));
const enterBootloader = (host: Host): Frame => host.command(CMD.system, SUB.system.bootloader, [...text('BOOT')]);

describe('firmware images', () => {
  it('builds a reproducible, signed image whose header names the model, versions, length and CRC', () => {
    const image = buildFirmwareImage(3, 'V1.4.0', 1000);
    expect(image.length).toBe(1000 + imageFormat.FIRMWARE_HEADER_SIZE);
    expect(readFirmwareHeader(image)).toEqual({
      modelId: 3,
      version: [1, 4, 0],
      hwVersion: [1, 0, 0],
      payloadLength: 1000,
      crc: crc32(image.subarray(imageFormat.FIRMWARE_HEADER_SIZE)),
      signer: REFERENCE_SIGNER,
    });
    expect(sameBytes(buildFirmwareImage(3, [1, 4, 0], 1000), image)).toBe(true);
    expect(sameBytes(buildFirmwareImage(3, '1.4.1', 1000), image)).toBe(false);
    expect(readFirmwareHeader(buildFirmwareImage(3, '1.4.0', 10, { hwVersion: '2.1.0' }))?.hwVersion).toEqual([
      2, 1, 0,
    ]);
    expect(readFirmwareHeader(image.subarray(0, 50))).toBeUndefined();
  });

  it('are checked field by field, the signature with a key trusted for the device only', () => {
    const target = { modelId: 3, hwVersion: [1, 0, 0], virtual: true, vendorId: 0 };
    const problem = (image: Uint8Array, t = target) => {
      const check = imageFormat.checkFirmwareImage(image, t);
      return check.ok ? 'ok' : check.problem;
    };
    const good = buildFirmwareImage(3, '1.4.0', 500);
    const edit = (at: number, value: number) => {
      const copy = good.slice();
      copy[at] = value;
      return copy;
    };
    expect(problem(good)).toBe('ok');
    expect(problem(edit(0, 0x4c))).toBe('magic');
    expect(problem(edit(4, 1))).toBe('format');
    expect(problem(good.subarray(0, good.length - 1))).toBe('length');
    expect(problem(edit(good.length - 1, good[good.length - 1]! ^ 1))).toBe('crc');
    expect(problem(buildFirmwareImage(4, '1.4.0', 500))).toBe('model');
    expect(problem(buildFirmwareImage(3, '1.4.0', 500, { hwVersion: '2.0.0' }))).toBe('hardware');
    // A changed version field, a flipped signature bit, another key: the signature does not verify.
    expect(problem(edit(6, 9))).toBe('signature');
    expect(problem(edit(30, good[30]! ^ 1))).toBe('signature');
    expect(problem(buildFirmwareImage(3, '1.4.0', 500, { secretKey: new Uint8Array(32).fill(1) }))).toBe('signature');
    // The reference firmware's key signs virtual keyboards' images only, never a real device's.
    expect(problem(good, { ...target, virtual: false, vendorId: 1046 })).toBe('signature');
    const tooLarge = new Uint8Array(imageFormat.FIRMWARE_SLOT_SIZE + 1);
    tooLarge.set(imageFormat.encodeFirmwareHeader(3, '1.0.0', tooLarge.length - imageFormat.FIRMWARE_HEADER_SIZE));
    expect(problem(tooLarge)).toBe('size');
    expect(imageFormat.fitsFirmwareSlot(tooLarge)).toBe(false);
  });

  it("are the protocol's format: the reference firmware uses the same reader and builder", () => {
    expect(firmware.readFirmwareHeader).toBe(imageFormat.readFirmwareHeader);
    expect(firmware.buildFirmwareImage).toBe(imageFormat.buildFirmwareImage);
    expect(firmware.FIRMWARE_SLOT_SIZE).toBe(imageFormat.FIRMWARE_SLOT_SIZE);
    const largest = imageFormat.FIRMWARE_SLOT_SIZE - imageFormat.FIRMWARE_HEADER_SIZE;
    expect(imageFormat.fitsFirmwareSlot(buildFirmwareImage(3, '1.0.0', largest))).toBe(true);
  });
});

describe('firmware update', () => {
  it('receives, verifies and runs a new firmware, keeping the settings', () => {
    const host = new Host(makeKeyboard({ fwVer: '1.3.7' }));
    host.write('settings', 2, new Uint8Array([33]));
    const settings = host.readObject('settings');
    const image = buildFirmwareImage(3, '1.4.0', 3000);

    expect(errorName(enterBootloader(host))).toBeUndefined();
    const started = begin(host, image);
    expect(started).toMatchObject({ cmd: CMD.firmware, sub: SUB.firmware.begin | SUB_WRITE });
    expect([started.data[0], u32(started.data, 1)]).toEqual([0, 0]);

    const acks = sendChunks(host, image);
    expect(acks).toHaveLength(Math.ceil(chunkCount(image) / FIRMWARE_WINDOW));
    const last = acks[acks.length - 1]!;
    expect(last.data[1]! | (last.data[2]! << 8)).toBe(chunkCount(image) - 1);
    expect(u32(last.data, 3)).toBe(image.length);
    expect(progress(host)).toEqual({ state: 1, received: image.length, size: image.length });

    expect([...finish(host).data]).toEqual([0]);
    expect(progress(host).state).toBe(2);
    expect(DescriptorLayout.decode(host.readObject('descriptor')).fw).toEqual([1, 4, 0]);
    expect(host.kb.inspect().bootloader).toBe(false);
    expect(host.readObject('settings')).toEqual(settings);
  });

  it('keeps the old firmware when the image does not match its CRC32', () => {
    const host = new Host(makeKeyboard());
    const image = buildFirmwareImage(3, '1.4.0', 500);
    enterBootloader(host);
    begin(host, image, (crc32(image) ^ 1) >>> 0);
    sendChunks(host, image);
    expect(errorName(finish(host))).toBe('verifyFailed');
    expect(progress(host).state).toBe(3);
    expect(host.kb.descriptor.fw).toEqual([1, 3, 7]);
    // The device runs its old firmware again and answers normally.
    expect(errorName(host.send(readRequest(CMD.system, SUB.system.settings))[0])).toBeUndefined();
  });

  it('refuses an image built for another model', () => {
    const host = new Host(makeKeyboard());
    const image = buildFirmwareImage(4, '1.4.0', 500);
    begin(host, image);
    sendChunks(host, image);
    expect(errorName(finish(host))).toBe('verifyFailed');
    expect(host.kb.descriptor.fw).toEqual([1, 3, 7]);
  });

  it('checks the image again before switching: a tampered signature, format 1, another hardware version', () => {
    const good = buildFirmwareImage(3, '1.4.0', 500);
    const tampered = good.slice();
    tampered[40] = tampered[40]! ^ 1;
    const format1 = good.slice();
    format1[4] = 1;
    for (const image of [tampered, format1]) {
      const host = new Host(makeKeyboard());
      enterBootloader(host);
      begin(host, image);
      sendChunks(host, image);
      expect(errorName(finish(host))).toBe('verifyFailed');
      expect(host.kb.descriptor.fw).toEqual([1, 3, 7]);
      expect(host.kb.inspect().bootloader).toBe(false);
    }
    // The receiver is given the device's hardware version by the request handler.
    const receiver = new FirmwareReceiver();
    const image = buildFirmwareImage(3, '1.4.0', 100);
    receiver.begin({ target: 0, size: image.length, version: [1, 4, 0], crc: crc32(image) });
    for (let n = 0; n * FIRMWARE_CHUNK < image.length; n++)
      receiver.chunk(n, image.subarray(n * FIRMWARE_CHUNK, (n + 1) * FIRMWARE_CHUNK));
    expect(receiver.finish(3, [2, 0, 0])).toEqual({ ok: false, code: DEVICE_ERROR.verifyFailed });
  });

  it('starts a new major version from the factory configuration, a new minor one keeps it', () => {
    const host = new Host(makeKeyboard({ fwVer: '1.3.7' }));
    host.write('settings', 2, new Uint8Array([33]));
    const settings = host.readObject('settings');
    const flash = (version: string) => {
      const image = buildFirmwareImage(3, version, 300);
      enterBootloader(host);
      begin(host, image);
      sendChunks(host, image);
      expect(errorName(finish(host))).toBeUndefined();
    };
    flash('1.5.0');
    expect(host.readObject('settings')).toEqual(settings);
    flash('2.0.0');
    expect(host.readObject('settings')).not.toEqual(settings);
  });

  it('refuses to finish before the whole image has arrived', () => {
    const host = new Host(makeKeyboard());
    const image = buildFirmwareImage(3, '1.4.0', 500);
    begin(host, image);
    sendChunks(host, image, 0, 3);
    expect(errorName(finish(host))).toBe('verifyFailed');
    expect(host.kb.descriptor.fw).toEqual([1, 3, 7]);
  });

  it('resumes an interrupted transfer of the same image after the last chunk received', () => {
    const host = new Host(makeKeyboard());
    const image = buildFirmwareImage(3, '2.0.0', 2000);
    enterBootloader(host);
    begin(host, image);
    sendChunks(host, image, 0, 20);
    host.kb.powerCycle(); // the cable is pulled mid-transfer

    expect(host.kb.descriptor.fw).toEqual([1, 3, 7]);
    enterBootloader(host);
    const resumed = begin(host, image);
    expect(u32(resumed.data, 1)).toBe(20 * FIRMWARE_CHUNK);
    sendChunks(host, image, 20);
    expect(errorName(finish(host))).toBeUndefined();
    expect(host.kb.descriptor.fw).toEqual([2, 0, 0]);
  });

  it('starts over when a different image is announced', () => {
    const host = new Host(makeKeyboard());
    const first = buildFirmwareImage(3, '2.0.0', 2000);
    begin(host, first);
    sendChunks(host, first, 0, 10);
    const other = buildFirmwareImage(3, '2.0.1', 2000);
    expect(u32(begin(host, other).data, 1)).toBe(0);
  });

  it('refuses chunks out of order and before a transfer begins', () => {
    const host = new Host(makeKeyboard());
    const image = buildFirmwareImage(3, '1.4.0', 500);
    expect(errorName(host.send(chunkFrame(image, 0, false))[0])).toBe('sequence');
    begin(host, image);
    sendChunks(host, image, 0, 2);
    expect(errorName(host.send(chunkFrame(image, 3, false))[0])).toBe('sequence');
    expect(errorName(host.send(chunkFrame(image, 1, false))[0])).toBe('sequence');
    expect(errorName(host.send(chunkFrame(image, 99, false))[0])).toBe('outOfRange');
    expect(progress(host).received).toBe(2 * FIRMWARE_CHUNK);
  });

  it('answers only the handshake and firmware commands in the bootloader', () => {
    const host = new Host(makeKeyboard());
    expect(errorName(host.command(CMD.system, SUB.system.bootloader, [...text('BOOX')]))).toBe('invalidValue');
    enterBootloader(host);
    expect(errorName(host.send(readRequest(CMD.keymap, SUB.keymap.keymap))[0])).toBe('busy');
    expect(errorName(host.send(readRequest(CMD.system, SUB.system.settings))[0])).toBe('busy');
    expect(errorName(host.command(CMD.system, SUB.system.factoryReset, [...text('RST')]))).toBe('busy');
    expect(DescriptorLayout.decode(host.readObject('descriptor')).modelId).toBe(3);
    expect(progress(host).state).toBe(0);
    // Keys do nothing while the firmware is not running.
    host.kb.pressKey(0, 4);
    expect(host.notes.filter((n) => n.sub !== SUB.notify.sync)).toEqual([]);
  });

  it('drops DKS rows a downgraded firmware cannot hold, and its flash image stays loadable', () => {
    const host = new Host(makeKeyboard({ fwVer: '1.2.0' }));
    const record = {
      used: 1,
      topLevel: 50,
      bottomLevel: 300,
      tickType: 0,
      tickMin: 0,
      tickMax: 0,
      name: 'Eight',
      rows: Array.from({ length: 8 }, (_, i) => ({ code: 4 + i, stages: [0x81, 0, 0, 0] })),
    };
    expect(errorName(host.write('dks', 0, DksRecordLayout.encode(record)))).toBeUndefined();
    const image = buildFirmwareImage(3, '1.1.0', 100);
    begin(host, image);
    sendChunks(host, image);
    finish(host);
    expect(host.kb.descriptor.dksSlots).toBe(4);
    const rows = DksRecordLayout.decode(host.readObject('dks')).rows;
    expect(rows.map((r) => r.code)).toEqual([4, 5, 6, 7, 0, 0, 0, 0]);
    expect(VirtualKeyboard.restore(host.kb.serialize()).descriptor.fw).toEqual([1, 1, 0]);
  });
});

describe('leaving the bootloader (firmware 0x05)', () => {
  const leave = (host: Host, data = 'EXIT'): Frame => host.command(CMD.firmware, FIRMWARE_LEAVE, [...text(data)]);

  it('restarts into the running firmware and keeps the transfer for the resume', () => {
    const host = new Host(makeKeyboard());
    const image = buildFirmwareImage(3, '1.4.0', 3000);
    enterBootloader(host);
    begin(host, image);
    sendChunks(host, image, 0, 20);
    expect(host.kb.inspect().bootloader).toBe(true);
    const ack = leave(host);
    expect(errorName(ack)).toBeUndefined();
    expect([...ack.data]).toEqual([0, 1]);
    expect(host.kb.inspect().bootloader).toBe(false);
    expect(host.kb.firmwareVersion).toBe('V1.3.7');
    // It answers configuration requests again.
    expect(errorName(host.send(readRequest(CMD.system, SUB.system.themes, 0, 0xffff))[0])).toBeUndefined();
    expect(progress(host)).toMatchObject({ state: 1, received: 20 * FIRMWARE_CHUNK });
    // The same update resumes after the last chunk held, and finishes.
    enterBootloader(host);
    expect(u32(begin(host, image).data, 1)).toBe(20 * FIRMWARE_CHUNK);
    sendChunks(host, image, 20);
    expect(errorName(finish(host))).toBeUndefined();
    expect(host.kb.firmwareVersion).toBe('V1.4.0');
  });

  it('changes nothing outside the bootloader, refuses another magic, and cannot be staged', () => {
    const host = new Host(makeKeyboard());
    const before = host.kb.serialize();
    expect([...leave(host).data]).toEqual([0, 0]);
    enterBootloader(host);
    expect(errorName(leave(host, 'STAY'))).toBe('invalidValue');
    expect(host.kb.inspect().bootloader).toBe(true);
    leave(host);
    expect(sameBytes(host.kb.serialize(), before)).toBe(true);
    host.send(tagged(transactionBegin(), 7));
    const staged = host.send(tagged(commandFrame(CMD.firmware, FIRMWARE_LEAVE, text('EXIT')), 7));
    expect(errorName(staged[0])).toBe('busy');
  });
});
