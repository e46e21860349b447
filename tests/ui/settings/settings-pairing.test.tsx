// @vitest-environment jsdom
/**
 * Pair and Re-pair on the Device settings screen of a wireless keyboard: the button says Pair when unpaired and
 * Re-pair when paired, is unavailable and busy while pairing, keeps the keyboard focus, and has the hint below it
 * as its description, in both languages; the pairing status follows the keyboard by itself. A wired keyboard shows
 * none of it, and an answer lost on the way leaves the screen showing what the keyboard holds.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { specTextsEn, specTextsZh } from '../../../src/i18n/sections/spec-texts';
import { settingsEn, settingsZh } from '../../../src/i18n/sections/settings';
import type { Language } from '../../../src/i18n/translate';
import { CMD, SUB } from '../../../src/protocol/commands';
import { decodeFrame, encodeFrame, subId } from '../../../src/protocol/frame';
import { commandFrame } from '../../../src/protocol/messages';
import { DeviceSettingsTab } from '../../../src/ui/device-page/settings/DeviceSettingsTab';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

const TEXTS = {
  en_US: { ...specTextsEn, ...settingsEn },
  zh_CN: { ...specTextsZh, ...settingsZh },
};
type Host = ReturnType<typeof testHost>;
type Keyboard = ReturnType<Host['live']['keyboard']>;

const PAIR = new TextEncoder().encode('PAIR');
const isPair = (report: Uint8Array): boolean => {
  const f = decodeFrame(report);
  return f.cmd === CMD.system && subId(f.sub) === SUB.system.pair;
};

/** Leaves the keyboard unpaired: a pairing cut short by a power loss. */
function unpair(kb: Keyboard): void {
  kb.receive(encodeFrame(commandFrame(CMD.system, SUB.system.pair, PAIR)));
  kb.powerCycle();
}

async function open(model: string, language: Language = 'en_US', before?: (kb: Keyboard) => void) {
  const host = testHost({}, { timeoutMs: 500 });
  const path = await host.live.addVirtual(model, { fwVer: '1.4.2' });
  const kb = host.live.keyboard(path);
  before?.(kb);
  const record = host.live.records().find((r) => r.path === path)!;
  renderWithServices(<DeviceSettingsTab device={record} />, { host, language });
  await screen.findByRole('heading', { name: TEXTS[language]['settings.link.title'] });
  return { host, path, kb };
}

/** The pairing status shown in the information list. */
const status = (language: Language = 'en_US') => {
  const about = document.getElementById('device-info-title')!.closest('section')!;
  return within(about).queryByText(TEXTS[language]['dev.pair.status'])?.nextElementSibling?.textContent;
};
const linkSection = (language: Language = 'en_US') =>
  screen.getByRole('heading', { name: TEXTS[language]['settings.link.title'] }).closest('section')!;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('pairing on the Device settings screen', () => {
  it('Re-pair from the keyboard: busy while pairing, then Paired, with the focus kept', async () => {
    const { kb, host } = await open('Made68Air');
    const en = TEXTS.en_US;
    const button = await within(linkSection()).findByRole('button', { name: en['pair.repair'] });
    expect(button).toHaveAccessibleDescription(en['pair.repair.hint']);
    expect(screen.getByText(en['pair.repair.hint'])).toBeVisible();
    expect(status()).toBe(en['pair.paired']);
    expect(button).not.toHaveAttribute('aria-disabled');

    const user = userEvent.setup();
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(status()).toBe(en['pair.pairing']));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(kb.inspect().state.device.pairState).toBe(1);
    // Pressed again while pairing: nothing is sent.
    await user.keyboard('{Enter}');
    expect(host.live.callsTo('setSettingInfo')).toHaveLength(1);

    await waitFor(() => expect(status()).toBe(en['pair.paired']), { timeout: 4000 });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).toHaveAccessibleName(en['pair.repair']);
    expect(document.activeElement).toBe(button);
    expect(kb.inspect().state.device.pairState).toBe(2);
  });

  it('Pair on an unpaired keyboard, in Chinese: 配对, then 配对中, then 已配对 and 重新配对', async () => {
    await open('Made68Air', 'zh_CN', unpair);
    const zh = TEXTS.zh_CN;
    const section = linkSection('zh_CN');
    await waitFor(() => expect(status('zh_CN')).toBe(zh['pair.unpaired']));
    const button = within(section).getByRole('button', { name: zh['pair.pair'] });
    expect(button).toHaveAccessibleDescription(zh['pair.repair.hint']);
    await userEvent.setup().click(button);
    await waitFor(() => expect(status('zh_CN')).toBe(zh['pair.pairing']));
    // While pairing the button keeps its name.
    expect(button).toHaveAccessibleName(zh['pair.pair']);
    expect(button).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(status('zh_CN')).toBe(zh['pair.paired']), { timeout: 4000 });
    expect(within(section).getByRole('button', { name: zh['pair.repair'] })).not.toHaveAttribute('aria-disabled');
  });

  it('shows no pairing on a wired keyboard', async () => {
    await open('Made68Pro');
    const en = TEXTS.en_US;
    await waitFor(() => expect(screen.getByText(settingsEn['settings.usb.nkey'])).toBeTruthy());
    expect(screen.queryByRole('button', { name: en['pair.repair'] })).toBeNull();
    expect(screen.queryByRole('button', { name: en['pair.pair'] })).toBeNull();
    expect(screen.queryByText(en['pair.repair.hint'])).toBeNull();
  });

  it('when the answer is lost, shows what the keyboard holds: pairing, then paired', async () => {
    const { kb } = await open('Made68Air');
    const en = TEXTS.en_US;
    const receive = kb.receive.bind(kb);
    // The keyboard gets the command and starts pairing; its answer never comes back.
    vi.spyOn(kb, 'receive').mockImplementation((report: Uint8Array) => {
      const replies = receive(report);
      return isPair(report) ? [] : replies;
    });
    const button = await within(linkSection()).findByRole('button', { name: en['pair.repair'] });
    await act(async () => {
      await userEvent.setup().click(button);
    });
    await waitFor(() => expect(status()).toBe(en['pair.pairing']));
    await waitFor(() => expect(status()).toBe(en['pair.paired']), { timeout: 4000 });
    expect(button).not.toHaveAttribute('aria-busy');
    expect(kb.inspect().state.device.pairState).toBe(2);
  });
});
