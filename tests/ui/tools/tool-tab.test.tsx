// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ToolTab from '../../../src/ui/tools/ToolTab';
import { renderWithServices, serviceDoes } from '../render';
import { testHost } from '../test-host';
import { servePublic } from './serve-public';

const key = (type: 'keyDown' | 'keyUp', code: string, timeStamp?: number) => {
  const target = document.activeElement ?? document.body;
  const event = new KeyboardEvent(type === 'keyDown' ? 'keydown' : 'keyup', { code, bubbles: true, cancelable: true });
  if (timeStamp !== undefined) Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
};
const tap = (code: string) => {
  key('keyDown', code);
  key('keyUp', code);
};
/** The value shown under a counter's name. */
const counter = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling!.textContent;

async function openTester(setup: Parameters<typeof renderWithServices>[1] = {}) {
  servePublic();
  const rendered = renderWithServices(<ToolTab />, setup);
  await userEvent.click(await screen.findByRole('button', { name: /Open Keyboard Tester/ }));
  await screen.findByRole('application', { name: 'Key test area: press keys to test them' });
  return rendered;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Tool tab', () => {
  it('lists the plugins named and described by their info.json, and opens one with a Back link', async () => {
    servePublic();
    renderWithServices(<ToolTab />);
    const card = await screen.findByRole('button', { name: 'Open Keyboard Tester' });
    expect(card).toHaveAccessibleDescription(/Press keys to see each press and release/);
    await userEvent.click(card);
    expect(await screen.findByRole('heading', { name: 'Keyboard Tester' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Tools' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open Keyboard Tester' })).toHaveFocus());
  });

  it('names plugins in Chinese too', async () => {
    servePublic();
    renderWithServices(<ToolTab />, { language: 'zh_CN' });
    expect(await screen.findByRole('button', { name: '打开键盘测试' })).toBeInTheDocument();
  });

  it('says so when the plugin list cannot be read, and leaves out a plugin with a broken info.json', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    servePublic({ '/plugins/index.json': 500 });
    const first = renderWithServices(<ToolTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The plugin list could not be loaded');
    first.unmount();
    servePublic({ '/plugins/index.json': '["keyboard-tester","broken"]', '/plugins/broken/info.json': '{"id":1}' });
    renderWithServices(<ToolTab />);
    await screen.findByRole('button', { name: 'Open Keyboard Tester' });
    expect(within(screen.getByRole('list', { name: 'Plugins' })).getAllByRole('button')).toHaveLength(1);
  });
});

