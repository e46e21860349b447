// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HelpTab from '../../../src/ui/help/HelpTab';
import { HELP_LINKS, type HelpLinks } from '../../../src/ui/help/links';
import { ToastLayer } from '../../../src/ui/toasts/ToastLayer';
import { renderWithServices } from '../render';

/** A vendor build's table, with every contact set. */
const VENDOR: HelpLinks = {
  officialSite: { en_US: 'https://vendor.example/en/', zh_CN: 'https://vendor.example/zh/' },
  email: 'help@vendor.example',
  discord: 'https://discord.gg/vendor',
  twitter: 'https://x.com/vendor',
  instagram: 'https://www.instagram.com/vendor',
  facebook: 'https://www.facebook.com/vendor',
};

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

  it("takes every address from the one table, the website by the page's language", () => {
    const first = renderWithServices(<HelpTab links={VENDOR} />);
    expect(screen.getByRole('link', { name: /Visit the official website/ })).toHaveAttribute(
      'href',
      'https://vendor.example/en/',
    );
    expect(screen.getAllByRole('button', { name: /copy/ })).toHaveLength(6);
    first.unmount();
    renderWithServices(<HelpTab links={VENDOR} />, { language: 'zh_CN' });
    expect(screen.getByRole('link', { name: /访问官方网站/ })).toHaveAttribute('href', 'https://vendor.example/zh/');
  });

  it('shows the six contacts of this build, in order, and no contact a table leaves out', () => {
    const first = renderWithServices(<HelpTab />);
    const contacts = screen.getAllByRole('button', { name: /copy/ }).map((b) => b.getAttribute('aria-label')!);
    expect(contacts.map((c) => c.split(':')[0])).toEqual([
      'Website',
      'Email',
      'Discord',
      'Twitter',
      'Instagram',
      'Facebook',
    ]);
    for (const site of Object.values(HELP_LINKS.officialSite)) expect(new URL(site).protocol).toBe('https:');
    expect(HELP_LINKS.email).toBe('support@keytune.app');
    first.unmount();
    renderWithServices(<HelpTab links={{ ...HELP_LINKS, discord: null, facebook: null }} />);
    expect(screen.getAllByRole('button', { name: /copy/ })).toHaveLength(4);
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
    await userEvent.click(screen.getByRole('button', { name: 'Email: copy the address' }));
    expect(writeText).toHaveBeenCalledWith('support@keytune.app');
    const done = await screen.findByText('Content copied to clipboard');
    expect(done.closest('[data-toast-type]')).toHaveAttribute('data-toast-type', '0');
    expect(open).not.toHaveBeenCalled();
  });

  it('copies and opens a social link', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithServices(<HelpTab links={VENDOR} />);
    await userEvent.click(screen.getByRole('button', { name: 'Discord: copy the link and open it' }));
    expect(writeText).toHaveBeenCalledWith('https://discord.gg/vendor');
    expect(open).toHaveBeenCalledWith('https://discord.gg/vendor', '_blank', 'noopener,noreferrer');
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
