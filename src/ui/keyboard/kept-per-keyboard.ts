/**
 * What the app keeps on this computer for a keyboard that holds it not itself (layout choices, profile names): one
 * JSON value per keyboard and kind, in localStorage, keyed by the keyboard's family, model name and serial so two
 * boards of a model keep their own. Without storage (private windows that refuse it) nothing is kept.
 */
import type { DeviceRecord } from '../../contract/bridge';

export type KeptKeyboard = Pick<DeviceRecord, 'family' | 'name' | 'dev_sn'>;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

const keyOf = (kind: string, d: KeptKeyboard) => `keytune.${kind}.${d.family}:${d.name}:${d.dev_sn}`;

/** The list kept for a keyboard ([] where none is kept or it cannot be read). */
export function keptList(kind: string, keyboard: KeptKeyboard): unknown[] {
  try {
    const kept: unknown = JSON.parse(storage()?.getItem(keyOf(kind, keyboard)) ?? '[]');
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
}

export function keepList(kind: string, keyboard: KeptKeyboard, list: readonly unknown[]): void {
  try {
    storage()?.setItem(keyOf(kind, keyboard), JSON.stringify(list));
  } catch {
    // A full or refused storage keeps nothing; the choice still applies until the page is left.
  }
}
