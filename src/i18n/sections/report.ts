/**
 * Catalogue section: report texts. en_US is the source of ids; zh_CN must carry exactly the same ids.
 */

export const reportEn = {} as const;

export const reportZh: Record<keyof typeof reportEn, string> = {};
