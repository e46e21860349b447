/**
 * What the handlers for drivers share: the device's driver and a port it must have, and the per-device state every
 * family keeps the same way (the current layer of the Key code tab, the profile being edited).
 */
import { BridgeCallError } from '../../contract/bridge.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import type { DriverPorts } from '../../drivers/types.ts';
import { isDriverDevice, stateSlot, type CallContext, type DriverDevice } from '../context.ts';
import { FAMILY_KEYS } from './keys.ts';

export function driverDevice(ctx: CallContext): DriverDevice {
  const device = ctx.device();
  if (!isDriverDevice(device)) throw new BridgeCallError(FAMILY_KEYS.notOffered, `${device.path} has no driver`);
  return device;
}

/** The port of an area, or a refusal saying the device does not offer it. */
export function portOf<K extends keyof DriverPorts>(device: DriverDevice, area: K): NonNullable<DriverPorts[K]> {
  const port = device.driver.ports[area];
  if (!port) throw new BridgeCallError(FAMILY_KEYS.notOffered, `${device.record.display_name} has no ${area}`);
  return port;
}

export const invalid = (message: string) => new BridgeCallError(TOAST_KEYS.invalidArgs, message);

const CURRENT_LAYER = stateSlot('driver.layer', () => ({ layer: 0 }));

export function currentLayer(device: DriverDevice): number {
  const { layer } = device.slot(CURRENT_LAYER);
  return layer < device.driver.features.layers ? layer : 0;
}

export function setCurrentLayer(device: DriverDevice, layer: number): void {
  device.slot(CURRENT_LAYER).layer = layer;
}

/** Key ids of a call, each below the device's key count (not the 200 of our protocol's key mask). */
export function keyIdsOf(device: DriverDevice, ids: readonly number[] | undefined, what = '--select'): number[] {
  if (!ids || ids.length === 0) throw invalid(`${what} names the keys: a JSON list of key ids`);
  const { keyCount } = device.driver.features;
  const unique = [...new Set(ids)];
  const outside = unique.filter((id) => !Number.isInteger(id) || id < 0 || id >= keyCount);
  if (outside.length) throw invalid(`${what}: key ids are 0-${keyCount - 1}; ${outside.join(', ')} is not`);
  return unique;
}

/** The profile the app edits: the device's current one. */
export async function currentProfile(device: DriverDevice): Promise<number> {
  return (await device.driver.ports.profiles?.current()) ?? 0;
}

/**
 * Runs a write, then reads and shows what the keyboard holds (`show`), also after a write that did not (all) take.
 * A failed write's own error is the answer: where the read fails too (the keyboard went away), the write's error,
 * which names what did not take, is not replaced by the read's.
 */
export async function writeThenShow<T>(write: Promise<unknown>, show: () => Promise<T>): Promise<T> {
  let failure: { error: unknown } | undefined;
  await write.catch((e: unknown) => (failure = { error: e }));
  if (!failure) return show();
  await show().catch(() => undefined);
  throw failure.error;
}
