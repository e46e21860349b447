/**
 * The texts of the layout choices kept on this computer (src/ui/device-page/layout/LocalLayoutChoices.tsx), for
 * keyboards that hold no choice of their own. Registered with the device page (src/ui/device-page/family-texts.ts).
 */
export const layoutEn = {
  'layout.local.title': 'Layout options',
  'layout.local.help':
    'Choose the keys your keyboard has (split backspace, split space…): the choice changes how it is drawn on every tab. The keyboard keeps no choice of its own, so this computer keeps it for this keyboard.',
  'layout.local.drawing': 'The keyboard with these choices',
} as const;

export const layoutZh: Record<keyof typeof layoutEn, string> = {
  'layout.local.title': '布局选项',
  'layout.local.help':
    '选择键盘实际具有的按键（分体退格、分体空格…）：选择会改变键盘在所有标签页中的绘制方式。键盘本身不保存该选择，因此由本机为此键盘保存。',
  'layout.local.drawing': '按这些选项绘制的键盘',
};
