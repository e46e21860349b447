// @vitest-environment jsdom
/** The macro editor's key picker closes on its own (button or Esc), and Esc never drops unsaved changes unasked. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { useLanguageStore } from '../../../src/i18n/store';
import type { Language } from '../../../src/i18n/translate';
import { dialog, macro, pickCode, renderArea } from './advanced-fixtures';

async function openNew(language: Language = 'en_US') {
  const r = await renderArea();
  act(() => useLanguageStore.getState().setLanguage(language, { persist: false }));
  const zh = language === 'zh_CN';
  await r.user.click(await screen.findByRole('tab', { name: zh ? '宏' : 'Macro' }));
  await r.user.click(screen.getByRole('button', { name: zh ? '添加宏' : 'Add Macro' }));
  return r;
}

const editor = () => screen.getByRole('dialog', { name: /macro|宏/i });
const picker = () => editor().querySelector('.picker');

describe('Macro editor, key picker and Esc', () => {
  it('closes the picker with its labelled close button, focus back on Add key', async () => {
    const r = await openNew();
    await r.user.click(within(dialog()).getByRole('button', { name: 'Add key' }));
    const region = within(editor()).getByRole('region', { name: 'Add a key' });
    await r.user.click(within(region).getByRole('button', { name: 'Close the key picker' }));
    expect(picker()).toBeNull();
    expect(within(editor()).getByRole('button', { name: 'Add key' })).toHaveFocus();
  });

  it('Esc in the picker closes the picker only; the editor and its events stay', async () => {
    const r = await openNew();
    await r.user.click(within(dialog()).getByRole('button', { name: 'Add key' }));
    await pickCode(r.user, 'Q');
    await r.user.keyboard('{Escape}');
    expect(picker()).toBeNull();
    expect(editor()).toBeInTheDocument();
    expect(within(editor()).getByText('2 / 80 events')).toBeInTheDocument();
    expect(r.saves()).toHaveLength(0);
  });

  it('Esc with unsaved changes asks before dropping the macro; Keep editing keeps it, Discard drops it', async () => {
    const r = await openNew();
    await r.user.click(within(dialog()).getByRole('button', { name: 'Add key' }));
    await pickCode(r.user, 'Q');
    await r.user.keyboard('{Escape}');
    await r.user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Discard the changes to this macro?' });
    await r.user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(editor()).getByText('2 / 80 events')).toBeInTheDocument();
    await r.user.keyboard('{Escape}');
    await r.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(r.saves()).toHaveLength(0);
  });

  it('Esc without changes closes at once', async () => {
    const r = await renderArea({ lists: { macro: [macro(0, ['A'])] } });
    await waitFor(() => expect(document.querySelector('.adv-card')).toBeTruthy());
    await r.user.click(screen.getByRole('button', { name: /^Actions for/ }));
    await r.user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await screen.findByRole('dialog');
    await r.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks in Chinese too', async () => {
    const r = await openNew('zh_CN');
    await r.user.click(within(dialog()).getByRole('button', { name: '添加按键' }));
    expect(within(editor()).getByRole('button', { name: '关闭按键选择' })).toBeInTheDocument();
    await pickCode(r.user, 'Q');
    await r.user.keyboard('{Escape}');
    await r.user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: '放弃对此宏的修改？' });
    expect(within(ask).getByRole('button', { name: '继续编辑' })).toBeInTheDocument();
    expect(within(ask).getByRole('button', { name: '放弃' })).toBeInTheDocument();
  });
});
