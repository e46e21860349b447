/**
 * The scripted conversation behind the transcript tests: one exchange per command of the protocol, run against
 * factory-new, deterministic virtual keyboards. Each exchange carries a sequence tag of its own (1, 2, 3, …; a
 * transaction keeps one tag from begin to commit), as a host does. Each step records the request reports, the reply
 * reports and any notifications the device sent meanwhile, as hex.
 */
import { buildFirmwareImage, VirtualKeyboard } from '../../src/firmware/index.ts';
import { CMD, keyMask, PERF_FIELD, REPORT_MODE, SUB } from '../../src/protocol/commands.ts';
import { crc32 } from '../../src/protocol/crc.ts';
import { encodeFrame, nextSeq, tagged, type Frame } from '../../src/protocol/frame.ts';
import {
  commandFrame,
  multiReadRequest,
  readRequest,
  slotReadRequest,
  transactionAbort,
  transactionBegin,
  transactionCommit,
  writeFrames,
} from '../../src/protocol/messages.ts';
import { FIRMWARE_CHUNK, FirmwareBeginLayout } from '../../src/protocol/objects.ts';
import { DksRecordLayout } from '../../src/protocol/advanced-records.ts';
import { OBJECTS, type ObjectName } from '../../src/protocol/registry.ts';

export interface TranscriptStep {
  name: string;
  model: string;
  requests: string[];
  replies: string[];
  notifications: string[];
}

/** Hex of a report without its trailing zero bytes (they are implied up to 64). */
export const hex = (r: Uint8Array): string => {
  let end = r.length;
  while (end > 8 && r[end - 1] === 0) end--;
  return Array.from(r.subarray(0, end), (b) => b.toString(16).padStart(2, '0')).join(' ');
};

function keyboard(model: string, fwVer = '1.3.7'): VirtualKeyboard {
  let clock = 1000;
  return new VirtualKeyboard({ model, fwVer, serial: 'TRANSCRIPT01', schedule: (fn) => fn(), now: () => (clock += 5) });
}

