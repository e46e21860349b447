/**
 * The persistent state of a virtual keyboard: what a real one keeps in flash, as plain objects whose records mirror
 * the wire records of src/protocol/objects.ts (so a profile encodes to the wire without mapping).
 *
 * The stored form (flash.ts) differs in one way: per-key tables and advanced-key lists are kept as their wire bytes
 * (base64), as the device's own flash would hold them. That keeps an image small and lets the wire layouts, not a
 * hand-written schema, say what those bytes mean. The zod schemas below describe the stored form, because an image
 * comes back from storage the app does not control (IndexedDB, a file).
 */
import { ADVANCED_TYPE_NAMES, type AdvancedType } from '../core/advanced-keys.ts';
import { z } from 'zod';
import type { Ambient, CalibrationKey, Lighting, OuterFrame, PerfKey, Rgb, Settings } from '../protocol/objects.ts';
import type {
  DksRecord,
  HypertapRecord,
  MacroRecord,
  ShortcutRecord,
  SnaptapRecord,
} from '../protocol/advanced-records.ts';

/** One theme slot: a complete profile. */
export interface Profile {
  name: string;
  /** LAYERS layers of keyCount key codes. */
  keymap: number[][];
  colours: Rgb[];
  lighting: Lighting;
  outerFrame: OuterFrame;
  ambient: Ambient;
  perf: PerfKey[];
  rapidComplete: number;
  dks: DksRecord[];
  shortcut: ShortcutRecord[];
  macro: MacroRecord[];
  snaptap: SnaptapRecord[];
  hypertap: HypertapRecord[];
}

export interface DeviceFacts {
  modelId: number;
  fw: [number, number, number];
  hw: [number, number, number];
  serial: string;
  /** 0 USB, 1 2.4G, 2 Bluetooth. */
  accessMode: number;
  /** Percent, 0xFF without a battery. */
  battery: number;
  charging: number;
  release: { year: number; month: number; day: number };
  /** Charge cycles of the battery, fixed per device; 0xFFFF without a battery. */
  cycles: number;
  /** Battery health in percent, fixed per device; 0xFF without a battery. */
  health: number;
  /** Pairing state of the radio (PAIR_STATE); 0xFF without one. */
  pairState: number;
}

export interface FlashState {
  device: DeviceFacts;
  currentTheme: number;
  profiles: Profile[];
  settings: Settings;
  /** State 0 idle, 1 running, 2 finished; per key min and max raw ADC. */
  calibration: { state: number; keys: CalibrationKey[] };
}

const u8 = z.number().int().min(0).max(0xff);
const u16 = z.number().int().min(0).max(0xffff);
const version = z.tuple([u8, u8, u8]);
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64 text');

const RgbSchema: z.ZodType<Rgb> = z.object({ r: u8, g: u8, b: u8 });

const LightingSchema: z.ZodType<Lighting> = z.object({
  lightSwitch: u8,
  modeIndex: u8,
  colourIndex: u8,
  modes: z.array(z.object({ light: u8, speed: u8, direction: u8, random: u8, randomByPress: u8, min: u8, max: u8 })),
  palette: z.array(RgbSchema),
});

const OuterFrameSchema: z.ZodType<OuterFrame> = z.object({
  frameSwitch: u8,
  index: u8,
  size: u8,
  items: z.array(z.object({ h: u8, s: u8, v: u8, a: u8 })),
});

const AmbientSchema: z.ZodType<Ambient> = z.object({
  ambientSwitch: u8,
  modeIndex: u8,
  colourIndex: u8,
  subtype: u8,
  modeCount: u8,
  colourCount: u8,
  modes: z.array(z.object({ light: u8, speed: u8 })),
});

const SettingsSchema: z.ZodType<Settings> = z.object({
  useNKey: u8,
  useSleep: u8,
  sleepTime: u8,
  autoCalibration: u8,
  reportRate: u8,
});

/** The tables a profile stores as wire bytes. */
export type StoredTable = 'keymap' | 'colours' | 'perf' | AdvancedType;
const STORED_TABLES: readonly StoredTable[] = ['keymap', 'colours', 'perf', ...ADVANCED_TYPE_NAMES];

const StoredProfileSchema = z.object({
  name: z.string(),
  lighting: LightingSchema,
  outerFrame: OuterFrameSchema,
  ambient: AmbientSchema,
  rapidComplete: u8,
  tables: z.object(Object.fromEntries(STORED_TABLES.map((t) => [t, base64])) as Record<StoredTable, typeof base64>),
});
export type StoredProfile = z.infer<typeof StoredProfileSchema>;

export const StoredFlashSchema = z.object({
  device: z.object({
    modelId: u8,
    fw: version,
    hw: version,
    serial: z.string(),
    accessMode: z.number().int().min(0).max(2),
    battery: u8,
    charging: u8,
    release: z.object({ year: u16, month: u8, day: u8 }),
    // Images stored before the battery attributes and the pairing state lack them: the device's factory ones apply.
    cycles: u16.optional(),
    health: u8.optional(),
    pairState: u8.optional(),
  }),
  currentTheme: u8,
  profiles: z.array(StoredProfileSchema),
  settings: SettingsSchema,
  calibration: z.object({ state: z.number().int().min(0).max(2), keys: base64 }),
});
export type StoredFlash = z.infer<typeof StoredFlashSchema>;
