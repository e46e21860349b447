/**
 * Profile names kept on this computer, for keyboards that hold none (features.profiles.localNames, libhmk): per
 * keyboard (its family, model name and serial, so two boards of a model keep their own), in localStorage. An empty
 * name gives the profile back its number alone.
 */
import type { DeviceRecord } from '../../../contract/bridge';

const PREFIX = 'keytune.profileNames.';

type Keyed = Pick<DeviceRecord, 'family' | 'name' | 'dev_sn'>;

const keyOf = (d: Keyed) => `${PREFIX}${d.family}:${d.name}:${d.dev_sn}`;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The names kept for a keyboard's profiles ('' where none is kept). */
export function localProfileNames(record: Keyed, count: number): string[] {
  let kept: unknown;
  try {
    kept = JSON.parse(storage()?.getItem(keyOf(record)) ?? '[]');
  } catch {
    kept = [];
  }
  const list = Array.isArray(kept) ? kept : [];
  return Array.from({ length: count }, (_, i) => (typeof list[i] === 'string' ? (list[i] as string) : ''));
}

export function storeLocalProfileName(record: Keyed, count: number, profile: number, name: string): void {
  const names = localProfileNames(record, count);
  names[profile] = name.trim();
  storage()?.setItem(keyOf(record), JSON.stringify(names));
}
