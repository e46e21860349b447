// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keycodeByName } from '../../../src/core/keycodes';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { MACRO_LIMITS } from '../../../src/core/advanced-keys';
import { keywordToKeycode } from '../../../src/core/keycode-space';
import { serviceDoes } from '../render';
import { keyNamed, serveDrawings } from './drawing-helpers';
import { liveKeyboard, renderTab } from './keycode-tab-helpers';

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
    const keyboard = await liveKeyboard();
    await renderTab(keyboard);
    expect(await screen.findByRole('gridcell', { name: 'Key Esc, Escape' })).toHaveTextContent('Esc');
    expect(screen.getByRole('radio', { name: 'Key code' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('grid').closest('[data-mode]')).toHaveAttribute('data-mode', 'key_code');
  });

  it('puts a picked code on every selected key with one set_key_info, and the legends change', async () => {
    const keyboard = await liveKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    await user.click(keyNamed('Q'));
    await pickVolumeUp(user);

    const calls = keyboard.setKeyInfoCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args).toEqual([
      '--path',
      keyboard.path,
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
    expect(await screen.findByText('Vol+ set on 2 keys.')).toBeInTheDocument();
    expect(keyboard.held()[0]![0]).toBe(code('Vol+'));
    expect(keyboard.held()[0]![16]).toBe(code('Vol+'));
    expect(keyboard.held()[0]![17]).toBe(keyboard.factory[0]![17]);
  });

  it('shows the new legends at once and rolls them back when the device does not answer', async () => {
    const keyboard = await liveKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    await user.click(keyNamed('Q'));
    await keyboard.stopAnswering();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await pickVolumeUp(user);
    // The call waits for a keyboard that no longer answers; the drawing already shows the change.
    expect(keyNamed('Esc')).toHaveTextContent('Vol+');
    expect(keyNamed('Q')).toHaveTextContent('Vol+');

    await waitFor(() => expect(keyNamed('Esc')).toHaveTextContent('Esc'), { timeout: 5000 });
    expect(screen.getByRole('gridcell', { name: 'Key Q, Letter Q' })).toHaveTextContent('Q');
    expect(keyboard.held()[0]![0]).toBe(code('Esc'));
    expect(screen.queryByText(/set on 2 keys/)).toBeNull();
    expect(info).toHaveBeenCalledWith(expect.stringContaining('err.dev.timeout'));
    info.mockRestore();
  });

  it('after a burst of picks sent without waiting, the key shows and holds the last one', async () => {
    const keyboard = await liveKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    // A slow link, so the picks are all on their way before the first is answered.
    keyboard.host.live.transport(keyboard.path).setLink({ latencyMs: 15 });
    await user.click(screen.getByRole('tab', { name: 'Media' }));
    for (const name of ['Vol+, Volume Up', 'Vol-, Volume Down', 'Mute'])
      await user.click(screen.getByRole('button', { name }));
    expect(keyboard.setKeyInfoCalls()).toHaveLength(3);
    await waitFor(() => expect(keyboard.held()[0]![0]).toBe(code('Mute')));
    await waitFor(() => expect(screen.getByText('Mute set on 1 key.')).toBeInTheDocument());
    expect(keyNamed('Esc')).toHaveTextContent('Mute');
    const { keycodes } = await keyboard.host.live.client.getKeyValueInfo({ path: keyboard.path });
    expect(keycodes).toEqual(keyboard.held());
  });

  it('a pick the keyboard never acknowledged does not undo a later one that it did', async () => {
    const keyboard = await liveKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    await user.click(screen.getByRole('tab', { name: 'Media' }));
    const transport = keyboard.host.live.transport(keyboard.path);
    const sent = vi.spyOn(transport, 'send');
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    // The first pick's write is lost on the way; the keyboard answers again for the second.
    transport.setLink({ loss: 1 });
    await user.click(screen.getByRole('button', { name: 'Vol+, Volume Up' }));
    await waitFor(() => expect(sent).toHaveBeenCalled());
    keyboard.answerAgain();
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(keyNamed('Esc')).toHaveTextContent('Mute');

    await waitFor(() => expect(info).toHaveBeenCalledWith(expect.stringContaining('err.dev.timeout')), {
      timeout: 5000,
    });
    await waitFor(() => expect(screen.getByText('Mute set on 1 key.')).toBeInTheDocument(), { timeout: 5000 });
    expect(keyNamed('Esc')).toHaveTextContent('Mute');
    expect(keyboard.held()[0]![0]).toBe(code('Mute'));
    info.mockRestore();
  });

  it('asks for a selection instead of calling when no key is selected', async () => {
    const keyboard = await liveKeyboard();
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
    const keyboard = await liveKeyboard();
    const { host } = keyboard;
    const other = await host.live.addVirtual('Made68Pro');
    await renderTab(keyboard);
    // Another client of the service (another window, the desktop bridge) changes the keys.
    await serviceDoes(() => host.live.client.setKeyInfo({ path: other, index: 0, select: [0], code: code('Mute') }));
    expect(keyNamed('Esc')).toHaveTextContent('Esc');
    await serviceDoes(() =>
      host.live.client.setKeyInfo({ path: keyboard.path, index: 0, select: [0], code: code('Mute') }),
    );
    expect(keyNamed('Esc')).toHaveTextContent('Mute');
  });

  it('switches to advanced-key mode with the advanced area in place of the picker', async () => {
    const keyboard = await liveKeyboard();
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
    const keyboard = await liveKeyboard();
    // Macro M0 exists on the keyboard.
    await keyboard.host.live.client.setFuncInfo({
      path: keyboard.path,
      change_type: 1,
      macro: {
        id_num: -1,
        display: [
          { code: code('B'), is_down: true, delay: MACRO_LIMITS.defaultDelay },
          { code: code('B'), is_down: false, delay: 0 },
        ],
      },
    });
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
      ['--path', keyboard.path, '--index', '0', '--select', '[31]', '--keywords', 'M0'],
    ]);
    expect(keyNamed('A').getAttribute('class')).not.toContain('kb-key--drop');
    await waitFor(() => expect(keyboard.held()[0]![31]).toBe(keywordToKeycode('M0')));
    await waitFor(() => expect(keyNamed('A')).toHaveTextContent('M0'));
  });

  it('speaks Chinese', async () => {
    const keyboard = await liveKeyboard();
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
