/**
 * Catalogue section: via texts. en_US is the source of ids; zh_CN must carry exactly the same ids.
 */

export const viaEn = {} as const;

export const viaZh: Record<keyof typeof viaEn, string> = {};
