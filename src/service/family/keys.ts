/** Toast keys of calls on devices of other families (texts in src/i18n/sections/families.ts). */
export const FAMILY_KEYS = {
  /** The device's family does not offer what the call asks (a lighting call on a keyboard without lights). */
  notOffered: 'err.family.not.offered',
  /** Some of a write did not take: the keyboard holds the old value there (written, read back, compared). */
  notTaken: 'err.family.not.taken',
} as const;
