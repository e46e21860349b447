/**
 * A VIA keyboard at the wire level, as QMK's via.c and dynamic_keymap.c answer: every 32-byte report comes back
 * with the results written into it, or with 0xFF in its first byte for a command or value id the keyboard does not
 * handle (an unknown value id of the RGB matrix channel is echoed unchanged, as via.c does). Keymap, macros and
 * layout options live in EEPROM and survive a power cycle; lighting survives only once saved.
 */
import type { ReportEndpoint } from '../../protocol/endpoint.ts';
import { Channel, Cmd, KbValue, REPORT, UNHANDLED } from './constants.ts';
import { defaultKeymap, SIM_MATRIX } from './default-keymap.ts';
import { playMacro, type PlayedAction } from './macro-player.ts';
import { DEFAULT_RGB, RgbMatrix, type RgbMatrixConfig } from './rgb-matrix.ts';

export interface ViaSimulatorOptions {
  /** VIA protocol version the keyboard reports (10-13). */
  protocol?: number;
  layers?: number;
  macroCount?: number;
  macroBufferBytes?: number;
  /** Bytes of EEPROM for layout options (VIA_EEPROM_LAYOUT_OPTIONS_SIZE, 1-4). */
  layoutOptionsBytes?: number;
  rgbMaxBrightness?: number;
  rgbEffectCount?: number;
  firmwareVersion?: number;
  /** Protocol 13: QMK_KEYCODES_VERSION_BCD. */
  keycodesVersion?: number;
  /** VIA_EEPROM_ALLOW_RESET: answer id_eeprom_reset instead of 0xFF. */
  allowEepromReset?: boolean;
  /** Answer id_bootloader_jump (current QMK does not: it answers 0xFF). */
  bootloaderJump?: boolean;
  /** Protocol 13 without VIA_INSECURE: the matrix reads as released while the keyboard is locked. */
  matrixLocked?: boolean;
}

export interface ViaSimulatorImage {
  format: 'keytune-via-sim';
  version: 1;
  protocol: number;
  keymap: number[];
  macros: number[];
  layoutOptions: number;
  rgb: RgbMatrixConfig;
}

export class ViaSimulator implements ReportEndpoint {
  readonly protocol: number;
  readonly layers: number;
  readonly rows = SIM_MATRIX.rows;
  readonly cols = SIM_MATRIX.cols;
  readonly macroCount: number;
  private readonly o: Required<ViaSimulatorOptions>;
  private keymap: Uint16Array;
  private macros: Uint8Array;
  private layoutOptions = 0;
  private readonly rgb: RgbMatrix;
  private readonly matrix: number[];
  private readonly started = performance.now();
  private readonly listeners = new Set<(r: Uint8Array) => void>();
  /** Set after an answered bootloader jump: the keyboard stops answering until it is power cycled. */
  inBootloader = false;
  /** Reports received (tests, benchmarks). */
  received = 0;

  constructor(options: ViaSimulatorOptions = {}) {
    this.o = {
      protocol: 12,
      layers: 4,
      macroCount: 16,
      macroBufferBytes: 383,
      layoutOptionsBytes: 1,
      rgbMaxBrightness: 255,
      rgbEffectCount: 45,
      firmwareVersion: 0,
      keycodesVersion: 0x00000008,
      allowEepromReset: false,
      bootloaderJump: false,
      matrixLocked: false,
      ...options,
    };
    this.protocol = this.o.protocol;
    this.layers = this.o.layers;
    this.macroCount = this.o.macroCount;
    this.keymap = defaultKeymap(this.protocol, this.layers);
    this.macros = new Uint8Array(this.o.macroBufferBytes);
    this.rgb = new RgbMatrix(this.o.rgbMaxBrightness, this.o.rgbEffectCount);
    this.matrix = new Array<number>(this.rows).fill(0);
  }

