// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HelpTab from '../../../src/ui/help/HelpTab';
import { ToastLayer } from '../../../src/ui/toasts/ToastLayer';
import { renderWithServices } from '../render';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('Help tab', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the FAQ, where to ask and the official website of the language', () => {
    const first = renderWithServices(<HelpTab />);
    expect(screen.getByRole('heading', { name: 'FAQ' })).toBeInTheDocument();
    expect(screen.getByText('Key presses do not show in the keyboard tester.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "We're here to help" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Visit the official website/ })).toHaveAttribute(
      'href',
      'https://keytune.app/',
    );
    first.unmount();
    renderWithServices(<HelpTab />, { language: 'zh_CN' });
    expect(screen.getByRole('heading', { name: '常见问题' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /访问官方网站/ })).toHaveAttribute('href', 'https://keytune.cn/');
  });

  it('copies the email on click, without opening anything', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithServices(
      <>
        <HelpTab />
        <ToastLayer />
      </>,
    );
    expect(screen.getAllByRole('button', { name: /copy/ })).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'Email: copy the address' }));
    expect(writeText).toHaveBeenCalledWith('support@keytune.app');
    expect(await screen.findByText('Content copied to clipboard')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('copies and opens a social link', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithServices(<HelpTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Discord: copy the link and open it' }));
    expect(writeText).toHaveBeenCalledWith('https://discord.gg/keytune');
    expect(open).toHaveBeenCalledWith('https://discord.gg/keytune', '_blank', 'noopener,noreferrer');
  });

  it('says "Failed to copy" when the clipboard refuses', async () => {
    stubClipboard(async () => {
      throw new Error('denied');
    });
    renderWithServices(
      <>
        <HelpTab />
        <ToastLayer />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Website: copy the address' }));
    await waitFor(() => expect(screen.getByText('Failed to copy')).toBeInTheDocument());
  });
});
