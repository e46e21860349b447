// @vitest-environment jsdom
/**
 * The same toast said again does not stack a copy: it shows once, with how many times it was said, and its time
 * starts again. While a dialog is open, toasts stay clear of its text fields.
 */
import { act, render, screen } from '@testing-library/react';
import { Toasts } from '../../src/ui/toasts/Toasts';
import { quietToasts, useToastStore } from '../../src/ui/toasts/store';
import { toastPlacement } from '../../src/ui/toasts/placement';
import { renderWithServices } from './render';

const warning = { title: 'perf.no.select.keys', context: '', args: '', type: 2, delay: 3 } as const;

afterEach(() => act(() => useToastStore.setState({ toasts: [] })));

describe('repeated toasts', () => {
  it('collapse into one with a count, in both languages', () => {
    renderWithServices(<Toasts />);
    act(() => {
      for (let i = 0; i < 3; i++) useToastStore.getState().push(warning);
    });
    expect(useToastStore.getState().toasts).toHaveLength(1);
    expect(screen.getAllByText('Please select the key first!')).toHaveLength(1);
    expect(screen.getByText('×3')).toBeInTheDocument();
    expect(screen.getByText('×3')).toHaveAccessibleName('3 times');
  });

  it('count in Chinese too, and a different toast is its own', () => {
    renderWithServices(<Toasts />, { language: 'zh_CN' });
    act(() => {
      useToastStore.getState().push(warning);
      useToastStore.getState().push(warning);
      useToastStore.getState().push({ ...warning, title: 'copy.done', type: 0 });
    });
    expect(useToastStore.getState().toasts).toHaveLength(2);
    expect(screen.getByText('×2')).toHaveAccessibleName('2 次');
  });

  it('a repeat restarts the toast’s time', () => {
    vi.useFakeTimers();
    try {
      renderWithServices(<Toasts />);
      act(() => useToastStore.getState().push(warning));
      act(() => vi.advanceTimersByTime(2500));
      act(() => useToastStore.getState().push(warning));
      act(() => vi.advanceTimersByTime(2500));
      expect(screen.getByText('Please select the key first!')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(700));
      expect(screen.queryByText('Please select the key first!')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keys a screen says itself are not toasted while it holds them', () => {
    const release = quietToasts(['err.fw.file.invalid']);
    useToastStore.getState().push({ ...warning, title: 'err.fw.file.invalid' });
    expect(useToastStore.getState().toasts).toHaveLength(0);
    release();
    useToastStore.getState().push({ ...warning, title: 'err.fw.file.invalid' });
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });
});

describe('where toasts go while a dialog is open', () => {
  const view = { width: 1366, height: 768 };
  const rect = (left: number, top: number, width: number, height: number) =>
    ({ left, top, right: left + width, bottom: top + height, width, height }) as DOMRect;

  it('bottom right when nothing is in the way', () => {
    expect(toastPlacement([], view, { width: 380, height: 160 })).toBe('bottom-right');
  });

  it('moves off a field of the dialog that the bottom-right corner would cover', () => {
    // A picker's search box low on the right, where toasts stack.
    const search = rect(1000, 650, 340, 32);
    expect(toastPlacement([search], view, { width: 380, height: 160 })).not.toBe('bottom-right');
    const fieldTopLeft = rect(20, 20, 300, 32);
    expect(toastPlacement([search, fieldTopLeft], view, { width: 380, height: 160 })).toBe('top-right');
  });

  it('renders its placement on the viewport', () => {
    render(
      <div role="dialog" data-state="open">
        <input aria-label="Search" />
      </div>,
    );
    renderWithServices(<Toasts />);
    act(() => useToastStore.getState().push(warning));
    expect(document.querySelector('.toast-viewport')).toHaveAttribute('data-placement');
  });
});