  onReport(listener: (report: Uint8Array) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  receive(report: Uint8Array): Uint8Array[] {
    if (this.inBootloader || report.length !== REPORT) return [];
    this.received++;
    const data = report.slice();
    this.handle(data);
    return [data];
  }

  linkReset(): void {
    // Nothing is staged on the keyboard: every command takes effect when it arrives.
  }

  powerCycle(): void {
    this.rgb.powerCycle();
    this.matrix.fill(0);
    this.inBootloader = false;
  }

  /** A switch of the matrix goes down or up (drives id_switch_matrix_state). */
  pressKey(row: number, col: number, down: boolean): void {
    if (row < 0 || row >= this.rows || col < 0 || col >= this.cols) throw new RangeError(`no switch at ${row},${col}`);
    this.matrix[row] = down ? this.matrix[row]! | (1 << col) : this.matrix[row]! & ~(1 << col);
  }

  /** What macro `id` would type now; null when the keyboard would play nothing. */
  playMacro(id: number): PlayedAction[] | null {
    return playMacro(this.macros, id, this.macroCount, this.protocol >= 11);
  }

  keycode(layer: number, row: number, col: number): number {
    return this.keymap[(layer * this.rows + row) * this.cols + col] ?? 0;
  }

  get lighting(): Readonly<RgbMatrixConfig> {
    return this.rgb.live;
  }

  macroBuffer(): Uint8Array {
    return this.macros.slice();
  }

  serialize(): ViaSimulatorImage {
    return {
      format: 'keytune-via-sim',
      version: 1,
      protocol: this.protocol,
      keymap: [...this.keymap],
      macros: [...this.macros],
      layoutOptions: this.layoutOptions,
      rgb: { ...this.rgb.saved },
    };
  }

  restore(image: ViaSimulatorImage): void {
    const ok =
      image?.format === 'keytune-via-sim' &&
      image.protocol === this.protocol &&
      Array.isArray(image.keymap) &&
      image.keymap.length === this.keymap.length &&
      Array.isArray(image.macros) &&
      image.macros.length === this.macros.length;
    if (!ok) throw new Error('this image is not of this simulated keyboard');
    this.keymap = Uint16Array.from(image.keymap);
    this.macros = Uint8Array.from(image.macros);
    this.layoutOptions = image.layoutOptions >>> 0;
    this.rgb.saved = { ...DEFAULT_RGB, ...image.rgb };
    this.rgb.powerCycle();
  }

  private handle(d: Uint8Array): void {
    switch (d[0]) {
      case Cmd.protocolVersion:
        d[1] = this.protocol >> 8;
        d[2] = this.protocol & 0xff;
        return;
      case Cmd.keyboardValueGet:
        return this.getValue(d);
      case Cmd.keyboardValueSet:
        return this.setValue(d);
      case Cmd.keycodeGet: {
        const code = this.inMatrix(d[1]!, d[2]!, d[3]!) ? this.keycode(d[1]!, d[2]!, d[3]!) : 0;
        d[4] = code >> 8;
        d[5] = code & 0xff;
        return;
      }
      case Cmd.keycodeSet:
        if (this.inMatrix(d[1]!, d[2]!, d[3]!))
          this.keymap[(d[1]! * this.rows + d[2]!) * this.cols + d[3]!] = (d[4]! << 8) | d[5]!;
        return;
      case Cmd.keymapReset:
        this.keymap = defaultKeymap(this.protocol, this.layers);
        return;
      case Cmd.customSet:
      case Cmd.customGet:
      case Cmd.customSave:
        return this.custom(d);
      case Cmd.eepromReset:
        if (!this.o.allowEepromReset) break;
        this.keymap = defaultKeymap(this.protocol, this.layers);
        this.macros.fill(0);
        this.layoutOptions = 0;
        return;
      case Cmd.bootloaderJump:
        if (!this.o.bootloaderJump) break;
        this.inBootloader = true;
        return;
      case Cmd.macroCount:
        d[1] = this.macroCount;
        return;
      case Cmd.macroBufferSize:
        d[1] = this.macros.length >> 8;
        d[2] = this.macros.length & 0xff;
        return;
      case Cmd.macroBufferGet:
        return this.bufferGet(d, (i) => this.macros[i], this.macros.length);
      case Cmd.macroBufferSet:
        return this.bufferSet(d, this.macros.length, (i, v) => (this.macros[i] = v));
      case Cmd.macroReset:
        this.macros.fill(0);
        return;
      case Cmd.layerCount:
        d[1] = this.layers;
        return;
      case Cmd.keymapBufferGet:
        return this.bufferGet(d, (i) => this.keymapByte(i), this.keymap.length * 2);
      case Cmd.keymapBufferSet:
        return this.bufferSet(d, this.keymap.length * 2, (i, v) => {
          const word = this.keymap[i >> 1]!;
          this.keymap[i >> 1] = i & 1 ? (word & 0xff00) | v : (word & 0x00ff) | (v << 8);
        });
    }
    d[0] = UNHANDLED;
  }

  private inMatrix(layer: number, row: number, col: number): boolean {
    return layer < this.layers && row < this.rows && col < this.cols;
  }

  private keymapByte(i: number): number {
    const word = this.keymap[i >> 1]!;
    return i & 1 ? word & 0xff : word >> 8;
  }

  /** [cmd, offset hi, offset lo, size, data…]: bytes past the end read as 0; the data never runs past the report. */
  private bufferGet(d: Uint8Array, read: (i: number) => number | undefined, end: number): void {
    const offset = (d[1]! << 8) | d[2]!;
    const size = Math.min(d[3]!, REPORT - 4);
    for (let i = 0; i < size; i++) d[4 + i] = offset + i < end ? read(offset + i)! : 0;
  }

  private bufferSet(d: Uint8Array, end: number, write: (i: number, v: number) => void): void {
    const offset = (d[1]! << 8) | d[2]!;
    const size = Math.min(d[3]!, REPORT - 4);
    for (let i = 0; i < size; i++) if (offset + i < end) write(offset + i, d[4 + i]!);
  }

  private getValue(d: Uint8Array): void {
    const put32 = (v: number) => d.set([(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff], 2);
    switch (d[1]) {
      case KbValue.uptime:
        return put32(Math.floor(performance.now() - this.started));
      case KbValue.layoutOptions:
        return put32(this.layoutOptions);
      case KbValue.firmwareVersion:
        return put32(this.o.firmwareVersion);
      case KbValue.switchMatrixState:
        return this.matrixState(d);
      case KbValue.keycodesVersion:
        if (this.protocol >= 13) return put32(this.o.keycodesVersion);
    }
    d[0] = UNHANDLED;
  }

  private matrixState(d: Uint8Array): void {
    const perRow = Math.ceil(this.cols / 8);
    const value = (row: number) => (this.protocol >= 13 && this.o.matrixLocked ? 0 : this.matrix[row]!);
    const put = (at: number, v: number) => {
      for (let b = perRow - 1; b >= 0; b--) d[at++] = (v >> (8 * b)) & 0xff;
      return at;
    };
    if (this.protocol >= 12) {
      const offset = d[2]!;
      let at = 3;
      for (let row = 0; row < Math.floor(28 / perRow) && row + offset < this.rows; row++)
        at = put(at, value(row + offset));
      return;
    }
    // Before protocol 12 all rows go from byte 2, and only when QMK's size estimate fits the report.
    if ((Math.floor(this.cols / 8) + 1) * this.rows > 28) return;
    let at = 2;
    for (let row = 0; row < this.rows; row++) at = put(at, value(row));
  }

  private setValue(d: Uint8Array): void {
    switch (d[1]) {
      case KbValue.layoutOptions: {
        const v = ((d[2]! << 24) | (d[3]! << 16) | (d[4]! << 8) | d[5]!) >>> 0;
        const bits = this.o.layoutOptionsBytes * 8;
        this.layoutOptions = bits >= 32 ? v : v & ((1 << bits) - 1);
        return;
      }
      case KbValue.deviceIndication:
        return;
    }
    d[0] = UNHANDLED;
  }

  /** [cmd, channel, value id, data…]: only the RGB matrix channel is built in; the rest is the keyboard's (0xFF). */
  private custom(d: Uint8Array): void {
    if (d[1] !== Channel.rgbMatrix) {
      d[0] = UNHANDLED;
      return;
    }
    if (d[0] === Cmd.customGet) this.rgb.get(d[2]!, d, 3);
    else if (d[0] === Cmd.customSet) this.rgb.set(d[2]!, d, 3);
    else this.rgb.save();
  }
}

/** A simulated VIA keyboard (the bundled "Keytune VIA 65"): see ViaSimulatorOptions. */
export function createViaSimulator(options: ViaSimulatorOptions = {}): ViaSimulator {
  return new ViaSimulator(options);
}
