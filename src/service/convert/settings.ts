/** Device settings and device facts between wire records and the spec's Setting data (spec-2 §3). */
import type { Capabilities } from '../../core/capabilities.ts';
import { FEATURE } from '../../protocol/commands.ts';
import {
  currentFromWire,
  PAIR_STATE,
  SettingsLayout,
  STATUS_UNKNOWN,
  type Descriptor,
  type Settings,
  type Status,
} from '../../protocol/objects.ts';
import type { DeviceRecord } from '../../contract/bridge.ts';
import { fieldOffset } from './lighting.ts';
import {
  REPORT_RATES_HZ,
  type KeyboardInfo,
  type OptionList,
  type BatteryInfo,
  type PairState,
  type ReportRate,
  type SettingData,
} from '../../contract/payloads/settings.ts';

export type { KeyboardInfo, OptionList, SettingData } from '../../contract/payloads/settings.ts';

/** Report rates by the settings record's index (spec-2 §9: 125, 250, 1000 Hz). */
export const REPORT_RATES = REPORT_RATES_HZ;

/** The settings record's index of a report rate. */
export function reportRateIndex(hz: ReportRate): number {
  return REPORT_RATES.indexOf(hz);
}

/** Settings fields in record order; every field is one byte. */
const SETTING_FIELDS = SettingsLayout.fields.map(([name]) => name as keyof Settings);

/**
 * The bytes of a settings write that changes only the given fields (which must be adjacent), and the offset they go
 * to. A call writes only what it changes, never a record rebuilt from the service's copy.
 */
export function settingsPatch(patch: Partial<Settings>): { offset: number; bytes: Uint8Array } {
  const names = SETTING_FIELDS.filter((n) => patch[n] !== undefined);
  if (names.length === 0) throw new RangeError('an empty settings patch');
  const offset = fieldOffset(SettingsLayout, names[0]!);
  const end = fieldOffset(SettingsLayout, names[names.length - 1]!) + 1;
  if (end - offset !== names.length) throw new RangeError(`settings fields ${names.join(', ')} are not adjacent`);
  return { offset, bytes: Uint8Array.from(names, (n) => patch[n]!) };
}

const two = (n: number): string => String(n).padStart(2, '0');

export function releaseDate(d: Descriptor): string {
  return `${String(d.releaseYear).padStart(4, '0')}-${two(d.releaseMonth)}-${two(d.releaseDay)}`;
}

/** Keyboard modes and the report rate are set with the firmware that takes N-key and sleep, on keyboards only. */
export function keyboardModeSupported(descriptor: Descriptor, caps: Capabilities): boolean {
  return caps.settings.nKeyAndSleep && descriptor.devType === 2;
}

/** Upper bounds of the status values a device can mean (beyond them a reply is damaged, not news). */
export const STATUS_BOUNDS = { voltageMv: 6000, currentMa: 5000, chargeMinutes: 24 * 60 } as const;

/**
 * Why a status record makes no sense, or undefined when it does. Each field holds a value in its range or its
 * "unknown" marker; the service refuses anything else, as it refuses a damaged reply.
 */
export function checkStatus(status: Status): string | undefined {
  const known = (v: number, unknown: number): boolean => v !== unknown;
  const flag = (v: number): boolean => v === 0 || v === 1;
  if (known(status.battery, STATUS_UNKNOWN.u8) && status.battery > 100) return `battery ${status.battery}`;
  if (!flag(status.charging)) return `charging ${status.charging}`;
  if (status.accessMode > 2) return `access mode ${status.accessMode}`;
  if (!flag(status.syncing)) return `syncing ${status.syncing}`;
  if (known(status.voltage, STATUS_UNKNOWN.u16) && status.voltage > STATUS_BOUNDS.voltageMv)
    return `voltage ${status.voltage} mV`;
  const current = currentFromWire(status.current);
  if (current !== undefined && Math.abs(current) > STATUS_BOUNDS.currentMa) return `current ${current} mA`;
  if (known(status.chargeMinutes, STATUS_UNKNOWN.u16) && status.chargeMinutes > STATUS_BOUNDS.chargeMinutes)
    return `remaining charging time ${status.chargeMinutes} min`;
  if (known(status.health, STATUS_UNKNOWN.u8) && status.health > 100) return `health ${status.health}`;
  if (known(status.pairState, STATUS_UNKNOWN.u8) && status.pairState > PAIR_STATE.paired)
    return `pairing state ${status.pairState}`;
  return undefined;
}

/** The battery attributes of a status record; null for what the device does not know. */
export function batteryInfoOf(status: Status): BatteryInfo {
  const value = (v: number, unknown: number): number | null => (v === unknown ? null : v);
  return {
    current_ma: currentFromWire(status.current) ?? null,
    voltage_mv: value(status.voltage, STATUS_UNKNOWN.u16),
    charge_minutes: value(status.chargeMinutes, STATUS_UNKNOWN.u16),
    cycles: value(status.cycles, STATUS_UNKNOWN.u16),
    health: value(status.health, STATUS_UNKNOWN.u8),
  };
}

/** Setting data (spec-2 §3) from the settings and status records. */
export function settingDataOf(
  record: DeviceRecord,
  descriptor: Descriptor,
  settings: Settings,
  status: Status,
  caps: Capabilities,
): SettingData {
  // A device with a battery runs on its own power: that is a wireless one (mouse, keyboard or receiver with a radio).
  const wireless = (descriptor.features & FEATURE.battery) !== 0;
  const hasBattery = wireless && status.battery <= 100;
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
    kb_mode_supported: keyboardModeSupported(descriptor, caps),
    battery: hasBattery ? status.battery : -1,
    access_mode: status.accessMode,
    ...(hasBattery ? { battery_info: batteryInfoOf(status) } : {}),
    ...(wireless && status.pairState !== STATUS_UNKNOWN.u8 ? { pair_state: status.pairState as PairState } : {}),
  };
}

/** What the device describes about itself (the keyboard_info event). */
export function keyboardInfo(record: DeviceRecord, d: Descriptor): KeyboardInfo {
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
export function optionList(record: DeviceRecord, d: Descriptor, caps: Capabilities): OptionList {
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
