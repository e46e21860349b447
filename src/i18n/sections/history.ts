/**
 * Catalogue section: undo, redo and the history of changes of a device. en_US is the source of ids; zh_CN must carry
 * exactly the same ids. Registered with the device page (src/ui/device-page/family-texts.ts).
 */

export const historyEn = {} as const;

export const historyZh: Record<keyof typeof historyEn, string> = {};
