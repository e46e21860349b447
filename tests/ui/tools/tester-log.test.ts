import { KNOWN_CODES, keyNameOf } from '../../../src/ui/tools/tester/key-names';
import { TesterLog, type KeySource } from '../../../src/ui/tools/tester/tester-log';
import { ANSI_KEYS } from '../../../src/ui/tools/tester/ansi-layout';
import { visibleRange } from '../../../src/ui/tools/tester/EventTable';

const key = (code: string): KeySource => ({ kind: 'code', code });

describe('tester log', () => {
  it('counts presses per key and in all, the keys held and the most held at once', () => {
    const log = new TesterLog();
    log.record(key('KeyA'), true, 10);
    log.record(key('KeyS'), true, 12.5);
    log.record(key('KeyD'), true, 13);
    log.record(key('KeyS'), false, 20);
    log.record(key('KeyA'), false, 21);
    log.record(key('KeyA'), true, 40);
    expect(log.total).toBe(4);
    expect(log.held).toBe(2);
    expect(log.maxHeld).toBe(3);
    expect(log.keys.get('KeyA')).toMatchObject({ count: 2, down: true });
    expect(log.events.map((e) => [e.index, e.time, e.spacing, e.held, e.keyCount])).toEqual([
      [1, 0, 0, 1, 1],
      [2, 2.5, 2.5, 2, 1],
      [3, 3, 0.5, 3, 1],
      [4, 10, 7, 2, 1],
      [5, 11, 1, 1, 1],
      [6, 30, 19, 2, 2],
    ]);
  });

  it('ignores auto-repeat and releases of keys it never saw pressed', () => {
    const log = new TesterLog();
    expect(log.record(key('KeyA'), false, 1)).toBe(false);
    expect(log.record(key('KeyA'), true, 2)).toBe(true);
    expect(log.record(key('KeyA'), true, 3)).toBe(false);
    expect(log.events).toHaveLength(1);
  });

  it('flags a press that follows its own release within the chatter threshold', () => {
    const log = new TesterLog(5);
    log.record(key('KeyA'), true, 0);
    log.record(key('KeyA'), false, 50);
    log.record(key('KeyA'), true, 54.9);
    log.record(key('KeyA'), false, 80);
    log.record(key('KeyA'), true, 85);
    expect(log.events.filter((e) => e.chatter).map((e) => e.index)).toEqual([3]);
    expect(log.chatterCount).toBe(1);
    log.chatterMs = 10;
    log.record(key('KeyA'), false, 90);
    log.record(key('KeyA'), true, 99);
    expect(log.chatterCount).toBe(2);
  });

  it('Clear resets counters, events and keys; releaseAll lets go without logging', () => {
    const log = new TesterLog();
    log.record(key('KeyA'), true, 0);
    log.releaseAll();
    expect(log.held).toBe(0);
    expect(log.events).toHaveLength(1);
    log.clear();
    expect([log.total, log.maxHeld, log.events.length, log.keys.size]).toEqual([0, 0, 0, 0]);
    log.record(key('KeyB'), true, 500);
    expect(log.events[0]).toMatchObject({ index: 1, time: 0, spacing: 0 });
  });

  it('keeps up with a million events', () => {
    const log = new TesterLog();
    for (let i = 0; i < 500_000; i++) {
      log.record(key('KeyA'), true, i);
      log.record(key('KeyA'), false, i + 0.5);
    }
    expect(log.events).toHaveLength(1_000_000);
    expect(log.total).toBe(500_000);
  });
});

describe('key names', () => {
  it('names every W3C code, with the side and keypad apart from the legend', () => {
    for (const code of ['IntlRo', 'IntlYen', 'KanaMode', 'Lang1', 'Lang5', 'NumpadStar', 'Fn', 'F24', 'Unidentified'])
      expect(KNOWN_CODES).toContain(code);
    for (const code of KNOWN_CODES) expect(keyNameOf(code).legend).not.toBe('');
    expect(keyNameOf('ShiftLeft')).toEqual({ legend: 'Shift', side: 'left' });
    expect(keyNameOf('NumpadDecimal')).toEqual({ legend: '.', numpad: true });
    expect(keyNameOf('KeyQ')).toEqual({ legend: 'Q' });
    expect(keyNameOf('SomeFutureKey')).toEqual({ legend: 'SomeFutureKey' });
  });

  it('draws 104 distinct keys, each with a name', () => {
    expect(ANSI_KEYS).toHaveLength(104);
    expect(new Set(ANSI_KEYS.map((k) => k.code)).size).toBe(104);
    for (const k of ANSI_KEYS) expect(KNOWN_CODES).toContain(k.code);
  });

  it('puts only the rows in view in the page', () => {
    expect(visibleRange(0, 1_000_000)).toEqual({ first: 0, last: 18 });
    expect(visibleRange(28 * 500_000, 1_000_000)).toEqual({ first: 499_994, last: 500_018 });
    expect(visibleRange(0, 3)).toEqual({ first: 0, last: 3 });
  });
});
