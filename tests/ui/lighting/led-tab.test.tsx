// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { keyNamed, serveDrawings } from '../keycode/drawing-helpers';
import { ledKeyboard, renderLedTab } from './led-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const tabNames = () =>
  within(screen.getByRole('tablist', { name: 'Lighting' }))
    .getAllByRole('tab')
    .map((t) => t.textContent);
const radio = (name: string) => screen.getByRole('radio', { name });
const select = (legend: string) => fireEvent.keyDown(keyNamed(legend), { key: ' ' });

describe('Key LED tab: tabs', () => {
  it('offers the outer frame on made68pro and cyber01, ambient light on real67 only', async () => {
    const made = await ledKeyboard('Made68Pro');
    const first = await renderLedTab(made);
    expect(tabNames()).toEqual(['Key light', 'Outer frame']);
    first.unmount();
    const cyber = await ledKeyboard('Cyber01', '2.2.0');
    const second = await renderLedTab(cyber);
    expect(tabNames()).toEqual(['Key light', 'Outer frame']);
    second.unmount();
    await renderLedTab(await ledKeyboard('Real67', '3.9.7'));
    expect(tabNames()).toEqual(['Key light', 'Ambient light']);
  });

  it('speaks Chinese', async () => {
    await renderLedTab(await ledKeyboard('Made68Pro'), 'zh_CN');
    expect(
      within(screen.getByRole('tablist', { name: '灯光' }))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['单键灯光', '外框灯']);
    expect(screen.getByRole('switch', { name: '按键灯光' })).toBeChecked();
  });
});

