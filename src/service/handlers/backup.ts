/**
 * cfg_info backups (docs/backup.md), for every family: the whole keyboard as one backup, what restoring a file would
 * change, the restore itself (and undo and redo, which are restores that first check the keyboard still holds the
 * state they were recorded against), and the restore points kept per keyboard.
 *
 * A file is checked before the keyboard is touched: its text (parse.ts), its family and model against the keyboard's,
 * and it is cut to what this keyboard's firmware holds (`fitBackup`; the rest is listed as unheld). A restore takes a
 * restore point of the keyboard as it was, then writes only what differs (apply.ts).
 */
import type { backupCalls } from '../../contract/areas/backup.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import type { KeyboardBackup, RestoreResult } from '../../core/backup/format.ts';
import { compatibilityProblem, diffBackups, fitBackup, sameConfiguration } from '../../core/backup/diff.ts';
import { BackupFileError, parseBackupText } from '../../core/backup/parse.ts';
import { applyKeyboard } from '../backup/apply.ts';
import { backupNames, readKeyboard } from '../backup/read.ts';
import {
  keepRestorePoint,
  keyOfDevice,
  listRestorePoints,
  noteKeyboard,
  reportRestorePoints,
  restorePointStore,
} from '../backup/restore-points.ts';
import type { DeviceEntry, Handlers } from '../context.ts';
import type { DeviceService } from '../service.ts';
import { redrawViaRecord } from './via.ts';

const NO_POINT = 'backup.err.noPoint';
const CHANGED = 'backup.err.changed';

/** A file's text as a backup; a text that is not one is refused with the reason's own text id. */
export function backupOf(text: string): KeyboardBackup {
  try {
    return parseBackupText(text);
  } catch (e) {
    if (e instanceof BackupFileError) throw new BridgeCallError(e.id, e.message, e.args);
    throw e;
  }
}

/** The file cut to this keyboard, or the refusal of a file of another family or model. */
function fitted(file: KeyboardBackup, current: KeyboardBackup) {
  const problem = compatibilityProblem(file, current);
  if (problem)
    throw new BridgeCallError(
      problem.id,
      `the backup is of ${file.device.family} ${file.device.model}, this keyboard is ${current.device.family} ${current.device.model}`,
      problem.args,
    );
  return fitBackup(file, current);
}

/**
 * Calibration is the keyboard's own measurement, which auto-calibration moves as the switches are used: it is no
 * change of a person's, so it neither makes an undo find the keyboard "changed elsewhere" nor is put back by one
 * whose step did not change it.
 */
const DRIFTS = ['calibration'] as const;

/**
 * The profile in use is switched on the keyboard too (its profile keys, its theme button): a switch there is no
 * change of the configuration an undo restores, and the undo leaves the keyboard in the profile it is in.
 */
function withoutDrift(backup: KeyboardBackup): KeyboardBackup {
  const objects = { ...backup.objects };
  for (const name of DRIFTS) delete objects[name];
  return { ...backup, currentProfile: 0, objects };
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The undo's target with the keyboard's own drifting values kept where the step did not change them. */
function keepDrift(target: KeyboardBackup, expected: KeyboardBackup, current: KeyboardBackup): KeyboardBackup {
  const objects = { ...target.objects };
  for (const name of DRIFTS)
    if (sameValue(target.objects[name], expected.objects[name]) && name in current.objects)
      objects[name] = current.objects[name];
  const currentProfile =
    target.currentProfile === expected.currentProfile ? current.currentProfile : target.currentProfile;
  return { ...target, currentProfile, objects };
}

/** Refuses an undo or redo when something else changed the keyboard since the state it was recorded against. */
function checkUnchanged(device: DeviceEntry, current: KeyboardBackup, expected: KeyboardBackup): void {
  if (sameConfiguration(withoutDrift(current), withoutDrift(expected))) return;
  const first = diffBackups(withoutDrift(expected), withoutDrift(current), backupNames(device))[0];
  // For logs only (the person reads the text of the id): the line's id and values, with no catalogue in the worker.
  const change = first ? `${first.id} ${first.args.filter(Boolean).join(' / ')}` : '';
  throw new BridgeCallError(
    CHANGED,
    `the keyboard was changed elsewhere since this step (${change || 'its configuration differs'}); nothing was written`,
    [change],
  );
}

export function registerBackupHandlers(service: DeviceService): void {
  reportRestorePoints(service);

  const handlers: Handlers<keyof typeof backupCalls> = {
    getBackup: async (_args, ctx) => {
      const device = ctx.device();
      const backup = await readKeyboard(device);
      noteKeyboard(service, device.path, backup);
      return backup;
    },
    diffBackup: async (args, ctx) => {
      const device = ctx.device();
      const file = backupOf(args.backup);
      const current = await readKeyboard(device);
      const { fitted: target, unheld } = fitted(file, current);
      return { lines: diffBackups(current, target, backupNames(device)), unheld };
    },
    restoreBackup: async (args, ctx) => {
      const device = ctx.device();
      const file = backupOf(args.backup);
      const current = await readKeyboard(device);
      const fit = fitted(file, current);
      let target = fit.fitted;
      if (args.expect !== undefined) {
        const expected = backupOf(args.expect);
        checkUnchanged(device, current, expected);
        target = keepDrift(target, expected, current);
      }
      const lines = diffBackups(current, target, backupNames(device));
      if (lines.length === 0) return { applied: [] };
      const result: RestoreResult = { applied: lines };
      if (args.expect === undefined)
        result.restorePoint = await keepRestorePoint(service, device.path, current, 'restore');
      try {
        await applyKeyboard(device, target, current);
      } finally {
        // Layout options drawn differently (VIA): the record carries the drawing.
        if (!sameValue(current.objects.layoutOptions, target.objects.layoutOptions)) redrawViaRecord(ctx);
        // Also after a failure midway: part of it may have been written, and every screen reads the keyboard again.
        ctx.emit('config_restored', { path: device.path, reason: args.reason });
      }
      return result;
    },
    listRestorePoints: async (_args, ctx) => {
      const device = ctx.device();
      return listRestorePoints(service, await keyOfDevice(service, device));
    },
    getRestorePoint: async (args, ctx) => {
      const device = ctx.device();
      const point = await restorePointStore(service).get(await keyOfDevice(service, device), args.id);
      if (!point) throw new BridgeCallError(NO_POINT, `no restore point ${args.id} of this keyboard`, [args.id]);
      return point;
    },
  };
  service.implement(handlers);
}