describe('Keyboard tester, browser key events', () => {
  it('tells the user, before anything goes wrong, that every key is tested and how to leave with the keyboard', async () => {
    await openTester();
    expect(screen.getByRole('application', { name: /Key test area/ })).toHaveAccessibleDescription(
      /Tab, Esc, F5, arrows and Space are tested too.*press Esc, then Tab/,
    );
  });

  it('shows each key press on the drawing and in the counters', async () => {
    await openTester();
    const area = screen.getByRole('application', { name: /Key test area/ });
    expect(area).toHaveFocus();
    key('keyDown', 'KeyA');
    expect(await screen.findByRole('img', { name: 'A: held, pressed 1 time' })).toBeInTheDocument();
    key('keyDown', 'ShiftLeft');
    key('keyDown', 'Numpad5');
    await waitFor(() => expect(counter('Currently pressed')).toBe('3'));
    key('keyUp', 'KeyA');
    key('keyUp', 'ShiftLeft');
    key('keyUp', 'Numpad5');
    tap('KeyA');
    await waitFor(() => expect(counter('Total clicks')).toBe('4'));
    expect(counter('Currently pressed')).toBe('0');
    expect(counter('Max simultaneous pressing')).toBe('3');
    expect(screen.getByRole('img', { name: 'A: pressed 2 times' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Left Shift: pressed 1 time' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Numpad 5: pressed 1 time' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'S: not pressed yet' })).toBeInTheDocument();
  });

  it('lists every event in a six-column table, with spacing, rollover and press count', async () => {
    await openTester();
    key('keyDown', 'KeyQ', 1000);
    key('keyDown', 'KeyW', 1012.5);
    key('keyUp', 'KeyQ', 1020.25);
    const table = screen.getByRole('table', { name: 'Key events' });
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', '4'));
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['No.', 'Time', 'Spacing', 'Key name', 'Press/Release', 'Press count']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['1', '0.0000 s', '0.00 ms', 'Q', 'Press · 1 held', '1'],
      ['2', '0.0125 s', '12.50 ms', 'W', 'Press · 2 held', '1'],
      ['3', '0.0203 s', '7.75 ms', 'Q', 'Release · 1 held', '1'],
    ]);
  });

  it('flags chatter: a press within the threshold of its release', async () => {
    await openTester();
    key('keyDown', 'KeyJ', 100);
    key('keyUp', 'KeyJ', 150);
    key('keyDown', 'KeyJ', 152);
    await waitFor(() => expect(counter('Chatter')).toBe('1'));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent(/2\s*chatter/);
  });

  it('ignores auto-repeat and keys typed into its own controls', async () => {
    await openTester();
    key('keyDown', 'KeyA');
    const repeat = new KeyboardEvent('keydown', { code: 'KeyA', repeat: true, bubbles: true });
    act(() => {
      document.activeElement!.dispatchEvent(repeat);
    });
    act(() => screen.getByRole('button', { name: 'Clear' }).focus());
    key('keyDown', 'KeyB');
    await waitFor(() => expect(counter('Total clicks')).toBe('1'));
  });

  it('Clear resets counters, table and keys', async () => {
    await openTester();
    tap('KeyA');
    await screen.findByRole('img', { name: 'A: pressed 1 time' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(counter('Total clicks')).toBe('0'));
    expect(screen.getByRole('img', { name: 'A: not pressed yet' })).toBeInTheDocument();
    expect(screen.getByText('No key events yet.')).toBeInTheDocument();
    expect(screen.getByRole('application', { name: /Key test area/ })).toHaveFocus();
  });

  it('warns when the page loses focus and lets go of held keys', async () => {
    await openTester();
    key('keyDown', 'KeyA');
    await waitFor(() => expect(counter('Currently pressed')).toBe('1'));
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'If the page does not respond, click an empty area and retry.',
    );
    await waitFor(() => expect(counter('Currently pressed')).toBe('0'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('keeps a long log windowed: only the rows in view are in the page', async () => {
    await openTester();
    for (let i = 0; i < 600; i++) tap(i % 2 ? 'KeyK' : 'KeyL');
    const table = screen.getByRole('table', { name: 'Key events' });
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', '1201'));
    expect(within(table).getAllByRole('row').length).toBeLessThan(30);
    // The view follows the newest event.
    expect(within(table).getAllByRole('row').at(-1)).toHaveAttribute('aria-rowindex', '1201');
  });

  it('Config: use voice speaks each pressed key after OK, not after Cancel, and is remembered', async () => {
    const speak = vi.fn();
    vi.stubGlobal('speechSynthesis', { speak, cancel: vi.fn() });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        rate = 1;
        constructor(public text: string) {}
      },
    );
    await openTester();
    await userEvent.click(screen.getByRole('button', { name: 'Config' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use voice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => screen.getByRole('application').focus());
    tap('KeyA');
    await screen.findByRole('img', { name: 'A: pressed 1 time' });
    expect(speak).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Config' }));
    const dialog = screen.getByRole('dialog', { name: 'Tester settings' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Use voice' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    act(() => screen.getByRole('application').focus());
    tap('ShiftRight');
    await waitFor(() => expect(speak).toHaveBeenCalledTimes(1));
    expect(speak.mock.calls[0]![0]).toMatchObject({ text: 'Right Shift', lang: 'en-US' });
    expect(JSON.parse(localStorage.getItem('TesterConfig')!)).toMatchObject({ use_voice: true });
  });

  it('Config: the chatter threshold applies to the next presses', async () => {
    await openTester();
    await userEvent.click(screen.getByRole('button', { name: 'Config' }));
    const input = screen.getByRole('spinbutton', { name: 'Chatter threshold (ms)' });
    await userEvent.clear(input);
    await userEvent.type(input, '20');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    act(() => screen.getByRole('application').focus());
    key('keyDown', 'KeyJ', 100);
    key('keyUp', 'KeyJ', 150);
    key('keyDown', 'KeyJ', 165);
    await waitFor(() => expect(counter('Chatter')).toBe('1'));
  });

  it('shows keys the drawing lacks as labelled chips', async () => {
    await openTester();
    tap('F20');
    tap('IntlRo');
    expect(await screen.findByRole('listitem', { name: 'F20: pressed 1 time' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Ro: pressed 1 time' })).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await (async () => {
      servePublic();
      renderWithServices(<ToolTab />, { language: 'zh_CN' });
      await userEvent.click(await screen.findByRole('button', { name: '打开键盘测试' }));
    })();
    await screen.findByRole('application', { name: '按键测试区：按下按键进行测试' });
    tap('ControlLeft');
    expect(await screen.findByRole('img', { name: '左 Ctrl：已按下 1 次' })).toBeInTheDocument();
  });
});

describe('Keyboard tester, a keyboard of its own', () => {
  it('takes key events from a virtual keyboard, pressed on its drawing', async () => {
    const host = testHost();
    const path = await host.live.addVirtual('Made68Pro', { fwVer: '1.3.7' });
    await openTester({ host });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Key events from' }),
      screen.getByRole('option', { name: /Made68Pro \(its own key events\)/ }),
    );
    await waitFor(() => expect(host.live.callsTo('devEventStream').at(-1)?.named.get('action')).toBe('start'));
    // The firmware's key press API, as the keyboard's own switch would.
    await serviceDoes(async () => {
      host.live.keyboard(path).pressKey(3, 4);
      await new Promise((r) => setTimeout(r, 20));
    });
    await waitFor(() => expect(counter('Currently pressed')).toBe('1'));
    await serviceDoes(async () => {
      host.live.keyboard(path).pressKey(3, 0);
      await new Promise((r) => setTimeout(r, 20));
    });
    await waitFor(() => expect(counter('Total clicks')).toBe('1'));
    expect(counter('Currently pressed')).toBe('0');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/\(key 3\)/);
    // Browser keys do not count while the keyboard's own events are shown.
    fireEvent.keyDown(document.body, { code: 'KeyA' });
    expect(counter('Total clicks')).toBe('1');
  });
});
