/**
 * Catalogue section of the Key code tab's virtual key presses, the macro editor's repeat count and the drawing's
 * snap-tap and hyper-tap marks. en_US is the source of ids; zh_CN must carry exactly the same ids. Spread into the
 * main catalogues by src/i18n/en_US.ts and zh_CN.ts. Texts are ICU MessageFormat, as the other sections.
 */
import type { MessageValue, Translate } from '../translate';

export const keycodeExtraEn = {
  'keycode.press.group': 'Press keys of the virtual keyboard',
  'keycode.press.toggle': 'Press keys',
  'keycode.press.depth': 'Depth',
  'keycode.press.depth.value': '{0} mm',
  'keycode.press.hint': 'Hold a key on the drawing, or focus it and hold Space, to press it {0} mm deep.',
  'keycode.press.key.name': 'Key {0}, press on the virtual keyboard',
  'keycode.macro.virtual':
    'No keyboard at hand: this is a virtual keyboard. Hold its keys on the drawing below (or focus one and hold Space) to record them.',
  'keycode.macro.repeat.clamped': 'The repeat count is {0} to {1}; it is now {2}.',
  'keycode.macro.picker.title': 'Add a key',
  'keycode.macro.picker.close': 'Close the key picker',
  'keycode.macro.picker.close.short': 'Close',
  'keycode.macro.discard.title': 'Discard the changes to this macro?',
  'keycode.macro.discard.text': 'The events and settings you changed are not saved. Keep editing to save them with OK.',
  'keycode.macro.discard.keep': 'Keep editing',
  'keycode.macro.discard.drop': 'Discard',
  'keycode.key.used': '{0}, used by {1}',
};

export const keycodeExtraZh: Record<keyof typeof keycodeExtraEn, string> = {
  'keycode.press.group': '按下虚拟键盘的按键',
  'keycode.press.toggle': '按下按键',
  'keycode.press.depth': '深度',
  'keycode.press.depth.value': '{0} mm',
  'keycode.press.hint': '在键盘图上按住一个按键（或选中后按住空格键），即可将它按下 {0} mm。',
  'keycode.press.key.name': '按键 {0}，在虚拟键盘上按下',
  'keycode.macro.virtual': '手边没有键盘：这是一把虚拟键盘。在下方键盘图上按住按键（或选中后按住空格键）即可录制。',
  'keycode.macro.repeat.clamped': '循环次数为 {0} 到 {1}，已改为 {2}。',
  'keycode.macro.picker.title': '添加按键',
  'keycode.macro.picker.close': '关闭按键选择',
  'keycode.macro.picker.close.short': '关闭',
  'keycode.macro.discard.title': '放弃对此宏的修改？',
  'keycode.macro.discard.text': '你修改的事件和设置尚未保存。继续编辑后按“确定”即可保存。',
  'keycode.macro.discard.keep': '继续编辑',
  'keycode.macro.discard.drop': '放弃',
  'keycode.key.used': '{0}，被 {1} 使用',
};

export type KeycodeExtraId = keyof typeof keycodeExtraEn;

/** A text of this section, its id checked against the section. */
export function tx(t: Translate, id: KeycodeExtraId, ...values: MessageValue[]): string {
  return t.dynamic(id, ...values);
}
