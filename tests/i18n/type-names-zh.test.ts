/**
 * The Chinese catalogue names the advanced-key types in Chinese wherever it names them: a toast that said "Snap Tap"
 * in the middle of a Chinese sentence read as untranslated.
 */
import { ALL_STATIC_TOAST_KEYS } from '../../src/core/toast-keys';
import { advancedEn, advancedZh } from '../../src/i18n/sections/advanced';
import { zh_CN } from '../../src/i18n/zh_CN';

const TYPES = ['snaptap', 'hypertap'] as const;

describe('Chinese names of the advanced-key types', () => {
  const zh = zh_CN as unknown as Record<string, string>;
  const chineseNames = TYPES.map((type) => (zh_CN as unknown as Record<string, string>)[`adv.type.${type}`])
    .map((name) => name!.replace(/\s*\(.*\)$/, ''))
    .filter((name) => /[\u4e00-\u9fff]/.test(name));

  it('the catalogue names them in Chinese', () => {
    expect(chineseNames).toHaveLength(TYPES.length);
  });

  it('no toast and no advanced-key text in Chinese uses their English names', () => {
    const english = TYPES.map((type) => advancedEn[`adv.type.${type}`].replace(/\s*\(.*\)$/, ''));
    const texts: [string, string][] = [
      ...ALL_STATIC_TOAST_KEYS.map((key): [string, string] => [key, zh[key] ?? '']),
      ...Object.entries(advancedZh),
    ];
    const untranslated = texts.filter(([, text]) => english.some((name) => text.includes(name))).map(([id]) => id);
    expect(untranslated).toEqual([]);
  });
});
