// @vitest-environment jsdom
/**
 * The keyboard mode choice of the USB settings on a virtual keyboard: the mode the keyboard is in is checked, choosing
 * one sets its report rate and light, a state matching no mode says Custom, the Key LED tab's changes show here, a
 * failed change is announced and shows what the keyboard holds, both languages, and old firmware has no choice.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../src/i18n/translate';
import { CMD, SUB } from '../../../src/protocol/commands';
import { decodeFrame, subId } from '../../../src/protocol/frame';
import { DeviceSettingsTab } from '../../../src/ui/device-page/settings/DeviceSettingsTab';
import { useToastStore } from '../../../src/ui/toasts/store';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';
import { shown } from './settings-helpers';

const MODES = { power: 'Power saving mode', office: 'Office mode', game: 'Game mode' } as const;

async function openSettings(fwVer = '1.4.2', language?: Language) {
  const host = testHost({}, { timeoutMs: 300 });
  const path = await host.live.addVirtual('Made68Pro', { fwVer });
  const record = host.live.records().find((r) => r.path === path)!;
  renderWithServices(<DeviceSettingsTab device={record} />, { host, ...(language ? { language } : {}) });
  const kb = host.live.keyboard(path);
  /** Report rate index and per-key light as the keyboard stores them. */
  const stored = () => {
    const { settings, profiles, currentTheme } = kb.inspect().state;
    return { reportRate: settings.reportRate, light: profiles[currentTheme]!.lighting.lightSwitch };
  };
  const modeCalls = () =>
    host.live
      .callsTo('setSettingInfo')
      .map((c) => Object.fromEntries(c.named))
      .filter((a) => 'kb_mode' in a);
  return { host, path, kb, stored, modeCalls };
}

