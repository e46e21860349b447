/**
 * The battery and radio of a wireless virtual device as its status reports them: voltage, current and the time left
 * to charge follow the battery percent and the charging flag; the charge cycle count and the health level are fixed
 * per device and kept with its other facts (schema.ts DeviceFacts); the pairing state is the radio's. A wired device
 * reports every one of these fields as unknown.
 */
import { ACCESS_MODE, type ModelInfo } from '../core/models.ts';
import { currentToWire, PAIR_STATE, STATUS_UNKNOWN, type Status } from '../protocol/objects.ts';
import type { DeviceFacts } from './schema.ts';

/** Empty and full cell voltage, mV. */
const CELL_MV = { empty: 3300, full: 4200 } as const;
/** Charging current below 80 %, mA; it tapers to CHARGE_TAIL_MA at 100 %. */
const CHARGE_MA = 500;
const CHARGE_TAIL_MA = 50;
/** Minutes to charge one percent. */
const MINUTES_PER_PERCENT = 1.5;
/** Current drawn on battery, mA, by access mode (USB, 2.4G, Bluetooth). */
const DRAW_MA: Record<number, number> = {
  [ACCESS_MODE.usb]: 4,
  [ACCESS_MODE.wireless24g]: 12,
  [ACCESS_MODE.bluetooth]: 7,
};

/** The battery and pairing facts a device of `model` starts with: cycles and health vary from one serial to another. */
export function factoryBatteryFacts(
  model: ModelInfo,
  serial: string,
): Pick<DeviceFacts, 'cycles' | 'health' | 'pairState'> {
  if (!model.wireless) return { cycles: STATUS_UNKNOWN.u16, health: STATUS_UNKNOWN.u8, pairState: STATUS_UNKNOWN.u8 };
  let hash = 0x811c9dc5;
  for (const ch of serial) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const cycles = 12 + (hash % 240);
  return { cycles, health: Math.max(80, 100 - Math.floor(cycles / 20)), pairState: PAIR_STATE.paired };
}

/** Why the battery and pairing facts cannot belong to a device of `model`, or undefined when they can. */
export function checkBatteryFacts(device: DeviceFacts, model: ModelInfo): string | undefined {
  if (!model.wireless) {
    const none = device.cycles === STATUS_UNKNOWN.u16 && device.health === STATUS_UNKNOWN.u8;
    return none && device.pairState === STATUS_UNKNOWN.u8 ? undefined : 'a wired device has no battery or radio';
  }
  if (device.cycles >= STATUS_UNKNOWN.u16) return `cycle count ${device.cycles}`;
  if (device.health > 100) return `health ${device.health}`;
  if (device.pairState > PAIR_STATE.paired) return `pairing state ${device.pairState}`;
  return undefined;
}

/** The status fields after the first four: battery attributes and pairing state. */
export function batteryStatus(
  device: DeviceFacts,
  wireless: boolean,
): Pick<Status, 'voltage' | 'current' | 'chargeMinutes' | 'cycles' | 'health' | 'pairState'> {
  if (!wireless || device.battery > 100)
    return {
      voltage: STATUS_UNKNOWN.u16,
      current: STATUS_UNKNOWN.current,
      chargeMinutes: STATUS_UNKNOWN.u16,
      cycles: STATUS_UNKNOWN.u16,
      health: STATUS_UNKNOWN.u8,
      pairState: wireless ? device.pairState : STATUS_UNKNOWN.u8,
    };
  const percent = device.battery;
  const charging = device.charging !== 0 && percent < 100;
  const rest = CELL_MV.empty + Math.round(((CELL_MV.full - CELL_MV.empty) * percent) / 100);
  const voltage = charging ? Math.min(CELL_MV.full, rest + 40) : rest;
  let current: number;
  if (charging)
    current = percent < 80 ? CHARGE_MA : Math.round(CHARGE_MA - ((CHARGE_MA - CHARGE_TAIL_MA) * (percent - 80)) / 20);
  else if (device.charging !== 0) current = 0;
  else current = -(DRAW_MA[device.accessMode] ?? DRAW_MA[ACCESS_MODE.usb]!);
  return {
    voltage,
    current: currentToWire(current),
    chargeMinutes: charging ? Math.ceil((100 - percent) * MINUTES_PER_PERCENT) : 0,
    cycles: device.cycles,
    health: device.health,
    pairState: device.pairState,
  };
}
