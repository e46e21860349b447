/**
 * A backup file cut to the keyboard it is restored onto: another firmware version of the same model may hold fewer
 * profiles, layers or keys, or lack an object. What the keyboard cannot hold is left out and named in `unheld`; what
 * the file lacks is taken from the keyboard's current state, so restoring never clears what the file did not carry.
 *
 * `unheld` entries are language-neutral, worded by formatUnheld (text.ts): "profile:5", "layer:9" (numbered from 1
 * as the screens do), "keys:61-67" or "keys:61" (key ids), "object:gamepad", "area:performance" (a whole per-key area
 * the keyboard lacks), "field:switchType" (a per-key field it lacks), "setting:options.highPolling" (a field of a
 * device-wide record, settings or options, this firmware lacks), "names" (profile names).
 */
import type { BackupProfile, KeyboardBackup } from './format.ts';

/** A code space as people know it: VIA's by its protocol, ours and libhmk's by name. */
function spaceName(space: string): string {
  return space.startsWith('qmk-v') ? `VIA ${space.slice('qmk-v'.length)}` : space;
}

export interface FittedBackup {
  fitted: KeyboardBackup;
  unheld: string[];
}

/** Why a file cannot be restored onto this keyboard at all: another family or another model. */
export function compatibilityProblem(
  file: KeyboardBackup,
  current: KeyboardBackup,
): { id: string; args: string[] } | undefined {
  if (file.device.family !== current.device.family)
    return { id: 'backup.err.family', args: [file.device.family, current.device.family] };
  if (file.device.model !== current.device.model) {
    const named = (d: KeyboardBackup['device']) => d.displayName || d.model;
    return { id: 'backup.err.model', args: [named(file.device), named(current.device)] };
  }
  // The same codes mean other keys in another space (VIA protocols 10, 11 and 12 number layer keys differently).
  const [was, now] = [file.device.keycodeSpace, current.device.keycodeSpace];
  if (was !== undefined && now !== undefined && was !== now)
    return { id: 'backup.err.space', args: [spaceName(was), spaceName(now)] };
  return undefined;
}

class Unheld {
  private readonly parts = new Set<string>();
  private readonly keys = new Set<number>();
  add(part: string): void {
    this.parts.add(part);
  }
  key(id: number): void {
    this.keys.add(id);
  }
  list(): string[] {
    const ids = [...this.keys].sort((a, b) => a - b);
    const ranges: string[] = [];
    for (let i = 0; i < ids.length;) {
      let j = i;
      while (j + 1 < ids.length && ids[j + 1] === ids[j]! + 1) j++;
      ranges.push(i === j ? `keys:${ids[i]}` : `keys:${ids[i]}-${ids[j]}`);
      i = j + 1;
    }
    return [...this.parts, ...ranges];
  }
}

/** Per key: the file's entry where the keyboard has that key, else the keyboard's; keys beyond it are unheld. */
function fitPerKey<T>(file: readonly T[], current: readonly T[], unheld: Unheld, merge: (f: T, c: T) => T): T[] {
  for (let key = current.length; key < file.length; key++) unheld.key(key);
  return current.map((c, key) => (key < file.length ? merge(file[key]!, c) : c));
}

type PerKey = Record<string, number | boolean>;

function fitRecord(file: PerKey, current: PerKey, unheld: Unheld): PerKey {
  const out: PerKey = { ...current };
  for (const [field, value] of Object.entries(file)) {
    if (!(field in current) || typeof current[field] !== typeof value) unheld.add(`field:${field}`);
    else out[field] = value;
  }
  return out;
}

function fitObjects(
  file: Readonly<Record<string, unknown>> | undefined,
  current: Readonly<Record<string, unknown>> | undefined,
  unheld: Unheld,
): Record<string, unknown> | undefined {
  for (const name of Object.keys(file ?? {})) if (!current || !(name in current)) unheld.add(`object:${name}`);
  if (!current) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(current))
    out[name] = file && name in file ? fitNamedObject(name, file[name], value, unheld) : value;
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A named record (settings, options) of another firmware version: its fields this keyboard has are taken, the others
 * listed as unheld, and the fields the file lacks keep this keyboard's values.
 */
function fitNamedObject(name: string, file: unknown, current: unknown, unheld: Unheld): unknown {
  if (!isRecord(file) || !isRecord(current)) return file;
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(file)) if (!(field in current)) unheld.add(`setting:${name}.${field}`);
  for (const [field, value] of Object.entries(current)) out[field] = field in file ? file[field] : value;
  return out;
}

/** An area the keyboard has: fitted; an area it lacks: unheld (when the file has it) and left out. */
function fitArea<T>(file: T | undefined, current: T | undefined, area: string, unheld: Unheld, fit: (f: T, c: T) => T) {
  if (current === undefined) {
    if (file !== undefined) unheld.add(`area:${area}`);
    return undefined;
  }
  return file === undefined ? current : fit(file, current);
}

function fitProfile(file: BackupProfile, current: BackupProfile, unheld: Unheld): BackupProfile {
  const out: BackupProfile = {};
  if (current.name !== undefined) out.name = file.name ?? current.name;
  else if (file.name !== undefined) unheld.add('names');
  const keymap = fitArea(file.keymap, current.keymap, 'keymap', unheld, (f, c) => {
    for (let layer = c.length; layer < f.length; layer++) unheld.add(`layer:${layer + 1}`);
    return c.map((cells, layer) => (f[layer] ? fitPerKey(f[layer], cells, unheld, (code) => code) : cells));
  });
  const performance = fitArea(file.performance, current.performance, 'performance', unheld, (f, c) =>
    fitPerKey(f, c, unheld, (a, b) => fitRecord(a, b, unheld)),
  );
  const keyColours = fitArea(file.keyColours, current.keyColours, 'keyColours', unheld, (f, c) =>
    fitPerKey(f, c, unheld, (colour) => colour),
  );
  const objects = fitObjects(file.objects, current.objects, unheld);
  if (keymap) out.keymap = keymap;
  if (performance) out.performance = performance;
  if (keyColours) out.keyColours = keyColours;
  if (objects) out.objects = objects;
  return out;
}

export function fitBackup(file: KeyboardBackup, current: KeyboardBackup): FittedBackup {
  const unheld = new Unheld();
  for (let p = current.profiles.length; p < file.profiles.length; p++) unheld.add(`profile:${p + 1}`);
  const profiles = current.profiles.map((c, p) => (file.profiles[p] ? fitProfile(file.profiles[p], c, unheld) : c));
  const fitted: KeyboardBackup = {
    format: current.format,
    version: current.version,
    created: file.created,
    device: current.device,
    currentProfile: file.currentProfile < current.profiles.length ? file.currentProfile : current.currentProfile,
    profiles,
    objects: fitObjects(file.objects, current.objects, unheld) ?? {},
  };
  return { fitted, unheld: unheld.list() };
}
