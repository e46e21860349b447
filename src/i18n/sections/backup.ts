/**
 * Catalogue section: whole-keyboard backups: diff lines, area and field names, file and restore refusals. en_US is the source of ids; zh_CN must carry exactly the same ids.
 * Registered with the device page (src/ui/device-page/family-texts.ts).
 */

export const backupEn = {} as const;

export const backupZh: Record<keyof typeof backupEn, string> = {};
