// @vitest-environment jsdom
/** The keyboard tester keeps the keyboard: Tab and the keys the browser acts on are tested, and focus stays. */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ToolTab from '../../../src/ui/tools/ToolTab';
import { renderWithServices } from '../render';
import { servePublic } from './serve-public';

const counter = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling!.textContent;
const area = () => screen.getByRole('application', { name: /Key test area|按键测试区/ });

async function openTester(language: 'en_US' | 'zh_CN' = 'en_US') {
  servePublic();
  renderWithServices(<ToolTab />, { language });
  const open = language === 'en_US' ? /Open Keyboard Tester/ : /打开键盘测试/;
  await userEvent.click(await screen.findByRole('button', { name: open }));
  await screen.findByRole('application', { name: /Key test area|按键测试区/ });
}

// jsdom says the document has no focus until something in it was focused; a browser window that shows the page has.
beforeEach(() => {
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Keyboard tester keeps the keyboard', () => {
  it('counts Tab and keeps focus, so later keys (letters, F5, Esc, arrows, Space) are counted too', async () => {
    const user = userEvent.setup();
    await openTester();
    expect(area()).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(area()).toHaveFocus();
    await user.keyboard('{a}{F5}{Escape}{ArrowDown}{ }');
    await waitFor(() => expect(counter('Total clicks')).toBe('6'));
    expect(area()).toHaveFocus();
    expect(screen.queryByRole('alert')?.textContent ?? null).toBeNull();
  });

  it('keeps the browser from acting on the tested keys, held ones too', async () => {
    await openTester();
    for (const code of ['Tab', 'F5', 'Space', 'ArrowDown', 'Backspace', 'Escape']) {
      const press = new KeyboardEvent('keydown', { code, bubbles: true, cancelable: true });
      const held = new KeyboardEvent('keydown', { code, bubbles: true, cancelable: true, repeat: true });
      act(() => {
        area().dispatchEvent(press);
        area().dispatchEvent(held);
      });
      expect([code, press.defaultPrevented, held.defaultPrevented]).toEqual([code, true, true]);
    }
  });

  it('lets the keyboard out with Esc then Tab, says keys are no longer tested, and takes focus back', async () => {
    const user = userEvent.setup();
    await openTester();
    await user.keyboard('{Escape}{Tab}');
    expect(area()).not.toHaveFocus();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Keys are not being tested: focus has left the test area.');
    await waitFor(() => expect(counter('Total clicks')).toBe('2'));
    await user.click(screen.getByRole('button', { name: 'Resume testing' }));
    expect(area()).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.keyboard('{b}');
    await waitFor(() => expect(counter('Total clicks')).toBe('3'));
  });

  it('says the same in Chinese', async () => {
    const user = userEvent.setup();
    await openTester('zh_CN');
    expect(area()).toHaveAccessibleDescription(/Esc.*Tab/);
    await user.keyboard('{Escape}{Tab}');
    expect(await screen.findByRole('alert')).toHaveTextContent('按键未被测试');
    expect(screen.getByRole('button', { name: '继续测试' })).toBeInTheDocument();
  });
});
