/** Every key-code space by its id: a device's features name one, and its codes are read in it. */
import { keytuneSpace } from './keytune.ts';
import { libhmkSpace } from './libhmk.ts';
import { qmkSpace } from './qmk.ts';
import type { KeycodeSpace, KeycodeSpaceId } from './types.ts';

export type { CatalogueOptions, KeycodeSpace, KeycodeSpaceId, SpaceCategory, SpaceKeycode } from './types.ts';

const made = new Map<KeycodeSpaceId, KeycodeSpace>();

export function spaceOf(id: KeycodeSpaceId): KeycodeSpace {
  let space = made.get(id);
  if (!space) {
    space = id === 'keytune' ? keytuneSpace : id === 'libhmk' ? libhmkSpace : qmkSpace(id);
    made.set(id, space);
  }
  return space;
}
