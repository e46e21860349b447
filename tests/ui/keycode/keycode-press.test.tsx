// @vitest-environment jsdom
/**
 * The Key code tab beyond picking codes: pressing keys of a virtual keyboard from the drawing, status lines that
 * clear when they no longer hold, and keys used by snap-tap and hyper-tap marked with a summary.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANGE_TYPE } from '../../../src/core/advanced-keys';
import { keycodeExtraEn, type KeycodeExtraId } from '../../../src/i18n/sections/keycode-extra';
import { CATALOGUES } from '../../../src/i18n/translate';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { keyNamed, serveDrawings } from './drawing-helpers';
import { hypertap, keyId, snaptap } from './advanced-fixtures';
import { liveKeyboard, renderTab } from './keycode-tab-helpers';

/** A text of the keycode-extra section as the page shows it: the English text once wired, the id until then. */
function shown(id: KeycodeExtraId, ...values: (string | number)[]): string {
  const wired = (CATALOGUES.en_US as Readonly<Record<string, string>>)[id] === keycodeExtraEn[id];
  if (!wired) return id;
  return values.reduce<string>((text, v, i) => text.replace(`{${i}}`, String(v)), keycodeExtraEn[id]);
}

const NEW_ITEM_ID = -1;

/** A key of the drawing by its id (Esc 0, Q 16 on a made68pro). */
function key(id: number): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-key-id="${id}"]`);
  if (!el) throw new Error(`no key ${id}`);
  return el;
}

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pressing keys of a virtual keyboard', () => {
  it('presses a key to the chosen depth while the pointer holds it, and releases it on pointer up', async () => {
    const keyboard = await liveKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    const depth = screen.getByRole('slider', { name: shown('keycode.press.depth') });
    fireEvent.change(depth, { target: { value: '3.5' } });
    await user.click(screen.getByRole('button', { name: shown('keycode.press.toggle') }));
    expect(screen.getByRole('button', { name: shown('keycode.press.toggle') })).toHaveAttribute('aria-pressed', 'true');

    const esc = key(0);
    fireEvent.pointerDown(esc, { button: 0, pointerId: 1 });
    expect(esc).toHaveAttribute('role', 'button');
    expect(esc).toHaveAttribute('aria-label', shown('keycode.press.key.name', 'Esc'));
    expect(esc).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(keyboard.host.live.callsTo('pressKey')).toHaveLength(1));
    fireEvent.pointerUp(esc, { button: 0, pointerId: 1 });
    await waitFor(() => expect(keyboard.host.live.callsTo('pressKey')).toHaveLength(2));
    expect(keyboard.host.live.callsTo('pressKey').map((c) => [c.named.get('key_id'), c.named.get('depth')])).toEqual([
      ['0', '3.5'],
      ['0', '0'],
    ]);
    expect(esc).toHaveAttribute('aria-pressed', 'false');
    // Pressing selects nothing and changes no code.
    expect(keyboard.setKeyInfoCalls()).toHaveLength(0);
  });

  it('presses the focused key while Space is held', async () => {
    const keyboard = await liveKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: shown('keycode.press.toggle') }));
    const q = key(16);
    act(() => q.focus());
    fireEvent.keyDown(q, { key: ' ' });
    fireEvent.keyDown(q, { key: ' ', repeat: true });
    await waitFor(() => expect(keyboard.host.live.callsTo('pressKey')).toHaveLength(1));
    fireEvent.keyUp(q, { key: ' ' });
    await waitFor(() => expect(keyboard.host.live.callsTo('pressKey')).toHaveLength(2));
    expect(keyboard.host.live.callsTo('pressKey').map((c) => [c.named.get('key_id'), c.named.get('depth')])).toEqual([
      ['16', '2'],
      ['16', '0'],
    ]);
  });

  it('turning pressing off gives the drawing back its selection', async () => {
    const keyboard = await liveKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: shown('keycode.press.toggle') });
    await user.click(toggle);
    expect(screen.queryByRole('grid')).toBeNull();
    await user.click(toggle);
    await user.click(keyNamed('Esc'));
    expect(keyNamed('Esc')).toHaveAttribute('aria-selected', 'true');
  });
});

describe('status lines', () => {
  it('clears "set on keys" once a layer reset takes the code off those keys', async () => {
    const keyboard = await liveKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    await user.click(screen.getByRole('tab', { name: 'Media' }));
    await user.click(screen.getByRole('button', { name: 'Vol+, Volume Up' }));
    expect(await screen.findByText(/^Vol\+ set on 1 key/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset layer 1' }));
    await screen.findByRole('dialog', { name: 'Reset layer 1?' });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(keyNamed('Esc')).toHaveTextContent('Esc'));
    expect(screen.queryByText(/^Vol\+ set on/)).toBeNull();
    expect(screen.getByText(/^Select keys on the keyboard/)).toBeInTheDocument();
  });

  it('clears it when another layer is shown', async () => {
    const keyboard = await liveKeyboard();
    await renderTab(keyboard);
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    await user.click(screen.getByRole('tab', { name: 'Media' }));
    await user.click(screen.getByRole('button', { name: 'Vol+, Volume Up' }));
    expect(await screen.findByText(/^Vol\+ set on 1 key/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Layer 2' }));
    await waitFor(() => expect(screen.queryByText(/^Vol\+ set on/)).toBeNull());
  });
});

describe('keys used by snap-tap and hyper-tap', () => {
  it('marks them on the drawing and summarises the items on hover and in their names', async () => {
    const keyboard = await liveKeyboard();
    const { client } = keyboard.host.live;
    await client.setFuncInfo({
      path: keyboard.path,
      change_type: CHANGE_TYPE.add,
      snaptap: { ...snaptap(0, 'A', 'D'), id_num: NEW_ITEM_ID },
    });
    await renderTab(keyboard);
    const a = key(keyId('A'));
    expect(within(a).getByTestId('key-use-mark')).toHaveTextContent('S0');
    expect(a).toHaveAttribute('aria-label', shown('keycode.key.used', 'Key A, Letter A', 'Snap Tap S0: A, D'));
    expect(within(key(keyId('W'))).queryByTestId('key-use-mark')).toBeNull();

    // An item added while the tab is open is marked at once.
    await act(async () => {
      await client.setFuncInfo({
        path: keyboard.path,
        change_type: CHANGE_TYPE.add,
        hypertap: { ...hypertap(0, 'W', 'S'), id_num: NEW_ITEM_ID },
      });
    });
    await waitFor(() => expect(within(key(keyId('W'))).getByTestId('key-use-mark')).toHaveTextContent('T0'));

    const user = userEvent.setup();
    await user.hover(key(keyId('D')));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Snap Tap S0: A, D');
  });
});
