/**
 * Transcripts of the simulated keyboard: each request and the reply QMK's via.c gives to it (results written into
 * the request, 0xFF in the first byte for what it does not handle). Expected bytes are written out by hand from
 * via.c and dynamic_keymap.c, not computed with the simulator's code.
 */
import { createViaSimulator } from '../../../src/firmware/via/index.ts';

function report(...bytes: number[]): Uint8Array {
  const r = new Uint8Array(32);
  r.set(bytes);
  return r;
}

function exchange(sim: ReturnType<typeof createViaSimulator>, ...bytes: number[]): number[] {
  const replies = sim.receive(report(...bytes));
  expect(replies).toHaveLength(1);
  return [...replies[0]!];
}

const pad = (...bytes: number[]) => [...report(...bytes)];

describe('VIA transcripts (protocol 12, 5x15, 4 layers)', () => {
  let sim: ReturnType<typeof createViaSimulator>;
  beforeEach(() => (sim = createViaSimulator({ protocol: 12 })));

  it('0x01 get_protocol_version answers 0x000C big-endian', () => {
    expect(exchange(sim, 0x01)).toEqual(pad(0x01, 0x00, 0x0c));
  });

  it('0x11 layer count, 0x0C macro count, 0x0D macro buffer size (u16 BE)', () => {
    expect(exchange(sim, 0x11)).toEqual(pad(0x11, 4));
    expect(exchange(sim, 0x0c)).toEqual(pad(0x0c, 16));
    expect(exchange(sim, 0x0d)).toEqual(pad(0x0d, 0x01, 0x7f));
  });

  it('0x04 get_keycode puts the code at bytes 4-5; 0x05 set_keycode echoes and stores', () => {
    expect(exchange(sim, 0x04, 0, 0, 0)).toEqual(pad(0x04, 0, 0, 0, 0x00, 0x29));
    expect(exchange(sim, 0x05, 1, 2, 3, 0x52, 0x21)).toEqual(pad(0x05, 1, 2, 3, 0x52, 0x21));
    expect(exchange(sim, 0x04, 1, 2, 3)).toEqual(pad(0x04, 1, 2, 3, 0x52, 0x21));
  });

  it('0x12 get_buffer reads the keymap bytes at an offset; past the end reads 0', () => {
    expect(exchange(sim, 0x12, 0x00, 0x00, 4)).toEqual(pad(0x12, 0, 0, 4, 0x00, 0x29, 0x00, 0x1e));
    expect(exchange(sim, 0x12, 0x02, 0x56, 4)).toEqual(pad(0x12, 0x02, 0x56, 4, 0x00, 0x01, 0x00, 0x00));
  });

  it('0x13 set_buffer writes bytes and echoes; writes past the end are dropped', () => {
    expect(exchange(sim, 0x13, 0x00, 0x02, 2, 0x00, 0x05)).toEqual(pad(0x13, 0, 2, 2, 0x00, 0x05));
    expect(sim.keycode(0, 0, 1)).toBe(0x0005);
    expect(exchange(sim, 0x13, 0x02, 0x57, 3, 0xaa, 0xbb, 0xcc)).toEqual(pad(0x13, 0x02, 0x57, 3, 0xaa, 0xbb, 0xcc));
    expect(sim.keycode(3, 4, 14)).toBe(0x00aa);
  });

  it('0x0F / 0x0E macro buffer set and get; 0x10 resets it to zeros', () => {
    expect(exchange(sim, 0x0f, 0, 0, 3, 0x61, 0x62, 0x00)).toEqual(pad(0x0f, 0, 0, 3, 0x61, 0x62, 0x00));
    expect(exchange(sim, 0x0e, 0, 0, 3)).toEqual(pad(0x0e, 0, 0, 3, 0x61, 0x62, 0x00));
    expect(exchange(sim, 0x10)).toEqual(pad(0x10));
    expect(exchange(sim, 0x0e, 0, 0, 3)).toEqual(pad(0x0e, 0, 0, 3, 0, 0, 0));
  });

  it('0x02 get keyboard value: uptime and firmware version (u32 BE at bytes 2-5), unknown value ids 0xFF', () => {
    expect(exchange(sim, 0x02, 0x04)).toEqual(pad(0x02, 0x04, 0, 0, 0, 0));
    expect(exchange(sim, 0x02, 0x01)[0]).toBe(0x02);
    expect(exchange(sim, 0x02, 0x06)).toEqual(pad(0xff, 0x06));
    expect(exchange(sim, 0x02, 0x77, 9)).toEqual(pad(0xff, 0x77, 9));
  });

  it('0x03 set layout options (1 byte of EEPROM by default), read back by 0x02 0x02', () => {
    expect(exchange(sim, 0x03, 0x02, 0x12, 0x34, 0x56, 0x01)).toEqual(pad(0x03, 0x02, 0x12, 0x34, 0x56, 0x01));
    expect(exchange(sim, 0x02, 0x02)).toEqual(pad(0x02, 0x02, 0, 0, 0, 0x01));
    expect(exchange(sim, 0x03, 0x05, 0x01)).toEqual(pad(0x03, 0x05, 0x01));
    expect(exchange(sim, 0x03, 0x09)).toEqual(pad(0xff, 0x09));
  });

  it('0x02 0x03 switch matrix state from protocol 12: row offset at byte 2, rows of 2 bytes from byte 3', () => {
    sim.pressKey(0, 0, true);
    sim.pressKey(1, 9, true);
    sim.pressKey(4, 14, true);
    expect(exchange(sim, 0x02, 0x03, 0)).toEqual(pad(0x02, 0x03, 0, 0x00, 0x01, 0x02, 0x00, 0, 0, 0, 0, 0x40, 0x00));
    expect(exchange(sim, 0x02, 0x03, 4)).toEqual(pad(0x02, 0x03, 4, 0x40, 0x00));
  });

  it('custom values on the RGB matrix channel 3: brightness, effect, speed, colour; save; other channels 0xFF', () => {
    expect(exchange(sim, 0x08, 3, 1)).toEqual(pad(0x08, 3, 1, 200));
    expect(exchange(sim, 0x07, 3, 2, 5)).toEqual(pad(0x07, 3, 2, 5));
    expect(exchange(sim, 0x08, 3, 2)).toEqual(pad(0x08, 3, 2, 5));
    expect(exchange(sim, 0x07, 3, 4, 10, 20)).toEqual(pad(0x07, 3, 4, 10, 20));
    expect(exchange(sim, 0x08, 3, 4)).toEqual(pad(0x08, 3, 4, 10, 20));
    expect(exchange(sim, 0x07, 3, 2, 0)).toEqual(pad(0x07, 3, 2, 0));
    expect(exchange(sim, 0x08, 3, 2)).toEqual(pad(0x08, 3, 2, 0));
    expect(exchange(sim, 0x09, 3)).toEqual(pad(0x09, 3));
    // An unknown value id of a handled channel is echoed unchanged (no default case in via.c).
    expect(exchange(sim, 0x08, 3, 9, 7)).toEqual(pad(0x08, 3, 9, 7));
    expect(exchange(sim, 0x08, 2, 1)).toEqual(pad(0xff, 2, 1));
    expect(exchange(sim, 0x08, 0, 1)).toEqual(pad(0xff, 0, 1));
  });

  it('brightness is scaled by the maximum: scale8 on the way in, val × 255 / max on the way out', () => {
    const dim = createViaSimulator({ rgbMaxBrightness: 200 });
    exchange(dim, 0x07, 3, 1, 255);
    expect(dim.lighting.val).toBe(200);
    expect(exchange(dim, 0x08, 3, 1)).toEqual(pad(0x08, 3, 1, 255));
    exchange(dim, 0x07, 3, 1, 100);
    expect(dim.lighting.val).toBe(78);
    expect(exchange(dim, 0x08, 3, 1)).toEqual(pad(0x08, 3, 1, 99));
  });

  it('0x0A eeprom reset and 0x0B bootloader jump are 0xFF unless the keyboard allows them', () => {
    expect(exchange(sim, 0x0a)).toEqual(pad(0xff));
    expect(exchange(sim, 0x0b)).toEqual(pad(0xff));
    const open = createViaSimulator({ allowEepromReset: true, bootloaderJump: true });
    exchange(open, 0x05, 0, 0, 0, 0, 4);
    expect(exchange(open, 0x0a)).toEqual(pad(0x0a));
    expect(open.keycode(0, 0, 0)).toBe(0x29);
    expect(exchange(open, 0x0b)).toEqual(pad(0x0b));
    expect(open.receive(report(0x01))).toEqual([]);
  });

  it('0x06 resets the keymap to the factory one; encoders and unknown commands are 0xFF', () => {
    exchange(sim, 0x05, 0, 0, 0, 0, 4);
    expect(exchange(sim, 0x06)).toEqual(pad(0x06));
    expect(sim.keycode(0, 0, 0)).toBe(0x29);
    expect(exchange(sim, 0x14, 0, 0, 1)).toEqual(pad(0xff, 0, 0, 1));
    expect(exchange(sim, 0x15, 0, 0, 1, 0, 4)).toEqual(pad(0xff, 0, 0, 1, 0, 4));
    expect(exchange(sim, 0x42, 1, 2)).toEqual(pad(0xff, 1, 2));
  });
});

