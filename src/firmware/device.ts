/**
 * The inside of one virtual device: its flash state, its running firmware's traits, the live keys, and every
 * unsolicited report it sends (trigger stream, key events, calibration progress, flash sync, status changes).
 * The request handler and the public facade both work on this one object.
 */
import type { ModelInfo } from '../core/models.ts';
import { CMD, KEY_MAP_BYTES, REPORT_MODE, SUB } from '../protocol/commands.ts';
import { encodeFrame } from '../protocol/frame.ts';
import {
  CalibrationKeyLayout,
  KeyEventLayout,
  LAYERS,
  PAIR_STATE,
  PROTOCOL_VERSION,
  StatusLayout,
  THEME_SLOTS,
  TriggerSampleLayout,
  type CalibrationKey,
  type Descriptor,
  type Status,
} from '../protocol/objects.ts';
import { batteryStatus } from './battery.ts';
import { factoryConfig } from './defaults.ts';
import type { FlashState, Profile } from './schema.ts';
import { autoCalibrate, keyCurve, moveKey, restingKey, type KeyCurve, type KeyMotion } from './sensor.ts';
import { traitsFor, type Traits } from './traits.ts';
import type { ObjectHost } from './wire-objects.ts';

/** Time the flash takes to write a committed change; the sync notification brackets it. */
export const FLASH_WRITE_MS = 20;

/** Time the radio takes to pair once pairing starts; the status reports pairing until then, paired afterwards. */
export const PAIRING_MS = 2000;

/** ADC span (about 1 mm of travel) below which a key counts as not calibrated in a run. */
const MIN_CALIBRATED_SPAN = 500;

export type Scheduler = (fn: () => void, ms: number) => void;
export type ReportListener = (report: Uint8Array) => void;

export interface DeviceEnvironment {
  schedule: Scheduler;
  now: () => number;
}

export class DeviceCore implements ObjectHost {
  state: FlashState;
  traits: Traits;
  readonly model: ModelInfo;
  readonly curves: readonly KeyCurve[];
  keys: KeyMotion[];
  reportMode = { mode: REPORT_MODE.off as number, mask: new Uint8Array(KEY_MAP_BYTES) };
  bootloader = false;
  syncing = false;
  private flashGeneration = 0;
  private pairingGeneration = 0;
  private calibrationBackup: CalibrationKey[] | undefined;
  private readonly listeners = new Set<ReportListener>();
  private readonly persistListeners = new Set<() => void>();

  constructor(
    model: ModelInfo,
    state: FlashState,
    private readonly env: DeviceEnvironment,
  ) {
    this.model = model;
    this.state = state;
    this.traits = traitsFor(model, this.fwVersion());
    this.curves = Array.from({ length: model.keyCount }, (_, id) => keyCurve(model.modelId, id));
    this.keys = this.curves.map(restingKey);
  }

  private fwVersion(): { major: number; minor: number; patch: number } {
    const [major, minor, patch] = this.state.device.fw;
    return { major, minor, patch };
  }

  profile(): Profile {
    return this.state.profiles[this.state.currentTheme]!;
  }

  now(): number {
    return this.env.now();
  }

  descriptor(): Descriptor {
    const { device } = this.state;
    const t = this.traits;
    return {
      protocol: PROTOCOL_VERSION,
      modelId: this.model.modelId,
      devType: this.model.devType,
      fw: [...device.fw],
      hw: [...device.hw],
      serial: device.serial,
      keyCount: t.keyCount,
      layerCount: LAYERS,
      themeCount: t.objects.has('themes') ? THEME_SLOTS : 0,
      dksCap: t.capacity.dks,
      shortcutCap: t.capacity.shortcut,
      macroCap: t.capacity.macro,
      snaptapCap: t.capacity.snaptap,
      hypertapCap: t.capacity.hypertap,
      macroMaxEvents: t.macroMaxEvents,
      dksSlots: t.dksSlots,
      features: t.features,
      accessMode: device.accessMode,
      battery: device.battery,
      releaseYear: device.release.year,
      releaseMonth: device.release.month,
      releaseDay: device.release.day,
      vendorId: this.model.vendorId,
      productId: this.model.productId,
    };
  }

  status(): Status {
    const { device } = this.state;
    return {
      battery: device.battery,
      charging: device.charging,
      accessMode: device.accessMode,
      syncing: this.syncing ? 1 : 0,
      ...batteryStatus(device, this.model.wireless),
    };
  }

