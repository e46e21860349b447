/**
 * Catalogue section: offline texts. en_US is the source of ids; zh_CN must carry exactly the same ids.
 */

export const offlineEn = {
  'offline.update.ready': 'A new version of Keytune is ready. It is used the next time Keytune starts.',
} as const;

export const offlineZh: Record<keyof typeof offlineEn, string> = {
  'offline.update.ready': 'Keytune 新版本已准备就绪，将在下次启动 Keytune 时使用。',
};
