/**
 * The virtual HE60 while Verify streams every key's travel: a pressed key shows in the stream at its depth, and
 * other calls made meanwhile (the profile, the key settings) are answered, not timed out. The keyboard handles one
 * report at a time from one answer buffer, as the firmware does, so five requests in flight get five answers.
 */
import type { TriggerSample } from '../../src/contract/payloads/performance';
import { liveService } from '../../src/testing/live-service';

describe('the virtual HE60 travel stream', () => {
  it('moves with a pressed key and leaves room for other calls', async () => {
    const live = liveService();
    const path = await live.addVirtual('HE60 (libhmk)', { fwVer: '1.7.0' });
    const seen: TriggerSample[][] = [];
    live.client.on('up_trigger_adc', ([samples]) => seen.push(JSON.parse(samples) as TriggerSample[]));
    await live.client.setPerfInfo({ path, use_report: 2 });
    try {
      // Pressed to the bottom once, the key has taught the keyboard its bottom-out reading (as a fresh one does).
      await live.client.pressKey({ path, key_id: 16, depth: 4 });
      await live.client.pressKey({ path, key_id: 16, depth: 2 });
      for (let i = 0; i < 5; i++) {
        expect((await live.client.libhmkGetProfile({ path })).edited).toBe(0);
        expect((await live.client.getKeyPerfInfo({ path })).key_accuracys.length).toBeGreaterThan(60);
      }
      await vi.waitFor(() => expect(seen.at(-1)!.find((s) => s.id === 16)!.trigger).toBeCloseTo(2, 1));
      expect(seen.at(-1)!.find((s) => s.id === 17)!.trigger).toBe(0);
    } finally {
      await live.client.setPerfInfo({ path, use_report: 0 });
    }
  });
});
