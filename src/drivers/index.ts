/**
 * Every family Keytune speaks, in the order a device is tried: our own protocol, libhmk, VIA. A device whose
 * collection two families share (0xFF60/0x61) is told apart by report size and vendor, then by probing.
 */
import { keytuneFamily } from './keytune/family.ts';
import { libhmkFamily } from './libhmk/index.ts';
import type { DeviceFamily, FamilyMatcher, HidCandidate } from './types.ts';
import { viaFamily } from './via/index.ts';

export const FAMILIES: readonly (FamilyMatcher | DeviceFamily)[] = [keytuneFamily, libhmkFamily, viaFamily];

/** The families whose collections the candidate has, in the order to try them. */
export function familiesFor(candidate: HidCandidate): (FamilyMatcher | DeviceFamily)[] {
  return FAMILIES.filter((f) => f.matches(candidate));
}

export const isOpenable = (f: FamilyMatcher | DeviceFamily): f is DeviceFamily => 'open' in f;
