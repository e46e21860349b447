/**
 * A libhmk HE60-like keyboard at the wire level: 64-byte requests in, 64-byte replies out through one static output
 * buffer whose unwritten bytes are leftovers (never zeros), a flash-backed configuration that survives a power cycle,
 * sensors a test can press, and the command set of the chosen firmware version (1.3-1.7).
 */
import { gzipSync } from 'fflate';
import type { ReportEndpoint } from '../../protocol/endpoint.ts';
import { processCommand, type CommandTarget } from './commands.ts';
import { At, Eeprom, EEPROM_BYTES } from './eeprom.ts';
import { HE60_IDS, he60MetadataJson } from './he60.ts';
import { Layout } from './layout.ts';
import { Matrix } from './matrix.ts';
import { REPORT_SIZE, SUPPORTED_VERSIONS, type SimVersion } from './wire.ts';

export const LIBHMK_SIM_IDS = { ...HE60_IDS, productName: 'HE60 (virtual libhmk)' } as const;

export interface LibhmkSimulatorOptions {
  /** Firmware version as the keyboard reports it: 0x0103-0x0107 (default 0x0107, libhmk 1.7). */
  version?: number;
  /** The 24-character serial (an STM32's unique id in hex). */
  serial?: string;
  /** How long RECALIBRATE blocks before its reply (the firmware samples for 500 ms). */
  calibrationMs?: number;
  /** A saved configuration (serialize()) to start from. */
  state?: LibhmkSimulatorState;
  /** The compressed metadata to hand out instead of the board's own (tests of lying keyboards). */
  metadata?: Uint8Array;
}

export interface LibhmkSimulatorState {
  format: 'libhmk-sim/1';
  version: number;
  /** The persistent configuration, base64. */
  eeprom: string;
}

/** Bytes a power-up leaves in RAM: not zeros, so a driver that reads unwritten reply bytes is caught. */
function noise(seed: number): Uint8Array {
  let x = seed >>> 0 || 1;
  return Uint8Array.from({ length: REPORT_SIZE }, () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 16) & 0xff;
  });
}

export class LibhmkSimulator implements ReportEndpoint, CommandTarget {
  readonly version: SimVersion;
  readonly eeprom: Eeprom;
  matrix: Matrix;
  /** The layout task: MO layers and the profile keys (PF(n), PF_SWAP, PF_NEXT) switch as the firmware's do. */
  private layout: Layout;
  readonly metadata: Uint8Array;
  readonly serial: string;
  private out: Uint8Array;
  private boots = 0;
  private inBootloader = false;
  private readonly listeners = new Set<(report: Uint8Array) => void>();
  private readonly calibrationMs: number;
  /** Requests handled (replies or not), for tests. */
  received = 0;
  /** The report being handled, which the next one waits for. */
  private busy: Promise<void> = Promise.resolve();

  constructor(options: LibhmkSimulatorOptions = {}) {
    const version = options.version ?? 0x0107;
    if (!(SUPPORTED_VERSIONS as readonly number[]).includes(version)) {
      throw new RangeError(`the simulator knows libhmk 0x0103-0x0107, not 0x${version.toString(16)}`);
    }
    this.version = version as SimVersion;
    this.serial = options.serial ?? '3A0041001851333039383734';
    this.calibrationMs = options.calibrationMs ?? 500;
    this.metadata = options.metadata ?? gzipSync(new TextEncoder().encode(he60MetadataJson(this.version)));
    this.eeprom = new Eeprom(this.version, options.state ? decodeState(options.state, this.version) : undefined);
    this.out = noise(0x5eed);
    this.matrix = new Matrix(this.eeprom);
    this.layout = new Layout(this.eeprom);
  }

