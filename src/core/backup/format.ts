/**
 * A whole keyboard in one file (docs/backup.md): every profile with its key map, performance, advanced keys and
 * lighting, the macros, settings, calibration where it belongs to the user, names and layout options, by meaning
 * rather than as one firmware's bytes. Every family of the driver seam writes and reads this one format; the values
 * inside an area are the family's own (key codes of its code space, its advanced-key items), so a file is restored
 * only onto a keyboard of the same family and model. The same shape is the state undo and redo move between.
 *
 * Diffing (src/core/backup/diff.ts) walks the areas generically: a per-key list is compared key by key and grouped by
 * field ("Trigger on 12 keys: 1.20 -> 0.80 mm"), a key map cell by cell ("Layer 1, key A: F13 -> A"), anything else
 * by its path.
 */
import { z } from 'zod';

export const BACKUP_FORMAT = 'keytune-backup';
/** Version 1 was the scene-based file of the command line (src/cli/backup.ts), still read for restores. */
export const BACKUP_VERSION = 2;

/** A JSON value an area holds. */
const json: z.ZodType<unknown> = z.unknown();

/** One key's record in a per-key list: named numbers and flags (units by field name, see diff.ts). */
export const perKeySchema = z.array(z.record(z.string(), z.union([z.number(), z.boolean()])));

export const profileSchema = z.strictObject({
  /** The profile's name where the keyboard names profiles. */
  name: z.string().max(64).optional(),
  /** Key codes of the family's code space, [layer][key id]. */
  keymap: z.array(z.array(z.number().int().min(0).max(0xffff))).optional(),
  /** Per key id: the performance fields the family keeps (mm values end in "Mm"; keytune's are 0.01 mm units). */
  performance: perKeySchema.optional(),
  /** Per key id: colour "#rrggbb" of per-key light. */
  keyColours: z.array(z.string().regex(/^#[0-9a-f]{6}$/)).optional(),
  /** The family's own objects of this profile, by name (advanced-key lists, lighting, gamepad, tick rate, …). */
  objects: z.record(z.string(), json).optional(),
});

export const backupDeviceSchema = z.strictObject({
  family: z.enum(['keytune', 'libhmk', 'via']),
  /** Lower-case model name of the device record (`DeviceIdentity.name`); VIA: "vvvv:pppp" vendor and product. */
  model: z.string().min(1).max(64),
  displayName: z.string().max(128),
  firmware: z.string().max(32),
  hardware: z.string().max(32),
  /** Empty when the keyboard has none or it was left out. */
  serial: z.string().max(128),
  keyCount: z.number().int().min(0).max(1024),
  /** The code space the key map's codes are of (a VIA keyboard's depends on its protocol version). */
  keycodeSpace: z.enum(['keytune', 'libhmk', 'qmk-v10', 'qmk-v11', 'qmk-v12']).optional(),
});

export const keyboardBackupSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  /** ISO date and time it was taken. */
  created: z.string().max(40),
  device: backupDeviceSchema,
  /** Index of the active profile. */
  currentProfile: z.number().int().min(0).max(255),
  profiles: z.array(profileSchema).min(1).max(32),
  /** Device-wide objects of the family by name: macros, settings, options, calibration, layout options, lighting
   * channels, custom values. */
  objects: z.record(z.string(), json),
});

export type BackupProfile = z.infer<typeof profileSchema>;
export type BackupDevice = z.infer<typeof backupDeviceSchema>;
export type KeyboardBackup = z.infer<typeof keyboardBackupSchema>;

/** Why a restore point was taken. */
export type RestorePointReason = 'firmware-update' | 'factory-reset' | 'restore' | 'manual';

/** A kept backup, listed with its date and reason. */
export interface RestorePointInfo {
  id: string;
  /** ISO date and time. */
  created: string;
  reason: RestorePointReason;
}

/** How many restore points are kept per keyboard; the oldest go first. */
export const RESTORE_POINTS_KEPT = 20;

/** The key restore points of one keyboard are kept under: the same keyboard on any port or host. */
export function keyboardKey(device: Pick<BackupDevice, 'family' | 'model' | 'serial'>): string {
  return `${device.family}/${device.model}/${device.serial || 'no-serial'}`;
}

/**
 * One line of a diff, language-neutral: a text id of src/i18n/sections/backup.ts and its arguments (key names and key
 * code names already resolved from the device's layout and code space, numbers already formatted with their unit).
 */
export interface DiffLine {
  /** Which part of the keyboard: "keymap", "performance", "keyColours", "profile", "objects". */
  area: string;
  /** Profile index (0-based) when the change is inside a profile. */
  profile?: number;
  id: string;
  args: string[];
}

/** What restoring a file onto a keyboard would change, or why it cannot. */
export interface BackupDiff {
  lines: DiffLine[];
  /** Parts of the file this keyboard's firmware cannot hold (another version): they are left out of a restore. */
  unheld: string[];
}

/** What a restore, an undo or a redo did. */
export interface RestoreResult {
  /** The lines that were applied. */
  applied: DiffLine[];
  /** The restore point taken before, when one was. */
  restorePoint?: RestorePointInfo;
}
