/**
 * The one seam between the UI and devices, as it travels: the spec's bridge contract, `call(channel, func, args)`
 * plus named events. The device service implements it in the device worker (browser host) or inside the local bridge
 * process (desktop host). Nobody above this file calls it by string: the typed client (client.ts) does, from the
 * declaration of every call (contract.ts).
 */
import type { DeviceFeatures, DeviceLayout, FamilyId } from '../core/device-features.ts';
import { toastStyle } from '../core/toast-keys.ts';

/** Every event the service emits (spec-1 §7, spec-2 §7). */
export const EVENT_NAMES = [
  'devs_changed',
  'get_key_value_info',
  'get_key_color_info',
  'get_key_func_info',
  'get_key_perf_info',
  'get_setting_data',
  'get_theme_info',
  'up_theme_info',
  'up_theme_save',
  'up_trigger_adc',
  'up_calibration',
  'sync_update',
  'config_restored',
  'dev_update',
  'dev_update_hw_check',
  'flash_by_info',
  'init_opt_list',
  'dev_event',
  'keyboard_info',
  'update_lang',
  'update_theme',
  'toast_message',
  'show_loading',
  'dev_info',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export type Listener = (payload: unknown) => void;

export interface Bridge {
  /** Calls one function of the contract. Resolves with its answer; rejects with a BridgeCallError. */
  call(channel: string, func: string, args?: readonly string[]): Promise<unknown>;
  /** Subscribes to one event; returns the unsubscribe function. */
  on(event: EventName, listener: Listener): () => void;
}

/** The Device record of spec §3, as answered by `app_info get_dev_list` and carried by `devs_changed`. */
export interface DeviceRecord {
  path: string;
  name: string;
  display_name: string;
  img_name: string;
  /** Battery percent 0-100; -1 when the device has no battery. */
  electricity: number;
  /** 0 USB, 1 2.4G, 2 Bluetooth. */
  access_mode: number;
  access_text: string;
  worker_mode: number;
  /** 2 keyboard, 3 mouse, 4 dongle. */
  dev_type: number;
  fw_ver: string;
  hw_ver: string;
  dev_sn: string;
  red_point: boolean;
  update_fw_ver: string;
  /** True while the device answers; false after it went away. */
  online: boolean;
  /** True for virtual devices (the reference firmware or a simulator of another family). */
  virtual: boolean;
  /** The family whose protocol the device speaks. */
  family: FamilyId;
  /** What the device can do, with its ranges: the UI shows tabs, controls and pickers from these only. */
  features: DeviceFeatures;
  /** The drawing of its keys; null for a device without keys (a receiver) or a keyboard whose definition is missing. */
  layout: DeviceLayout | null;
}

/** Payload of `toast_message` (spec-2 §3 Toast). */
export interface ToastPayload {
  title: string;
  context: string;
  /** Values replacing '{}' placeholders in order, joined with ';;' on the wire. */
  args: string;
  /** 0 success, 1 error, 2 warning. */
  type: 0 | 1 | 2;
  /** Seconds. */
  delay: number;
}

/** A refused or failed call. `toastKey` is the spec's catalogue key shown to the user. */
export class BridgeCallError extends Error {
  readonly toastKey: string;
  readonly args: readonly string[];
  /** Toast type shown for it: 1 error (default) or 2 warning. */
  readonly toastType: 1 | 2;
  /** Toast delay in seconds, from the toast table (core/toast-keys.ts) unless the refusal names its own. */
  readonly toastDelay: number;
  constructor(
    toastKey: string,
    message?: string,
    args: readonly string[] = [],
    toast: { type?: 1 | 2; delay?: number } = {},
  ) {
    super(message ?? toastKey);
    this.name = 'BridgeCallError';
    this.toastKey = toastKey;
    this.args = args;
    const style = toastStyle(toastKey);
    this.toastType = toast.type ?? (style.type === 2 ? 2 : 1);
    this.toastDelay = toast.delay ?? style.delay;
  }
}

/** A refused call as it crosses a message boundary (worker, WebSocket): plain data, no class. */
export interface SerializedCallError {
  toastKey: string;
  message: string;
  args: string[];
  toastType: 1 | 2;
  toastDelay: number;
}

export function serializeCallError(error: BridgeCallError): SerializedCallError {
  return {
    toastKey: error.toastKey,
    message: error.message,
    args: [...error.args],
    toastType: error.toastType,
    toastDelay: error.toastDelay,
  };
}

/** The refusal again, on the side that made the call. */
export function callErrorFrom(e: SerializedCallError): BridgeCallError {
  return new BridgeCallError(e.toastKey, e.message, e.args, { type: e.toastType, delay: e.toastDelay });
}
