/**
 * Catalogue section: families texts. en_US is the source of ids; zh_CN must carry exactly the same ids.
 */

export const familiesEn = {} as const;

export const familiesZh: Record<keyof typeof familiesEn, string> = {};
