/**
 * Catalogue section: libhmk texts. en_US is the source of ids; zh_CN must carry exactly the same ids.
 */

export const libhmkEn = {} as const;

export const libhmkZh: Record<keyof typeof libhmkEn, string> = {};
