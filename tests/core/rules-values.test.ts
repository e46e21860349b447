import { capabilitiesFor } from '../../src/core/capabilities.ts';
import {
  checkAlpha,
  checkFirmwarePackageName,
  checkHsv,
  checkHue,
  checkLight,
  checkLightAndSpeed,
  checkNKeyAndSleepSupported,
  checkPercent,
  checkPerfEdit,
  checkPerfValue,
  checkRgb,
  checkRgbChannel,
  checkSceneFileName,
  checkSleepTime,
  checkThemeChange,
  checkThemeName,
  clampAndSnap,
  clampLightingSpeed,
  clampPerfValue,
  clampSleepTime,
  digitsOnly,
  formatHexColour,
  formatSliderValue,
  isDigitsOnly,
  isHexColourText,
  parseHexColour,
  perfRanges,
  perfWarnings,
  searchKeys,
  stepDecimals,
  switchTypeDialog,
  type PerfEdit,
} from '../../src/core/rules/index.ts';

const OK = { ok: true };
const INVALID = { ok: false, toastKey: 'err.args.invalid', type: 1, delay: 3 };

describe('numeric inputs', () => {
  it.each([
    ['12', '12'],
    ['1a2b', '12'],
    ['-3.5', '35'],
    ['１２', ''],
    ['', ''],
  ])('digits-only field turns %j into %j', (typed, kept) => {
    expect(digitsOnly(typed)).toBe(kept);
    expect(isDigitsOnly(typed)).toBe(typed !== '' && typed === kept);
  });

  it.each([
    [1, 0],
    [0.1, 1],
    [0.01, 2],
    [0.005, 3],
    [2.5e-7, 8],
    [0, 0],
  ])('step %s shows %i decimals', (step, decimals) => {
    expect(stepDecimals(step)).toBe(decimals);
  });

  it.each([
    [1.234, { min: 0.1, max: 4, step: 0.01 }, 1.23],
    [0.3, { min: 0.1, max: 4, step: 0.1 }, 0.3],
    [0.07, { min: 0.1, max: 4, step: 0.01 }, 0.1],
    [9, { min: 0.1, max: 4, step: 0.01 }, 4],
    [3.96, { min: 0, max: 3.95, step: 0.1 }, 3.9],
    [0.33, { min: 0, max: 0.6, step: 0 }, 0.33],
    [NaN, { min: 10, max: 1000, step: 1 }, 10],
    [215.6, { min: 10, max: 1000, step: 1 }, 216],
    [7, { min: 1, max: 8, step: 3 }, 7],
  ])('slider snaps %s in %j to %s', (value, range, expected) => {
    expect(clampAndSnap(value, range)).toBe(expected);
  });

  it('labels a value with the step precision', () => {
    expect(formatSliderValue(1.5, 0.01)).toBe('1.50');
    expect(formatSliderValue(200, 1)).toBe('200');
  });
});

describe('colours', () => {
  it.each([
    ['#ff8800', { r: 255, g: 136, b: 0, a: 1 }],
    ['FF8800', { r: 255, g: 136, b: 0, a: 1 }],
    ['#00000080', { r: 0, g: 0, b: 0, a: 0.5 }],
    [' 12ab34ff ', { r: 0x12, g: 0xab, b: 0x34, a: 1 }],
  ])('reads %j', (text, rgba) => {
    expect(parseHexColour(text)).toEqual({ ok: true, value: rgba });
    expect(isHexColourText(text)).toBe(true);
  });

  it.each(['#fff', 'ff880', '#ff88000', '##ff8800', 'gg8800', '#ff8800 00', ''])('refuses %j', (text) => {
    expect(parseHexColour(text)).toEqual(INVALID);
    expect(isHexColourText(text)).toBe(false);
  });

  it('writes colours back as hex', () => {
    expect(formatHexColour({ r: 255, g: 136, b: 0, a: 1 })).toBe('#ff8800');
    expect(formatHexColour({ r: 0, g: 0, b: 0, a: 0.5 })).toBe('#00000080');
  });

  it.each([
    [0, true],
    [255, true],
    [256, false],
    [-1, false],
    [12.5, false],
  ])('RGB channel %s accepted: %s', (n, ok) => {
    expect(checkRgbChannel(n).ok).toBe(ok);
  });

  it('checks whole triples', () => {
    expect(checkRgb(0, 128, 255)).toEqual(OK);
    expect(checkRgb(0, 300, 255)).toEqual(INVALID);
  });

  it.each([
    [checkHue, 0, true],
    [checkHue, 360, true],
    [checkHue, 361, false],
    [checkHue, -1, false],
    [checkPercent, 100, true],
    [checkPercent, 101, false],
    [checkPercent, 0, true],
    [checkAlpha, 0, true],
    [checkAlpha, 1, true],
    [checkAlpha, 0.57, true],
    [checkAlpha, 0.575, false],
    [checkAlpha, 1.01, false],
  ])('%o(%s) accepted: %s', (rule, n, ok) => {
    expect(rule(n).ok).toBe(ok);
  });

  it('checks whole HSV triples', () => {
    expect(checkHsv(360, 100, 0)).toEqual(OK);
    expect(checkHsv(120, 50, 101)).toEqual(INVALID);
  });
});

