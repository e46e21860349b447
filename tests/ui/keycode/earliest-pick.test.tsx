// @vitest-environment jsdom
/**
 * A code picked while the Key code tab is still reading the key map is not lost: the keyboard's reads are held back
 * (their answers and events, in order, as a slow link delivers them), the key is selected and the code picked on the
 * drawing the layout alone draws, and only then does the read come in. The pick takes once it has, on the layer the
 * read shows; a read that fails says the code was not set.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bridge } from '../../../src/contract/bridge';
import { keycodeByName } from '../../../src/core/keycodes';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import KeyCodeTab from '../../../src/ui/device-page/key-code/KeyCodeTab';
import { renderWithServices } from '../render';
import { keyNamed, serveDrawings } from './drawing-helpers';
import { liveKeyboard, type LiveKeyboard } from './keycode-tab-helpers';

const F13 = keycodeByName('F13')!.code;

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * A bridge whose key map reads are answered late: their answers and every get_key_value_info event wait, in the
 * order they came, until `release`; a read released as failed answers with an error and its event never comes.
 */
function slowKeyMapReads(bridge: Bridge) {
  let open = false;
  let failReads = false;
  const held: (() => void)[] = [];
  const later = (deliver: () => void) => (open ? deliver() : held.push(deliver));
  const slow: Bridge = {
    call(channel, func, args) {
      const answer = bridge.call(channel, func, args);
      if (func !== 'get_key_value_info' || open) return answer;
      return answer.then(
        (value) =>
          new Promise((resolve, reject) =>
            held.push(() => (failReads ? reject(new Error('the keyboard did not answer in time')) : resolve(value))),
          ),
      );
    },
    on(event, listener) {
      return bridge.on(event, (payload) => {
        if (event === 'get_key_value_info' && !open) later(() => !failReads && listener(payload));
        else listener(payload);
      });
    },
  };
  return {
    bridge: slow,
    async release(outcome: 'answered' | 'failed' = 'answered') {
      await act(async () => {
        open = true;
        failReads = outcome === 'failed';
        held.splice(0).forEach((deliver) => deliver());
        await Promise.resolve();
      });
    },
  };
}

async function renderLoading(keyboard: LiveKeyboard) {
  const reads = slowKeyMapReads(keyboard.host.bridge);
  renderWithServices(<KeyCodeTab path={keyboard.path} />, { host: { ...keyboard.host, bridge: reads.bridge } });
  await screen.findByRole('grid');
  expect(screen.getByText('Reading the key map…')).toBeInTheDocument();
  return reads;
}

async function pickF13() {
  const user = userEvent.setup();
  await user.click(keyNamed('A'));
  expect(keyNamed('A')).toHaveAttribute('aria-selected', 'true');
  const picker = screen.getByRole('region', { name: 'Key codes' });
  fireEvent.change(within(picker).getByRole('searchbox', { name: 'Search key codes' }), { target: { value: 'f13' } });
  await user.click(await within(picker).findByRole('button', { name: /^F13(,|$)/ }));
}

describe('a pick while the key map is being read', () => {
  it('waits for the read and then goes on the key, whose drawing and keyboard show it', async () => {
    const keyboard = await liveKeyboard({ currentLayer: 1 });
    const reads = await renderLoading(keyboard);
    await pickF13();
    expect(
      await screen.findByText('F13 goes on the selected keys as soon as the key map has been read…'),
    ).toBeVisible();

    await reads.release();
    expect(await screen.findByText('F13 set on 1 key.')).toBeInTheDocument();
    await waitFor(() => expect(keyNamed('A')).toHaveTextContent('F13'));
    // The layer the keyboard reports as current, which the drawing shows once read.
    const calls = keyboard.setKeyInfoCalls();
    expect(calls.at(-1)!.args).toEqual(expect.arrayContaining(['--index', '1', '--code', String(F13)]));
    const a = Number(keyNamed('A').getAttribute('data-key-id'));
    expect(keyboard.held()[1]![a]).toBe(F13);
  });

  it('says the code was not set when the read fails, and writes nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const keyboard = await liveKeyboard();
    const reads = await renderLoading(keyboard);
    const before = keyboard.setKeyInfoCalls().length;
    await pickF13();
    await reads.release('failed');
    expect(
      await screen.findByText('F13 was not set: the key map could not be read. Try again, then pick the code again.'),
    ).toBeVisible();
    expect(keyboard.setKeyInfoCalls()).toHaveLength(before);
    expect(logged).toHaveBeenCalledWith('call failed', expect.any(Error));
  });
});
