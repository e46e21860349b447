import { advancedEn, advancedZh } from '../../src/i18n/sections/advanced';
import { createTranslate, registerTexts } from '../../src/i18n/translate';

// The advanced-key texts load with their area (src/ui/device-page/key-code/advanced/texts.ts).
registerTexts(advancedEn, advancedZh);

const en = createTranslate('en_US');
const zh = createTranslate('zh_CN');

describe('counts read naturally in English', () => {
  it('a key code set on keys', () => {
    expect(en('keymap.assigned', 'Vol+', 0)).toBe('Vol+ set on 0 keys.');
    expect(en('keymap.assigned', 'Vol+', 1)).toBe('Vol+ set on 1 key.');
    expect(en('keymap.assigned', 'Vol+', 2)).toBe('Vol+ set on 2 keys.');
    expect(en('keymap.assigned', 'Vol+', 1000)).toBe('Vol+ set on 1,000 keys.');
  });

  it('matching key codes in the picker', () => {
    expect([0, 1, 2, 84].map((n) => en('keymap.picker.results', n))).toEqual([
      '0 matching key codes',
      '1 matching key code',
      '2 matching key codes',
      '84 matching key codes',
    ]);
  });

  it('an advanced key bound to keys', () => {
    expect([0, 1, 2, 84].map((n) => en('adv.bind.done', 'A1', n))).toEqual([
      'A1 is now on 0 keys.',
      'A1 is now on 1 key.',
      'A1 is now on 2 keys.',
      'A1 is now on 84 keys.',
    ]);
    expect(en('adv.editor.bind.note', 1)).toBe('It will also be bound to the selected key.');
    expect(en('adv.editor.bind.note', 3)).toBe('It will also be bound to the 3 selected keys.');
  });

  it('selections, stages, slots, bytes and macro events', () => {
    expect(en('keymap.select.count', 1, 1)).toBe('1 of 1 key selected');
    expect(en('keymap.select.count', 2, 84)).toBe('2 of 84 keys selected');
    expect(en('adv.dks.span.value', 1)).toBe('1 stage');
    expect(en('adv.dks.span.value', 3)).toBe('3 stages');
    expect(en('adv.count', 0, 16)).toBe('0 of 16 slots used');
    expect(en('adv.count', 1, 1)).toBe('1 of 1 slot used');
    expect(en('adv.rename.bytes', 1, 16)).toBe('1 of 16 bytes');
    expect(en('adv.macro.count', 2, 80)).toBe('2 / 80 events');
    expect(en('adv.macro.full', 80)).toBe('The macro is full: it holds at most 80 events.');
  });

  it('no English text says “(s)” or a number followed by a bare plural', () => {
    const texts = [0, 1, 2, 5].flatMap((n) =>
      (['keymap.assigned', 'keymap.picker.results', 'adv.bind.done', 'adv.dks.span.value'] as const).map((id) =>
        en.dynamic(id, 'X', n),
      ),
    );
    for (const text of texts) {
      expect(text).not.toMatch(/\(s\)/);
      expect(text).not.toMatch(/\b1 (keys|key codes|stages|events)\b/);
    }
  });
});

describe('counts read naturally in Chinese (one form, with a measure word)', () => {
  it.each([0, 1, 2, 1000])('%i', (n) => {
    expect(zh('keymap.assigned', '音量+', n)).toBe(`已将 音量+ 设置到 ${n} 个按键。`);
    expect(zh('keymap.picker.results', n)).toBe(`找到 ${n} 个键码`);
    expect(zh('adv.bind.done', 'A1', n)).toBe(`A1 已绑定到 ${n} 个按键。`);
  });
});
