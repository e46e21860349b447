import { describe, expect, it } from 'vitest';
import { DEVICE_TAB, DEVICE_TAB_IDS, PERF_VIEW, PERF_VIEWS_LISTED } from '../../src/core/device-tabs.ts';

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
