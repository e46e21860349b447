/**
 * Catalogue section: recovery texts. en_US is the source of ids; zh_CN must carry exactly the same ids.
 */

export const recoveryEn = {} as const;

export const recoveryZh: Record<keyof typeof recoveryEn, string> = {};
