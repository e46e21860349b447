// @vitest-environment jsdom
/**
 * Every family's keyboard sees only the controls its features offer. Our own keyboards keep every control of the
 * spec's screens; on a libhmk keyboard (HE60) and a VIA keyboard (Keytune VIA 65) the controls of our own protocol
 * are absent: switch types, the dead zone, rapid trigger auto, game config, N-key rollover, sleep, automatic
 * calibration, the connection modes, the battery, firmware updates, words about lighting and theme slots, the gamepad
 * preview beside a real Gamepad tab, and on VIA the advanced keys and pressing keys to a depth. The real device
 * service runs each family's simulator behind a loopback link.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en_US } from '../../src/i18n/en_US';
import { advancedEn } from '../../src/i18n/sections/advanced';
import { familiesEn } from '../../src/i18n/sections/families';
import { keycodeExtraEn } from '../../src/i18n/sections/keycode-extra';
import { keymapEn } from '../../src/i18n/sections/keymap';
import { performanceEn } from '../../src/i18n/sections/performance';
import { DeviceCard } from '../../src/ui/device-list/DeviceCard';
import { DeviceTab } from '../../src/ui/device-list/DeviceTab';
import PerfTab from '../../src/ui/device-page/performance/PerfTab';
import { DeviceSettingsTab } from '../../src/ui/device-page/settings/DeviceSettingsTab';
import { forgetDrawings } from '../../src/ui/keyboard/load-drawing';
import { useToastStore } from '../../src/ui/toasts/store';
import { serveDrawings } from './keycode/drawing-helpers';
import { key } from './performance/perf-helpers';
import { renderWithServices } from './render';
import { shown as settingsText } from './settings/settings-helpers';
import { testHost } from './test-host';

/** The English text of an id, from the sections these screens register when they load. */
const TEXTS: Record<string, string> = {
  ...en_US,
  ...advancedEn,
  ...familiesEn,
  ...keycodeExtraEn,
  ...keymapEn,
  ...performanceEn,
};
const say = (id: string) => TEXTS[id] ?? id;

const OURS = { model: 'Made68Pro', fwVer: '1.4.2' };
const HE60 = { model: 'HE60 (libhmk)', fwVer: '1.7.0' };
const VIA65 = { model: 'Keytune VIA 65', fwVer: '12.0.0' };
type Board = typeof OURS;

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function attach(board: Board) {
  const host = testHost({}, { timeoutMs: 2000 });
  const path = await host.live.addVirtual(board.model, { fwVer: board.fwVer });
  const record = () => host.live.records().find((r) => r.path === path)!;
  return { host, path, record };
}

/** Toasts that say a call was refused or failed (warnings and errors); none may show on a screen a family offers. */
function refusals(): string[] {
  return useToastStore
    .getState()
    .toasts.filter((t) => t.type !== 0)
    .map((t) => t.title);
}

/** The device page's own tabs (the key picker inside the Key code tab has tabs of its own). */
const tabNames = () =>
  within(screen.getByRole('tablist', { name: say('page.tabs.label') }))
    .getAllByRole('tab')
    .map((t) => t.textContent);

describe('the device page lists the tabs each family has', () => {
  async function openPage(board: Board) {
    const { host, path } = await attach(board);
    const r = renderWithServices(<DeviceTab />, { host });
    act(() => r.services.devices.getState().open(path));
    await screen.findByRole('tablist', { name: say('page.tabs.label') });
    return { host, path };
  }

  it('our keyboard: Key code, Key LED, Key performance, Device settings, and its theme slots', async () => {
    await openPage(OURS);
    expect(tabNames()).toEqual(['Key code', 'Key LED', 'Key performance', 'Device settings']);
    expect(await screen.findByRole('heading', { name: settingsText('themes.title') })).toBeInTheDocument();
  });

  it('HE60: no Key LED, its own Gamepad tab, profiles switched on the keyboard', async () => {
    await openPage(HE60);
    const tabs = within(screen.getByRole('tablist', { name: say('page.tabs.label') }));
    await tabs.findByRole('tab', { name: 'Gamepad' });
    expect(tabNames()).toEqual(['Key code', 'Key performance', 'Gamepad', 'Device settings']);
    expect(await screen.findByRole('heading', { name: say('profiles.title') })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: settingsText('themes.title') })).toBeNull();
  });

  it('VIA 65: its VIA tab, no Key LED or Key performance, no theme slots', async () => {
    await openPage(VIA65);
    expect(tabNames()).toEqual(['Key code', 'VIA', 'Device settings']);
    expect(screen.queryByRole('heading', { name: settingsText('themes.title') })).toBeNull();
    expect(screen.queryByRole('heading', { name: say('profiles.title') })).toBeNull();
  });
});