describe('Key LED tab: per-key light', () => {
  it('switches the light off and on', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard();
    await renderLedTab(kb);
    await user.click(screen.getByRole('switch', { name: 'Key light' }));
    await waitFor(async () => expect((await kb.read()).keylight_use).toBe(0));
    expect(screen.getByText('The key light is off.')).toBeInTheDocument();
    expect(screen.getByTestId('led-preview-caption')).toHaveTextContent('Preview: the key light is off.');
    await user.click(screen.getByRole('switch', { name: 'Key light' }));
    await waitFor(async () => expect((await kb.read()).keylight_use).toBe(1));
  });

  it('at firmware level 0 offers a plain off button and no extra controls', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard('Made68Pro', '1.3.6');
    await kb.client.setLedInfo({ path: kb.path, mode_index: 3 });
    await renderLedTab(kb);
    expect(screen.queryByRole('switch', { name: 'Key light' })).toBeNull();
    expect(screen.getByRole('slider', { name: 'Brightness' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Direction' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Turn the key light off' }));
    await waitFor(async () => expect((await kb.read()).keylight_use).toBe(0));
    expect(screen.getByRole('button', { name: 'Turn the key light on' })).toBeInTheDocument();
  });

  it('switches between the light-flow and colour-mode lists and sends the chosen mode', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard();
    await renderLedTab(kb);
    // A fresh made68pro shows the static colour mode.
    expect(screen.getByRole('tab', { name: 'Colour modes' })).toHaveAttribute('aria-selected', 'true');
    expect(radio('Static')).toBeChecked();
    expect(screen.queryByRole('slider', { name: 'Brightness' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Light effects' }));
    expect(screen.queryByRole('radio', { name: 'Static' })).toBeNull();
    await user.click(radio('Wave'));
    await waitFor(async () => expect((await kb.read()).kmm_index).toBe(3));
    expect(screen.getByRole('slider', { name: 'Brightness' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Speed' })).toBeInTheDocument();
    await user.click(radio('High to low'));
    await waitFor(async () => expect((await kb.read()).keymodes[3]!.direction).toBe('h2l'));
    await user.click(radio('Ripple'));
    await user.click(screen.getByRole('checkbox', { name: 'Random colours' }));
    await waitFor(async () => expect((await kb.read()).keymodes[6]!.random).toBe(true));
    await user.click(radio('Reactive'));
    expect(screen.getByRole('checkbox', { name: 'Random colour on each press' })).toBeInTheDocument();
    await user.click(radio('Breathing'));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Direction' })).toBeNull();
  });

  it('lowers speed in the same change when the brightness drops below three times it', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard();
    await kb.client.setLedInfo({ path: kb.path, mode_index: 2 });
    await kb.client.setLedInfo({ path: kb.path, mode_data: { index: 2, light: 30, speed: 10 } });
    await renderLedTab(kb);
    expect(screen.getByRole('slider', { name: 'Speed' })).toHaveAttribute('aria-valuemax', '10');
    expect(screen.queryByText('Brightness above 36 may cause instability.')).toBeNull();
    const before = kb.host.live.callsTo('setLedInfo').length;
    await user.click(screen.getByRole('button', { name: 'Decrease Brightness' }));
    await waitFor(async () => expect((await kb.read()).keymodes[2]).toMatchObject({ light: 29, speed: 9 }));
    expect(kb.host.live.callsTo('setLedInfo').length - before).toBe(1);
    expect(screen.getByText('Speed lowered to 9: it can be at most a third of the brightness.')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Speed' })).toHaveAttribute('aria-valuenow', '9');
  });

  it('warns above brightness 36 and that dynamic lighting cannot be previewed on the keyboard', async () => {
    const kb = await ledKeyboard();
    await kb.client.setLedInfo({ path: kb.path, mode_index: 2 });
    await renderLedTab(kb);
    expect(screen.getByText('Brightness above 36 may cause instability.')).toBeInTheDocument();
    expect(screen.getByText('Dynamic lighting cannot be previewed on the keyboard itself.')).toBeInTheDocument();
  });

  it('picks the whole-keyboard colour of the static mode from the device palette', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard();
    const info = await kb.read();
    await renderLedTab(kb);
    const third = info.palette[2]!;
    await user.click(screen.getByRole('button', { name: `Colour ${third}` }));
    await waitFor(async () => expect((await kb.read()).krm_index).toBe(2));
    expect(keyNamed('Q').querySelector('.kb-key__cap')).toHaveStyle({ fill: third });
  });
});

describe('Key LED tab: per-key colours', () => {
  it('colours the selected keys, and a fresh read holds exactly those colours', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard();
    await kb.client.setLedInfo({ path: kb.path, mode_index: 0 });
    const before = await kb.read();
    await renderLedTab(kb);
    await user.click(screen.getByRole('button', { name: 'Colour #ff0000' }));
    expect(screen.getByText('Select keys on the drawing first.')).toBeInTheDocument();
    select('Q');
    select('W');
    const ids = [Number(keyNamed('Q').dataset.keyId), Number(keyNamed('W').dataset.keyId)];
    await user.click(screen.getByRole('button', { name: 'Colour #ff0000' }));
    await waitFor(() => expect(screen.getByText('2 keys now #ff0000.')).toBeInTheDocument());
    const after = await kb.read();
    expect(after.keycolors).toEqual(before.keycolors.map((c, id) => (ids.includes(id) ? '#ff0000' : c)));
    expect(keyNamed('Q').querySelector('.kb-key__cap')).toHaveStyle({ fill: '#ff0000' });
    expect(screen.getByTestId('led-preview-caption')).toHaveTextContent('Preview: the colours the keys show.');
  });

  it('keeps custom colours newest first, without duplicates, at most eight, in custom_colors_hex', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard();
    await kb.client.setLedInfo({ path: kb.path, mode_index: 0 });
    await renderLedTab(kb);
    select('A');
    const add = async (hex: string) => {
      await user.click(screen.getByRole('button', { name: 'Add colour' }));
      const hexField = screen.getByRole('textbox', { name: 'Hex colour' });
      await user.clear(hexField);
      await user.type(hexField, hex);
      await user.click(screen.getByRole('button', { name: 'OK' }));
    };
    const history = () =>
      within(screen.getByRole('group', { name: 'Custom colours' }))
        .queryAllByRole('button', { name: /^Colour / })
        .map((b) => b.getAttribute('data-hex'));
    expect(within(screen.getByRole('group', { name: 'Custom colours' })).getAllByRole('img')).toHaveLength(8);
    await add('112233');
    await add('#AABBCC');
    expect(history()).toEqual(['#aabbcc', '#112233']);
    await add('112233');
    expect(history()).toEqual(['#112233', '#aabbcc']);
    expect(JSON.parse(localStorage.getItem('custom_colors_hex')!)).toEqual(['#112233', '#aabbcc']);
    await waitFor(async () => expect((await kb.read()).keycolors[Number(keyNamed('A').dataset.keyId)]).toBe('#112233'));
    for (const hex of ['010101', '020202', '030303', '040404', '050505', '060606', '070707']) await add(hex);
    expect(history()).toHaveLength(8);
    expect(history()[0]).toBe('#070707');
    expect(history()).not.toContain('#aabbcc');
  });

  it('refuses a malformed hex colour and changes nothing', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard();
    await kb.client.setLedInfo({ path: kb.path, mode_index: 0 });
    const before = await kb.read();
    await renderLedTab(kb);
    select('A');
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    const hexField = screen.getByRole('textbox', { name: 'Hex colour' });
    await user.clear(hexField);
    await user.type(hexField, '#12345');
    expect(hexField).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await kb.read()).toEqual(before);
    expect(localStorage.getItem('custom_colors_hex')).toBeNull();
  });
});

