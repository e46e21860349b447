import {
  ALL_STATIC_TOAST_KEYS,
  DEFAULT_TOAST_DELAY,
  TOAST_KEYS,
  themeNotAppliedKey,
  toastStyle,
} from '../../src/core/toast-keys.ts';

describe('toast keys', () => {
  it('spell the keys of both specs exactly', () => {
    expect(ALL_STATIC_TOAST_KEYS).toEqual(
      expect.arrayContaining([
        'warn.need.reload',
        'err.spkey.dks.args.cfg',
        'err.spkey.snaptap.args.cfg',
        'err.spkey.hypertap.args.cfg',
        'err.spkey.hypertap.notkeyid.cfg',
        'warn.not.apply',
        'spkey.add.fill.warn',
        'perf.no.select.keys',
        'perf.not.cfg.rt.sensitivity',
        'perf.not.cfg.rt.trigger_or_dead',
        'cfg.dev.update.request',
        'cfg.dev.update.interval.timeout',
        'err.dev.disconnected',
        'err.dev.timeout',
        'err.dev.reply',
        'err.dev.busy',
        'err.args.invalid',
        'err.dev.not.found',
        'err.fw.file.invalid',
        'err.fw.flash.failed',
      ]),
    );
  });

  it('has no key twice', () => {
    expect(new Set(ALL_STATIC_TOAST_KEYS).size).toBe(ALL_STATIC_TOAST_KEYS.length);
  });

  it('builds the theme refusal key from the model name', () => {
    expect(themeNotAppliedKey('Mojo68RT')).toBe('warn.not.apply.theme.chosen.mojo68rt');
    expect(themeNotAppliedKey('made68air')).toBe('warn.not.apply.theme.chosen.made68air');
  });
});

describe('toastStyle', () => {
  it.each([
    [TOAST_KEYS.needReload, 2, 7],
    [TOAST_KEYS.advancedListFull, 2, 7],
    [themeNotAppliedKey('mojo68rt'), 2, 7],
    [TOAST_KEYS.dksArgs, 1, 3],
    [TOAST_KEYS.snaptapArgs, 1, 3],
    [TOAST_KEYS.hypertapArgs, 1, 3],
    [TOAST_KEYS.keyIdNotFound, 1, 3],
    [TOAST_KEYS.notApply, 1, 3],
    [TOAST_KEYS.perfNoSelectKeys, 2, 3],
    [TOAST_KEYS.perfRtSensitivityBlocked, 2, 6],
    [TOAST_KEYS.perfRtTriggerOrDeadBlocked, 2, 6],
    [TOAST_KEYS.updateTimeout, 1, 6],
    [TOAST_KEYS.deviceTimeout, 1, DEFAULT_TOAST_DELAY],
    ['some.unknown.key', 1, DEFAULT_TOAST_DELAY],
  ])('%s shows as type %i for %i s', (key, type, delay) => {
    expect(toastStyle(key)).toEqual({ type, delay });
  });

  it('gives every performance toast the type and a delay the spec allows (type 2, 3 or 6 s)', () => {
    for (const key of ALL_STATIC_TOAST_KEYS.filter((k) => k.startsWith('perf.'))) {
      const { type, delay } = toastStyle(key);
      expect(type).toBe(2);
      expect([3, 6]).toContain(delay);
    }
  });
});
