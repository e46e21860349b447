/**
 * The status of a wireless virtual keyboard: battery voltage, current and the time left to charge follow the percent
 * and the charging flag; the cycle count and health stay with the device across a power cycle and a stored image; the
 * pairing state starts paired. A wired keyboard reports all of these as unknown, and a reader of the first four
 * bytes still gets them.
 */
import { describe, expect, it } from 'vitest';
import { currentFromWire, PAIR_STATE, StatusLayout, STATUS_UNKNOWN, type Status } from '../../src/protocol/objects.ts';
import { flashPayloadOf, frameFlashPayload } from '../../src/firmware/flash.ts';
import { VirtualKeyboard } from '../../src/firmware/keyboard.ts';
import { Host, makeKeyboard } from './helpers.ts';

type StoredImage = { device: Record<string, unknown> };
/** The stored image of a keyboard as JSON, edited by `edit`, written back with a valid header. */
function editImage(kb: VirtualKeyboard, edit: (image: StoredImage) => void): Uint8Array {
  const image = JSON.parse(new TextDecoder().decode(flashPayloadOf(kb.serialize()))) as StoredImage;
  edit(image);
  return frameFlashPayload(new TextEncoder().encode(JSON.stringify(image)));
}

const statusOf = (kb: VirtualKeyboard): Status => StatusLayout.decode(new Host(kb).readObject('status'));

describe('battery attributes in the status', () => {
  it('voltage rises with the percent, within 3300-4200 mV', () => {
    const kb = makeKeyboard({ model: 'made68air', fwVer: '1.3.7' });
    const volts = [0, 25, 50, 75, 100].map((p) => {
      kb.setBattery(p);
      return statusOf(kb).voltage;
    });
    expect(volts[0]).toBe(3300);
    expect(volts[4]).toBe(4200);
    for (let i = 1; i < volts.length; i++) expect(volts[i]!).toBeGreaterThan(volts[i - 1]!);
  });

  it('current is negative on battery and positive while charging; time to charge only while charging', () => {
    const kb = makeKeyboard({ model: 'mojo68', fwVer: '1.3.7', accessMode: 1 });
    kb.setBattery(40, false);
    const onBattery = statusOf(kb);
    expect(currentFromWire(onBattery.current)).toBeLessThan(0);
    expect(onBattery.chargeMinutes).toBe(0);
    kb.setBattery(40, true);
    const charging = statusOf(kb);
    expect(currentFromWire(charging.current)).toBeGreaterThan(0);
    expect(charging.chargeMinutes).toBeGreaterThan(0);
    expect(charging.voltage).toBeGreaterThanOrEqual(onBattery.voltage);
    kb.setBattery(90, true);
    expect(statusOf(kb).chargeMinutes).toBeLessThan(charging.chargeMinutes);
    // Full: nothing left to charge and no charging current.
    kb.setBattery(100, true);
    expect(statusOf(kb)).toMatchObject({ chargeMinutes: 0, current: 0, voltage: 4200 });
  });

  it('keeps cycle count and health per device, through a power cycle and a stored image; starts paired', () => {
    const kb = makeKeyboard({ model: 'mouse01', fwVer: '1.3.7', serial: 'KT-BATTERY-01' });
    const first = statusOf(kb);
    expect(first.cycles).toBeLessThan(STATUS_UNKNOWN.u16);
    expect(first.health).toBeGreaterThanOrEqual(80);
    expect(first.health).toBeLessThanOrEqual(100);
    expect(first.pairState).toBe(PAIR_STATE.paired);
    kb.setBattery(12, true);
    kb.powerCycle();
    expect(statusOf(kb)).toMatchObject({ cycles: first.cycles, health: first.health });
    const again = VirtualKeyboard.restore(kb.serialize());
    expect(statusOf(again)).toMatchObject({ cycles: first.cycles, health: first.health, pairState: 2 });
  });

  it('reports every attribute as unknown on a wired keyboard', () => {
    const status = statusOf(makeKeyboard({ model: 'made68pro', fwVer: '1.3.7' }));
    expect(status).toMatchObject({
      battery: 0xff,
      voltage: STATUS_UNKNOWN.u16,
      current: STATUS_UNKNOWN.current,
      chargeMinutes: STATUS_UNKNOWN.u16,
      cycles: STATUS_UNKNOWN.u16,
      health: STATUS_UNKNOWN.u8,
      pairState: STATUS_UNKNOWN.u8,
    });
  });

  it('answers a reader of the first four bytes what it knows', () => {
    const kb = makeKeyboard({ model: 'made68air', fwVer: '1.3.7', accessMode: 2 });
    kb.setBattery(57, true);
    expect([...new Host(kb).readObject('status', 0, 4)]).toEqual([57, 1, 2, 0]);
  });

  it('restores an image stored before these attributes with the factory ones', () => {
    const kb = makeKeyboard({ model: 'made68air', fwVer: '1.3.7', serial: 'KT-OLD-IMAGE' });
    const status = statusOf(kb);
    const old = VirtualKeyboard.restore(
      editImage(kb, (image) => {
        delete image.device.cycles;
        delete image.device.health;
        delete image.device.pairState;
      }),
    );
    expect(statusOf(old)).toMatchObject({ cycles: status.cycles, health: status.health, pairState: 2 });
  });

  it('refuses a stored image with a health above 100', () => {
    const kb = makeKeyboard({ model: 'made68air', fwVer: '1.3.7' });
    const image = editImage(kb, (i) => void (i.device.health = 250));
    expect(() => VirtualKeyboard.restore(image)).toThrow(/health 250/);
  });
});
