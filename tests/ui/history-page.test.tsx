// @vitest-environment jsdom
/**
 * Undo and redo on the device page against the real service and a virtual Made68Pro: a change made by a tab's screen
 * is recorded through the page's client, the buttons, the shortcuts and the history list move it, the screens read
 * again what the keyboard holds, a refusal keeps the history, and the history survives leaving the page but not the
 * keyboard going away.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeviceTab } from '../../src/ui/device-list/DeviceTab';
import { Toasts } from '../../src/ui/toasts/Toasts';
import { renderWithServices, serviceDoes } from './render';
import { testHost } from './test-host';

const ESC = 0x29;
const B = 0x05;
const C = 0x06;
let mounts = 0;

// A stand-in for the Key code tab: it shows key 0 of layer 1 from the device's store and changes it through the
// client the page gives its screens, as the real screens do.
vi.mock('../../src/ui/device-page/key-code/KeyCodeTab', async () => {
  const { useEffect } = await import('react');
  const { useServices } = await import('../../src/ui/services');
  const { useDeviceData, useDeviceDataSelector } = await import('../../src/ui/device-page/store/device-data');
  return {
    default: function FakeKeyCodeTab({ path }: { path: string }) {
      const { client } = useServices();
      const data = useDeviceData(path, ['keyValues']);
      const kv = useDeviceDataSelector(data, (s) => s.keyValues);
      useEffect(() => {
        mounts++;
      }, []);
      const set = (code: number) => void data.changeKeyValues(client.setKeyInfo({ path, index: 0, select: [0], code }));
      return (
        <div>
          <output data-testid="key0">{kv.status === 'ready' ? String(kv.value.keycodes[0]![0]) : 'loading'}</output>
          <button type="button" onClick={() => set(B)}>
            Set B
          </button>
          <button type="button" onClick={() => set(C)}>
            Set C
          </button>
          <input aria-label="Name" />
        </div>
      );
    },
  };
});
vi.mock('../../src/ui/device-page/lighting/LedTab', () => ({ default: () => <p>Key LED</p> }));
vi.mock('../../src/ui/device-page/performance/PerfTab', () => ({ default: () => <p>Key performance</p> }));

async function openPage() {
  const host = testHost();
  const path = await host.live.addVirtual('Made68Pro');
  const r = renderWithServices(
    <>
      <DeviceTab />
      <Toasts />
    </>,
    { host },
  );
  act(() => r.services.devices.getState().open(path));
  await waitFor(() => expect(screen.getByTestId('key0')).toHaveTextContent(String(ESC)));
  const held = async () => (await host.live.client.getKeyValueInfo({ path })).keycodes[0]![0];
  return { ...r, path, held };
}

const undoButton = () => screen.getByRole('button', { name: 'Undo' });
const redoButton = () => screen.getByRole('button', { name: 'Redo' });
const steps = () => Number(document.querySelector('[data-history-length]')?.getAttribute('data-history-length'));
const position = () => Number(document.querySelector('[data-history-position]')?.getAttribute('data-history-position'));
const slow = { timeout: 4000 };

/** Makes a change through the stand-in screen and waits until it is a step of the history. */
async function change(label: 'Set B' | 'Set C', expected: number) {
  await userEvent.click(screen.getByRole('button', { name: label }));
  await waitFor(() => expect(steps()).toBe(expected), slow);
}

