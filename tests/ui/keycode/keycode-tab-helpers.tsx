/**
 * A made68pro on the real device service for the Key code tab tests: the tab talks to the reference firmware over a
 * loopback link, and a test reads back what the keyboard holds. A keyboard that stops answering (every report lost)
 * is how a test makes the device fail a call.
 */
import { act, screen } from '@testing-library/react';
import { defaultKeymap } from '../../../src/core/layouts';
import KeyCodeTab from '../../../src/ui/device-page/key-code/KeyCodeTab';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

/** Inactivity timeout of these tests' exchanges: how long a call to a keyboard that stopped answering takes to fail. */
export const TIMEOUT_MS = 500;

export async function liveKeyboard(options: { currentLayer?: number } = {}) {
  const host = testHost({}, { timeoutMs: TIMEOUT_MS });
  const live = host.live;
  const path = await live.addVirtual('Made68Pro');
  if (options.currentLayer !== undefined) await live.client.setKeyInfo({ path, index: options.currentLayer });
  const keyboard = live.keyboard(path);
  return {
    host,
    path,
    factory: defaultKeymap('made68pro'),
    /** The codes the keyboard holds now, per layer and key. */
    held(): number[][] {
      const { state } = keyboard.inspect();
      return state.profiles[state.currentTheme]!.keymap;
    },
    /**
     * From now on every report to and from the keyboard is lost, and the service no longer trusts its copy of the
     * keyboard's settings (as after any exchange that went unanswered), so the next call has to reach the keyboard.
     */
    async stopAnswering(): Promise<void> {
      live.transport(path).setLink({ loss: 1 });
      await act(async () => {
        await live.client.getSettingData({ path }).catch(() => undefined);
      });
      // That read went unanswered twice, so the service took the keyboard for silent: calls fail unsent for one
      // timeout budget (3 x 1.5 s) from the first timeout. Wait it out, so the next call does go to the keyboard.
      await act(() => new Promise<void>((resolve) => setTimeout(resolve, 1500 * 2 + 200)));
    },
    answerAgain(): void {
      live.transport(path).setLink({ loss: 0 });
    },
    setKeyInfoCalls: () => live.callsTo('setKeyInfo'),
  };
}

export type LiveKeyboard = Awaited<ReturnType<typeof liveKeyboard>>;

export async function renderTab(keyboard: LiveKeyboard, language?: 'en_US' | 'zh_CN') {
  const rendered = renderWithServices(<KeyCodeTab path={keyboard.path} />, {
    host: keyboard.host,
    ...(language ? { language } : {}),
  });
  await screen.findByRole('button', { name: language === 'zh_CN' ? '第 1 层' : 'Layer 1' });
  await screen.findByRole('grid');
  return rendered;
}
