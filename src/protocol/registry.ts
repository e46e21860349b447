/**
 * Every addressable object of the device: its command, sub-command and size for a given device. Reads and writes of
 * objects move bytes by offset; a read may be answered by several frames, a write is a stream committed at its end.
 */
import { SWITCH_TYPE_COUNT } from '../core/switch-types.ts';
import { CMD, SUB } from './commands.ts';
import {
  AmbientLayout,
  CalibrationKeyLayout,
  DescriptorLayout,
  LightingLayout,
  OuterFrameLayout,
  PerfKeyLayout,
  RgbLayout,
  SettingsLayout,
  StatusLayout,
  SwitchSpecLayout,
  ThemesLayout,
  type Descriptor,
} from './objects.ts';
import {
  DksRecordLayout,
  FuncInfoLayout,
  HypertapRecordLayout,
  MacroRecordLayout,
  ShortcutRecordLayout,
  SnaptapRecordLayout,
} from './advanced-records.ts';

export interface ObjectSpec {
  cmd: number;
  sub: number;
  writable: boolean;
  size(d: Descriptor): number;
}

const fixed = (cmd: number, sub: number, size: number, writable: boolean): ObjectSpec => ({
  cmd,
  sub,
  writable,
  size: () => size,
});

export const OBJECTS = {
  descriptor: fixed(CMD.system, SUB.system.handshake, DescriptorLayout.size, false),
  status: fixed(CMD.system, SUB.system.status, StatusLayout.size, false),
  themes: fixed(CMD.system, SUB.system.themes, ThemesLayout.size, true),
  settings: fixed(CMD.system, SUB.system.settings, SettingsLayout.size, true),
  keymap: {
    cmd: CMD.keymap,
    sub: SUB.keymap.keymap,
    writable: true,
    size: (d: Descriptor) => d.layerCount * d.keyCount * 2,
  },
  colours: {
    cmd: CMD.keyColour,
    sub: SUB.keyColour.colours,
    writable: true,
    size: (d: Descriptor) => d.keyCount * RgbLayout.size,
  },
  lighting: fixed(CMD.keyColour, SUB.keyColour.lighting, LightingLayout.size, true),
  funcInfo: fixed(CMD.advanced, SUB.advanced.funcInfo, FuncInfoLayout.size, false),
  dks: {
    cmd: CMD.advanced,
    sub: SUB.advanced.dks,
    writable: true,
    size: (d: Descriptor) => d.dksCap * DksRecordLayout.size,
  },
  shortcut: {
    cmd: CMD.advanced,
    sub: SUB.advanced.shortcut,
    writable: true,
    size: (d: Descriptor) => d.shortcutCap * ShortcutRecordLayout.size,
  },
  macro: {
    cmd: CMD.advanced,
    sub: SUB.advanced.macro,
    writable: true,
    size: (d: Descriptor) => d.macroCap * MacroRecordLayout.size,
  },
  snaptap: {
    cmd: CMD.advanced,
    sub: SUB.advanced.snaptap,
    writable: true,
    size: (d: Descriptor) => d.snaptapCap * SnaptapRecordLayout.size,
  },
  hypertap: {
    cmd: CMD.advanced,
    sub: SUB.advanced.hypertap,
    writable: true,
    size: (d: Descriptor) => d.hypertapCap * HypertapRecordLayout.size,
  },
  outerFrame: fixed(CMD.outerFrame, SUB.outerFrame.frame, OuterFrameLayout.size, true),
  perf: {
    cmd: CMD.performance,
    sub: SUB.performance.perf,
    writable: true,
    size: (d: Descriptor) => d.keyCount * PerfKeyLayout.size,
  },
  switches: fixed(CMD.performance, SUB.performance.switches, SWITCH_TYPE_COUNT * SwitchSpecLayout.size, false),
  calibration: {
    cmd: CMD.performance,
    sub: SUB.performance.calibration,
    writable: true,
    size: (d: Descriptor) => 1 + d.keyCount * CalibrationKeyLayout.size,
  },
  adc: { cmd: CMD.performance, sub: SUB.performance.adc, writable: false, size: (d: Descriptor) => d.keyCount * 2 },
  rapidComplete: fixed(CMD.performance, SUB.performance.rapidComplete, 1, true),
  ambient: fixed(CMD.ambient, SUB.ambient.ambient, AmbientLayout.size, true),
} as const satisfies Record<string, ObjectSpec>;

export type ObjectName = keyof typeof OBJECTS;

export function findObject(cmd: number, sub: number): ObjectName | undefined {
  for (const [name, spec] of Object.entries(OBJECTS))
    if (spec.cmd === cmd && spec.sub === sub) return name as ObjectName;
  return undefined;
}

/** Little-endian u16 list helpers for the key map and ADC objects. */
export function encodeU16List(values: readonly number[]): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  values.forEach((v, i) => {
    out[i * 2] = v & 0xff;
    out[i * 2 + 1] = (v >> 8) & 0xff;
  });
  return out;
}

export function decodeU16List(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) out.push(bytes[i]! | (bytes[i + 1]! << 8));
  return out;
}