const group = (name = 'Keyboard mode') => screen.findByRole('radiogroup', { name });
const radio = (name: string) => screen.getByRole('radio', { name });
const checkedMode = () =>
  within(screen.getByRole('radiogroup'))
    .queryAllByRole('radio', { checked: true })
    .map((r) => r.getAttribute('aria-labelledby') ?? r.firstChild?.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the keyboard mode', () => {
  it('shows the three modes with their descriptions and checks the one the keyboard is in', async () => {
    await openSettings();
    const choices = within(await group()).getAllByRole('radio');
    expect(choices.map((c) => c.firstChild?.textContent)).toEqual(Object.values(MODES));
    expect(radio(MODES.power)).toHaveAccessibleDescription('Light off, 125Hz');
    expect(radio(MODES.office)).toHaveAccessibleDescription('Light on, 250Hz');
    expect(radio(MODES.game)).toHaveAccessibleDescription('Light on, 1000Hz');
    // A new keyboard runs at 1000 Hz with the light on.
    await waitFor(() => expect(radio(MODES.game)).toBeChecked());
    expect(checkedMode()).toHaveLength(1);
    expect(screen.queryByText(/^Custom/)).toBeNull();
    // The report rate stays in the information list.
    expect(screen.getByText(shown('settings.info.report.rate'))).toBeInTheDocument();
  });

  it('sets the chosen mode on the keyboard, busy while writing, and checks it once answered', async () => {
    const tab = await openSettings();
    const user = userEvent.setup();
    await waitFor(() => expect(radio(MODES.game)).toBeChecked());
    await user.click(radio(MODES.power));
    await waitFor(() => expect(radio(MODES.power)).toBeChecked());
    expect(tab.modeCalls()).toEqual([{ path: tab.path, kb_mode: 'power' }]);
    expect(tab.stored()).toEqual({ reportRate: 0, light: 0 });
    expect(screen.getByText(shown('settings.info.report.rate')).nextElementSibling).toHaveTextContent('125 Hz');
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-busy', 'false');

    // Until the keyboard has answered, another choice is ignored; the radios stay enabled, so focus stays on them.
    fireEvent.click(radio(MODES.office));
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(radio(MODES.game));
    for (const r of within(screen.getByRole('radiogroup')).getAllByRole('radio')) expect(r).toBeEnabled();
    await waitFor(() => expect(radio(MODES.office)).toBeChecked());
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-busy', 'false');
    expect(tab.modeCalls().map((c) => c.kb_mode)).toEqual(['power', 'office']);
  });

  it('moves with the arrow keys and sends the mode it lands on', async () => {
    const tab = await openSettings();
    const user = userEvent.setup();
    await waitFor(() => expect(radio(MODES.game)).toBeChecked());
    act(() => radio(MODES.game).focus());
    // Held as a person holds a key: the focus moves first, the key comes up later.
    await user.keyboard('{ArrowUp>}');
    await waitFor(() => expect(radio(MODES.office)).toBeChecked());
    await user.keyboard('{/ArrowUp}');
    expect(tab.stored()).toEqual({ reportRate: 1, light: 1 });
    // Focus stays on the group, so the next arrow goes on from here.
    await waitFor(() => expect(radio(MODES.office)).toHaveFocus());
  });

  it('checks none and says Custom when the light and the rate match no mode, as the Key LED tab changes it', async () => {
    const tab = await openSettings();
    await waitFor(() => expect(radio(MODES.game)).toBeChecked());
    // The light turned off elsewhere (the Key LED tab): 1000 Hz with the light off is no mode.
    await act(() => tab.host.live.client.setLedInfo({ path: tab.path, light_switch: 0 }));
    await waitFor(() => expect(checkedMode()).toEqual([]));
    expect(screen.getByText(shown('settings.usb.kb.mode.custom'))).toBeInTheDocument();
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription(shown('settings.usb.kb.mode.custom'));
    // Choosing a mode again leaves Custom.
    await userEvent.setup().click(radio(MODES.game));
    await waitFor(() => expect(radio(MODES.game)).toBeChecked());
    expect(screen.queryByText(shown('settings.usb.kb.mode.custom'))).toBeNull();
    expect(tab.stored()).toEqual({ reportRate: 2, light: 1 });
  });

  it('announces a change whose answer was lost and shows the mode the keyboard holds', async () => {
    const tab = await openSettings();
    const user = userEvent.setup();
    await waitFor(() => expect(radio(MODES.game)).toBeChecked());
    const receive = tab.kb.receive.bind(tab.kb);
    let dropped = false;
    vi.spyOn(tab.kb, 'receive').mockImplementation((report: Uint8Array) => {
      const replies = receive(report);
      const f = decodeFrame(report);
      if (!dropped && f.cmd === CMD.system && subId(f.sub) === SUB.system.txCommit) {
        dropped = true;
        return [];
      }
      return replies;
    });
    await user.click(radio(MODES.office));
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('err.dev.timeout'));
    // The keyboard did apply the change: read again, the office mode is checked.
    await waitFor(() => expect(radio(MODES.office)).toBeChecked());
    expect(tab.stored()).toEqual({ reportRate: 1, light: 1 });
    for (const r of within(screen.getByRole('radiogroup')).getAllByRole('radio')) expect(r).toBeEnabled();
  });

  it('speaks Chinese, Custom included', async () => {
    const tab = await openSettings('1.4.2', 'zh_CN');
    await group('键盘模式');
    await waitFor(() => expect(radio('游戏模式')).toBeChecked());
    expect(radio('省电模式')).toHaveAccessibleDescription('灯光关闭，125Hz');
    expect(radio('办公模式')).toHaveAccessibleDescription('灯光开启，250Hz');
    await act(() => tab.host.live.client.setLedInfo({ path: tab.path, light_switch: 0 }));
    await waitFor(() => expect(screen.getByText(/^自定义/)).toBeInTheDocument());
  });

  it('is not offered on firmware without N-key and sleep (pro models up to 1.1.1)', async () => {
    await openSettings('1.1.1');
    await screen.findByRole('heading', { name: shown('settings.link.title') });
    expect(screen.queryByRole('radiogroup', { name: 'Keyboard mode' })).toBeNull();
  });
});
