/** How device record fields read on screen. */
import { ACCESS_MODE, DEV_TYPE } from '../../core/models';
import type { MessageId } from '../../i18n/en_US';

/** A battery level is shown only when it is a percentage; -1 (no battery) and anything odd read as "--". */
export function batteryPercent(electricity: number): number | undefined {
  return Number.isFinite(electricity) && electricity >= 0 && electricity <= 100 ? Math.round(electricity) : undefined;
}

export function batteryText(electricity: number): string {
  const p = batteryPercent(electricity);
  return p === undefined ? '--' : `${p}%`;
}

export function accessModeLabel(accessMode: number): MessageId | undefined {
  switch (accessMode) {
    case ACCESS_MODE.usb:
      return 'device.access.usb';
    case ACCESS_MODE.wireless24g:
      return 'device.access.24g';
    case ACCESS_MODE.bluetooth:
      return 'device.access.bluetooth';
    default:
      return undefined;
  }
}

export function devTypeLabel(devType: number): MessageId {
  if (devType === DEV_TYPE.mouse) return 'device.type.mouse';
  if (devType === DEV_TYPE.dongle) return 'device.type.dongle';
  return 'device.type.keyboard';
}
