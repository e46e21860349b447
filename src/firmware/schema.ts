/**
 * The persistent state of a virtual keyboard: what a real one keeps in flash. The zod schemas are the source of truth
 * for the shapes, because a flash image comes back from storage the app does not control (IndexedDB, a file).
 * Record shapes mirror the wire records of src/protocol/objects.ts, so a profile encodes to the wire without mapping.
 */
import { z } from 'zod';
import type {
  Ambient,
  CalibrationKey,
  DksRecord,
  HypertapRecord,
  Lighting,
  MacroRecord,
  OuterFrame,
  PerfKey,
  Rgb,
  Settings,
  ShortcutRecord,
  SnaptapRecord,
} from '../protocol/objects.ts';

const u8 = z.number().int().min(0).max(0xff);
const u16 = z.number().int().min(0).max(0xffff);
const version = z.tuple([u8, u8, u8]);

export const RgbSchema: z.ZodType<Rgb> = z.object({ r: u8, g: u8, b: u8 });

export const LightingSchema: z.ZodType<Lighting> = z.object({
  lightSwitch: u8,
  modeIndex: u8,
  colourIndex: u8,
  modes: z.array(
    z.object({ light: u8, speed: u8, direction: u8, random: u8, randomByPress: u8, min: u8, max: u8 }),
  ),
  palette: z.array(RgbSchema),
});

export const OuterFrameSchema: z.ZodType<OuterFrame> = z.object({
  frameSwitch: u8,
  index: u8,
  size: u8,
  items: z.array(z.object({ h: u8, s: u8, v: u8, a: u8 })),
});

export const AmbientSchema: z.ZodType<Ambient> = z.object({
  ambientSwitch: u8,
  modeIndex: u8,
  colourIndex: u8,
  subtype: u8,
  modeCount: u8,
  colourCount: u8,
  modes: z.array(z.object({ light: u8, speed: u8 })),
});

export const PerfKeySchema: z.ZodType<PerfKey> = z.object({
  trigger: u16,
  dead: u16,
  rapidPress: u16,
  rapidRelease: u16,
  flags: u8,
  switchType: u8,
});

export const DksSchema: z.ZodType<DksRecord> = z.object({
  used: u8,
  topLevel: u16,
  bottomLevel: u16,
  tickType: u8,
  tickMin: u8,
  tickMax: u8,
  name: z.string(),
  rows: z.array(z.object({ code: u16, stages: z.array(u8) })),
});

export const ShortcutSchema: z.ZodType<ShortcutRecord> = z.object({
  used: u8,
  scType: u8,
  keyCount: u8,
  holdTime: u16,
  name: z.string(),
  keys: z.array(u16),
});

export const MacroSchema: z.ZodType<MacroRecord> = z.object({
  used: u8,
  name: z.string(),
  delayType: u8,
  delayMin: u16,
  delayMax: u16,
  repeat: u16,
  triggerType: u8,
  triggerDelay: u16,
  count: u8,
  events: z.array(z.object({ code: u16, flags: u8, delay: u16 })),
});

export const SnaptapSchema: z.ZodType<SnaptapRecord> = z.object({ used: u8, keyA: u8, keyB: u8, mode: u8 });

export const HypertapSchema: z.ZodType<HypertapRecord> = z.object({ used: u8, keyA: u8, secondKind: u8, second: u16 });

export const SettingsSchema: z.ZodType<Settings> = z.object({
  useNKey: u8,
  useSleep: u8,
  sleepTime: u8,
  autoCalibration: u8,
  reportRate: u8,
});

/** One theme slot: a complete profile. */
export const ProfileSchema = z.object({
  name: z.string(),
  keymap: z.array(z.array(u16)),
  colours: z.array(RgbSchema),
  lighting: LightingSchema,
  outerFrame: OuterFrameSchema,
  ambient: AmbientSchema,
  perf: z.array(PerfKeySchema),
  rapidComplete: u8,
  dks: z.array(DksSchema),
  shortcut: z.array(ShortcutSchema),
  macro: z.array(MacroSchema),
  snaptap: z.array(SnaptapSchema),
  hypertap: z.array(HypertapSchema),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const CalibrationKeySchema: z.ZodType<CalibrationKey> = z.object({ min: u16, max: u16 });

export const DeviceFactsSchema = z.object({
  modelId: u8,
  fw: version,
  hw: version,
  serial: z.string(),
  /** 0 USB, 1 2.4G, 2 Bluetooth. */
  accessMode: z.number().int().min(0).max(2),
  battery: u8,
  charging: u8,
  release: z.object({ year: u16, month: u8, day: u8 }),
});
export type DeviceFacts = z.infer<typeof DeviceFactsSchema>;

export const FlashStateSchema = z.object({
  device: DeviceFactsSchema,
  currentTheme: u8,
  profiles: z.array(ProfileSchema),
  settings: SettingsSchema,
  calibration: z.object({
    /** 0 idle, 1 running, 2 finished. */
    state: z.number().int().min(0).max(2),
    keys: z.array(CalibrationKeySchema),
  }),
});
export type FlashState = z.infer<typeof FlashStateSchema>;