export function runTranscripts(): TranscriptStep[] {
  const steps: TranscriptStep[] = [];
  let seq = 0;
  /** Runs one step; its frames are tagged with the next tag unless they carry one (a transaction's). */
  const exchange = (kb: VirtualKeyboard, model: string, name: string, frames: Frame[], action?: () => void) => {
    const notifications: string[] = [];
    const off = kb.onReport((r) => notifications.push(hex(r)));
    const tag = frames.length && frames.every((f) => f.seq === undefined) ? (seq = nextSeq(seq)) : 0;
    const requests = frames.map((f) => encodeFrame(f.seq === undefined ? tagged(f, tag) : f));
    const replies = requests.flatMap((r) => kb.receive(r));
    action?.();
    off();
    steps.push({ name, model, requests: requests.map(hex), replies: replies.map(hex), notifications });
    return replies;
  };

  const kb = keyboard('made68pro');
  const model = 'made68pro';
  const d = kb.descriptor;
  const readBytes = (name: ObjectName, length?: number): Uint8Array => {
    const spec = OBJECTS[name];
    const out: number[] = [];
    for (const r of kb.receive(encodeFrame(readRequest(spec.cmd, spec.sub, 0, length ?? spec.size(d)))))
      out.push(...r.subarray(8, 8 + (r[2]! | (r[3]! << 8))));
    return Uint8Array.from(out);
  };

  // Reads of every object: whole objects stream in several frames.
  for (const name of Object.keys(OBJECTS) as ObjectName[]) {
    if (name === 'ambient') continue;
    const spec = OBJECTS[name];
    const size = spec.size(d);
    exchange(kb, model, `read ${name}`, [readRequest(spec.cmd, spec.sub, 0, Math.min(size, 120))]);
  }
  exchange(kb, model, 'multi-read: settings, status, themes and the ambient light it lacks', [
    multiReadRequest([OBJECTS.settings, OBJECTS.status, OBJECTS.themes, OBJECTS.ambient]),
  ]);
  exchange(kb, model, 'read keymap from an offset to the end', [readRequest(CMD.keymap, SUB.keymap.keymap, 500)]);

  // Writes of every writable object: the current bytes written back with one change, streamed and acknowledged once.
  const settings = readBytes('settings');
  settings[2] = 15;
  exchange(kb, model, 'write settings (sleep time 15 min)', writeFrames(CMD.system, SUB.system.settings, 0, settings));
  exchange(
    kb,
    model,
    'write themes: switch to slot 2',
    writeFrames(CMD.system, SUB.system.themes, 0, Uint8Array.of(1)),
  );
  exchange(
    kb,
    model,
    'write themes: rename slot 2',
    writeFrames(CMD.system, SUB.system.themes, 18, new TextEncoder().encode('Arena\0\0\0\0\0\0\0\0\0\0\0')),
  );
  exchange(kb, model, 'write themes: back to slot 1', writeFrames(CMD.system, SUB.system.themes, 0, Uint8Array.of(0)));
  const keymap = readBytes('keymap', 120);
  keymap[0] = 0x29;
  exchange(kb, model, 'write keymap (first 60 keys of layer 1)', writeFrames(CMD.keymap, SUB.keymap.keymap, 0, keymap));
  for (const name of [
    'colours',
    'lighting',
    'dks',
    'shortcut',
    'macro',
    'snaptap',
    'hypertap',
    'outerFrame',
    'perf',
    'rapidComplete',
  ] as ObjectName[]) {
    const spec = OBJECTS[name];
    const bytes = readBytes(name, Math.min(spec.size(d), 90));
    exchange(
      kb,
      model,
      `write ${name} (first ${bytes.length} bytes unchanged)`,
      writeFrames(spec.cmd, spec.sub, 0, bytes),
    );
  }
  exchange(
    kb,
    model,
    'write calibration state: start',
    writeFrames(CMD.performance, SUB.performance.calibration, 0, Uint8Array.of(1)),
  );
  exchange(kb, model, 'calibration notifications while a key is pressed', [], () => {
    kb.pressKey(5, 4);
    kb.pressKey(5, 0);
  });
  exchange(
    kb,
    model,
    'write calibration state: finished',
    writeFrames(CMD.performance, SUB.performance.calibration, 0, Uint8Array.of(2)),
  );

  // A transaction: a DKS item and its binding on keys 1-3 of layer 1 land together at the commit, under one tag.
  const txTag = (seq = nextSeq(seq));
  const inTx = (frames: Frame[]): Frame[] => frames.map((f) => tagged(f, txTag));
  const dksRecord = DksRecordLayout.encode({
    ...{ used: 1, topLevel: 50, bottomLevel: 300, tickType: 0, tickMin: 0, tickMax: 0, name: 'Peek' },
    rows: Array.from({ length: 8 }, (_, i) => ({
      code: i < 2 ? 0x04 + i : 0,
      stages: i < 2 ? [0x81, 0, 0x82, 0] : [0, 0, 0, 0],
    })),
  });
  exchange(kb, model, 'transaction begin', inTx([transactionBegin()]));
  exchange(
    kb,
    model,
    'transaction: write DKS slot 1 (staged)',
    inTx(writeFrames(CMD.advanced, SUB.advanced.dks, 72, dksRecord)),
  );
  exchange(kb, model, 'transaction: bind DKS slot 1 on keys 1-3 of layer 1 (staged)', [
    tagged(commandFrame(CMD.keymap, SUB.keymap.setKeys, Uint8Array.of(1, 0x01, 0x80, ...keyMask([1, 2, 3]))), txTag),
  ]);
  exchange(
    kb,
    model,
    'transaction: a read answers the committed state',
    inTx([readRequest(CMD.keymap, SUB.keymap.keymap, 136, 8)]),
  );
  exchange(kb, model, 'transaction commit (2 changes)', inTx([transactionCommit(2)]));
  const abortTag = (seq = nextSeq(seq));
  exchange(kb, model, 'transaction begin, to be aborted', [tagged(transactionBegin(), abortTag)]);
  exchange(kb, model, 'transaction: colour of key 0 (staged)', [
    tagged(commandFrame(CMD.keyColour, SUB.keyColour.setKeys, Uint8Array.of(1, 2, 3, ...keyMask([0]))), abortTag),
  ]);
  exchange(kb, model, 'transaction abort (own tag)', [transactionAbort()]);
  exchange(kb, model, 'commit without a transaction', [transactionCommit(1)]);

  // Masked single-frame writes.
  exchange(kb, model, 'keymap setKeys: Esc on keys 1, 2 and 67 of layer 1', [
    commandFrame(CMD.keymap, SUB.keymap.setKeys, Uint8Array.of(0, 0x29, 0x00, ...keyMask([1, 2, 67]))),
  ]);
  exchange(kb, model, 'keymap resetLayer 1', [commandFrame(CMD.keymap, SUB.keymap.resetLayer, Uint8Array.of(0))]);
  exchange(kb, model, 'keyColour setKeys: amber on keys 0-3', [
    commandFrame(CMD.keyColour, SUB.keyColour.setKeys, Uint8Array.of(0xf5, 0xa5, 0x24, ...keyMask([0, 1, 2, 3]))),
  ]);
  exchange(kb, model, 'performance setKeys: trigger 0.80 mm on keys 10 and 11', [
    commandFrame(
      CMD.performance,
      SUB.performance.setKeys,
      Uint8Array.of(PERF_FIELD.trigger, 80, 0, ...keyMask([10, 11])),
    ),
  ]);
  exchange(kb, model, 'performance setKeys: rapid trigger on for key 10', [
    commandFrame(CMD.performance, SUB.performance.setKeys, Uint8Array.of(PERF_FIELD.useRapid, 1, 0, ...keyMask([10]))),
  ]);

  // Notifications: key events and the trigger stream follow the report mode.
  exchange(kb, model, 'notify reportMode: key events for every key', [
    commandFrame(
      CMD.notify,
      SUB.notify.reportMode,
      Uint8Array.of(REPORT_MODE.keyEvents, ...keyMask([...Array(68).keys()])),
    ),
  ]);
  exchange(kb, model, 'key events: key 10 pressed to 2 mm and released', [], () => {
    kb.pressKey(10, 2);
    kb.pressKey(10, 0);
  });
  exchange(kb, model, 'notify reportMode: trigger stream for key 10', [
    commandFrame(CMD.notify, SUB.notify.reportMode, Uint8Array.of(REPORT_MODE.triggerStream, ...keyMask([10]))),
  ]);
  exchange(kb, model, 'trigger stream: key 10 pressed to 1.5 mm', [], () => kb.pressKey(10, 1.5));

  // Errors.
  exchange(kb, model, 'unknown command', [{ cmd: 0x42, sub: 1, offset: 0, data: new Uint8Array(0) }]);
  const bad = encodeFrame(tagged(readRequest(CMD.system, SUB.system.handshake), (seq = nextSeq(seq))));
  bad[6]! ^= 0xff;
  steps.push({
    name: 'bad checksum',
    model,
    requests: [hex(bad)],
    replies: kb.receive(bad).map(hex),
    notifications: [],
  });
  exchange(kb, model, 'read beyond the end of an object', [readRequest(CMD.system, SUB.system.settings, 200, 4)]);
  exchange(
    kb,
    model,
    'write an invalid value (sleep time 0)',
    writeFrames(CMD.system, SUB.system.settings, 2, Uint8Array.of(0)),
  );
  exchange(kb, model, 'write a read-only object', writeFrames(CMD.system, SUB.system.handshake, 0, Uint8Array.of(1)));

  // Ambient light exists on real67 only.
  const real = keyboard('real67', '3.9.7');
  exchange(real, 'real67', 'read ambient', [readRequest(CMD.ambient, SUB.ambient.ambient)]);
  const amb = (() => {
    const out: number[] = [];
    for (const r of real.receive(encodeFrame(readRequest(CMD.ambient, SUB.ambient.ambient))))
      out.push(...r.subarray(8, 8 + (r[2]! | (r[3]! << 8))));
    return Uint8Array.from(out);
  })();
  amb[2] = 3;
  exchange(
    real,
    'real67',
    'write ambient (colour index 3, blue)',
    writeFrames(CMD.ambient, SUB.ambient.ambient, 0, amb),
  );

  // Firmware update: bootloader, begin, two windows of chunks, finish, status.
  const fw = keyboard('made68pro');
  const image = buildFirmwareImage(fw.descriptor.modelId, '1.4.0', 1200);
  exchange(fw, model, 'system factoryReset', [
    commandFrame(CMD.system, SUB.system.factoryReset, new TextEncoder().encode('RST')),
  ]);
  exchange(fw, model, 'system bootloader', [
    commandFrame(CMD.system, SUB.system.bootloader, new TextEncoder().encode('BOOT')),
  ]);
  exchange(fw, model, 'in the bootloader, other commands are busy', [readRequest(CMD.keymap, SUB.keymap.keymap, 0, 8)]);
  exchange(fw, model, 'firmware begin', [
    commandFrame(
      CMD.firmware,
      SUB.firmware.begin,
      FirmwareBeginLayout.encode({ target: 0, size: image.length, version: [1, 4, 0], crc: crc32(image) }),
    ),
  ]);
  const chunks = Math.ceil(image.length / FIRMWARE_CHUNK);
  const chunkFrame = (n: number, last: boolean): Frame => ({
    cmd: CMD.firmware,
    sub: SUB.firmware.chunk | 0x80 | (last ? 0 : 0x40),
    offset: n,
    data: image.subarray(n * FIRMWARE_CHUNK, (n + 1) * FIRMWARE_CHUNK),
  });
  exchange(
    fw,
    model,
    'firmware chunks 0-15 (one window, the last acknowledged)',
    Array.from({ length: 16 }, (_, n) => chunkFrame(n, n === 15)),
  );
  exchange(
    fw,
    model,
    `firmware chunks 16-${chunks - 1}`,
    Array.from({ length: chunks - 16 }, (_, i) => chunkFrame(16 + i, i === chunks - 17)),
  );
  exchange(fw, model, 'firmware status', [readRequest(CMD.firmware, SUB.firmware.status)]);
  exchange(fw, model, 'firmware finish (verified, now running 1.4.0)', [
    commandFrame(CMD.firmware, SUB.firmware.finish, new Uint8Array(0)),
  ]);
  exchange(fw, model, 'handshake after the update', [readRequest(CMD.system, SUB.system.handshake)]);

  // Protocol 1.1 slot read: the objects of another theme slot, the current one staying current.
  const sr = keyboard('made68pro');
  const ofSlot = (names: ObjectName[]) => names.map((n) => OBJECTS[n]);
  exchange(sr, model, 'slot read: rapidComplete, outerFrame, lighting and the ambient it lacks, of slot index 2', [
    slotReadRequest(2, ofSlot(['rapidComplete', 'outerFrame', 'lighting', 'ambient'])),
  ]);
  exchange(sr, model, 'slot read: the performance of slot index 3 (two objects, several frames)', [
    slotReadRequest(3, ofSlot(['perf', 'rapidComplete'])),
  ]);
  exchange(sr, model, 'slot read leaves slot index 0 current', [readRequest(CMD.system, SUB.system.themes, 0, 2)]);
  exchange(sr, model, 'slot read of slot index 4 on four slots: outOfRange', [slotReadRequest(4, ofSlot(['keymap']))]);
  exchange(sr, model, 'slot read naming the settings, a device object: invalidValue', [
    { cmd: CMD.system, sub: SUB.system.slotRead, offset: 0, data: Uint8Array.of(1, 2, 0x0a, 0x06, 0x01, 0x05) },
  ]);
  exchange(sr, model, 'slot read with a count of 0: invalidValue', [
    { cmd: CMD.system, sub: SUB.system.slotRead, offset: 0, data: Uint8Array.of(1, 0) },
  ]);
  exchange(sr, model, 'slot read with fewer pairs than its count: badLength', [
    { cmd: CMD.system, sub: SUB.system.slotRead, offset: 0, data: Uint8Array.of(1, 2, 0x0a, 0x06) },
  ]);
  exchange(sr, model, 'slot read with the write bit: notSupported', [
    { ...slotReadRequest(1, ofSlot(['keymap'])), sub: SUB.system.slotRead | 0x80 },
  ]);

  // Protocol 1.2 pairing: a wireless keyboard acknowledges, then notifies pairing and paired (this keyboard's
  // scheduler runs at once); the wired one has no radio.
  const pair = new TextEncoder().encode('PAIR');
  const air = keyboard('made68air');
  exchange(air, 'made68air', 'system pair: pairing, then paired', [commandFrame(CMD.system, SUB.system.pair, pair)]);
  exchange(air, 'made68air', 'system pair with other data: invalidValue', [
    commandFrame(CMD.system, SUB.system.pair, Uint8Array.of(1)),
  ]);
  exchange(sr, model, 'system pair on a wired keyboard: notSupported', [
    commandFrame(CMD.system, SUB.system.pair, pair),
  ]);
  return steps;
}
