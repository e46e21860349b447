/**
 * A manual calibration survives automatic calibration: after a calibration run saved through the service, 10,000
 * presses of a virtual keyboard with auto calibration on (deeper than the calibration presses, on every key) leave
 * every key's range as the run saved it, as the service reads it back and as the keyboard holds it.
 */
import { describe, expect, it } from 'vitest';
import { makeHarness } from './harness.ts';

describe('manual calibration and auto calibration', () => {
  it('keeps a manual calibration unchanged after 10,000 presses with auto calibration on', async () => {
    const h = makeHarness();
    const path = await h.add('made68pro', '1.4.2');
    const settings = await h.client.setSettingInfo({ path, calibration: { auto_calibration: true } });
    expect(settings.auto_calibration).toBe(1);

    // The manual run: Q W E R T pressed to 3 mm (not to the bottom), then saved.
    await h.client.setPerfInfo({ path, key_ids: [0], calibration: { state: 1 } });
    for (const id of [16, 17, 18, 19, 20]) {
      await h.client.pressKey({ path, key_id: id, depth: 3 });
      await h.client.pressKey({ path, key_id: id, depth: 0 });
    }
    const saved = await h.client.setPerfInfo({ path, key_ids: [0], calibration: { state: 2 } });
    expect(saved.calibration_state).toBe(2);
    const manual = saved.key_calibrations;
    const fresh = (await h.client.getKeyPerfInfo({ path })).key_calibrations;
    expect(fresh[17]).toEqual(manual[17]);
    expect(manual[17]!.min).toBeGreaterThan(fresh[30]!.min);

    const keys = manual.length;
    for (let n = 0; n < 10_000; n++) {
      const id = n % keys;
      await h.client.pressKey({ path, key_id: id, depth: 0.5 + ((n * 37) % 351) / 100 });
      await h.client.pressKey({ path, key_id: id, depth: 0 });
    }

    const after = await h.client.getKeyPerfInfo({ path });
    expect(after.auto_calibration).toBe(1);
    expect(after.key_calibrations).toEqual(manual);
    expect(h.keyboardOf().inspect().state.calibration.keys).toEqual(manual);
  }, 30_000);
});
