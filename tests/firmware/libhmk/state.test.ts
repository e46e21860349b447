/** The virtual libhmk keyboard's memory: what survives a power cycle, a reload (serialize/restore), and what does not. */
import { describe, expect, it } from 'vitest';
import { request, send, sim, transcript } from './transcript.ts';

describe('libhmk simulator state', () => {
  it('keeps every accepted write across a power cycle, and forgets the sensors learned in RAM', async () => {
    const s = sim();
    await send(s, '81 01 02 05 02 04 05');
    await send(s, '87 02 0a');
    s.pressKey(0, 4);
    s.powerCycle();
    await transcript(s, '80 01 02 05', [0x80, 4, 5], 64);
    await transcript(s, '86 02', [0x86, 10]);
  });

  it('serialize and restore carry the configuration to a new keyboard, and refuse a foreign state', async () => {
    const a = sim();
    await send(a, '81 00 00 00 01 04');
    await send(a, '0a 01 00');
    const saved = JSON.parse(JSON.stringify(a.serialize()));
    const b = sim({ state: saved });
    await transcript(b, '80 00 00 00', [0x80, 4], 64);
    await transcript(b, '09', [0x09, 0x01, 0x00]);
    const c = sim();
    c.restore(saved);
    await transcript(c, '80 00 00 00', [0x80, 4], 64);
    expect(() => c.restore({ ...saved, eeprom: 'AAAA' })).toThrow();
    expect(() => sim({ version: 0x0105 }).restore(saved)).toThrow();
    await transcript(c, '80 00 00 00', [0x80, 4], 64);
  });

  it('knows the commands of its version only: SAVE_CALIBRATION_THRESHOLD from 1.7', async () => {
    for (const version of [0x0103, 0x0104, 0x0105, 0x0106]) {
      await transcript(sim({ version }), '0f', [0xff], 1);
    }
    await transcript(sim({ version: 0x0107 }), '0f', [0x0f], 1);
    expect(() => sim({ version: 0x0108 })).toThrow(RangeError);
  });

  it('1.4-1.6 save the learned bottom-out thresholds when idle while the option is on; 1.7 only on command', async () => {
    const saved = async (version: number): Promise<number> => {
      const s = sim({ version });
      await send(s, '0a 02 00');
      s.pressKey(7, 4);
      s.pressKey(7, 0);
      s.powerCycle();
      s.pressKey(7, 3.8);
      return (await s.receive(request('05 00')))[0]![1 + 7 * 3 + 2]!;
    };
    expect(await saved(0x0105)).toBeGreaterThan(240);
    expect(await saved(0x0107)).toBe(255);
  });

  it('RECALIBRATE forgets saved thresholds', async () => {
    const s = sim();
    s.pressKey(2, 4);
    s.pressKey(2, 0);
    await send(s, '0f');
    await send(s, '04');
    s.powerCycle();
    s.pressKey(2, 3);
    expect((await s.receive(request('05 00')))[0]![1 + 2 * 3 + 2]).toBe(255);
  });
});
