// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { App } from '../../src/ui/App';
import { TitleBar } from '../../src/ui/shell/TitleBarFrame';
import { testHost, FakeWindowControls } from './test-host';
import { renderWithServices } from './render';

function buttonsInOrder() {
  const group = screen.getByRole('group', { name: 'Window controls' });
  return within(group)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));
}

describe('desktop title bar', () => {
  it('is shown only when the host offers window controls', async () => {
    const { unmount } = renderWithServices(<App />, { host: testHost() });
    expect(screen.queryByRole('group', { name: 'Window controls' })).toBeNull();
    unmount();
    renderWithServices(<App />, { host: testHost({ windowControls: new FakeWindowControls() }) });
    // The title bar's code loads a moment after the app.
    expect(await screen.findByRole('group', { name: 'Window controls' })).toBeInTheDocument();
  });

  it('puts the controls on the right on Windows and Linux, on the left in Mac order on Mac', () => {
    const controls = new FakeWindowControls();
    const { container, unmount } = renderWithServices(<TitleBar controls={controls} platform="window" />);
    expect(container.querySelector('.titlebar')).toHaveClass('titlebar--controls-right');
    expect(buttonsInOrder()).toEqual(['Minimize', 'Maximize', 'Close']);
    unmount();
    const mac = renderWithServices(<TitleBar controls={controls} platform="mac" />);
    expect(mac.container.querySelector('.titlebar')).toHaveClass('titlebar--controls-left');
    expect(buttonsInOrder()).toEqual(['Close', 'Minimize', 'Maximize']);
  });

  it('drives the window and swaps the maximize icon for restore while maximized', async () => {
    const controls = new FakeWindowControls();
    renderWithServices(<TitleBar controls={controls} platform="linux" />);
    const maximize = screen.getByRole('button', { name: 'Maximize' });
    const iconBefore = maximize.innerHTML;
    await userEvent.click(maximize);
    const restore = screen.getByRole('button', { name: 'Restore' });
    expect(restore.innerHTML).not.toBe(iconBefore);
    act(() => controls.setMaximized(false));
    expect(screen.getByRole('button', { name: 'Maximize' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Minimize' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(controls.actions).toEqual(['toggleMaximize', 'minimize', 'close']);
  });

  it('starts maximized when the window already is, and follows the system', () => {
    const controls = new FakeWindowControls();
    controls.maximized = true;
    renderWithServices(<TitleBar controls={controls} platform="window" />);
    expect(screen.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    act(() => controls.setMaximized(false));
    expect(screen.getByRole('button', { name: 'Maximize' })).toBeInTheDocument();
  });

  it('changes the icon on hover', () => {
    renderWithServices(<TitleBar controls={new FakeWindowControls()} platform="window" />);
    const close = screen.getByRole('button', { name: 'Close' });
    const idle = close.innerHTML;
    fireEvent.pointerEnter(close);
    expect(close).toHaveAttribute('data-hover', 'true');
    expect(close.innerHTML).not.toBe(idle);
    fireEvent.pointerLeave(close);
    expect(close.innerHTML).toBe(idle);
  });

  it('starts a window drag only for a press-and-move inside the drag region', () => {
    const controls = new FakeWindowControls();
    renderWithServices(<TitleBar controls={controls} platform="window" />);
    Object.defineProperty(window, 'innerWidth', { value: 1200, configurable: true });
    const pressAndMove = (x: number, y: number) => {
      fireEvent.mouseDown(window, { clientX: x, clientY: y, button: 0 });
      fireEvent.mouseMove(window, { clientX: x + 5, clientY: y, buttons: 1 });
      fireEvent.mouseUp(window);
    };
    pressAndMove(600, 20);
    expect(controls.actions).toEqual(['startDrag']);
    pressAndMove(1150, 20); // control zone
    pressAndMove(600, 5); // top resize edge
    pressAndMove(600, 80); // below the title area
    expect(controls.actions).toEqual(['startDrag']);
    // A press without a move is a click, not a drag.
    fireEvent.mouseDown(window, { clientX: 600, clientY: 20, button: 0 });
    fireEvent.mouseUp(window);
    expect(controls.actions).toEqual(['startDrag']);
  });

  it('names its buttons in Chinese too', () => {
    renderWithServices(<TitleBar controls={new FakeWindowControls()} platform="window" />, { language: 'zh_CN' });
    expect(screen.getByRole('button', { name: '最小化' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '最大化' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '关闭' })).toBeInTheDocument();
  });
});
