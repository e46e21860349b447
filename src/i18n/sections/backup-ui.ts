/**
 * Catalogue section: the backup, restore and restore-point screens. en_US is the source of ids; zh_CN must carry exactly the same ids.
 * Registered with the device page (src/ui/device-page/family-texts.ts).
 */

export const backupUiEn = {} as const;

export const backupUiZh: Record<keyof typeof backupUiEn, string> = {};
