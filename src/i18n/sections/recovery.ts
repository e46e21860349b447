/**
 * Catalogue section: recovery texts. en_US is the source of ids; zh_CN must carry exactly the same ids.
 *
 * What the service says when it finishes or undoes an update that was cut short, on its own, once the keyboard is
 * back ({0}: the keyboard's name).
 */

export const recoveryEn = {
  'fw.recovery.restored': '{0} is back on its new firmware: your settings have been put back on it.',
  'fw.recovery.left.bootloader':
    'The update of {0} was interrupted. The keyboard runs its previous firmware again, with your settings; run the update again to finish it.',
} as const;

export const recoveryZh: Record<keyof typeof recoveryEn, string> = {
  'fw.recovery.restored': '{0} 已重新连接并运行新固件：您的设置已恢复到键盘上。',
  'fw.recovery.left.bootloader':
    '{0} 的固件更新被中断。键盘已重新运行原来的固件，设置保持不变；请再次运行更新以完成升级。',
};
