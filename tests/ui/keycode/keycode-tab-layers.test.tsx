// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keycodeByName } from '../../../src/core/keycodes';
import { keytuneSpace } from '../../../src/core/keycode-spaces/keytune';
import { codeLegend } from '../../../src/ui/keyboard/assignment';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { keyNamed, serveDrawings } from './drawing-helpers';
import { liveKeyboard, renderTab } from './keycode-tab-helpers';

const code = (name: string) => keycodeByName(name)!.code;
const layerButton = (n: number) => screen.getByRole('button', { name: `Layer ${n}` });

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('layers', () => {
  it('lists kcm_size layers and opens on the layer the device reports', async () => {
    const keyboard = await liveKeyboard({ currentLayer: 2 });
    await renderTab(keyboard);
    expect(screen.getAllByRole('button', { name: /^Layer \d$/ })).toHaveLength(4);
    expect(layerButton(3)).toHaveAttribute('aria-pressed', 'true');
    expect(layerButton(1)).toHaveAttribute('aria-pressed', 'false');
  });

  it('switching sends set_key_info with the index and redraws with that layer’s codes', async () => {
    const keyboard = await liveKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    await user.click(layerButton(2));
    const calls = keyboard.setKeyInfoCalls();
    expect(calls.map((c) => c.args)).toEqual([['--path', keyboard.path, '--index', '1']]);
    expect(layerButton(2)).toHaveAttribute('aria-pressed', 'true');
    const fnOne = codeLegend(keyboard.factory[1]![1]!, keytuneSpace);
    expect(fnOne).not.toBe('1');
    await waitFor(() => expect(keyNamed('1')).toHaveTextContent(fnOne));

    // A code picked now goes to the shown layer.
    await user.click(keyNamed('Esc'));
    await user.click(screen.getByRole('tab', { name: 'Media' }));
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(keyboard.setKeyInfoCalls()[1]!.named.get('index')).toBe('1');
    await waitFor(() => expect(keyboard.held()[1]![0]).toBe(code('Mute')));
    expect(keyboard.held()[0]![0]).toBe(code('Esc'));
  });

  it('stays on the layer when the device does not answer the switch', async () => {
    const keyboard = await liveKeyboard();
    await renderTab(keyboard);
    await keyboard.stopAnswering();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const user = userEvent.setup();
    await user.click(layerButton(4));
    await waitFor(() => expect(layerButton(1)).toHaveAttribute('aria-pressed', 'true'), { timeout: 5000 });
    expect(info).toHaveBeenCalledWith(expect.stringContaining('err.dev.timeout'));
    info.mockRestore();
    expect(layerButton(4)).toHaveAttribute('aria-pressed', 'false');
    expect(keyNamed('1')).toHaveTextContent('1');
  });

  it('resets one layer after confirmation; Cancel sends nothing', async () => {
    const keyboard = await liveKeyboard();
    await keyboard.host.live.client.setKeyInfo({ path: keyboard.path, index: 1, select: [0], code: code('Mute') });
    await renderTab(keyboard);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Reset layer 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset layer 2?' });
    expect(dialog).toHaveTextContent('Every key of layer 2 goes back to its factory key code.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(keyboard.setKeyInfoCalls()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reset layer 2' }));
    await screen.findByRole('dialog', { name: 'Reset layer 2?' });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(keyboard.setKeyInfoCalls().map((c) => c.args)).toEqual([
        ['--path', keyboard.path, '--index', '1', '--reset', 'layer'],
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(keyboard.held()[1]).toEqual(keyboard.factory[1]);
  });
});
