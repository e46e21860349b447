/**
 * Catalogue section: undo, redo and the history of changes of a device. en_US is the source of ids; zh_CN must carry
 * exactly the same ids. Registered with the device page (src/ui/device-page/family-texts.ts).
 */

export const historyEn = {
  'history.undo': 'Undo',
  'history.redo': 'Redo',
  'history.undo.tip': 'Undo: {0} ({1})',
  'history.redo.tip': 'Redo: {0} ({1})',
  'history.undo.none': 'Nothing to undo',
  'history.redo.none': 'Nothing to redo',
  'history.moving': 'Putting the keyboard back…',
  'history.list': 'History of changes',
  'history.list.tip': 'History of changes: choose a step to go back or forward to it',
  'history.start': 'As the keyboard was when opened',
  'history.empty': 'No changes yet. Every change you make on this keyboard is listed here.',
  'history.current': 'current',
  'history.undone': 'undone',
  'history.clear': 'Clear history',
  'history.conflict':
    'The keyboard was changed elsewhere (another window or the command line), so these steps can no longer be undone here. Clear the history to start again from what the keyboard holds now.',
  'history.cleared.disconnected': 'History of {0} cleared: the keyboard was disconnected',
} as const;

export const historyZh: Record<keyof typeof historyEn, string> = {
  'history.undo': '撤销',
  'history.redo': '重做',
  'history.undo.tip': '撤销：{0}（{1}）',
  'history.redo.tip': '重做：{0}（{1}）',
  'history.undo.none': '没有可撤销的更改',
  'history.redo.none': '没有可重做的更改',
  'history.moving': '正在恢复键盘设置…',
  'history.list': '更改历史',
  'history.list.tip': '更改历史：选择一步即可回到或前进到那一步',
  'history.start': '打开时键盘的状态',
  'history.empty': '还没有更改。你对这把键盘做的每项更改都会列在这里。',
  'history.current': '当前',
  'history.undone': '已撤销',
  'history.clear': '清除历史',
  'history.conflict':
    '键盘已在别处被更改（其他窗口或命令行），因此这里无法再撤销这些步骤。清除历史后，将从键盘现在的设置重新开始记录。',
  'history.cleared.disconnected': '{0} 的更改历史已清除：键盘已断开连接',
};
