import { describe, expect, it } from 'vitest';
import { TOAST_KEYS } from '../../src/core/toast-keys.ts';
import { CONFIGURABLE_MODELS } from '../../src/core/models.ts';
import { themeNotAppliedKey } from '../../src/core/toast-keys.ts';
import { en_US } from '../../src/i18n/en_US.ts';
import { zh_CN } from '../../src/i18n/zh_CN.ts';
import { IMPORT_FAILURE_KEY, EXPORT_FAILURE_KEY } from '../../src/service/convert/theme.ts';

describe('every toast the rules and the service can raise has words in both languages', () => {
  const keys = [
    ...(Object.values(TOAST_KEYS) as unknown[]).filter((k): k is string => typeof k === 'string'),
    IMPORT_FAILURE_KEY,
    EXPORT_FAILURE_KEY,
    'err.args.invalid',
    'err.dev.refused',
  ];
  it.each(keys)('%s', (key) => {
    expect(en_US).toHaveProperty([key]);
    expect(zh_CN).toHaveProperty([key]);
  });

  it('the theme refusal of each model that refuses theme changes', () => {
    for (const model of CONFIGURABLE_MODELS) {
      const key = themeNotAppliedKey(model);
      if (model === 'mojo68rt' || model === 'made68air') expect(en_US).toHaveProperty([key]);
    }
  });
});