describe('lighting', () => {
  it.each([
    [100, 248, 82],
    [50, 200, 50],
    [10, 20, 6],
    [-3, 248, 0],
    [NaN, 248, 0],
  ])('speed %s at light %s becomes %s', (speed, light, expected) => {
    expect(clampLightingSpeed(speed, light)).toBe(expected);
  });

  it('bounds light by the model maximum', () => {
    const cyber = capabilitiesFor('cyber01', '2.2.0').lighting.lightMax;
    expect(checkLight(20, cyber)).toEqual(OK);
    expect(checkLight(21, cyber)).toEqual(INVALID);
    expect(checkLightAndSpeed(248, 82, 248)).toEqual(OK);
    expect(checkLightAndSpeed(248, 83, 248)).toEqual(INVALID);
    expect(checkLightAndSpeed(249, 0, 248)).toEqual(INVALID);
  });
});

describe('performance values', () => {
  const accuracy = {
    trigger_accuracy: 0.01,
    max_trigger: 4,
    min_rapid: 0.02,
    max_rapid: 2,
    rapid_accuracy: 0.01,
    dead_accuracy: 0.05,
    max_dead: 0.6,
  };
  const ranges = perfRanges(accuracy, 0.1);

  it.each([
    ['trigger', 1.234, 1.23],
    ['trigger', 0.01, 0.1],
    ['trigger', 5, 4],
    ['rapid', 0.015, 0.02],
    ['rapid', 3, 2],
    ['dead', 0.33, 0.35],
    ['dead', -1, 0],
    ['dead', 0.8, 0.6],
  ] as const)('%s slider shows %s as %s', (kind, value, expected) => {
    expect(clampPerfValue(kind, value, ranges)).toBe(expected);
  });

  it('refuses a device call outside the key range and snaps one inside it', () => {
    expect(checkPerfValue('trigger', 4.2, ranges)).toEqual(INVALID);
    expect(checkPerfValue('dead', NaN, ranges)).toEqual(INVALID);
    expect(checkPerfValue('trigger', 2.004, ranges)).toEqual({ ok: true, value: 2 });
  });

  it('falls back to the model minimum and the 4 mm / 0.6 mm defaults', () => {
    const air = perfRanges(undefined, capabilitiesFor('made68air', '1.3.7').performance.baseMinTravel);
    expect(air.trigger).toEqual({ min: 0.02, max: 4, step: 0.01 });
    expect(air.rapid.min).toBe(0.02);
    expect(air.dead).toEqual({ min: 0, max: 0.6, step: 0 });
    expect(perfRanges({}, 0.1).trigger.min).toBe(0.1);
  });

  it.each([
    [{ dead: 0 }, ['perf.warn.dead.zero']],
    [{ dead: -0.1 }, ['perf.warn.dead.zero']],
    [{ dead: 0.05 }, []],
    [{ pressRapid: 0.04, releaseRapid: 0.5 }, ['perf.warn.rapid.low']],
    [{ pressRapid: 0.5, releaseRapid: 0.03 }, ['perf.warn.rapid.low']],
    [{ pressRapid: 0.1 + 0.2 - 0.26, releaseRapid: 0.5 }, ['perf.warn.rapid.low']],
    [{ pressRapid: 0.05, releaseRapid: 0.05 }, []],
    [{ dead: 0, pressRapid: 0.02 }, ['perf.warn.dead.zero', 'perf.warn.rapid.low']],
  ])('%j warns %j', (values, warnings) => {
    expect(perfWarnings(values)).toEqual(warnings);
  });
});

