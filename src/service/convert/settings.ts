/** Device settings and device facts between wire records and the spec's Setting data (spec-2 §3). */
import type { Capabilities } from '../../core/capabilities.ts';
import { FEATURE } from '../../protocol/commands.ts';
import type { Descriptor, Settings, Status } from '../../protocol/objects.ts';
import type { DeviceRecord } from '../bridge.ts';

/** Report rates by the settings record's index (spec-2 §9: 125, 250, 1000 Hz). */
export const REPORT_RATES = [125, 250, 1000] as const;

export interface SettingData {
  path: string;
  fw_ver: string;
  hw_ver: string;
  release_date: string;
  use_n_key: 0 | 1;
  use_sleep: 0 | 1;
  /** Minutes. */
  sleep_time: number;
  auto_calibration: 0 | 1;
  /** Hz. */
  report_rate: number;
  n_key_supported: boolean;
  sleep_supported: boolean;
  /** Percent 0-100; -1 without a battery. */
  battery: number;
  /** 0 USB, 1 2.4G, 2 Bluetooth. */
  access_mode: number;
}

const two = (n: number): string => String(n).padStart(2, '0');

export function releaseDate(d: Descriptor): string {
  return `${String(d.releaseYear).padStart(4, '0')}-${two(d.releaseMonth)}-${two(d.releaseDay)}`;
}

export function settingData(
  record: DeviceRecord,
  descriptor: Descriptor,
  settings: Settings,
  status: Status,
  caps: Capabilities,
): SettingData {
  const hasBattery = (descriptor.features & FEATURE.battery) !== 0 && status.battery <= 100;
  return {
    path: record.path,
    fw_ver: record.fw_ver,
    hw_ver: record.hw_ver,
    release_date: releaseDate(descriptor),
    use_n_key: settings.useNKey ? 1 : 0,
    use_sleep: settings.useSleep ? 1 : 0,
    sleep_time: settings.sleepTime,
    auto_calibration: settings.autoCalibration ? 1 : 0,
    report_rate: REPORT_RATES[settings.reportRate] ?? 1000,
    n_key_supported: caps.settings.nKeyAndSleep,
    sleep_supported: caps.settings.nKeyAndSleep,
    battery: hasBattery ? status.battery : -1,
    access_mode: status.accessMode,
  };
}

/** What the device describes about itself (the keyboard_info event). */
export function keyboardInfo(record: DeviceRecord, d: Descriptor) {
  return {
    path: record.path,
    name: record.name,
    display_name: record.display_name,
    dev_type: d.devType,
    fw_ver: record.fw_ver,
    hw_ver: record.hw_ver,
    dev_sn: d.serial,
    protocol: d.protocol,
    model_id: d.modelId,
    key_count: d.keyCount,
    layer_count: d.layerCount,
    theme_count: d.themeCount,
    dks_size: d.dksCap,
    shortcut_size: d.shortcutCap,
    macro_size: d.macroCap,
    snaptap_size: d.snaptapCap,
    hypertap_size: d.hypertapCap,
    macro_max_events: d.macroMaxEvents,
    dks_slots: d.dksSlots,
    features: Object.entries(FEATURE)
      .filter(([, bit]) => (d.features & bit) !== 0)
      .map(([name]) => name),
    release_date: releaseDate(d),
  };
}

/** Device page tabs (spec-2 §2.3) and performance tabs (§2.5). */
export const DEVICE_TABS = { keyCode: 0, keyLed: 1, keyPerf: 3, settings: 4 } as const;
export const PERF_TABS = { perf: 0, gameConfig: 1, switch: 2, verify: 3 } as const;

/** The capability summary of the init_opt_list event: which tabs and options the device page offers. */
export function optionList(record: DeviceRecord, d: Descriptor, caps: Capabilities) {
  const has = (bit: number): boolean => (d.features & bit) !== 0;
  const keyboard = d.devType === 2;
  const perfTabs: number[] = [PERF_TABS.perf, ...(caps.gameConfigSet ? [PERF_TABS.gameConfig] : []), PERF_TABS.switch];
  if (has(FEATURE.calibration)) perfTabs.push(PERF_TABS.verify);
  return {
    path: record.path,
    configurable: caps.configurable,
    redirect: caps.redirect,
    tabs: keyboard
      ? [DEVICE_TABS.keyCode, DEVICE_TABS.keyLed, DEVICE_TABS.keyPerf, DEVICE_TABS.settings]
      : [DEVICE_TABS.keyCode, DEVICE_TABS.settings],
    perf_tabs: keyboard ? perfTabs : [],
    feature_level: caps.featureLevel,
    advanced: caps.advanced.enabled,
    advanced_types: Object.entries(caps.advanced.types)
      .filter(([, on]) => on)
      .map(([t]) => t),
    dks_slot_count: caps.advanced.dksSlotCount,
    rapid_vis: caps.performance.rapidTriggerTab,
    rapid_use_complete: caps.performance.rapidUseComplete,
    switch_key_selection: caps.performance.switchKeySelection,
    n_key: caps.settings.nKeyAndSleep,
    sleep: caps.settings.nKeyAndSleep,
    theme_change: caps.settings.themeChange,
    outer_frame: caps.lighting.outerFrame && has(FEATURE.outerFrame),
    ambient: caps.lighting.ambient && has(FEATURE.ambient),
    ambient_generation: caps.lighting.ambientGeneration,
    light_max: caps.lighting.lightMax,
    game_config_set: caps.gameConfigSet,
    base_min_travel: caps.performance.baseMinTravel,
    max_trigger: caps.performance.maxTrigger,
    max_dead: caps.performance.maxDead,
  };
}
