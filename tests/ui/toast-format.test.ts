import { createTranslate } from '../../src/i18n/translate';
import { en_US } from '../../src/i18n/en_US';
import { zh_CN } from '../../src/i18n/zh_CN';
import { parseToastPayload, splitToastArgs, toastEndsLoading, toastText } from '../../src/ui/toasts/format';

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

  it('shows unknown text as given, with placeholders filled', () => {
    expect(toastText('Saved {} keys on {}', ['3', 'layer 2'], en)).toBe('Saved 3 keys on layer 2');
    expect(toastText('no device at usb:1', [], en)).toBe('no device at usb:1');
  });
});

describe('toast payload', () => {
  it('defaults the delay to 5 s and the type to success', () => {
    expect(parseToastPayload({ title: 'Hi', context: '' })).toEqual({
      title: 'Hi',
      context: '',
      args: '',
      type: 0,
      delay: 5,
    });
  });

  it('accepts numbers sent as text and a list of args', () => {
    expect(parseToastPayload({ title: 'x', context: 'y', type: '2', delay: '7', args: ['a', 'b'] })).toMatchObject({
      type: 2,
      delay: 7,
      args: 'a;;b',
    });
  });

  it('drops a payload with nothing to say', () => {
    expect(parseToastPayload(null)).toBeUndefined();
    expect(parseToastPayload({ title: '', context: '' })).toBeUndefined();
  });

  it('errors and warnings end the loading overlay; success does not', () => {
    expect(toastEndsLoading(1)).toBe(true);
    expect(toastEndsLoading(2)).toBe(true);
    expect(toastEndsLoading(0)).toBe(false);
  });
});
