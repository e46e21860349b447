/**
 * A virtual keyboard (or mouse, or dongle) that speaks the wire protocol exactly as hardware does: the loopback
 * transport hands it 64-byte reports and sends back what it answers; its own reports arrive through onReport.
 */
import { ACCESS_MODE, findModel, type ModelInfo } from '../core/models.ts';
import { formatVersion, parseVersion } from '../core/version.ts';
import { keysOfMask } from '../protocol/commands.ts';
import type { ReportEndpoint } from '../protocol/endpoint.ts';
import { DEVICE_ERROR, ProtocolError } from '../protocol/errors.ts';
import { decodeFrame, encodeFrame, SEQ_BYTE, seqOf, tagged, type Frame } from '../protocol/frame.ts';
import { errorFrame } from '../protocol/messages.ts';
import type { Descriptor, FirmwareProgress } from '../protocol/objects.ts';
import { factoryBatteryFacts } from './battery.ts';
import { defaultSerial, factoryConfig, factoryReleaseDate } from './defaults.ts';
import { DeviceCore, type ReportListener, type Scheduler } from './device.ts';
import { UnknownModelError } from './errors.ts';
import { decodeFlashImage, encodeFlashImage } from './flash.ts';
import { RequestHandler, type StageInfo, type TransactionInfo } from './requests.ts';
import type { FlashState } from './schema.ts';
import { FULL_TRAVEL, traitsFor } from './traits.ts';
import { checkName } from './validate.ts';

export interface VirtualKeyboardOptions {
  /** Display name in any case ("Made68Pro", "made68pro"). */
  model: string;
  /** Running firmware, "1.3.7" or "V1.3.7". */
  fwVer: string;
  hwVer?: string;
  /** 0 USB, 1 2.4G, 2 Bluetooth; wired models only 0. */
  accessMode?: number;
  /** At most 16 bytes of UTF-8; a random one by default. */
  serial?: string;
  /** Percent, wireless models only (default 85). */
  battery?: number;
  /** Runs `fn` after `ms`; defaults to setTimeout. Tests pass a synchronous one. */
  schedule?: Scheduler;
  /** Device clock in ms (key-event times); defaults to Date.now. */
  now?: () => number;
}

export type RestoreOptions = Pick<VirtualKeyboardOptions, 'schedule' | 'now'>;

/** A read-only copy of everything the device holds, for tests and diagnostics. */
export interface KeyboardSnapshot {
  state: FlashState;
  bootloader: boolean;
  syncing: boolean;
  reportMode: { mode: number; keys: number[] };
  keys: { travel: number; adc: number; down: boolean }[];
  firmware: FirmwareProgress;
  staged: StageInfo | undefined;
  /** The open transaction: its tag and the writes and commands staged so far. */
  transaction: TransactionInfo | undefined;
  /** Requests that hit an internal fault (answered with an error reply instead of crashing). */
  faults: number;
}

function versionTuple(text: string): [number, number, number] {
  const v = parseVersion(text);
  const parts: [number, number, number] = [v.major, v.minor, v.patch];
  if (parts.some((p) => p > 0xff)) throw new RangeError(`version ${text}: each part must be at most 255`);
  return parts;
}

function checkAccessMode(model: ModelInfo, mode: number): void {
  const valid = Object.values(ACCESS_MODE) as number[];
  if (!valid.includes(mode)) throw new RangeError(`access mode ${mode} is not 0, 1 or 2`);
  if (!model.wireless && mode !== ACCESS_MODE.usb) throw new RangeError(`${model.displayName} is wired only`);
}

function checkBattery(model: ModelInfo, percent: number): void {
  if (!model.wireless) throw new RangeError(`${model.displayName} has no battery`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`battery ${percent}%`);
}

export class VirtualKeyboard implements ReportEndpoint {
  /** The vetted state restore() hands to the constructor in place of the factory state. */
  private static restoring: FlashState | undefined;
  private readonly core: DeviceCore;
  private readonly requests: RequestHandler;
  private faults = 0;

  constructor(options: VirtualKeyboardOptions) {
    const model = typeof options.model === 'string' ? findModel(options.model) : undefined;
    if (!model) throw new UnknownModelError(String(options.model));
    const fw = versionTuple(options.fwVer);
    const accessMode = options.accessMode ?? ACCESS_MODE.usb;
    checkAccessMode(model, accessMode);
    if (options.battery !== undefined) checkBattery(model, options.battery);
    const serial = options.serial ?? defaultSerial(model);
    if (checkName(serial)) throw new RangeError(`serial "${serial}" is longer than 16 bytes`);
    const traits = traitsFor(model, { major: fw[0], minor: fw[1], patch: fw[2] });
    const state: FlashState = VirtualKeyboard.restoring ?? {
      device: {
        modelId: model.modelId,
        fw,
        hw: versionTuple(options.hwVer ?? '1.0.0'),
        serial,
        accessMode,
        battery: model.wireless ? (options.battery ?? 85) : 0xff,
        charging: 0,
        release: factoryReleaseDate(model),
        ...factoryBatteryFacts(model, serial),
      },
      ...factoryConfig(traits),
    };
    this.core = new DeviceCore(model, state, {
      schedule: options.schedule ?? ((fn, ms) => void setTimeout(fn, ms)),
      now: options.now ?? (() => Date.now()),
    });
    this.requests = new RequestHandler(this.core);
  }

