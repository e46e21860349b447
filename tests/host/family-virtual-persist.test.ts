/**
 * Virtual keyboards of other families in the browser's device worker (src/host/worker-service.ts) come back after a
 * reload with what was changed on them, as ours do: the worker saves each one's simulator state after a change and
 * restores it at the next start; removing one forgets it. IndexedDB is replaced by a map here.
 */
import { callErrorFrom, type Bridge } from '../../src/contract/bridge';
import { createClient } from '../../src/contract/client';
import { createFamilyVirtual } from '../../src/host/family-virtual';
import { planStartKeyboards } from '../../src/host/first-list';
import type { StoredKeyboard } from '../../src/host/virtual-store';
import { serveDevices } from '../../src/host/worker-service';
import type { FromWorker } from '../../src/host/worker-messages';
import { FAMILY_VIRTUAL_MODELS } from '../../src/core/virtual-families';
import { LINK_PRESETS } from '../../src/transport/types';

const records = vi.hoisted(() => new Map<string, StoredKeyboard>());
const puts = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../src/host/virtual-store', async (original) => {
  const actual = await original<typeof import('../../src/host/virtual-store')>();
  return {
    ...actual,
    virtualStore: {
      all: async () => [...records.values()].map((r) => structuredClone(r)),
      put: async (record: StoredKeyboard) => {
        puts.count++;
        records.set(record.id, structuredClone(record));
        return record.id;
      },
      remove: async (id: string) => void records.delete(id),
    },
  };
});

/** A worker service started as the worker's entry starts it: from the saved records and the address's values. */
function startWorker(values: string[] = []) {
  const posted: FromWorker[] = [];
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  let id = 0;
  const handle = serveDevices({
    post: (m) => {
      posted.push(m);
      if (m.type !== 'result') return;
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) w?.reject(callErrorFrom(m.error));
      else w?.resolve(m.value);
    },
    fetch: () => Promise.reject(new Error('no resources in this test')),
    plan: planStartKeyboards([...records.values()], values),
  });
  const bridge: Bridge = {
    call: (channel, func, args = []) =>
      new Promise((resolve, reject) => {
        waiting.set(++id, { resolve, reject });
        handle({ type: 'call', id, channel, func, args: [...args] });
      }),
    on: () => () => undefined,
  };
  handle({ type: 'init', realisticLinks: false });
  const ready = vi.waitFor(() => expect(posted.some((m) => m.type === 'ready')).toBe(true), { timeout: 10_000 });
  return { client: createClient(bridge), ready };
}

const familyRecords = () => [...records.values()].filter((r) => r.family);

const CASES = [
  { displayName: 'HE60 (libhmk)', fwVer: '1.7.0', family: 'libhmk', code: 0x29 },
  { displayName: 'Keytune VIA 65', fwVer: '12.0.0', family: 'via', code: 0x3a },
] as const;

