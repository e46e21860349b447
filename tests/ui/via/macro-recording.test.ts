/** Keys recorded in the browser as a VIA macro's actions (src/ui/device-page/via/macro-recording.ts). */
import { recordedActions } from '../../../src/ui/device-page/via/macro-recording';

const A = 0x04;
const SHIFT = 0xe1;

describe('recordedActions', () => {
  it('makes a quick press and release one tap, and keeps a held key as down and up', () => {
    const keys = [
      { code: SHIFT, down: true, at: 0 },
      { code: A, down: true, at: 100 },
      { code: A, down: false, at: 110 },
      { code: SHIFT, down: false, at: 300 },
    ];
    expect(recordedActions(keys, false)).toEqual([
      { kind: 'down', code: SHIFT },
      { kind: 'tap', code: A },
      { kind: 'up', code: SHIFT },
    ]);
  });

  it('keeps the pauses as waits where the keyboard waits, long ones cut to 9999 ms, short ones left out', () => {
    const keys = [
      { code: A, down: true, at: 0 },
      { code: A, down: false, at: 5 },
      { code: A, down: true, at: 250 },
      { code: A, down: false, at: 650 },
      { code: A, down: true, at: 20_000 },
      { code: A, down: false, at: 20_010 },
    ];
    expect(recordedActions(keys, true)).toEqual([
      { kind: 'tap', code: A },
      { kind: 'delay', ms: 245 },
      { kind: 'down', code: A },
      { kind: 'delay', ms: 400 },
      { kind: 'up', code: A },
      { kind: 'delay', ms: 9999 },
      { kind: 'tap', code: A },
    ]);
  });
});
