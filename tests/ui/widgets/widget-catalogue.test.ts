import { widgetsEn, widgetsZh } from '../../../src/i18n/sections/widgets';
import { createTranslate, type Catalogue } from '../../../src/i18n/translate';

describe('widgets catalogue section', () => {
  it('has the same ids in both languages, none empty, each readable with the same arguments', () => {
    expect(Object.keys(widgetsZh).sort()).toEqual(Object.keys(widgetsEn).sort());
    const warnings: string[] = [];
    const en = createTranslate(widgetsEn as unknown as Catalogue, (w) => warnings.push(w));
    const zh = createTranslate(widgetsZh as unknown as Catalogue, (w) => warnings.push(w));
    for (const id of Object.keys(widgetsEn)) {
      const args = ['«a»', '«b»', '«c»'];
      expect(en.dynamic(id, ...args).trim(), id).not.toBe('');
      expect(zh.dynamic(id, ...args).trim(), id).not.toBe('');
      const used = (text: string) => args.filter((a) => text.includes(a));
      expect(used(zh.dynamic(id, ...args)), id).toEqual(used(en.dynamic(id, ...args)));
    }
    expect(warnings).toEqual([]);
  });
});
