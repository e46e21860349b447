/**
 * What a screen needs to know of a device, from its record only: its features (tabs, ranges, rules) and its layout.
 * No screen looks a capability or a drawing up by model name; the device's family reported them.
 */
import { useMemo } from 'react';
import type { DeviceRecord } from '../contract/bridge';
import { noCapabilities, type Capabilities } from '../core/capabilities';
import type { DeviceLayout } from '../core/device-features';
import { useDeviceState } from './services';

/** Rules with every feature off, for the moment before a device's record has arrived. */
const NO_RULES: Capabilities = noCapabilities();

export function useDeviceRecord(path: string): DeviceRecord | undefined {
  return useDeviceState((s) => s.devices.find((d) => d.path === path));
}

/** The rules a device's screens apply (advanced-key kinds, travel ranges, lighting flags). */
export function rulesOf(device: Pick<DeviceRecord, 'features'> | undefined): Capabilities {
  return device?.features?.rules ?? NO_RULES;
}

export function useRules(path: string): Capabilities {
  const device = useDeviceRecord(path);
  return rulesOf(device);
}

export function useDeviceLayout(path: string): DeviceLayout | null {
  return useDeviceRecord(path)?.layout ?? null;
}

/** True when the device has keys to draw and map (a receiver has none; a VIA keyboard needs its definition). */
export function hasKeys(device: Pick<DeviceRecord, 'layout' | 'features'>): boolean {
  return device.layout !== null && device.features.keymap;
}

/** Memoised rules of a record, for components that already hold it. */
export function useRulesOf(device: DeviceRecord | undefined): Capabilities {
  const rules = device?.features?.rules;
  return useMemo(() => rules ?? NO_RULES, [rules]);
}