  liveAdc(): number[] {
    return this.keys.map((k) => k.adc);
  }

  // ---- unsolicited reports -------------------------------------------------------------------------------------

  onReport(listener: ReportListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onPersist(listener: () => void): () => void {
    this.persistListeners.add(listener);
    return () => this.persistListeners.delete(listener);
  }

  private notify(sub: number, data: Uint8Array): void {
    const report = encodeFrame({ cmd: CMD.notify, sub, offset: 0, data });
    for (const listener of [...this.listeners]) {
      try {
        listener(report);
      } catch (error) {
        // A failing listener is the host's bug: surface it without letting it break the device's own flow.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  notifyStatus(): void {
    this.notify(SUB.notify.status, StatusLayout.encode(this.status()));
  }

  /** A committed change starts a flash write; overlapping writes extend it, and one "done" ends them all. */
  flashWrite(): void {
    const generation = ++this.flashGeneration;
    if (!this.syncing) {
      this.syncing = true;
      this.notify(SUB.notify.sync, new Uint8Array([1]));
    }
    this.env.schedule(() => {
      if (generation !== this.flashGeneration || !this.syncing) return;
      this.syncing = false;
      this.notify(SUB.notify.sync, new Uint8Array([0]));
      for (const listener of [...this.persistListeners]) listener();
    }, FLASH_WRITE_MS);
  }

  // ---- calibration -----------------------------------------------------------------------------------------------

  /**
   * Calibration notification: [state u8, count u8, then count x (keyId u8, min u16, max u16)]. A state change sends
   * count 0; while running, each key whose range widened sends its new range.
   */
  private notifyCalibration(entries: readonly { keyId: number; range: CalibrationKey }[]): void {
    const data = new Uint8Array(2 + entries.length * 5);
    data[0] = this.state.calibration.state;
    data[1] = entries.length;
    entries.forEach((e, i) => {
      data[2 + i * 5] = e.keyId;
      CalibrationKeyLayout.encodeInto(e.range, data, 3 + i * 5);
    });
    this.notify(SUB.notify.calibration, data);
  }

  /**
   * Start (1) begins from the current readings, finish (2) keeps the ranges of the keys pressed meanwhile, cancel (0)
   * while running restores the previous ranges. Key ranges written outside a run are stored as given.
   */
  writeCalibration(state: number, keys: CalibrationKey[]): void {
    const cal = this.state.calibration;
    const previous = cal.state;
    if (state === 1 && previous !== 1) {
      this.calibrationBackup = cal.keys;
      cal.keys = this.keys.map((k) => ({ min: k.adc, max: k.adc }));
    } else if (state === 0 && previous === 1) {
      cal.keys = this.calibrationBackup ?? cal.keys;
    } else if (state === 2 && previous === 1) {
      // A key that was not pressed through during the run keeps the range it had: its new one would be meaningless.
      const backup = this.calibrationBackup;
      cal.keys = cal.keys.map((k, id) => (k.max - k.min < MIN_CALIBRATED_SPAN && backup?.[id] ? backup[id] : k));
    } else if (state !== 1 && previous !== 1) {
      cal.keys = keys;
    }
    if (state !== 1) this.calibrationBackup = undefined;
    cal.state = state;
    if (state !== previous) this.notifyCalibration([]);
  }

  /** The state as the flash holds it: a calibration still running is not stored, the last committed one is. */
  persistentState(): FlashState {
    const cal = this.state.calibration;
    let state = this.state;
    // Pairing is volatile: the flash holds the radio unpaired until the pairing completes.
    if (state.device.pairState === PAIR_STATE.pairing)
      state = { ...state, device: { ...state.device, pairState: PAIR_STATE.unpaired } };
    if (cal.state !== 1) return state;
    return { ...state, calibration: { state: 0, keys: this.calibrationBackup ?? cal.keys } };
  }

  /** What a power loss does to a running calibration: it is abandoned, the stored one stays. */
  abandonCalibration(): void {
    if (this.state.calibration.state === 1) this.writeCalibration(0, this.state.calibration.keys);
  }

  // ---- radio ----------------------------------------------------------------------------------------------------

  /**
   * The pair command (docs/protocol.md §5.4.1): the radio forgets its host and pairs, reporting pairing at once and
   * paired PAIRING_MS later, each with a status notification; the new pairing is stored in flash. Asked again while
   * pairing, nothing changes: the pairing under way goes on. Only a wireless device has a radio.
   */
  startPairing(): void {
    const { device } = this.state;
    if (device.pairState === PAIR_STATE.pairing) return;
    device.pairState = PAIR_STATE.pairing;
    const generation = ++this.pairingGeneration;
    this.notifyStatus();
    this.env.schedule(() => {
      if (generation !== this.pairingGeneration || this.state.device.pairState !== PAIR_STATE.pairing) return;
      this.state.device.pairState = PAIR_STATE.paired;
      this.notifyStatus();
      this.flashWrite();
    }, PAIRING_MS);
  }

  /** A pairing cut short by a power loss leaves the radio unpaired: its old host was already forgotten. */
  private abandonPairing(): void {
    this.pairingGeneration++;
    if (this.state.device.pairState === PAIR_STATE.pairing) this.state.device.pairState = PAIR_STATE.unpaired;
  }

  // ---- keys ------------------------------------------------------------------------------------------------------

  pressKey(keyId: number, travel: number): void {
    const motion = this.keys[keyId]!;
    const edge = moveKey(motion, this.profile().perf[keyId]!, this.curves[keyId]!, travel);
    if (this.bootloader) return;

    const cal = this.state.calibration;
    const range = cal.keys[keyId];
    if (cal.state === 1 && range && (motion.adc < range.min || motion.adc > range.max)) {
      range.min = Math.min(range.min, motion.adc);
      range.max = Math.max(range.max, motion.adc);
      this.notifyCalibration([{ keyId, range }]);
    } else if (cal.state !== 1 && range && this.state.settings.autoCalibration === 1) {
      // Automatic calibration widens a range a reading falls outside of, but never touches a key calibrated by hand:
      // one whose range is not the factory one (a calibration run, or ranges written back after an update).
      const curve = this.curves[keyId]!;
      const manual = range.min !== curve.bottom || range.max !== curve.rest;
      if (autoCalibrate(range, motion.adc, manual)) this.notifyCalibration([{ keyId, range }]);
    }

    const { mode, mask } = this.reportMode;
    if (mode === REPORT_MODE.triggerStream && mask[keyId >> 3]! & (1 << (keyId & 7))) {
      const sample = { keyId, trigger: motion.travel, adc: motion.adc };
      this.notify(SUB.notify.triggerAdc, TriggerSampleLayout.encode(sample));
    }
    if (edge && mode !== REPORT_MODE.off) {
      const event = {
        keyId,
        down: edge === 'down' ? 1 : 0,
        code: this.profile().keymap[0]![keyId] ?? 0,
        time: Math.floor(this.env.now()) >>> 0,
      };
      this.notify(SUB.notify.keyEvent, KeyEventLayout.encode(event));
    }
  }

  releaseAllKeys(): void {
    this.keys = this.curves.map(restingKey);
  }

  // ---- whole-device changes --------------------------------------------------------------------------------------

  factoryReset(): void {
    this.state = { device: this.state.device, ...factoryConfig(this.traits) };
    this.calibrationBackup = undefined;
  }

  /**
   * The new firmware runs: recompute what it supports and drop DKS rows an older firmware cannot hold. A new major
   * version lays its configuration out anew: it starts from the factory configuration (themes, settings and
   * calibration), which is why the host backs the configuration up before an update and restores it afterwards.
   */
  runFirmware(version: [number, number, number]): void {
    const now = new Date(this.env.now());
    const newLayout = version[0] !== this.state.device.fw[0];
    this.state.device.fw = version;
    const year = now.getUTCFullYear();
    if (year >= 1970 && year <= 0xffff)
      this.state.device.release = { year, month: now.getUTCMonth() + 1, day: now.getUTCDate() };
    this.traits = traitsFor(this.model, this.fwVersion());
    if (newLayout) {
      this.factoryReset();
      return;
    }
    const slots = this.traits.dksSlots;
    for (const profile of this.state.profiles)
      for (const dks of profile.dks)
        dks.rows = dks.rows.map((row, i) => (i < slots ? row : { code: 0, stages: [0, 0, 0, 0] }));
  }

  /** Everything that does not survive a power cycle returns to its start-up value. */
  resetVolatile(): void {
    this.abandonCalibration();
    this.abandonPairing();
    this.bootloader = false;
    this.reportMode = { mode: REPORT_MODE.off, mask: new Uint8Array(KEY_MAP_BYTES) };
    this.releaseAllKeys();
  }
}
