/**
 * Message ids are checked by the type system: `npx tsc` fails on an unknown literal id (the `@ts-expect-error` lines
 * fail the type check if the id were accepted). Ids computed at run time go through `t.dynamic` or a `string`.
 */
import { createTranslate, type MessageId } from '../../src/i18n/translate';

const t = createTranslate('en_US', () => {});

describe('message ids', () => {
  it('a known literal id is accepted and translated', () => {
    expect(t('nav.device')).toBe('Device');
  });

  it('an unknown literal id does not type-check, and still shows itself at run time', () => {
    // @ts-expect-error 'nav.devise' is not a catalogue id
    expect(t('nav.devise')).toBe('nav.devise');
    // @ts-expect-error one branch is not a catalogue id
    expect(t(Math.random() < 2 ? 'nav.nope' : 'nav.device')).toBe('nav.nope');
  });

  it('ids typed as MessageId, unions of ids and computed strings are accepted', () => {
    const id: MessageId = 'nav.tool';
    const tab = ['keycode', 'led'][0]!;
    const computed: string = 'theme.' + 'dark';
    expect(t(id)).toBe('Tool');
    expect(t(Math.random() < 2 ? 'theme.light' : 'theme.dark')).toBe('Light');
    expect(t(`page.tab.${tab}`)).toBe('Key code');
    expect(t(computed)).toBe('Dark');
    expect(t.dynamic('theme.auto')).toBe('Auto');
  });
});