describe('performance edits', () => {
  const noKeys = { ok: false, toastKey: 'perf.no.select.keys', type: 2, delay: 3 };
  const trigBlocked = { ok: false, toastKey: 'perf.not.cfg.rt.trigger_or_dead', type: 2, delay: 6 };
  const sensBlocked = { ok: false, toastKey: 'perf.not.cfg.rt.sensitivity', type: 2, delay: 6 };

  it.each<[PerfEdit, number, boolean, 0 | 1, unknown]>([
    ['trigger', 0, false, 0, noKeys],
    ['sensitivity', 0, true, 1, noKeys],
    ['trigger', 3, false, 0, OK],
    ['dead', 3, true, 0, OK],
    ['trigger', 3, true, 1, trigBlocked],
    ['dead', 3, true, 1, trigBlocked],
    ['trigger', 3, false, 1, OK],
    ['rapid', 3, true, 1, OK],
    ['sensitivity', 3, true, 1, OK],
    ['sensitivity', 3, true, 0, sensBlocked],
    ['sensitivity', 3, false, 1, sensBlocked],
  ])('%s with %i keys, rapid %s, rt_mode %i', (edit, selectedKeys, useRapid, rtMode, expected) => {
    expect(checkPerfEdit(edit, { selectedKeys, useRapid, rtMode })).toEqual(expected);
  });

  it('opens the empty-selection dialog for a switch type without keys', () => {
    expect(switchTypeDialog(0)).toBe(4);
    expect(switchTypeDialog(2)).toBe(2);
  });
});

describe('device settings and themes', () => {
  it.each([
    [1, true],
    [60, true],
    [0, false],
    [61, false],
    [5.5, false],
  ])('sleep time %s accepted: %s', (minutes, ok) => {
    expect(checkSleepTime(minutes).ok).toBe(ok);
  });

  it('clamps the sleep slider', () => {
    expect([clampSleepTime(0), clampSleepTime(99), clampSleepTime(12.4), clampSleepTime(NaN)]).toEqual([1, 60, 12, 1]);
  });

  it.each([
    ['cyber01', '2.1.5', false],
    ['cyber01', '2.1.6', true],
  ])('%s %s N-key and sleep allowed: %s', (model, fw, ok) => {
    const r = checkNKeyAndSleepSupported(capabilitiesFor(model, fw));
    expect(r).toEqual(ok ? OK : { ok: false, toastKey: 'warn.not.apply', type: 1, delay: 3 });
  });

  it.each([
    ['mojo68rt', { ok: false, toastKey: 'warn.not.apply.theme.chosen.mojo68rt', type: 2, delay: 7 }],
    ['Made68Air', { ok: false, toastKey: 'warn.not.apply.theme.chosen.made68air', type: 2, delay: 7 }],
    ['made68pro', OK],
  ])('theme change on %s', (model, expected) => {
    expect(checkThemeChange(capabilitiesFor(model, '2.0.0'))).toEqual(expected);
  });

  it('limits theme names with style 2 (one character off the end while over 16 bytes) and refuses a blank one', () => {
    expect(checkThemeName('  <b>My favourite setup</b> ')).toEqual({ ok: true, value: '  My favourite s' });
    expect(checkThemeName('Game ')).toEqual({ ok: true, value: 'Game ' });
    expect(checkThemeName('  <i></i> ')).toEqual(INVALID);
  });

  it.each([
    ['Typing.mgscene', true],
    ['TYPING.MGSCENE', true],
    ['.mgscene', false],
    ['typing.json', false],
    ['typing.mgscene.zip', false],
  ])('scene file %s accepted: %s', (name, ok) => {
    expect(checkSceneFileName(name).ok).toBe(ok);
  });

  it.each([
    ['made68pro_v1.3.7.zip', true],
    ['fw.ZIP', true],
    ['fw.mg', false],
  ])('firmware package %s accepted: %s', (name, ok) => {
    expect(checkFirmwarePackageName(name)).toEqual(
      ok ? OK : { ok: false, toastKey: 'err.fw.file.invalid', type: 1, delay: 5 },
    );
  });
});

describe('key search', () => {
  const keys = [
    { name: 'Escape', alias: 'Esc' },
    { name: 'Enter', alias: 'Return' },
    { name: 'Placeholder' },
    { name: 42, alias: 'Num' },
  ];

  it.each([
    ['esc', ['Escape']],
    ['RETURN', ['Enter']],
    ['e', ['Escape', 'Enter']],
    ['place', []],
    ['num', []],
    ['', ['Escape', 'Enter']],
  ])('%j finds %j', (query, names) => {
    expect(searchKeys(keys, query).map((k) => k.name)).toEqual(names);
  });
});
