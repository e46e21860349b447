import { createTranslate, registerTexts } from '../../src/i18n/translate';

describe('texts that load with their screen', () => {
  it('are found once registered, in the language of each translate function', () => {
    const warn = vi.fn();
    const en = createTranslate('en_US', warn);
    const zh = createTranslate('zh_CN', warn);
    expect(en.dynamic('later.screen.title')).toBe('later.screen.title');
    registerTexts(
      { 'later.screen.title': 'Later screen', 'later.screen.count': '{0, plural, one {# key} other {# keys}}' },
      { 'later.screen.title': '稍后的页面', 'later.screen.count': '{0} 个按键' },
    );
    expect(en.dynamic('later.screen.title')).toBe('Later screen');
    expect(zh.dynamic('later.screen.title')).toBe('稍后的页面');
    expect(en.dynamic('later.screen.count', 1)).toBe('1 key');
    expect(zh.dynamic('later.screen.count', 3)).toBe('3 个按键');
  });

  it('never replace a text of the main catalogue', () => {
    registerTexts({ 'app.name': 'Something else' }, { 'app.name': '别的' });
    expect(createTranslate('en_US')('app.name')).toBe('Keytune');
  });
});
