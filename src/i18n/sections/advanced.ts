/**
 * Catalogue section of the advanced screens. en_US is the source of ids; zh_CN must carry exactly the same ids.
 * Spread into the main catalogues by src/i18n/en_US.ts and zh_CN.ts.
 */
export const advancedEn = {} as const;

export const advancedZh: Record<keyof typeof advancedEn, string> = {};
