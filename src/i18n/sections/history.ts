/**
 * Catalogue section: history texts. en_US is the source of ids; zh_CN must carry exactly the same ids.
 */

export const historyEn = {} as const;

export const historyZh: Record<keyof typeof historyEn, string> = {};
