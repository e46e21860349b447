/**
 * The tabs of a device page (spec-1 §2, spec-2 §2.3) and the views of its Key performance tab (spec-2 §2.5). The
 * service lists them as numbers (init_opt_list `tabs` and `perf_tabs`); the page uses the same numbers as text, the
 * value of its tab controls. Both come from here, and so does which of them a device has, from its features.
 */
import type { DeviceFeatures, DeviceLayout } from './device-features.ts';

export const DEVICE_TAB = { keyCode: 0, keyLed: 1, keyPerf: 3, settings: 4 } as const;
export type DeviceTab = (typeof DEVICE_TAB)[keyof typeof DEVICE_TAB];
/** A device tab as the page's tab value: '0', '1', '3' or '4'. */
export type DeviceTabId = `${DeviceTab}`;
/** Every device tab, in the spec's order. */
export const DEVICE_TAB_IDS = Object.values(DEVICE_TAB).map(String) as readonly DeviceTabId[];

/** Views of the Key performance tab; the tester chart (4) is reached from verify and has no tab of its own. */
export const PERF_VIEW = { perf: 0, gameConfig: 1, switch: 2, verify: 3, tester: 4 } as const;
export type PerfViewNumber = (typeof PERF_VIEW)[keyof typeof PERF_VIEW];
export type PerfView = `${PerfViewNumber}`;
/** The views listed as tabs, in order. */
export const PERF_VIEWS_LISTED = [PERF_VIEW.perf, PERF_VIEW.gameConfig, PERF_VIEW.switch, PERF_VIEW.verify].map(
  String,
) as readonly PerfView[];

/** What the tab list reads of a device: its features and whether it has a drawing. */
type TabFeatures = Pick<DeviceFeatures, 'keymap' | 'lighting' | 'performance' | 'calibration' | 'liveTravel'>;

/**
 * The spec's device tabs a device has, in order: Key code and Device settings always (a device without keys says so
 * on Key code); Key LED where it has the key light; Key performance where its keys have a travel to set. The screens
 * a family adds (`features.screens`) come on top of these.
 */
export function tabsFor(features: TabFeatures, layout: DeviceLayout | null): DeviceTabId[] {
  const keys = layout !== null && features.keymap;
  return DEVICE_TAB_IDS.filter((id) => {
    if (id === '1') return keys && features.lighting?.keyLight !== undefined;
    if (id === '3') return keys && features.performance !== undefined;
    return true;
  });
}

/**
 * The views of a device's Key performance tab, in order: perf always; game config and switch where the device has
 * them; verify where it calibrates or streams its keys' travel.
 */
export function perfViewsFor(features: TabFeatures): PerfView[] {
  const perf = features.performance;
  if (!perf) return [];
  return PERF_VIEWS_LISTED.filter((id) => {
    if (id === '1') return perf.gameConfig !== undefined;
    if (id === '2') return perf.switchTypes !== undefined;
    if (id === '3') return features.calibration !== undefined || features.liveTravel;
    return true;
  });
}
