/** Command groups and sub-commands of the Keytune configuration protocol (see docs/protocol.md). */

export const CMD = {
  system: 0x01,
  keymap: 0x02,
  keyColour: 0x03,
  advanced: 0x04,
  outerFrame: 0x07,
  notify: 0x08,
  performance: 0x0a,
  ambient: 0x0b,
  firmware: 0x0c,
  error: 0xee,
} as const;

/** Sub-command ids (without the write and more bits). An object id can be read, written, or both. */
export const SUB = {
  system: {
    handshake: 0x01,
    status: 0x02,
    themes: 0x03,
    settings: 0x05,
    factoryReset: 0x06,
    bootloader: 0x07,
    /** Reads several whole objects for one request: data [count, (cmd, sub) x count]; one stream of entries back. */
    multiRead: 0x08,
    /**
     * Transactions: begin opens a working copy that every write and masked command tagged like it is staged on;
     * commit [count u16] applies them all at once, abort drops them. See docs/protocol.md §5.5.
     */
    txBegin: 0x09,
    txCommit: 0x0a,
    txAbort: 0x0b,
    /**
     * Protocol 1.1: a multi-read of one theme slot's objects, whichever slot is current, without switching: data
     * [slot, count, (cmd, sub) x count]; the same stream of entries back. See docs/protocol.md §5.2.1.
     */
    slotRead: 0x0c,
    /**
     * Protocol 1.2: a wireless device starts pairing its radio: data 'PAIR'; the status reports pairing, then paired.
     * A device without a radio refuses it (notSupported). See docs/protocol.md §5.4.1.
     */
    pair: 0x0d,
  },
  keymap: { keymap: 0x01, setKeys: 0x02, resetLayer: 0x03 },
  keyColour: { colours: 0x01, setKeys: 0x02, lighting: 0x03 },
  advanced: { funcInfo: 0x01, dks: 0x02, shortcut: 0x03, macro: 0x04, snaptap: 0x05, hypertap: 0x06 },
  outerFrame: { frame: 0x01 },
  notify: { reportMode: 0x01, triggerAdc: 0x02, keyEvent: 0x03, calibration: 0x04, sync: 0x05, status: 0x06 },
  performance: { perf: 0x01, setKeys: 0x02, switches: 0x03, calibration: 0x04, adc: 0x05, rapidComplete: 0x06 },
  ambient: { ambient: 0x01 },
  firmware: { begin: 0x01, chunk: 0x02, finish: 0x03, status: 0x04 },
} as const;

/** Notification sub-commands the device sends on its own (never as a reply). */
export const UNSOLICITED_NOTIFY_SUBS: readonly number[] = [
  SUB.notify.triggerAdc,
  SUB.notify.keyEvent,
  SUB.notify.calibration,
  SUB.notify.sync,
  SUB.notify.status,
];

/** Keys are addressed in masked writes by a 200-bit map (spec: up to 200 keys per drawing). */
export const MAX_KEYS = 200;
export const KEY_MAP_BYTES = MAX_KEYS / 8;

/** A read request asks for `length` bytes from `offset`; 0xFFFF means "to the end of the object". */
export const READ_TO_END = 0xffff;

/** Most objects one multi-read request can name (two bytes each after the count). */
export const MULTI_READ_MAX = 27;
/** Length of a multi-read entry for an object the device lacks. */
export const MULTI_READ_REFUSED = 0xffff;
/** Largest multi-read answer: its frames carry u16 offsets. */
export const MULTI_READ_MAX_BYTES = 0xff00;

/**
 * The objects every theme slot holds its own copy of: the only ones a slot read may name. The others (descriptor,
 * status, themes, settings, switches, calibration, ADC) belong to the device, and a slot read naming one is refused.
 */
export const SLOT_OBJECTS: readonly { cmd: number; sub: number }[] = [
  { cmd: CMD.keymap, sub: SUB.keymap.keymap },
  { cmd: CMD.keyColour, sub: SUB.keyColour.colours },
  { cmd: CMD.keyColour, sub: SUB.keyColour.lighting },
  { cmd: CMD.advanced, sub: SUB.advanced.funcInfo },
  { cmd: CMD.advanced, sub: SUB.advanced.dks },
  { cmd: CMD.advanced, sub: SUB.advanced.shortcut },
  { cmd: CMD.advanced, sub: SUB.advanced.macro },
  { cmd: CMD.advanced, sub: SUB.advanced.snaptap },
  { cmd: CMD.advanced, sub: SUB.advanced.hypertap },
  { cmd: CMD.outerFrame, sub: SUB.outerFrame.frame },
  { cmd: CMD.performance, sub: SUB.performance.perf },
  { cmd: CMD.performance, sub: SUB.performance.rapidComplete },
  { cmd: CMD.ambient, sub: SUB.ambient.ambient },
];

/** True when (cmd, sub) names an object of a theme slot (SLOT_OBJECTS); the write and more bits are ignored. */
export function isSlotObject(cmd: number, sub: number): boolean {
  return SLOT_OBJECTS.some((o) => o.cmd === cmd && o.sub === (sub & 0x3f));
}

/** Performance fields addressed by the masked performance write. */
export const PERF_FIELD = {
  trigger: 1,
  dead: 2,
  rapidPress: 3,
  rapidRelease: 4,
  useRapid: 5,
  rtMode: 6,
  sensitivity: 7,
  switchType: 8,
  seriesRapid: 9,
  advanceRapidMode: 10,
} as const;
export type PerfField = (typeof PERF_FIELD)[keyof typeof PERF_FIELD];

/** Report modes of the notification stream (spec-2 §4: verify and tester use 2). */
export const REPORT_MODE = { off: 0, keyEvents: 1, triggerStream: 2 } as const;

export const FEATURE = {
  outerFrame: 1 << 0,
  ambient: 1 << 1,
  battery: 1 << 2,
  perKeyRgb: 1 << 3,
  calibration: 1 << 4,
  rapidTrigger: 1 << 5,
  nKey: 1 << 6,
  sleep: 1 << 7,
  hypertapKeyDescriptor: 1 << 8,
} as const;

export function keyMask(keyIds: readonly number[]): Uint8Array {
  const out = new Uint8Array(KEY_MAP_BYTES);
  for (const id of keyIds) {
    if (Number.isInteger(id) && id >= 0 && id < MAX_KEYS) out[id >> 3]! |= 1 << (id & 7);
  }
  return out;
}

export function keysOfMask(mask: Uint8Array, keyCount: number): number[] {
  const out: number[] = [];
  for (let id = 0; id < Math.min(keyCount, MAX_KEYS); id++) if (mask[id >> 3]! & (1 << (id & 7))) out.push(id);
  return out;
}
