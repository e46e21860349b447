/**
 * Profile names kept on this computer, for keyboards that hold none (features.profiles.localNames, libhmk), per
 * keyboard (src/ui/keyboard/kept-per-keyboard.ts). An empty name gives the profile back its number alone.
 */
import { keepList, keptList, type KeptKeyboard } from '../../keyboard/kept-per-keyboard';

const KIND = 'profileNames';

/** The names kept for a keyboard's profiles ('' where none is kept). */
export function localProfileNames(keyboard: KeptKeyboard, count: number): string[] {
  const list = keptList(KIND, keyboard);
  return Array.from({ length: count }, (_, i) => (typeof list[i] === 'string' ? (list[i] as string) : ''));
}

export function storeLocalProfileName(keyboard: KeptKeyboard, count: number, profile: number, name: string): void {
  const names = localProfileNames(keyboard, count);
  names[profile] = name.trim();
  keepList(KIND, keyboard, names);
}
