/**
 * Catalogue section of the keymap screens. en_US is the source of ids; zh_CN must carry exactly the same ids.
 * Spread into the main catalogues by src/i18n/en_US.ts and zh_CN.ts.
 */
export const keymapEn = {} as const;

export const keymapZh: Record<keyof typeof keymapEn, string> = {};
