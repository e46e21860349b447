/**
 * Applies a backup on a keyboard, writing only what differs from `current` (the keyboard's own backup, just read):
 * our own protocol in one device-side transaction (keytune-apply.ts), other families part by part through their
 * ports, read back, with what did not take named (driver-apply.ts). Values out of the keyboard's range are refused
 * before anything is written.
 */
import type { KeyboardBackup } from '../../core/backup/format.ts';
import { isKeytuneDevice, type DeviceEntry, type DriverDevice } from '../context.ts';
import { applyDriver } from './driver-apply.ts';
import { applyKeytune } from './keytune-apply.ts';

export async function applyKeyboard(
  device: DeviceEntry,
  target: KeyboardBackup,
  current: KeyboardBackup,
): Promise<void> {
  if (isKeytuneDevice(device)) await applyKeytune(device, target, current);
  else await applyDriver(device as DriverDevice, target, current);
}