describe('the Key code tab offers advanced keys and pressing to a depth only where the keyboard has them', () => {
  async function openKeyCode(board: Board) {
    const { host, path } = await attach(board);
    const r = renderWithServices(<DeviceTab />, { host });
    act(() => r.services.devices.getState().open(path));
    await waitFor(() => expect(document.querySelector('[data-key-id="0"]')).not.toBeNull(), { timeout: 5000 });
  }
  const advancedMode = () => screen.queryByRole('radio', { name: say('keymap.mode.adv') });
  const pressKeys = () => screen.queryByRole('group', { name: say('keycode.press.group') });

  it('HE60 has both, and no gamepad preview beside its Gamepad tab', async () => {
    await openKeyCode(HE60);
    expect(pressKeys()).not.toBeNull();
    await userEvent.click(advancedMode()!);
    await screen.findByRole('heading', { name: say('adv.title') });
    expect(screen.queryByRole('button', { name: say('adv.gamepad.open') })).toBeNull();
  });

  it('our keyboard has both, and the gamepad preview', async () => {
    await openKeyCode(OURS);
    expect(pressKeys()).not.toBeNull();
    await userEvent.click(advancedMode()!);
    expect(await screen.findByRole('button', { name: say('adv.gamepad.open') })).toBeInTheDocument();
  });

  it('VIA 65 has neither: its keys do not travel and it keeps no advanced keys', async () => {
    await openKeyCode(VIA65);
    expect(advancedMode()).toBeNull();
    expect(pressKeys()).toBeNull();
  });
});

describe('Key performance shows the controls the keyboard has', () => {
  async function openPerf(board: Board) {
    const { host, path } = await attach(board);
    renderWithServices(<PerfTab path={path} />, { host });
    await screen.findByRole('slider', { name: say('perf.trigger') });
    await waitFor(() => expect(document.querySelector('[data-key-id="16"]')).not.toBeNull());
    const views = () => within(screen.getByRole('tablist', { name: say('perf.tabs.label') })).getAllByRole('tab');
    return { host, path, views };
  }

  /** Selects Q and turns rapid trigger on, so that every rapid-trigger control shows. */
  async function rapidOn() {
    act(() => key(16).focus());
    fireEvent.keyDown(key(16), { key: ' ' });
    const rt = screen.getByRole('switch', { name: say('perf.rt') });
    await userEvent.click(rt);
    await waitFor(() => expect(rt).toHaveAttribute('aria-checked', 'true'));
  }

  it('our keyboard: every view, the dead zone, rapid trigger auto with its sensitivity, the advanced mode', async () => {
    // A model whose firmware has the automatic mode (the plus models have it on every firmware).
    const { views } = await openPerf({ model: 'Made68Pro+', fwVer: '1.4.2' });
    expect(views().map((v) => v.textContent)).toEqual(['Performance', 'Game config', 'Switch', 'Verify']);
    await rapidOn();
    expect(screen.getByRole('slider', { name: say('perf.dead') })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: say('perf.rt.mode.1') })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: say('perf.rt.sensitivity') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Advanced mode: / })).toBeInTheDocument();
  });

  it('HE60: perf and verify only; no dead zone, its warning or rapid trigger auto; continuous rapid trigger named so', async () => {
    const { views } = await openPerf(HE60);
    expect(views().map((v) => v.textContent)).toEqual(['Performance', 'Verify']);
    await rapidOn();
    expect(screen.queryByRole('slider', { name: say('perf.dead') })).toBeNull();
    expect(screen.queryByText(say('perf.warn.dead.zero'))).toBeNull();
    expect(screen.queryByRole('tab', { name: say('perf.rt.mode.1') })).toBeNull();
    expect(screen.queryByRole('group', { name: say('perf.rt.sensitivity') })).toBeNull();
    expect(screen.getByRole('button', { name: /^Rapid trigger mode: / })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: say('perf.rt.settings') }));
    expect(screen.queryByRole('switch', { name: say('perf.rt.complete') })).toBeNull();
    expect(refusals()).toEqual([]);
  });

  it('HE60 verify: the calibration steps its keyboard takes, and no refusal', async () => {
    const { views } = await openPerf(HE60);
    await userEvent.click(views().find((v) => v.textContent === 'Verify')!);
    expect(await screen.findByRole('button', { name: say('perf.cal.start') })).toBeInTheDocument();
    expect(screen.getByText(say('perf.cal.manual'))).toBeInTheDocument();
    // The keyboard has no automatic calibration: the explanation says nothing of it.
    expect(screen.queryByText(/automatic calibration/i)).toBeNull();
    expect(refusals()).toEqual([]);
  });
});

