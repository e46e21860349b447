/**
 * Transcripts of every command, from libhmk's commands.c (v1.7): request bytes → reply bytes. Replies echo the command
 * id, or 0xFF (COMMAND_UNKNOWN) where the firmware's COMMAND_VERIFY fails, the command is unknown, or the flash write
 * fails; bytes a reply does not write are left from the reply before.
 */
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'fflate';
import { le16, request, send, sim, transcript } from './transcript.ts';

const ESC = 0x27;

describe('libhmk simulator: one transcript per command', () => {
  it('FIRMWARE_VERSION answers the u16 version', async () => {
    await transcript(sim(), '00', [0x00, 0x07, 0x01]);
    await transcript(sim({ version: 0x0104 }), '00', [0x00, 0x04, 0x01]);
  });

  it('REBOOT and BOOTLOADER never answer; in the bootloader nothing answers until power returns', async () => {
    const s = sim();
    expect(await send(s, '01')).toBeUndefined();
    expect(await send(s, '00')).toBeDefined();
    expect(await send(s, '02')).toBeUndefined();
    expect(await send(s, '00')).toBeUndefined();
    s.powerCycle();
    expect((await send(s, '00'))![0]).toBe(0x00);
  });

  it('FACTORY_RESET answers its id and restores the defaults', async () => {
    const s = sim();
    await transcript(s, '81 00 00 00 01 04', [0x81], 1);
    await transcript(s, '03', [0x03], 1);
    await transcript(s, '80 00 00 00', [0x80, ESC], 64);
  });

  it('RECALIBRATE answers its id after the calibration', async () => {
    await transcript(sim(), '04', [0x04], 1);
  });

  it('ANALOG_INFO answers 21 keys of (ADC u16, distance) from an offset; the last window only the keys left', async () => {
    const s = sim();
    s.pressKey(64, 4);
    const r = await transcript(s, '05 3f', [0x05], 1 + 4 * 3);
    expect(r[1 + 1 * 3 + 2]).toBe(255);
    await transcript(s, '05 43', [0xff], 1);
    const full = await transcript(s, '05 00', [0x05], 64);
    expect(full[1]! | (full[2]! << 8)).toBeGreaterThan(2000);
  });

  it('GET_CALIBRATION and SET_CALIBRATION carry rest value and bottom-out threshold as u16', async () => {
    const s = sim();
    await transcript(s, '06', [0x06, ...le16(2400), ...le16(650)]);
    await transcript(
      s,
      `07 ${le16(2300)
        .map((b) => b.toString(16))
        .join(' ')} 58 02`,
      [0x07],
      1,
    );
    await transcript(s, '06', [0x06, ...le16(2300), 0x58, 0x02]);
  });

  it('GET_PROFILE answers the current profile', async () => {
    await transcript(sim(), '08', [0x08, 0x00]);
  });

  it('GET_OPTIONS and SET_OPTIONS carry the options as u16', async () => {
    const s = sim();
    await transcript(s, '09', [0x09, 0x04, 0x00]);
    await transcript(s, '0a 05 00', [0x0a], 1);
    await transcript(s, '09', [0x09, 0x05, 0x00]);
    await transcript(sim({ version: 0x0105 }), '09', [0x09, 0x06, 0x00]);
  });

  it('RESET_PROFILE and DUPLICATE_PROFILE (destination, then source) check both profiles', async () => {
    const s = sim();
    await transcript(s, '81 01 00 00 01 04', [0x81], 1);
    await transcript(s, '0c 02 01', [0x0c], 1);
    await transcript(s, '80 02 00 00', [0x80, 0x04], 64);
    await transcript(s, '0b 02', [0x0b], 1);
    await transcript(s, '80 02 00 00', [0x80, ESC], 64);
    await transcript(s, '0b 04', [0xff], 1);
    await transcript(s, '0c 04 00', [0xff], 1);
    await transcript(s, '0c 00 04', [0xff], 1);
  });

  it('GET_METADATA answers the bytes left (u32) and up to 59 bytes of gzip', async () => {
    const s = sim();
    const first = await transcript(s, '0d 00 00 00 00', [0x0d], 64);
    const total = first[1]! | (first[2]! << 8) | (first[3]! << 16) | (first[4]! << 24);
    const bytes = [...first.subarray(5, 64)];
    for (let offset = 59; offset < total; offset += 59) {
      const r = (await send(s, `0d ${[offset & 0xff, offset >> 8, 0, 0].map((b) => b.toString(16)).join(' ')}`))!;
      expect(r[1]! | (r[2]! << 8)).toBe(total - offset);
      bytes.push(...r.subarray(5, 5 + Math.min(59, total - offset)));
    }
    const json = JSON.parse(new TextDecoder().decode(gunzipSync(Uint8Array.from(bytes))));
    expect(json).toMatchObject({ name: 'HE60', numKeys: 67, numProfiles: 4, numLayers: 4, numAdvancedKeys: 32 });
    const past = [total & 0xff, (total >> 8) & 0xff, 0, 0].map((b) => b.toString(16)).join(' ');
    await transcript(s, `0d ${past}`, [0xff], 1);
  });

  it('GET_SERIAL answers 32 characters, zero-filled', async () => {
    const r = await transcript(sim({ serial: 'ABC123' }), '0e', [0x0e, 0x41, 0x42, 0x43, 0x31, 0x32, 0x33], 33);
    expect([...r.subarray(7, 33)].every((b) => b === 0)).toBe(true);
  });

  it('SAVE_CALIBRATION_THRESHOLD exists from 1.7 and stores what the keys learned', async () => {
    const s = sim();
    s.pressKey(3, 4);
    await transcript(s, '0f', [0x0f], 1);
    s.powerCycle();
    s.pressKey(3, 3.9);
    const r = (await send(s, '05 00'))!;
    expect(r[1 + 3 * 3 + 2]).toBeGreaterThan(240);
    await transcript(sim({ version: 0x0106 }), '0f', [0xff], 1);
  });

  it('GET_KEYMAP answers 63 codes from an offset (4 at 63), refusing profile, layer or offset out of range', async () => {
    const s = sim();
    await transcript(s, '80 00 00 00', [0x80, ESC, 0x1c, 0x1d], 64);
    await transcript(s, '80 00 00 3f', [0x80, 0x7f, 0x2a, 0xc1, 0x2a], 5);
    for (const bad of ['80 04 00 00', '80 00 04 00', '80 00 00 43']) await transcript(s, bad, [0xff], 1);
  });

  it('SET_KEYMAP writes up to 59 codes, never past the last key', async () => {
    const s = sim();
    await transcript(s, '81 03 03 40 03 04 05 06', [0x81], 1);
    await transcript(s, '80 03 03 40', [0x80, 4, 5, 6], 4);
    await transcript(s, `81 00 00 00 3b ${'04 '.repeat(59)}`, [0x81], 1);
    await transcript(s, `81 00 00 00 3c ${'04 '.repeat(59)}`, [0xff], 1);
    await transcript(s, '81 00 00 41 03 04 04 04', [0xff], 1);
  });

  it('GET_ACTUATION_MAP and SET_ACTUATION_MAP move 15 entries of (point, rt down, rt up, continuous)', async () => {
    const s = sim();
    await transcript(s, '82 00 00', [0x82, 128, 0, 0, 0, 128, 0, 0, 0], 61);
    await transcript(s, '83 01 41 02 50 20 10 01 60 00 00 00', [0x83], 1);
    await transcript(
      s,
      '82 01 3c',
      [0x82, 128, 0, 0, 0, 128, 0, 0, 0, 128, 0, 0, 0, 128, 0, 0, 0, 128, 0, 0, 0, 0x50, 0x20, 0x10, 1, 0x60, 0, 0, 0],
      29,
    );
    await transcript(s, '83 00 00 10', [0xff], 1);
    await transcript(s, '83 00 42 02', [0xff], 1);
  });

  it('GET_ADVANCED_KEYS and SET_ADVANCED_KEYS move 5 slots of 12 bytes', async () => {
    const s = sim();
    const tapHold = '00 1e 03 27 7b c8 00 01 00 00 00 00';
    await transcript(s, `85 00 1f 01 ${tapHold}`, [0x85], 1);
    await transcript(
      s,
      '84 00 1e',
      [0x84, ...new Array(12).fill(0), 0x00, 0x1e, 0x03, 0x27, 0x7b, 0xc8, 0x00, 0x01],
      25,
    );
    await transcript(s, '84 00 20', [0xff], 1);
    await transcript(s, `85 00 1f 02 ${tapHold} ${tapHold}`, [0xff], 1);
  });

  it('GET_TICK_RATE and SET_TICK_RATE per profile', async () => {
    const s = sim();
    await transcript(s, '86 00', [0x86, 30]);
    await transcript(s, '87 03 05', [0x87], 1);
    await transcript(s, '86 03', [0x86, 5]);
    await transcript(s, '87 04 05', [0xff], 1);
  });

  it('GET_GAMEPAD_BUTTONS answers 63, SET_GAMEPAD_BUTTONS takes up to 60', async () => {
    const s = sim();
    await transcript(s, `89 00 00 3c ${'01 '.repeat(60)}`, [0x89], 1);
    await transcript(s, '88 00 3b', [0x88, 1, 0, 0, 0, 0, 0, 0, 0], 9);
    await transcript(s, `89 00 00 3d ${'01 '.repeat(60)}`, [0xff], 1);
  });

  it('GET_GAMEPAD_OPTIONS and SET_GAMEPAD_OPTIONS: four curve points and the flag byte', async () => {
    const s = sim();
    await transcript(s, '8a 00', [0x8a, 4, 20, 85, 95, 165, 170, 255, 255, 0x09]);
    await transcript(s, '8b 01 04 ff 05 ff 06 ff ff ff 06', [0x8b], 1);
    await transcript(s, '8a 01', [0x8a, 4, 255, 5, 255, 6, 255, 255, 255, 0x06]);
  });

  it('an unknown command answers 0xFF and leaves the rest of the buffer as it was', async () => {
    const s = sim();
    for (const id of ['10', '7f', '8c', 'fe']) await transcript(s, id, [0xff], 1);
  });

  it('a failed flash write answers 0xFF and changes nothing', async () => {
    const s = sim();
    s.failFlashWrites(1);
    await transcript(s, '81 00 00 00 01 04', [0xff], 1);
    await transcript(s, '80 00 00 00', [0x80, ESC], 64);
  });

  it('replies carry leftovers, never a zeroed buffer, from the first reply after power-up', async () => {
    const s = sim();
    const r = (await s.receive(request('08')))[0]!;
    expect([...r.subarray(2)].some((b) => b !== 0)).toBe(true);
  });
});