  get model(): ModelInfo {
    return this.core.model;
  }

  /** The handshake record as the device would answer it now. */
  get descriptor(): Descriptor {
    return this.core.descriptor();
  }

  /**
   * Handles one host report and answers the reports to send back, each carrying the request's sequence tag. Never
   * throws, whatever it is given.
   */
  receive(input: Uint8Array): Uint8Array[] {
    let frame: Frame | undefined;
    try {
      // Reports may come from another realm (a worker, a test environment) as any typed view.
      const report = ArrayBuffer.isView(input)
        ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
        : undefined;
      if (!report) return [encodeFrame(errorFrame(DEVICE_ERROR.badLength, 0, 0))];
      try {
        frame = decodeFrame(report);
      } catch (error) {
        const code =
          error instanceof ProtocolError && error.kind === 'frame-crc' ? DEVICE_ERROR.badCrc : DEVICE_ERROR.badLength;
        // The checksum covers the data only: the tag in the header is echoed as received.
        const seq = report.length > SEQ_BYTE ? report[SEQ_BYTE]! : 0;
        return [encodeFrame(tagged(errorFrame(code, report[0] ?? 0, report[1] ?? 0), seq))];
      }
      const seq = seqOf(frame);
      return this.requests.handle(frame).map((reply) => encodeFrame(tagged(reply, seq)));
    } catch (error) {
      // A payload the layouts cannot decode is a bad value; anything else is a firmware fault, counted for tests.
      if (!(error instanceof ProtocolError)) this.faults++;
      this.requests.dropStage();
      const reply = errorFrame(DEVICE_ERROR.invalidValue, frame?.cmd ?? 0, frame?.sub ?? 0);
      return [encodeFrame(tagged(reply, frame ? seqOf(frame) : 0))];
    }
  }

  /**
   * The link went down with the device still powered (cable of a wireless board, host reset, re-enumeration): a
   * staged stream and an open transaction are dropped; committed settings and everything else stay.
   */
  linkReset(): void {
    this.requests.dropStage();
  }

  onReport(listener: ReportListener): () => void {
    return this.core.onReport(listener);
  }

  /** Called after each flash write completes: the moment to store serialize() somewhere durable. */
  onPersist(listener: () => void): () => void {
    return this.core.onPersist(listener);
  }

  /** Moves key `keyId` to `depthMm` (clamped to 0-4 mm; 0 releases). Throws RangeError for a key the device lacks. */
  pressKey(keyId: number, depthMm: number): void {
    if (!Number.isInteger(keyId) || keyId < 0 || keyId >= this.core.model.keyCount)
      throw new RangeError(`${this.core.model.displayName} has no key ${keyId}`);
    if (typeof depthMm !== 'number' || Number.isNaN(depthMm)) throw new RangeError(`depth ${depthMm} is not a number`);
    const travel = Math.round(Math.min(FULL_TRAVEL, Math.max(0, depthMm * 100)));
    this.core.pressKey(keyId, travel);
  }

  setBattery(percent: number, charging = false): void {
    checkBattery(this.core.model, percent);
    const { device } = this.core.state;
    const changed = device.battery !== percent || device.charging !== Number(charging);
    device.battery = percent;
    device.charging = charging ? 1 : 0;
    if (changed) this.core.notifyStatus();
  }

  setAccessMode(mode: number): void {
    checkAccessMode(this.core.model, mode);
    const { device } = this.core.state;
    if (device.accessMode === mode) return;
    device.accessMode = mode;
    this.core.notifyStatus();
  }

  /**
   * Unplug and plug back: volatile state (bootloader, report mode, key positions, a write stream or transaction in
   * progress) is lost; the device restarts from its committed state.
   */
  powerCycle(): void {
    this.requests.dropStage();
    this.core.resetVolatile();
  }

  serialize(): Uint8Array {
    return encodeFlashImage(this.core.persistentState());
  }

  /** A device with the settings of a flash image. Throws FlashImageError for a damaged or foreign image. */
  static restore(image: Uint8Array, options: RestoreOptions = {}): VirtualKeyboard {
    const { state, model } = decodeFlashImage(image);
    const { device } = state;
    VirtualKeyboard.restoring = state;
    try {
      return new VirtualKeyboard({
        model: model.name,
        fwVer: device.fw.join('.'),
        hwVer: device.hw.join('.'),
        accessMode: device.accessMode,
        serial: device.serial,
        ...(model.wireless ? { battery: device.battery } : {}),
        ...options,
      });
    } finally {
      VirtualKeyboard.restoring = undefined;
    }
  }

  inspect(): KeyboardSnapshot {
    const core = this.core;
    return structuredClone({
      state: core.state,
      bootloader: core.bootloader,
      syncing: core.syncing,
      reportMode: { mode: core.reportMode.mode, keys: keysOfMask(core.reportMode.mask, core.model.keyCount) },
      keys: core.keys.map((k) => ({ travel: k.travel, adc: k.adc, down: k.phase === 'down' })),
      firmware: this.requests.receiver.progress(),
      staged: this.requests.staged,
      transaction: this.requests.transaction,
      faults: this.faults,
    });
  }

  /** The running firmware version as devices print it ("V1.3.7"). */
  get firmwareVersion(): string {
    const [major, minor, patch] = this.core.state.device.fw;
    return formatVersion({ major, minor, patch }, { prefix: true });
  }
}
