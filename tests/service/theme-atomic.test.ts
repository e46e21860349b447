/**
 * Theme slots as one change each on the device: an import is all or nothing with the link cut at any report, an
 * export of another slot never leaves the keyboard there, and a switch holds no UI state.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ThemeInfo } from '../../src/contract/payloads/theme.ts';
import type { LinkDirection, LinkPower } from '../../src/transport/types.ts';
import { makeHarness } from './harness.ts';

async function setup(model = 'Made68Pro') {
  const h = makeHarness();
  const path = await h.add(model);
  const kb = h.keyboardOf();
  const call = (func: string, args: string[] = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  /** What the keyboard stores: slots, their profiles and the settings. */
  const stored = () => {
    const { currentTheme, profiles, settings } = kb.inspect().state;
    return JSON.stringify({ currentTheme, profiles, settings });
  };
  const delivered = () => h.transportOf().delivered;
  /** Plugs the cut cable back in and attaches the keyboard again, as a host does when it reappears. */
  const reattach = async () => {
    const transport = h.transportOf();
    transport.reconnect();
    const entry = await h.service.attach(transport, { virtual: true });
    expect(entry.path).toBe(path);
  };
  return { ...h, path, kb, call, stored, delivered, reattach };
}

type Setup = Awaited<ReturnType<typeof setup>>;

const exportOf = async (h: Setup, slot: number) =>
  ((await h.call('set_theme_info', ['--export', '', '--cur_theme_id', String(slot)])) as { content: string }).content;

interface Cut {
  direction: LinkDirection;
  at: number;
  power: LinkPower;
}

/** Every report of an exchange, each way, cut once; the power kept on even reports and lost on odd ones. */
function everyReport(reports: Record<'toDevice' | 'toHost', number>): Cut[] {
  const cuts: Cut[] = [];
  for (const direction of ['toDevice', 'toHost'] as const)
    for (let at = 1; at <= reports[direction]; at++) cuts.push({ direction, at, power: at % 2 ? 'lost' : 'kept' });
  return cuts;
}

describe('a scene import is all or nothing on the device', () => {
  it.each([
    ['the current slot', 0],
    ['another slot', 1],
  ])('into %s, with the link cut at every report', async (_, target) => {
    // A run without a cut gives the state after the import and the reports it takes.
    const ref = await setup();
    const scene = await exportOf(ref, 3);
    // With the device page open the service holds the current slot's objects (an export reads them all), so an
    // import into it writes only what differs.
    const warm = (h: Setup) => (target === 0 ? exportOf(h, 0) : undefined);
    await warm(ref);
    const before = ref.stored();
    const start = ref.delivered();
    await ref.call('set_theme_info', ['--import', scene, '--cur_theme_id', String(target)]);
    const end = ref.delivered();
    const after = ref.stored();
    expect(after).not.toBe(before);
    const cuts = everyReport({ toDevice: end.toDevice - start.toDevice, toHost: end.toHost - start.toHost });
    expect(cuts.length).toBeGreaterThan(20);

    const mixed: string[] = [];
    for (const cut of cuts) {
      const h = await setup();
      await warm(h);
      expect(h.stored()).toBe(before);
      h.transportOf().injectFault(cut.direction, cut.at, { kind: 'cut', power: cut.power });
      await h.call('set_theme_info', ['--import', scene, '--cur_theme_id', String(target)]).catch(() => undefined);
      const now = h.stored();
      if (now !== before && now !== after) mixed.push(`${cut.direction} ${cut.at} (${cut.power})`);
      // The service's view of a keyboard attached again is the keyboard's own.
      await h.reattach();
      const info = (await h.call('get_theme_info')) as ThemeInfo;
      expect(info.theme_mode).toBe(h.kb.inspect().state.currentTheme);
      expect(info.theme_mode).toBe(0);
    }
    expect(mixed).toEqual([]);
  });
});

describe('exporting another slot', () => {
  it('leaves the keyboard on its slot, also when the link drops mid-export', async () => {
    const ref = await setup();
    const before = ref.stored();
    const start = ref.delivered();
    const content = await exportOf(ref, 3);
    const end = ref.delivered();
    expect(ref.stored()).toBe(before);
    expect(JSON.parse(content)).toMatchObject({ name: ref.kb.inspect().state.profiles[3]!.name });

    const stranded: string[] = [];
    for (const cut of everyReport({ toDevice: end.toDevice - start.toDevice, toHost: end.toHost - start.toHost })) {
      const h = await setup();
      h.transportOf().injectFault(cut.direction, cut.at, { kind: 'cut', power: cut.power });
      await exportOf(h, 3).catch(() => undefined);
      await h.reattach();
      const info = (await h.call('get_theme_info')) as ThemeInfo;
      if (h.stored() !== before || info.theme_mode !== 0)
        stranded.push(`${cut.direction} ${cut.at} (${cut.power}): slot ${h.kb.inspect().state.currentTheme}`);
    }
    expect(stranded).toEqual([]);
  });
});

describe('a theme switch', () => {
  it("takes the spec's tab argument but keeps no UI state and never calls the service itself", async () => {
    const h = await setup();
    const calls = vi.spyOn(h.service, 'call');
    await h.call('set_theme_info', ['--current_page_id_num', '3']);
    const mark = h.events.length;
    await h.call('set_theme_info', ['--change_theme_id', '1', '--current_page_id_num', '3']);
    expect(calls).toHaveBeenCalledTimes(2);
    const emitted = h.events.slice(mark).map((e) => e.event);
    expect(emitted.filter((e) => e !== 'sync_update')).toEqual(['up_theme_info', 'get_theme_info']);
  });
});

describe('bursts and the typed client', () => {
  it('ends a burst of renames and switches sent without waiting at the last of each, as the device holds it', async () => {
    const h = await setup();
    const calls = [
      h.call('set_theme_info', ['--theme_name', 'First', '--cur_theme_id', '1']),
      h.call('set_theme_info', ['--change_theme_id', '2']),
      h.call('set_theme_info', ['--theme_name', 'Second', '--cur_theme_id', '1']),
      h.call('set_theme_info', ['--change_theme_id', '1']),
      h.call('set_theme_info', ['--theme_name', 'Third', '--cur_theme_id', '1']),
    ];
    await Promise.all(calls);
    const state = h.kb.inspect().state;
    expect([state.currentTheme, state.profiles[1]!.name]).toEqual([1, 'Third']);
    const info = (await h.call('get_theme_info')) as ThemeInfo;
    expect(info).toEqual({ path: h.path, theme_mode: 1, theme_info_list: state.profiles.map((p) => p.name) });
  });

  it('exports and imports through the typed client', async () => {
    const h = await setup();
    const exported = await h.client.setThemeInfo({ path: h.path, export: true, cur_theme_id: 2 });
    expect(exported).toMatchObject({ theme_id: 2, file_name: 'Typing.mgscene' });
    const content = (exported as { content: string }).content;
    const info = await h.client.setThemeInfo({ path: h.path, import: content, cur_theme_id: 0 });
    expect(info).toMatchObject({ theme_mode: 0 });
    const state = h.kb.inspect().state;
    expect({ ...state.profiles[0]!, name: '' }).toEqual({ ...state.profiles[2]!, name: '' });
  });
});
