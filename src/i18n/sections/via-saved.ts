/**
 * Catalogue section: VIA saved-layout files imported and exported on a VIA keyboard. en_US is the source of ids; zh_CN must carry exactly the same ids.
 * Registered with the device page (src/ui/device-page/family-texts.ts).
 */

export const viaSavedEn = {} as const;

export const viaSavedZh: Record<keyof typeof viaSavedEn, string> = {};