describe('VIA transcripts by protocol version', () => {
  it('before protocol 12 the matrix state has no offset: all rows from byte 2', () => {
    const sim = createViaSimulator({ protocol: 11 });
    sim.pressKey(0, 8, true);
    sim.pressKey(2, 1, true);
    expect(exchange(sim, 0x02, 0x03)).toEqual(pad(0x02, 0x03, 0x01, 0x00, 0, 0, 0x00, 0x02));
    expect(exchange(sim, 0x01)).toEqual(pad(0x01, 0x00, 0x0b));
  });

  it('protocol 13 answers id_keycodes_version (0x06) with QMK_KEYCODES_VERSION_BCD', () => {
    const sim = createViaSimulator({ protocol: 13, keycodesVersion: 0x00000008 });
    expect(exchange(sim, 0x01)).toEqual(pad(0x01, 0x00, 0x0d));
    expect(exchange(sim, 0x02, 0x06)).toEqual(pad(0x02, 0x06, 0, 0, 0, 8));
  });

  it('the factory MO(1) follows the numbering: 0x5101 before protocol 11, 0x5221 after', () => {
    expect(exchange(createViaSimulator({ protocol: 10 }), 0x04, 0, 4, 10)).toEqual(pad(0x04, 0, 4, 10, 0x51, 0x01));
    expect(exchange(createViaSimulator({ protocol: 12 }), 0x04, 0, 4, 10)).toEqual(pad(0x04, 0, 4, 10, 0x52, 0x21));
  });

  it('keymap, macros and layout options survive a power cycle; unsaved lighting does not', () => {
    const sim = createViaSimulator();
    exchange(sim, 0x05, 0, 0, 0, 0, 4);
    exchange(sim, 0x0f, 0, 0, 2, 0x61, 0);
    exchange(sim, 0x03, 0x02, 0, 0, 0, 1);
    exchange(sim, 0x07, 3, 3, 9);
    sim.powerCycle();
    expect(sim.keycode(0, 0, 0)).toBe(4);
    expect(exchange(sim, 0x0e, 0, 0, 1)).toEqual(pad(0x0e, 0, 0, 1, 0x61));
    expect(exchange(sim, 0x02, 0x02)).toEqual(pad(0x02, 0x02, 0, 0, 0, 1));
    expect(exchange(sim, 0x08, 3, 3)).toEqual(pad(0x08, 3, 3, 127));
  });

  it('serialize and restore carry the EEPROM image to another keyboard; a foreign image is refused', () => {
    const a = createViaSimulator();
    exchange(a, 0x05, 2, 1, 1, 0x12, 0x34);
    exchange(a, 0x07, 3, 3, 9);
    exchange(a, 0x09, 3);
    const b = createViaSimulator();
    b.restore(JSON.parse(JSON.stringify(a.serialize())));
    expect(b.keycode(2, 1, 1)).toBe(0x1234);
    expect(b.lighting.speed).toBe(9);
    expect(() => createViaSimulator({ protocol: 10 }).restore(a.serialize())).toThrow();
  });
});
