// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BridgeCallError } from '../../src/service/bridge';
import { callService } from '../../src/ui/call';
import { Toasts } from '../../src/ui/toasts/Toasts';
import { useToastStore } from '../../src/ui/toasts/store';
import { fakeHost } from './fake-host';
import { emit, renderWithServices } from './render';

describe('toasts', () => {
  it('shows a catalogue key translated, with its placeholders filled from the ;;-joined args', () => {
    const { host } = renderWithServices(<Toasts />);
    emit(host, 'toast_message', { title: 'err.unexpected', context: 'Step {} of {}', args: 'x;;2', type: 1, delay: 3 });
    expect(screen.getByText('Something went wrong: x')).toBeInTheDocument();
    // Title and context each take the arguments from the first.
    expect(screen.getByText('Step x of 2')).toBeInTheDocument();
  });

  it('shows unknown titles as given and translates known ones in Chinese', () => {
    const { host } = renderWithServices(<Toasts />, { language: 'zh_CN' });
    emit(host, 'toast_message', {
      title: 'err.dev.disconnected',
      context: 'no device at usb:1',
      args: '',
      type: 1,
      delay: 3,
    });
    expect(screen.getByText('设备已断开连接。')).toBeInTheDocument();
    expect(screen.getByText('no device at usb:1')).toBeInTheDocument();
  });

  it('marks the type and disappears after its delay (default 5 s)', () => {
    vi.useFakeTimers();
    try {
      const { host } = renderWithServices(<Toasts />);
      emit(host, 'toast_message', { title: 'Saved', context: '', type: 0 });
      emit(host, 'toast_message', { title: 'Careful', context: '', type: 2, delay: 2 });
      expect(screen.getByText('Saved').closest('[data-toast-type]')).toHaveAttribute('data-toast-type', '0');
      expect(screen.getByText('Careful').closest('[data-toast-type]')).toHaveAttribute('data-toast-type', '2');
      act(() => vi.advanceTimersByTime(2100));
      expect(screen.queryByText('Careful')).toBeNull();
      expect(screen.getByText('Saved')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(3000));
      expect(screen.queryByText('Saved')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('can be dismissed from the keyboard-reachable close button', async () => {
    const { host } = renderWithServices(<Toasts />);
    emit(host, 'toast_message', { title: 'Saved', context: '', type: 0, delay: 30 });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('a refused call is not toasted twice: the service already sent its toast', async () => {
    const host = fakeHost();
    host.bridge.respond('dev_info', 'get_setting_data', () => {
      host.bridge.emit('toast_message', { title: 'err.dev.timeout', context: '', args: '', type: 1, delay: 5 });
      throw new BridgeCallError('err.dev.timeout', 'no reply');
    });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    renderWithServices(<Toasts />, { host });
    let ok = true;
    await act(async () => {
      ok = (await callService(host.bridge, 'dev_info', 'get_setting_data', { path: 'p' })).ok;
    });
    expect(ok).toBe(false);
    expect(screen.getAllByText('The device did not answer in time.')).toHaveLength(1);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    info.mockRestore();
  });

  it('an unexpected failure gets a toast of its own', async () => {
    const host = fakeHost();
    host.bridge.respond('dev_info', 'get_setting_data', () => {
      throw new TypeError('boom');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithServices(<Toasts />, { host });
    await act(async () => {
      await callService(host.bridge, 'dev_info', 'get_setting_data');
    });
    expect(screen.getByText('Something went wrong: boom')).toBeInTheDocument();
    error.mockRestore();
  });
});
