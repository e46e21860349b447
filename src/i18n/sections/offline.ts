/**
 * Catalogue section: offline texts. en_US is the source of ids; zh_CN must carry exactly the same ids.
 */

export const offlineEn = {} as const;

export const offlineZh: Record<keyof typeof offlineEn, string> = {};
