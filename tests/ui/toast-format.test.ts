import { createTranslate } from '../../src/i18n/translate';
import { en_US } from '../../src/i18n/en_US';
import { zh_CN } from '../../src/i18n/zh_CN';
import { splitToastArgs, toastEndsLoading, toastToShow } from '../../src/ui/toasts/format';
import { toastText } from '../../src/ui/toasts/toast-text';

const en = createTranslate(en_US);
const zh = createTranslate(zh_CN);

describe('toast text', () => {
  it('splits ;;-joined arguments', () => {
    expect(splitToastArgs('')).toEqual([]);
    expect(splitToastArgs('a')).toEqual(['a']);
    expect(splitToastArgs('1.4.2;;Made68Pro')).toEqual(['1.4.2', 'Made68Pro']);
  });

  it('translates known ids and fills their placeholders', () => {
    expect(toastText('err.dev.disconnected', [], en)).toBe('The device was disconnected.');
    expect(toastText('err.dev.disconnected', [], zh)).toBe('设备已断开连接。');
    expect(toastText('startup.failed', ['boom'], en)).toBe('Keytune could not start: boom');
  });

  it('fills a catalogue message’s numbered and {} arguments, and its plurals, from the ;;-joined args', () => {
    const t = createTranslate({
      'err.unexpected': '{0, plural, one {# key} other {# keys}} on {1} failed',
      'startup.failed': 'Saved {} keys on {}',
    } as never);
    expect(toastText('err.unexpected', splitToastArgs('1;;layer 2'), t)).toBe('1 key on layer 2 failed');
    expect(toastText('err.unexpected', splitToastArgs('3;;layer 2'), t)).toBe('3 keys on layer 2 failed');
    expect(toastText('startup.failed', splitToastArgs('3;;layer 2'), t)).toBe('Saved 3 keys on layer 2');
    expect(toastText('err.unexpected', splitToastArgs('5'), t)).toBe('5 keys on {1} failed');
  });

  it('shows unknown text as given, with placeholders filled', () => {
    expect(toastText('Saved {} keys on {}', ['3', 'layer 2'], en)).toBe('Saved 3 keys on layer 2');
    expect(toastText('no device at usb:1', [], en)).toBe('no device at usb:1');
    expect(toastText('{} of {}', ['1'], en)).toBe('1 of {}');
    expect(toastText("it's {} {0, plural} '{x}'", ['a'], en)).toBe("it's a {0, plural} '{x}'");
  });
});

describe('toast payload', () => {
  it('a delay of 0 takes the default 5 s; the rest is shown as sent', () => {
    const toast = { title: 'Hi', context: '', args: 'a;;b', type: 2, delay: 0 } as const;
    expect(toastToShow(toast)).toEqual({ ...toast, delay: 5 });
    expect(toastToShow({ ...toast, delay: 7 })).toEqual({ ...toast, delay: 7 });
  });

  it('drops a payload with nothing to say', () => {
    expect(toastToShow({ title: '', context: '', args: '', type: 0, delay: 5 })).toBeUndefined();
  });

  it('errors and warnings end the loading overlay; success does not', () => {
    expect(toastEndsLoading(1)).toBe(true);
    expect(toastEndsLoading(2)).toBe(true);
    expect(toastEndsLoading(0)).toBe(false);
  });
});

describe('toasts of a screen whose texts load with it', () => {
  it('are worded from the registered section, in both languages, never shown as their id', async () => {
    const { settingsEn, settingsZh } = await import('../../src/i18n/sections/settings');
    await import('../../src/ui/device-page/settings/settings-texts');
    for (const id of ['settings.reset.done', 'themes.import.only.scene'] as const) {
      expect(toastText(id, [], en)).toBe(settingsEn[id]);
      expect(toastText(id, [], zh)).toBe(settingsZh[id]);
    }
  });
});