describe('Device settings shows the settings the keyboard has', () => {
  async function openSettings(board: Board) {
    const { host, path, record } = await attach(board);
    renderWithServices(<DeviceSettingsTab device={record()} />, { host });
    await screen.findByRole('heading', { name: say('settings.info.title') });
    // The settings answer has arrived once the firmware row shows what the keyboard reports.
    await waitFor(() => expect(host.live.callsTo('getSettingData').length).toBeGreaterThan(0));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    return { host, path, record };
  }
  const info = () => within(screen.getByRole('region', { name: say('settings.info.title') }));
  const resetWords = async () => {
    await userEvent.click(screen.getByRole('button', { name: settingsText('settings.reset.button') }));
    return screen.getByRole('dialog', { name: settingsText('settings.reset.title') }).textContent;
  };

  it('our keyboard: connections, N-key, calibration, sleep, battery, updates; reset names lighting and themes', async () => {
    await openSettings(OURS);
    expect(screen.getByRole('heading', { name: settingsText('settings.link.title') })).toBeInTheDocument();
    for (const mode of ['settings.link.usb', 'settings.link.24g', 'settings.link.bluetooth'] as const)
      expect(screen.getByRole('button', { name: settingsText(mode) })).toBeInTheDocument();
    for (const id of ['settings.usb.nkey', 'settings.usb.calibration', 'settings.usb.sleep'] as const)
      expect(screen.getByRole('switch', { name: settingsText(id) })).toBeInTheDocument();
    expect(info().getByText(say('settings.info.battery'))).toBeInTheDocument();
    expect(info().getByText(settingsText('settings.info.report.rate'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: settingsText('firmware.online.title') })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: settingsText('firmware.local.title') })).toBeInTheDocument();
    expect(await resetWords()).toContain('key mapping, lighting, performance and all theme slots');
  });

  it.each([
    ['HE60', HE60, 'key mapping, performance and all profiles'],
    ['VIA 65', VIA65, 'key mapping, macros and lighting'],
  ])('%s: none of our protocol’s settings, no battery or updates; reset names what it has', async (_, board, words) => {
    await openSettings(board);
    expect(screen.queryByRole('heading', { name: settingsText('settings.link.title') })).toBeNull();
    for (const mode of ['settings.link.usb', 'settings.link.24g', 'settings.link.bluetooth'] as const)
      expect(screen.queryByRole('button', { name: settingsText(mode) })).toBeNull();
    for (const id of ['settings.usb.nkey', 'settings.usb.calibration', 'settings.usb.sleep'] as const)
      expect(screen.queryByRole('switch', { name: settingsText(id) })).toBeNull();
    expect(screen.queryByText(settingsText('settings.usb.needs.firmware'))).toBeNull();
    expect(info().queryByText(say('settings.info.battery'))).toBeNull();
    expect(info().queryByText(settingsText('settings.info.report.rate'))).toBeNull();
    expect(screen.queryByRole('heading', { name: settingsText('firmware.online.title') })).toBeNull();
    expect(screen.queryByRole('heading', { name: settingsText('firmware.local.title') })).toBeNull();
    expect(await resetWords()).toContain(`factory: ${words}.`);
    expect(refusals()).toEqual([]);
  });
});

describe('the device card shows a battery only where the keyboard has one', () => {
  it.each([
    ['our keyboard', OURS, true],
    ['HE60', HE60, false],
    ['VIA 65', VIA65, false],
  ])('%s', async (_, board, battery) => {
    const { host, record } = await attach(board);
    renderWithServices(
      <DeviceCard
        device={record()}
        pendingUpdate={undefined}
        onOpen={() => {}}
        onOpenSettings={() => {}}
        onRemove={() => {}}
      />,
      {
        host,
      },
    );
    expect(document.querySelector('[data-badge="battery"]') !== null).toBe(battery);
  });
});
