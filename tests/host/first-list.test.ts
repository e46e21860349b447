/**
 * The device worker's first answer (src/host/first-list.ts): which keyboards it is about to list, and with which
 * paths, before the service has loaded. The paths must be the ones the service then gives those keyboards, and the
 * keyboards added must be the ones the page's own start-up would have added.
 */
import { VirtualKeyboard } from '../../src/firmware/index';
import { planStartKeyboards, virtualPath } from '../../src/host/first-list';
import type { StoredKeyboard } from '../../src/host/virtual-store';
import { serveDevices } from '../../src/host/worker-service';
import type { FromWorker } from '../../src/host/worker-messages';

const saved = (serial: string, displayName = 'Made68Pro', fwVer = '1.3.7', addedAt = 1): StoredKeyboard => ({
  id: serial,
  spec: { displayName, fwVer, serial },
  image: new VirtualKeyboard({ model: displayName, fwVer, serial }).serialize(),
  savedAt: addedAt,
  addedAt,
});

let n = 0;
const serials = () => `VKTEST${String(++n).padStart(4, '0')}`;

describe('the first list', () => {
  beforeEach(() => (n = 0));

  it('lists the saved keyboards, then the asked-for ones not among them, in the address order', () => {
    const plan = planStartKeyboards(
      [saved('VKB', 'Cyber01', '1.2.8', 2), saved('VKA', 'Made68Pro', '1.3.7', 1)],
      ['made68pro@1.3.7', 'made68pro@1.3.7', 'he60@1.7.0', 'cyber01@V1.2.8', 'nope@1.0.0', 'made84pro'],
      serials,
    );
    expect(plan.saved.map((r) => r.id)).toEqual(['VKA', 'VKB']);
    // One Made68Pro and the Cyber01 are there already; the second Made68Pro and the HE60 are added.
    expect(plan.add).toEqual([
      { displayName: 'Made68Pro', fwVer: '1.3.7', serial: 'VKTEST0001' },
      { displayName: 'HE60 (libhmk)', fwVer: '1.7.0' },
    ]);
    // A keyboard of another family is added but not listed early: its driver names its path.
    expect(plan.listed).toEqual([
      { path: 'virtual:34b7:1003:VKA', display_name: 'Made68Pro' },
      { path: 'virtual:34b7:1001:VKB', display_name: 'Cyber01' },
      { path: 'virtual:34b7:1003:VKTEST0001', display_name: 'Made68Pro' },
    ]);
  });

  it('never lists a keyboard the firmware would refuse', () => {
    const plan = planStartKeyboards([], ['made68pro@1.300.7'], serials);
    expect(plan.listed).toEqual([]);
    expect(plan.add).toEqual([{ displayName: 'Made68Pro', fwVer: '1.300.7' }]);
  });

  it('names the paths the service gives those keyboards, and the page hears nothing before device access', async () => {
    const plan = planStartKeyboards([saved('VKSAVED0001', 'Cyber01', '1.2.8')], ['made68pro@1.3.7'], serials);
    const posted: FromWorker[] = [];
    const handle = serveDevices({
      post: (m) => posted.push(m),
      fetch: () => Promise.reject(new Error('no resources in this test')),
      plan,
    });
    handle({ type: 'init', realisticLinks: false });
    await vi.waitFor(() => expect(posted.some((m) => m.type === 'ready')).toBe(true));
    handle({ type: 'call', id: 1, channel: 'app_info', func: 'get_dev_list', args: [] });
    await vi.waitFor(() => expect(posted.some((m) => m.type === 'result')).toBe(true));
    const result = posted.find((m) => m.type === 'result') as { value: { path: string; display_name: string }[] };
    expect(result.value.map((d) => ({ path: d.path, display_name: d.display_name }))).toEqual(plan.listed);
    expect(plan.listed.map((d) => d.path)).toEqual([
      virtualPath(0x34b7, 0x1001, 'VKSAVED0001'),
      virtualPath(0x34b7, 0x1003, 'VKTEST0001'),
    ]);
    expect(posted.filter((m) => m.type === 'event')).toEqual([]);
  });
});