describe('a virtual keyboard of another family in the browser', () => {
  beforeEach(() => {
    records.clear();
    puts.count = 0;
  });

  for (const c of CASES) {
    it(`${c.displayName}: a remapped key survives a reload; removing it forgets it`, async () => {
      const first = startWorker();
      await first.ready;
      const path = String(await first.client.addVirtualDevice({ display_name: c.displayName, fw_ver: c.fwVer }));
      // Its factory settings are saved a moment after it was added, so it comes back even unchanged.
      await vi.waitFor(() => expect(familyRecords()).toHaveLength(1));
      const [saved] = familyRecords();
      expect(saved!.family).toMatchObject({ family: c.family, version: c.fwVer });
      expect(saved!.spec).toMatchObject({ displayName: c.displayName, fwVer: c.fwVer });

      const before = puts.count;
      await first.client.setKeyInfo({ path, index: 0, select: [3], code: c.code });
      await vi.waitFor(() => expect(puts.count).toBe(before + 1));
      expect(familyRecords()[0]!.family!.state).not.toEqual(saved!.family!.state);

      // The reload: a new worker from what was saved. The address asks for the same model again: no second one.
      const second = startWorker([`${c.displayName === 'HE60 (libhmk)' ? 'he60' : 'via65'}@${c.fwVer}`]);
      await second.ready;
      const list = await second.client.getDevList();
      expect(list.map((d) => d.path)).toEqual([path]);
      expect((await second.client.getKeyValueInfo({ path })).keycodes[0]![3]).toBe(c.code);

      await second.client.removeDevice({ path });
      await vi.waitFor(() => expect(records.size).toBe(0));
      const third = startWorker();
      await third.ready;
      expect(await third.client.getDevList()).toEqual([]);
    });
  }

  it('a saved state of another version is left out, the other keyboards still start', async () => {
    const first = startWorker();
    await first.ready;
    await first.client.addVirtualDevice({ display_name: 'HE60 (libhmk)', fw_ver: '1.7.0' });
    await first.client.addVirtualDevice({ display_name: 'Keytune VIA 65', fw_ver: '12.0.0' });
    await vi.waitFor(() => expect(familyRecords()).toHaveLength(2));
    const he60 = familyRecords().find((r) => r.family!.family === 'libhmk')!;
    records.set(he60.id, { ...he60, spec: { ...he60.spec, fwVer: '1.6.0' } });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const second = startWorker();
    await second.ready;
    expect((await second.client.getDevList()).map((d) => d.display_name)).toEqual(['Keytune VIA 65']);
    expect(String(error.mock.calls[0]?.[0])).toMatch(/saved flash of HE60 \(libhmk\) is unreadable/);
    error.mockRestore();
  });
});

describe('the family handle', () => {
  it('tells each change before its answer, and nothing for reads', async () => {
    const model = FAMILY_VIRTUAL_MODELS.find((m) => m.family === 'via')!;
    const handle = createFamilyVirtual(model, '12.0.0', LINK_PRESETS.instant, 'S1');
    const told: unknown[] = [];
    handle.onChange((state) => void told.push(state));
    await handle.transport.open();
    const send = async (bytes: number[]) => {
      const report = new Uint8Array(32);
      report.set(bytes);
      await handle.transport.send(report);
    };
    {
      await send([0x04, 0, 0, 1]); // id_dynamic_keymap_get_keycode
      expect(told).toEqual([]);
      await send([0x05, 0, 0, 1, 0x00, 0x29]); // id_dynamic_keymap_set_keycode
      expect(told).toHaveLength(1);
      await send([0x05, 0, 0, 1, 0x00, 0x29]); // the same code again changes nothing
      await send([0x05, 0, 0, 2, 0x00, 0x2a]);
      expect(told).toHaveLength(2);
      expect(told[1]).toEqual(handle.save());
      // A state handed back starts the keyboard where it was.
      const again = createFamilyVirtual(model, '12.0.0', LINK_PRESETS.instant, 'S1', told[1]);
      expect(again.save()).toEqual(told[1]);
    }
  });

  it('answers a write only once the save it caused has finished', async () => {
    const model = FAMILY_VIRTUAL_MODELS.find((m) => m.family === 'via')!;
    const handle = createFamilyVirtual(model, '12.0.0', LINK_PRESETS.instant, 'S2');
    let finish: () => void = () => undefined;
    handle.onChange(() => new Promise<void>((r) => (finish = r)));
    await handle.transport.open();
    const answers: Uint8Array[] = [];
    handle.transport.onReport((r) => answers.push(r));
    const report = new Uint8Array(32);
    report.set([0x05, 0, 0, 1, 0x00, 0x29]); // id_dynamic_keymap_set_keycode
    await handle.transport.send(report);
    await new Promise((r) => setTimeout(r, 20));
    expect(answers).toHaveLength(0);
    finish();
    await vi.waitFor(() => expect(answers).toHaveLength(1));
  });
});
