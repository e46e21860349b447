/**
 * Virtual keyboards of the families Keytune speaks besides its own protocol, so a newcomer can try each with no
 * hardware: picked on the welcome screen or by address (`?virtual=he60@1.7.0`, `?virtual=via65@12.0.0`: VIA protocol 12). Each runs a
 * simulator of its family's firmware behind the same link as a real keyboard.
 */
import type { FamilyId } from './device-features.ts';

export interface FamilyVirtualModel {
  /** The address's name of the model (`?virtual=name@version`). */
  name: string;
  displayName: string;
  family: Exclude<FamilyId, 'keytune'>;
  /** Versions offered, newest first: libhmk firmware versions, VIA protocol versions. */
  versions: readonly string[];
  /** The keyboard's record names a firmware of its own, not the version asked for (VIA: the protocol). */
  versionUnlisted?: true;
}

export const FAMILY_VIRTUAL_MODELS: readonly FamilyVirtualModel[] = [
  { name: 'he60', displayName: 'HE60 (libhmk)', family: 'libhmk', versions: ['1.7.0', '1.6.0', '1.5.0', '1.4.0'] },
  {
    name: 'via65',
    displayName: 'Keytune VIA 65',
    family: 'via',
    versions: ['12.0.0', '13.0.0', '11.0.0', '10.0.0'],
    versionUnlisted: true,
  },
];

/** The family model a display name or address name names, in any case. */
export function familyVirtualModel(name: string): FamilyVirtualModel | undefined {
  const key = name.trim().toLowerCase();
  return FAMILY_VIRTUAL_MODELS.find((m) => m.name === key || m.displayName.toLowerCase() === key);
}
