/**
 * Two virtual VIA keyboards (VIA names no serial): each keeps a path of its own from the serial its host keeps it by,
 * so asking for a second one, or for another protocol, adds a keyboard instead of taking the first one's place, and
 * each holds its own settings.
 */
import { liveService } from '../../src/testing/live-service';

describe('two virtual VIA keyboards', () => {
  it('are two keyboards side by side, each with its own protocol and key map', async () => {
    const live = liveService();
    const first = await live.addVirtual('Keytune VIA 65', { fwVer: '12.0.0' });
    const second = await live.addVirtual('Keytune VIA 65', { fwVer: '11.0.0' });
    expect(first).not.toBe(second);
    expect(live.records().map((r) => r.path)).toEqual(expect.arrayContaining([first, second]));
    await live.client.setKeyInfo({ path: first, index: 0, select: [17], code: 5 });
    const held = async (path: string) => (await live.client.getKeyValueInfo({ path })).keycodes[0]![17];
    expect(await held(first)).toBe(5);
    expect(await held(second)).not.toBe(5);
    expect((await live.client.viaGetDefinitionInfo({ path: first })).protocol).toBe(12);
    expect((await live.client.viaGetDefinitionInfo({ path: second })).protocol).toBe(11);
    // The board names no firmware version of its own (id_firmware_version 0): none is shown, not "0.0.0".
    expect(live.records().find((r) => r.path === first)!.fw_ver).toBe('');
  });
});
