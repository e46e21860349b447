/**
 * The pair command of a wireless virtual keyboard: the status reports pairing at once and paired about two seconds
 * later, each change sent as a status notification; asking again while pairing changes nothing; a wired keyboard has
 * no radio and refuses it; a power loss while pairing leaves the radio unpaired.
 */
import { describe, expect, it } from 'vitest';
import { PAIRING_MS } from '../../src/firmware/device.ts';
import { VirtualKeyboard } from '../../src/firmware/keyboard.ts';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { DEVICE_ERROR } from '../../src/protocol/errors.ts';
import { PAIR_STATE, StatusLayout, STATUS_UNKNOWN } from '../../src/protocol/objects.ts';
import { Host, makeKeyboard } from './helpers.ts';

const PAIR = [...new TextEncoder().encode('PAIR')];

/** A keyboard whose scheduled work runs only when the test advances the clock. */
function timedKeyboard(model: string) {
  let clock = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const kb = makeKeyboard({ model, schedule: (fn, ms) => void timers.push({ at: clock + ms, fn }) });
  const advance = (ms: number): void => {
    clock += ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= clock).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      timers.splice(timers.indexOf(due), 1);
      due.fn();
    }
  };
  return { kb, host: new Host(kb), advance };
}

const pairStates = (host: Host): number[] =>
  host.notes
    .filter((n) => n.cmd === CMD.notify && n.sub === SUB.notify.status)
    .map((n) => StatusLayout.decode(n.data).pairState);
const statusPair = (host: Host): number => StatusLayout.decode(host.readObject('status')).pairState;

describe('pairing a wireless keyboard', () => {
  it('moves from paired to pairing, then to paired about two seconds later, notifying each change', () => {
    const { host, advance } = timedKeyboard('made68air');
    expect(statusPair(host)).toBe(PAIR_STATE.paired);
    const ack = host.command(CMD.system, SUB.system.pair, PAIR);
    expect(ack.cmd).toBe(CMD.system);
    expect([...ack.data]).toEqual([0]);
    expect(statusPair(host)).toBe(PAIR_STATE.pairing);
    expect(pairStates(host)).toEqual([PAIR_STATE.pairing]);
    advance(PAIRING_MS - 100);
    expect(statusPair(host)).toBe(PAIR_STATE.pairing);
    advance(100);
    expect(statusPair(host)).toBe(PAIR_STATE.paired);
    expect(pairStates(host)).toEqual([PAIR_STATE.pairing, PAIR_STATE.paired]);
  });

  it('asked again while pairing, the pairing under way goes on and ends once', () => {
    const { host, advance } = timedKeyboard('made68air');
    host.command(CMD.system, SUB.system.pair, PAIR);
    advance(1000);
    expect([...host.command(CMD.system, SUB.system.pair, PAIR).data]).toEqual([0]);
    advance(1000);
    expect(statusPair(host)).toBe(PAIR_STATE.paired);
    advance(5000);
    expect(pairStates(host)).toEqual([PAIR_STATE.pairing, PAIR_STATE.paired]);
  });

  it('refuses other data, and changes nothing', () => {
    const { host, advance } = timedKeyboard('made68air');
    const reply = host.command(CMD.system, SUB.system.pair, [1]);
    expect(reply.cmd).toBe(CMD.error);
    expect(reply.data[0]).toBe(DEVICE_ERROR.invalidValue);
    advance(PAIRING_MS);
    expect(statusPair(host)).toBe(PAIR_STATE.paired);
    expect(pairStates(host)).toEqual([]);
  });

  it('a wired keyboard has no radio: notSupported, and its status stays without one', () => {
    const { host, advance } = timedKeyboard('made68pro');
    const reply = host.command(CMD.system, SUB.system.pair, PAIR);
    expect(reply.cmd).toBe(CMD.error);
    expect(reply.data[0]).toBe(DEVICE_ERROR.notSupported);
    advance(PAIRING_MS);
    expect(statusPair(host)).toBe(STATUS_UNKNOWN.u8);
    expect(host.notes).toEqual([]);
  });

  it('a power loss while pairing leaves the radio unpaired, also in the stored image', () => {
    const { kb, host, advance } = timedKeyboard('made68air');
    host.command(CMD.system, SUB.system.pair, PAIR);
    expect(VirtualKeyboard.restore(kb.serialize()).inspect().state.device.pairState).toBe(PAIR_STATE.unpaired);
    kb.powerCycle();
    advance(PAIRING_MS);
    expect(statusPair(host)).toBe(PAIR_STATE.unpaired);
    // Pairing again from there completes.
    host.command(CMD.system, SUB.system.pair, PAIR);
    advance(PAIRING_MS);
    expect(statusPair(host)).toBe(PAIR_STATE.paired);
  });

  it('a link cut while pairing does not stop it: the radio pairs and the status says so', () => {
    const { kb, host, advance } = timedKeyboard('made68air');
    host.command(CMD.system, SUB.system.pair, PAIR);
    kb.linkReset();
    advance(PAIRING_MS);
    expect(statusPair(host)).toBe(PAIR_STATE.paired);
  });
});
