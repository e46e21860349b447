// @vitest-environment jsdom
import { keytuneLayout } from '../../../src/drivers/keytune/features';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeKeycode, KEYCODE_KIND } from '../../../src/core/keycode-space';
import { keycodeByName } from '../../../src/core/keycodes';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { useToastStore } from '../../../src/ui/toasts/store';
import { renderWithServices } from '../render';
import { Harness, keyCentre, keyNamed, MADE68PRO_CODES, pinGrid, selectedIds, serveDrawings } from './drawing-helpers';

const code = (name: string) => keycodeByName(name)!.code;

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function drawn() {
  await screen.findByRole('grid', { name: 'Keyboard' });
}

describe('loading the drawing', () => {
  it('fetches the model drawing by its lower-cased name, encoding "+", and draws every key', async () => {
    const served = serveDrawings();
    renderWithServices(<Harness layout={keytuneLayout('Made68Pro+')} />);
    await drawn();
    expect(served.urls).toEqual(['/devices/made68pro%2B.svg']);
    expect(screen.getAllByRole('gridcell')).toHaveLength(68);
    expect(screen.getAllByRole('row')).toHaveLength(5);
    expect(keyNamed('Esc')).toHaveTextContent('Esc');
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('warns with warn.need.reload and draws from the layout when the file is missing', async () => {
    serveDrawings(() => ({ ok: false, status: 404, text: async () => '' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithServices(<Harness />);
    await drawn();
    expect(useToastStore.getState().toasts).toMatchObject([{ title: 'warn.need.reload', type: 2, delay: 7 }]);
    // The developer's console says which file and why.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/devices/made68pro.svg'), new Error('HTTP 404'));
    expect(screen.getAllByRole('gridcell')).toHaveLength(68);
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    expect(selectedIds()).toEqual([0]);
  });

  it('draws a model that ships no drawing (a mouse) from its layout without a warning', async () => {
    serveDrawings(() => ({ ok: false, status: 404, text: async () => '' }));
    renderWithServices(<Harness layout={keytuneLayout('mouse01')} codes={[]} />);
    await drawn();
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('falls back the same way when the file is not a usable drawing', async () => {
    serveDrawings(() => ({
      ok: true,
      status: 200,
      text: async () => '<svg xmlns="http://www.w3.org/2000/svg"><rect/>',
    }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithServices(<Harness />);
    await drawn();
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['warn.need.reload']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be used'), expect.any(Error));
    expect(screen.getAllByRole('gridcell')).toHaveLength(68);
  });
});

describe('what keys show', () => {
  it('names each key by its printed legend and its assignment, in English and Chinese', async () => {
    const codes = [...MADE68PRO_CODES];
    codes[30] = code('LCtrl');
    const { unmount } = renderWithServices(<Harness codes={codes} />);
    await drawn();
    expect(screen.getByRole('gridcell', { name: 'Key Caps, Left Control' })).toHaveTextContent('LCtrl');
    expect(screen.getByRole('gridcell', { name: 'Key Esc, Escape' })).toBeInTheDocument();
    unmount();
    renderWithServices(<Harness codes={codes} />, { language: 'zh_CN' });
    await screen.findByRole('grid', { name: '键盘' });
    expect(screen.getByRole('gridcell', { name: '按键 Caps，左 Ctrl' })).toBeInTheDocument();
  });

  it('shows what the mode hands in: labels, fills and extra marks', async () => {
    renderWithServices(
      <Harness
        mode="key_led"
        keyLabel={(id) => (id === 0 ? '1.2' : undefined)}
        keyFill={(id) => (id === 0 ? '#ff0000' : undefined)}
        keyDescription={(id) => (id === 0 ? 'red' : undefined)}
        renderKey={(id, rect) => (id === 1 ? <circle data-testid="mark" cx={rect.x} cy={rect.y} r={3} /> : null)}
      />,
    );
    await drawn();
    const esc = screen.getByRole('gridcell', { name: 'Key Esc, red' });
    expect(esc).toHaveTextContent('1.2');
    expect(esc.querySelector('rect')).toHaveStyle({ fill: '#ff0000' });
    expect(keyNamed('1')).toContainElement(screen.getByTestId('mark'));
  });
});

describe('selecting with the mouse', () => {
  it('single select holds at most one key, and every change is reported', async () => {
    const changes: number[][] = [];
    renderWithServices(<Harness useMode={0} onChange={(ids) => changes.push(ids)} />);
    await drawn();
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    await user.click(keyNamed('Q'));
    expect(selectedIds()).toEqual([16]);
    await user.click(keyNamed('Q'));
    expect(selectedIds()).toEqual([]);
    expect(changes).toEqual([[0], [16], []]);
    expect(screen.queryByRole('button', { name: 'Select all' })).toBeNull();
    expect(screen.getByRole('grid')).not.toHaveAttribute('aria-multiselectable');
  });

  it('multi select toggles keys, with Select all, Reverse and Unselect', async () => {
    const changes: number[][] = [];
    renderWithServices(<Harness onChange={(ids) => changes.push(ids)} />);
    await drawn();
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    await user.click(keyNamed('Q'));
    expect(selectedIds()).toEqual([0, 16]);
    expect(screen.getByText('2 of 68 keys selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reverse' }));
    expect(selectedIds()).toHaveLength(66);
    expect(selectedIds()).not.toContain(0);
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(selectedIds()).toHaveLength(68);
    await user.click(screen.getByRole('button', { name: 'Unselect' }));
    expect(selectedIds()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Unselect' })).toBeDisabled();
    expect(changes.map((c) => c.length)).toEqual([1, 2, 66, 68, 0]);
  });

  it('selects every key a dragged rectangle touches', async () => {
    renderWithServices(<Harness initial={[67]} />);
    await drawn();
    const svg = pinGrid();
    const body = svg.querySelector('.kb__body')!;
    fireEvent.pointerDown(body, { clientX: 10, clientY: 10, button: 0, pointerId: 1 });
    fireEvent.pointerMove(svg, { clientX: 250, clientY: 130, pointerId: 1 });
    expect(svg.querySelector('.kb__marquee')).not.toBeNull();
    fireEvent.pointerUp(svg, { clientX: 250, clientY: 130, pointerId: 1 });
    // Esc 1 2 3 on the top row, Tab Q W E on the next; the earlier selection stays.
    expect(selectedIds()).toEqual([0, 1, 2, 3, 15, 16, 17, 18, 67]);
    expect(svg.querySelector('.kb__marquee')).toBeNull();
  });

  it('sweeps while the button is held: every key passed over takes the first key’s change', async () => {
    renderWithServices(<Harness initial={[3]} />);
    await drawn();
    const svg = pinGrid();
    fireEvent.pointerDown(keyNamed('1'), { ...keyCentre(1, 0), button: 0, pointerId: 1 });
    fireEvent.pointerMove(svg, { ...keyCentre(2, 0), pointerId: 1 });
    fireEvent.pointerMove(svg, { ...keyCentre(3, 0), pointerId: 1 });
    fireEvent.pointerUp(svg, { pointerId: 1 });
    fireEvent.pointerMove(svg, { ...keyCentre(5, 0), pointerId: 1 });
    expect(selectedIds()).toEqual([1, 2, 3]);
    // Starting on a selected key unselects along the way.
    fireEvent.pointerDown(keyNamed('3'), { ...keyCentre(3, 0), button: 0, pointerId: 2 });
    fireEvent.pointerMove(svg, { ...keyCentre(2, 0), pointerId: 2 });
    fireEvent.pointerUp(svg, { pointerId: 2 });
    expect(selectedIds()).toEqual([1]);
  });

  it('does not select in modes without selection', async () => {
    renderWithServices(<Harness mode="key_calibration" />);
    await drawn();
    const user = userEvent.setup();
    await user.click(keyNamed('Esc'));
    expect(keyNamed('Esc')).not.toHaveAttribute('aria-selected');
    expect(screen.queryByRole('toolbar', { name: 'Key selection' })).toBeNull();
  });
});

describe('keyboard access', () => {
  it('moves focus spatially with the arrows and toggles with Space and Enter', async () => {
    renderWithServices(<Harness />);
    await drawn();
    const user = userEvent.setup();
    const grid = screen.getByRole('grid');
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    // Select all, Reverse, then the drawing (Unselect is disabled with nothing selected).
    await user.tab();
    await user.tab();
    await user.tab();
    expect(keyNamed('Esc')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(keyNamed('1')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(keyNamed('Q')).toHaveFocus();
    // Down goes to the key most under the current one: A, then Z, then LAlt (not LWin, which sits further left).
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(keyNamed('LAlt')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(keyNamed('LWin')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(keyNamed('Z')).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}{Enter}');
    expect(selectedIds()).toEqual([45, 46]);
    expect(keyNamed('X')).toHaveAttribute('tabindex', '0');
    expect(keyNamed('Z')).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    expect(keyNamed('Right')).toHaveFocus();
    await user.keyboard('{Control>}a{/Control}');
    expect(selectedIds()).toHaveLength(68);
  });
});

describe('context menu and tooltip', () => {
  it('lists id_num, name, tip and img_name of the assignment on right-click and on Shift+F10', async () => {
    const codes = [...MADE68PRO_CODES];
    codes[14] = code('KbMute');
    renderWithServices(<Harness codes={codes} />);
    await drawn();
    fireEvent.contextMenu(keyNamed('Del'));
    const menu = await screen.findByRole('menu', { name: 'Key Del' });
    const items = Array.from(menu.querySelectorAll('[role="menuitem"]')).map((el) => el.textContent);
    expect(items).toEqual([
      `ID number: ${code('KbMute')} (0x007F)`,
      'Name: KbMute (Keyboard Mute)',
      'Tip: Keyboard-page mute; prefer the media Mute key',
      'Image: none',
    ]);
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    act(() => keyNamed('Esc').focus());
    await userEvent.setup().keyboard('{Shift>}{F10}{/Shift}');
    expect(await screen.findByRole('menu', { name: 'Key Esc' })).toHaveTextContent('Name: Esc (Escape)');
  });

  it('summarises an advanced assignment in a tooltip and in the menu', async () => {
    const codes = [...MADE68PRO_CODES];
    codes[31] = makeKeycode(KEYCODE_KIND.macro, 2);
    codes[32] = makeKeycode(KEYCODE_KIND.dks, 7);
    const macro = {
      id_num: 2,
      name: 'Login',
      context: '',
      type: 2 as const,
      vis: true,
      display: ['LCtrl', 'A', 'B', 'C'].flatMap((name) => [
        {
          keywords: '',
          name,
          alias: name,
          image: '',
          code: 0,
          type: 0,
          stype: 0,
          sys_code: 0,
          key_id: -1,
          delay: 30,
          is_down: true,
        },
        {
          keywords: '',
          name,
          alias: name,
          image: '',
          code: 0,
          type: 0,
          stype: 0,
          sys_code: 0,
          key_id: -1,
          delay: 30,
          is_down: false,
        },
      ]),
      family_max_id: 2,
      delay_type: 0 as const,
      delay_min: 30,
      delay_max: 35,
      repeat_count: 1,
      count: 1,
      trigger_action_type: 0,
      trigger_delay: 0,
    };
    renderWithServices(<Harness codes={codes} funcLists={{ macro_list: [macro] }} />);
    await drawn();
    const a = screen.getByRole('gridcell', { name: 'Key A, Macro M2' });
    expect(a).toHaveTextContent('M2');
    act(() => a.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Macro M2 “Login”: LCtrl, A, B, …');
    act(() => keyNamed('S').focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Dynamic keystroke D7: not found on the device');
    act(() => keyNamed('Q').focus());
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    fireEvent.contextMenu(a);
    const menu = await screen.findByRole('menu', { name: 'Key A' });
    expect(menu).toHaveTextContent('ID number: 2');
    expect(menu).toHaveTextContent('Name: Login');
  });
});
