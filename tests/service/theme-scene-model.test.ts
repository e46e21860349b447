/** A scene file names the model it was saved from; another model's scene is refused with the reason, nothing written. */
import { describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { en_US } from '../../src/i18n/en_US.ts';
import { zh_CN } from '../../src/i18n/zh_CN.ts';
import { createTranslate } from '../../src/i18n/translate.ts';
import { toastText } from '../../src/ui/toasts/toast-text.ts';
import { makeHarness } from './harness.ts';

async function setup(model: string) {
  const h = makeHarness();
  const path = await h.add(model, '9.9.9');
  const kb = h.keyboardOf();
  const call = (func: string, args: string[] = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  const snapshot = () => new TextDecoder().decode(kb.serialize());
  return { ...h, call, snapshot };
}

describe('importing a scene saved from another model', () => {
  it('is refused with the two model names, in both languages, and changes nothing', async () => {
    const h = await setup('Made68Pro');
    const exported = (await h.call('set_theme_info', ['--export', '', '--cur_theme_id', '0'])) as { content: string };
    // Same size, same layers: only the model name tells it apart, as when a person edits the file.
    const edited = JSON.stringify({ ...JSON.parse(exported.content), model: 'Made68Ultra' });
    const before = h.snapshot();
    const error = await h.call('set_theme_info', ['--import', edited, '--cur_theme_id', '0']).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BridgeCallError);
    const refusal = error as BridgeCallError;
    expect(refusal.toastKey).toBe('theme.import.other.model');
    expect(refusal.args).toEqual(['Made68Ultra', 'Made68Pro']);
    expect(h.snapshot()).toBe(before);
    const toast = h.last('toast_message') as { title: string; args: string };
    const args = toast.args.split(';;');
    expect(toastText(toast.title, args, createTranslate(en_US))).toBe(
      'This theme file was saved from a Made68Ultra; this keyboard is a Made68Pro. Nothing was imported.',
    );
    expect(toastText(toast.title, args, createTranslate(zh_CN))).toBe(
      '此主题文件来自 Made68Ultra，而当前键盘是 Made68Pro，未导入任何内容。',
    );
  });

  it('still imports a scene of the same model written in other letter case', async () => {
    const h = await setup('Made68Pro');
    const exported = (await h.call('set_theme_info', ['--export', '', '--cur_theme_id', '0'])) as { content: string };
    const edited = JSON.stringify({ ...JSON.parse(exported.content), model: ' made68pro ' });
    await expect(h.call('set_theme_info', ['--import', edited, '--cur_theme_id', '0'])).resolves.toBeDefined();
  });
});
