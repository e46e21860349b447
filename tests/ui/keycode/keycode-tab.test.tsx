// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keycodeByName } from '../../../src/core/keycodes';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { emit } from '../render';
import { keyNamed, serveDrawings } from './drawing-helpers';
import { fakeKeyboard, renderTab } from './keycode-tab-helpers';

const code = (name: string) => keycodeByName(name)!.code;

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function pickVolumeUp(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'Media' }));
  await user.click(screen.getByRole('button', { name: 'Vol+, Volume Up' }));
}

describe('Key code tab', () => {
  it('shows the layer-0 codes of the device in the drawing', async () => {
    const keyboard = fakeKeyboard();
    await renderTab(keyboard);
    expect(await screen.findByRole('gridcell', { name: 'Key Esc, Escape' })).toHaveTextContent('Esc');
    expect(screen.getByRole('radio', { name: 'Key code' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('grid').closest('[data-mode]')).toHaveAttribute('data-mode', 'key_code');
  });

  it('puts a picked code on every selected key with one set_key_info, and the legends change', async () => {
    const keyboard = fakeKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    await user.click(keyNamed('Q'));
    await pickVolumeUp(user);

    const calls = keyboard.setKeyInfoCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args).toEqual([
      '--path',
      keyboard.device.path,
      '--index',
      '0',
      '--select',
      '[0,16]',
      '--code',
      String(code('Vol+')),
    ]);
    await waitFor(() => expect(keyNamed('Esc')).toHaveTextContent('Vol+'));
    expect(screen.getByRole('gridcell', { name: 'Key Q, Volume Up' })).toHaveTextContent('Vol+');
    expect(keyNamed('W')).toHaveTextContent('W');
    expect(keyboard.state.layers[0]![0]).toBe(code('Vol+'));
    expect(screen.getByText('Vol+ set on 2 keys.')).toBeInTheDocument();
  });

  it('shows the new legends at once and rolls them back when the device refuses', async () => {
    const keyboard = fakeKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    await user.click(keyNamed('Q'));
    const settle = keyboard.holdNext();
    await pickVolumeUp(user);
    expect(keyNamed('Esc')).toHaveTextContent('Vol+');
    expect(keyNamed('Q')).toHaveTextContent('Vol+');

    await act(async () => settle(false));
    await waitFor(() => expect(keyNamed('Esc')).toHaveTextContent('Esc'));
    expect(screen.getByRole('gridcell', { name: 'Key Q, Letter Q' })).toHaveTextContent('Q');
    expect(keyboard.state.layers[0]![0]).toBe(code('Esc'));
    expect(screen.queryByText(/set on 2 keys/)).toBeNull();
  });

  it('asks for a selection instead of calling when no key is selected', async () => {
    const keyboard = fakeKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    await pickVolumeUp(user);
    expect(keyboard.setKeyInfoCalls()).toHaveLength(0);
    expect(
      screen.getByText('Select one or more keys on the keyboard first, then pick a key code.'),
    ).toBeInTheDocument();
    await user.click(keyNamed('Esc'));
    expect(screen.queryByText(/Select one or more keys/)).toBeNull();
  });

  it('follows get_key_value_info events for its own device only', async () => {
    const keyboard = fakeKeyboard();
    await renderTab(keyboard);
    const other = { ...keyboard.payload(), path: 'virtual:other' };
    other.keycodes[0]![0] = code('Mute');
    emit(keyboard.host, 'get_key_value_info', other);
    expect(keyNamed('Esc')).toHaveTextContent('Esc');
    const ours = keyboard.payload();
    ours.keycodes[0]![0] = code('Mute');
    emit(keyboard.host, 'get_key_value_info', ours);
    expect(keyNamed('Esc')).toHaveTextContent('Mute');
  });

  it('switches to advanced-key mode with the advanced area in place of the picker', async () => {
    const keyboard = fakeKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    await user.click(screen.getByRole('radio', { name: 'Advanced keys' }));
    // The area is loaded on first use; its module takes a moment to arrive in a cold test run.
    expect(await screen.findByRole('heading', { name: 'Advanced keys' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Media' })).toBeNull();
    expect(screen.getByRole('grid').closest('[data-mode]')).toHaveAttribute('data-mode', 'key_adv');
    // The selection carries over to the advanced area.
    expect(keyNamed('Esc')).toHaveAttribute('aria-selected', 'true');
  });

  it('binds an advanced-key card dropped on a key in advanced-key mode only', async () => {
    const keyboard = fakeKeyboard();
    await renderTab(keyboard);
    const card = (keyword: string) => ({
      dataTransfer: {
        types: ['application/x-keytune-keyword', 'text/plain'],
        getData: (type: string) => (type === 'application/x-keytune-keyword' ? keyword : ''),
        dropEffect: 'none',
      },
    });
    fireEvent.dragOver(keyNamed('A'), card('M0'));
    fireEvent.drop(keyNamed('A'), card('M0'));
    expect(keyboard.setKeyInfoCalls()).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Advanced keys' }));
    fireEvent.dragOver(keyNamed('A'), card('M0'));
    expect(keyNamed('A').getAttribute('class')).toContain('kb-key--drop');
    fireEvent.drop(keyNamed('A'), card('M0'));
    expect(keyboard.setKeyInfoCalls().map((c) => c.args)).toEqual([
      ['--path', keyboard.device.path, '--index', '0', '--select', '[31]', '--keywords', 'M0'],
    ]);
    expect(keyNamed('A').getAttribute('class')).not.toContain('kb-key--drop');
  });

  it('speaks Chinese', async () => {
    const keyboard = fakeKeyboard();
    await renderTab(keyboard, 'zh_CN');
    expect(screen.getByRole('radio', { name: '键码' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '高级键' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: '按键 Esc，退出' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: '媒体' }));
    await user.click(screen.getByRole('button', { name: 'Vol+，音量加' }));
    expect(screen.getByText('请先在键盘上选择一个或多个按键，再选择键码。')).toBeInTheDocument();
  });
});