describe('undo and redo on the device page', () => {
  it('records a screen’s change, undoes and redoes it with the buttons, and the screen shows what the keyboard holds', async () => {
    const { held } = await openPage();
    expect(undoButton()).toHaveAttribute('aria-disabled', 'true');
    expect(undoButton()).toHaveAccessibleDescription('Nothing to undo');
    await change('Set B', 1);
    expect(undoButton()).toHaveAttribute('aria-disabled', 'false');
    expect(undoButton()).toHaveAccessibleDescription(/^Undo: .*Esc.*B.* \(Ctrl\+Z\)$/);
    expect(await held()).toBe(B);

    const before = mounts;
    await userEvent.click(undoButton());
    await waitFor(() => expect(position()).toBe(0), slow);
    expect(await held()).toBe(ESC);
    await waitFor(() => expect(screen.getByTestId('key0')).toHaveTextContent(String(ESC)));
    // The tab's content mounted again, so every panel read what the keyboard now holds.
    expect(mounts).toBeGreaterThan(before);
    expect(screen.getByRole('tab', { name: 'Key code' })).toHaveAttribute('aria-selected', 'true');
    expect(redoButton()).toHaveAccessibleDescription(/^Redo: /);

    await userEvent.click(redoButton());
    await waitFor(() => expect(position()).toBe(1), slow);
    expect(await held()).toBe(B);
    await waitFor(() => expect(screen.getByTestId('key0')).toHaveTextContent(String(B)));
  });

  it('Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, Cmd too; a text field keeps its own undo, a dialog its own keys', async () => {
    const { held } = await openPage();
    await change('Set B', 1);
    await change('Set C', 2);

    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(position()).toBe(2);

    await userEvent.click(screen.getByTestId('key0'));
    // While a dialog is open the shortcuts are its own.
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(position()).toBe(2);
    dialog.remove();
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(position()).toBe(1), slow);
    expect(await held()).toBe(B);
    await userEvent.keyboard('{Meta>}z{/Meta}');
    await waitFor(() => expect(position()).toBe(0), slow);
    expect(await held()).toBe(ESC);
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(position()).toBe(1), slow);
    await userEvent.keyboard('{Control>}y{/Control}');
    await waitFor(() => expect(position()).toBe(2), slow);
    expect(await held()).toBe(C);
  });

  it('the history list shows the steps newest first, jumps with one restore, and gives focus back on Escape', async () => {
    const { held, host } = await openPage();
    await change('Set B', 1);
    await change('Set C', 2);
    const opener = screen.getByRole('button', { name: 'History of changes' });
    await userEvent.click(opener);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/B.*C.*current$/),
      expect.stringMatching(/Esc.*B/),
      'As the keyboard was when opened',
    ]);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');

    const restores = host.live.callsTo('restoreBackup').length;
    await userEvent.click(items[2]!);
    await waitFor(() => expect(position()).toBe(0), slow);
    expect(host.live.callsTo('restoreBackup')).toHaveLength(restores + 1);
    expect(await held()).toBe(ESC);

    await userEvent.click(opener);
    const again = await screen.findByRole('menu');
    expect(within(again).getAllByRole('menuitemradio')[2]).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('a keyboard changed elsewhere refuses the undo with a clear toast; the history stays and can be cleared', async () => {
    const { held, host, path } = await openPage();
    await change('Set B', 1);
    // Another window or the command line changes the keyboard.
    await serviceDoes(() => host.live.client.setKeyInfo({ path, index: 0, select: [1], code: C }));
    await userEvent.click(undoButton());
    await screen.findByText(/The keyboard was changed elsewhere since this step/);
    expect(await held()).toBe(B);
    expect(steps()).toBe(1);
    expect(position()).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'History of changes' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('note')).toHaveTextContent(/changed elsewhere/);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Clear history' }));
    await waitFor(() => expect(steps()).toBe(0));
    expect(undoButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('a restore from the backup screens is a step of the history, and the screens read again', async () => {
    const { held, host, path } = await openPage();
    const opened = await host.live.client.getBackup({ path });
    await change('Set B', 1);
    await serviceDoes(() => host.live.client.restoreBackup({ path, backup: JSON.stringify(opened) }));
    await waitFor(() => expect(steps()).toBe(2), slow);
    await waitFor(() => expect(screen.getByTestId('key0')).toHaveTextContent(String(ESC)));
    await userEvent.click(undoButton());
    await waitFor(() => expect(position()).toBe(1), slow);
    expect(await held()).toBe(B);
  });

  it('the history survives leaving the page, and is cleared with a toast when the keyboard goes away', async () => {
    const { host, path, services } = await openPage();
    await change('Set B', 1);
    await userEvent.click(screen.getByRole('button', { name: 'Back to devices: Made68Pro' }));
    act(() => services.devices.getState().open(path));
    await waitFor(() => expect(steps()).toBe(1));
    expect(undoButton()).toHaveAttribute('aria-disabled', 'false');

    await serviceDoes(() => host.live.transport(path).disconnect());
    await screen.findByText('History of Made68Pro cleared: the keyboard was disconnected');
  });
});