describe('Key LED tab: preview', () => {
  it('animates a dynamic mode with a label, and stands still under reduced motion', async () => {
    const kb = await ledKeyboard();
    await kb.client.setLedInfo({ path: kb.path, mode_index: 3 });
    const view = await renderLedTab(kb);
    expect(screen.getByTestId('led-preview-caption')).toHaveTextContent('Preview: Wave, animated.');
    expect(view.container.querySelector('.led-anim--wave')).toHaveAttribute('data-animated', 'true');
    view.unmount();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const still = await renderLedTab(kb);
    expect(screen.getByTestId('led-preview-caption')).toHaveTextContent(
      'Preview: Wave. Animation paused because reduced motion is on.',
    );
    expect(still.container.querySelector('.led-anim--wave')).toHaveAttribute('data-animated', 'false');
  });
});

describe('Key LED tab: outer frame', () => {
  it('chooses a mode, warns above mode 1, and sets colour and brightness', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard();
    const view = await renderLedTab(kb);
    await user.click(screen.getByRole('tab', { name: 'Outer frame' }));
    expect(screen.getByRole('switch', { name: 'Outer-frame light' })).toBeChecked();
    await user.click(radio('Breathing'));
    await waitFor(async () => expect((await kb.read()).keyoutframe!.lightbar_index).toBe(2));
    expect(screen.getByText(/drawing shows its colour only/)).toBeInTheDocument();
    const hue = Number(screen.getByRole('slider', { name: 'Hue' }).getAttribute('aria-valuenow'));
    await user.click(screen.getByRole('button', { name: 'Increase Hue' }));
    await waitFor(async () => expect((await kb.read()).keyoutframe!.items[2]!.hsva.hue).toBe(hue + 1));
    await user.click(screen.getByRole('button', { name: 'Decrease Brightness' }));
    await waitFor(async () => expect((await kb.read()).keyoutframe!.items[2]!.hsva.alpha).toBe(7));
    await user.click(screen.getByRole('button', { name: 'Colour #0000ff' }));
    await waitFor(async () =>
      expect((await kb.read()).keyoutframe!.items[2]!.hsva).toMatchObject({ saturation: 255, value: 255, alpha: 7 }),
    );
    expect(view.container.querySelector('[data-frame-colour]')).toHaveAttribute('data-frame-colour', '#0000ff');
    await user.click(radio('Static'));
    expect(screen.queryByText(/drawing shows its colour only/)).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Outer-frame light' }));
    await waitFor(async () => expect((await kb.read()).keyoutframe!.lightbar_use).toBe(0));
  });
});

describe('Key LED tab: ambient light', () => {
  it('sets mode, named colour, light and speed on real67', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard('Real67', '3.9.7');
    await renderLedTab(kb);
    await user.click(screen.getByRole('tab', { name: 'Ambient light' }));
    expect(screen.getByRole('switch', { name: 'Ambient light' })).toBeChecked();
    await user.click(radio('Red'));
    await waitFor(async () => expect((await kb.read()).keyambient!.ambient_color_index).toBe(1));
    await user.click(radio('Breathing'));
    await waitFor(async () => expect((await kb.read()).keyambient!.ambient_mode_index).toBe(1));
    const light = Number(screen.getByRole('slider', { name: 'Light' }).getAttribute('aria-valuenow'));
    await user.click(screen.getByRole('button', { name: 'Decrease Light' }));
    await waitFor(async () => expect((await kb.read()).keyambient!.ambientmodes[1]!.light).toBe(light - 1));
    await user.click(radio('Spectrum'));
    expect(screen.queryByRole('radio', { name: 'Red' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Ambient light' }));
    await waitFor(async () => expect((await kb.read()).keyambient!.keyambient_use).toBe(0));
  });

  it('names magenta purple in Chinese', async () => {
    const user = userEvent.setup();
    await renderLedTab(await ledKeyboard('Real67', '3.9.7'), 'zh_CN');
    await user.click(screen.getByRole('tab', { name: '氛围灯' }));
    expect(screen.getByRole('radio', { name: '紫色' })).toBeInTheDocument();
  });
});

describe('Key LED tab: a refused change', () => {
  it('puts back what the device holds', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard();
    await renderLedTab(kb);
    const off = kb.host.live.transport(kb.path);
    off.setLink({ loss: 1 });
    await act(async () => {
      await kb.client.getSettingData({ path: kb.path }).catch(() => undefined);
    });
    await user.click(screen.getByRole('tab', { name: 'Light effects' }));
    await user.click(radio('Breathing'));
    await waitFor(() => expect(radio('Breathing')).not.toBeChecked(), { timeout: 8000 });
    off.setLink({ loss: 0 });
  }, 15000);
});
