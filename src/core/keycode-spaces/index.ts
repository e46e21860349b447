/** Every key-code space by its id: a device's features name one, and its codes are read in it. */
import { keytuneSpace } from './keytune.ts';
import { libhmkSpace } from './libhmk.ts';
import { qmkSpace } from './qmk.ts';
import type { CatalogueOptions, KeycodeSpace, KeycodeSpaceId } from './types.ts';

export type {
  CatalogueOptions,
  KeycodeSpace,
  KeycodeSpaceId,
  SpaceAdvancedCode,
  SpaceAdvancedType,
  SpaceCategory,
  SpaceKeycode,
} from './types.ts';

const made = new Map<KeycodeSpaceId, KeycodeSpace>();

export function spaceOf(id: KeycodeSpaceId): KeycodeSpace {
  let space = made.get(id);
  if (!space) {
    space = id === 'keytune' ? keytuneSpace : id === 'libhmk' ? libhmkSpace : qmkSpace(id);
    made.set(id, space);
  }
  return space;
}

/** What a device's parametric codes depend on, from its features: layers, profiles and macros it holds. */
export function catalogueOptionsOf(features: {
  layers: number;
  profiles: { count: number };
  macroBuffer?: { count: number } | undefined;
}): CatalogueOptions {
  return {
    layers: features.layers,
    profiles: features.profiles.count,
    ...(features.macroBuffer ? { macros: features.macroBuffer.count } : {}),
  };
}
