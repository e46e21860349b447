import { afterEach, describe, expect, it } from 'vitest';
import {
  DEVICE_TAB,
  DEVICE_TAB_IDS,
  PERF_VIEW,
  PERF_VIEWS_LISTED,
  perfViewsFor,
  tabsFor,
} from '../../src/core/device-tabs.ts';
import { liveService, type LiveService } from '../../src/testing/live-service.ts';

describe('device tabs and performance views', () => {
  it('lists the device tabs in the spec order, as the page names them', () => {
    expect(DEVICE_TAB_IDS).toEqual(['0', '1', '3', '4']);
    expect(DEVICE_TAB_IDS.map(Number)).toEqual([
      DEVICE_TAB.keyCode,
      DEVICE_TAB.keyLed,
      DEVICE_TAB.keyPerf,
      DEVICE_TAB.settings,
    ]);
  });

  it('lists four performance views as tabs; the tester chart has none', () => {
    expect(PERF_VIEWS_LISTED).toEqual(['0', '1', '2', '3']);
    expect(PERF_VIEWS_LISTED).not.toContain(String(PERF_VIEW.tester));
  });
});

describe('the tabs and performance views of each family, from its features', () => {
  const made: LiveService[] = [];
  afterEach(async () => {
    for (const live of made.splice(0)) await live.dispose();
  });
  async function described(model: string, fwVer: string) {
    const live = liveService({ timeoutMs: 2000 });
    made.push(live);
    const path = await live.addVirtual(model, { fwVer });
    return live.records().find((r) => r.path === path)!;
  }

  it('our keyboard: all four tabs and all four views; a receiver: Key code and Device settings', async () => {
    const keyboard = await described('Made68Pro', '1.4.2');
    expect(tabsFor(keyboard.features, keyboard.layout)).toEqual(['0', '1', '3', '4']);
    expect(perfViewsFor(keyboard.features)).toEqual(['0', '1', '2', '3']);
    // A model without a game-config set keeps the view the spec lists, with no card in it.
    const made84 = await described('Made84Pro', '1.4.2');
    expect(perfViewsFor(made84.features)).toEqual(['0', '1', '2', '3']);
    expect(made84.features.performance?.gameConfig).toEqual({ set: null });
  });

  it('HE60 (libhmk): no Key LED; perf and verify only (no game config, no switch types)', async () => {
    const he60 = await described('HE60 (libhmk)', '1.7.0');
    expect(tabsFor(he60.features, he60.layout)).toEqual(['0', '3', '4']);
    expect(perfViewsFor(he60.features)).toEqual(['0', '3']);
  });

  it('VIA 65: Key code and Device settings; no performance views', async () => {
    const via = await described('Keytune VIA 65', '12.0.0');
    expect(tabsFor(via.features, via.layout)).toEqual(['0', '4']);
    expect(perfViewsFor(via.features)).toEqual([]);
  });

  it('a device without a drawing has neither Key LED nor Key performance', async () => {
    const keyboard = await described('Made68Pro', '1.4.2');
    expect(tabsFor(keyboard.features, null)).toEqual(['0', '4']);
  });
});
