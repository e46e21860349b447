// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { attempt } from '../../src/ui/call';
import { Toasts } from '../../src/ui/toasts/Toasts';
import { useToastStore } from '../../src/ui/toasts/store';
import { renderWithServices, serviceDoes } from './render';

describe('toasts', () => {
  it('shows a catalogue key translated, with its placeholders filled from the ;;-joined args', async () => {
    const { host } = renderWithServices(<Toasts />);
    const toast = { title: 'err.unexpected', context: 'Step {} of {}', args: 'x;;2', type: 1, delay: 3 } as const;
    await serviceDoes(() => host.live.client.toastMessage(toast));
    expect(screen.getByText('Something went wrong: x')).toBeInTheDocument();
    // Title and context each take the arguments from the first.
    expect(screen.getByText('Step x of 2')).toBeInTheDocument();
  });

  it('shows unknown titles as given and translates known ones in Chinese', async () => {
    const { host } = renderWithServices(<Toasts />, { language: 'zh_CN' });
    await serviceDoes(() =>
      host.live.client.toastMessage({
        title: 'err.dev.disconnected',
        context: 'no device at usb:1',
        type: 1,
        delay: 3,
      }),
    );
    expect(screen.getByText('设备已断开连接。')).toBeInTheDocument();
    expect(screen.getByText('no device at usb:1')).toBeInTheDocument();
  });

  it('marks the type and disappears after its delay (default 5 s)', async () => {
    vi.useFakeTimers();
    try {
      const { host } = renderWithServices(<Toasts />);
      await serviceDoes(() => host.live.client.toastMessage({ title: 'Saved', type: 0 }));
      await serviceDoes(() => host.live.client.toastMessage({ title: 'Careful', type: 2, delay: 2 }));
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
    await serviceDoes(() => host.live.client.toastMessage({ title: 'Saved', delay: 30 }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('a refused call is not toasted twice: the service already sent its toast', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { services } = renderWithServices(<Toasts />);
    // No device has this path: the service refuses the call and says so in a toast of its own.
    const result = await serviceDoes(() => attempt(services.client.getSettingData({ path: 'virtual:0:0:none' })));
    expect(result.ok).toBe(false);
    expect(screen.getAllByText('The device could not be found.')).toHaveLength(1);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('err.dev.not.found'));
    info.mockRestore();
  });

  it('an unexpected failure gets a toast of its own', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithServices(<Toasts />);
    // Not a refusal of the service: the bridge itself failed (a worker that died, a closed socket).
    await serviceDoes(() => attempt(Promise.reject(new TypeError('boom'))));
    expect(screen.getByText('Something went wrong: boom')).toBeInTheDocument();
    error.mockRestore();
  });
});