  receive(report: Uint8Array): Promise<Uint8Array[]> {
    // The firmware handles one report at a time, in order, and answers from one buffer: a report waits for the one
    // before it (a recalibration takes half a second), so no answer is written over by the next request's.
    const turn = this.busy.then(() => this.handle(report));
    this.busy = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  private async handle(report: Uint8Array): Promise<Uint8Array[]> {
    if (this.inBootloader) return [];
    this.received++;
    const request = new Uint8Array(REPORT_SIZE);
    request.set(report.subarray(0, REPORT_SIZE));
    const answers = await processCommand(this, request, this.out);
    return answers ? [this.out.slice()] : [];
  }

  onReport(listener: (report: Uint8Array) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Nothing of libhmk's belongs to the link alone: every accepted write is already in flash. */
  linkReset(): void {}

  /** Power lost: RAM (reply buffer, sensors' calibration, bootloader mode) starts over; the flash stays. */
  powerCycle(): void {
    this.boots++;
    this.inBootloader = false;
    this.out = noise(0x5eed + this.boots);
    this.matrix = new Matrix(this.eeprom);
    this.layout = new Layout(this.eeprom);
  }

  reboot(): void {
    this.powerCycle();
  }

  enterBootloader(): void {
    this.inBootloader = true;
  }

  get bootloader(): boolean {
    return this.inBootloader;
  }

  async recalibrate(): Promise<void> {
    if (this.calibrationMs > 0) await new Promise((r) => setTimeout(r, this.calibrationMs));
    this.matrix.recalibrate(true);
  }

  /**
   * Presses a key to a depth (0 releases it); past its actuation point it does what its code does on the keyboard
   * (a profile key switches the current profile). Firmware 1.4-1.6 with the option on saves thresholds when idle.
   */
  pressKey(keyId: number, depthMm: number): void {
    if (!Number.isInteger(keyId) || keyId < 0 || keyId >= this.matrix.keys.length) {
      throw new RangeError(`key ${keyId} does not exist`);
    }
    this.matrix.press(keyId, depthMm);
    this.layout.scan(this.matrix);
    const saves = this.version >= 0x0104 && this.version <= 0x0106 && (this.eeprom.u16(At.options) & 0b10) !== 0;
    if (saves && this.matrix.changed && this.matrix.keys.every((k) => k.depthMm === 0)) {
      this.eeprom.write(
        At.bottomOutThreshold,
        this.matrix.thresholds().flatMap((v) => [v & 0xff, v >> 8]),
      );
      this.matrix.changed = false;
    }
  }

  /** The next `count` flash writes fail, as a worn or busy flash would. */
  failFlashWrites(count: number): void {
    this.eeprom.failWrites(count);
  }

  /** Sends an unsolicited report (libhmk has none; tests use it to check a driver ignores strays). */
  emit(report: Uint8Array): void {
    for (const l of [...this.listeners]) l(report.slice());
  }

  serialize(): LibhmkSimulatorState {
    let text = '';
    for (const b of this.eeprom.bytes) text += String.fromCharCode(b);
    return { format: 'libhmk-sim/1', version: this.version, eeprom: btoa(text) };
  }

  /** Replaces the flash with a saved configuration (a reload of the virtual keyboard) and powers up again. */
  restore(state: LibhmkSimulatorState): void {
    this.eeprom.bytes.set(decodeState(state, this.version));
    this.powerCycle();
  }
}

function decodeState(state: LibhmkSimulatorState, version: number): Uint8Array {
  if (state?.format !== 'libhmk-sim/1' || state.version !== version || typeof state.eeprom !== 'string') {
    throw new Error('not a saved state of this virtual libhmk keyboard');
  }
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(state.eeprom), (c) => c.charCodeAt(0));
  } catch {
    throw new Error('the saved state is damaged');
  }
  if (bytes.length !== EEPROM_BYTES) throw new Error('the saved state is of another keyboard');
  return bytes;
}

export function createLibhmkSimulator(options: LibhmkSimulatorOptions = {}): LibhmkSimulator {
  return new LibhmkSimulator(options);
}
