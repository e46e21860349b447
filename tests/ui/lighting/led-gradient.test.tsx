// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { gradientColours, mixHex } from '../../../src/ui/device-page/lighting/rules';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { keyNamed, serveDrawings } from '../keycode/drawing-helpers';
import { ledKeyboard, renderLedTab } from './led-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
  localStorage.clear();
});

const select = (legend: string) => fireEvent.keyDown(keyNamed(legend), { key: ' ' });
const idOf = (legend: string) => Number(keyNamed(legend).dataset.keyId);

describe('gradient rule', () => {
  it('runs from the first colour to the second along the wider side of the keys', () => {
    expect(mixHex('#ff0000', '#0000ff', 0.5)).toBe('#800080');
    const row = [
      { id: 7, x: 3, y: 1 },
      { id: 5, x: 1, y: 1 },
      { id: 6, x: 2, y: 1.2 },
    ];
    expect(gradientColours(row, '#FF0000', '#0000ff')).toEqual([
      { key: 7, hex: '#0000ff' },
      { key: 5, hex: '#ff0000' },
      { key: 6, hex: '#800080' },
    ]);
    const column = [
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 0, y: 4 },
    ];
    expect(gradientColours(column, '#000000', '#ffffff').map((c) => c.hex)).toEqual(['#000000', '#ffffff']);
    expect(gradientColours([{ id: 3, x: 1, y: 1 }], '#123456', '#ffffff')).toEqual([{ key: 3, hex: '#123456' }]);
  });
});

describe('Key LED tab: gradient across the selection', () => {
  it('gives the selected keys a gradient in one change, and a fresh read holds every colour', async () => {
    const user = userEvent.setup();
    const kb = await ledKeyboard();
    await kb.client.setLedInfo({ path: kb.path, mode_index: 0 });
    const before = await kb.read();
    await renderLedTab(kb);
    await user.click(screen.getByRole('button', { name: 'Fill the selection' }));
    expect(screen.getByText('Select keys on the drawing first.')).toBeInTheDocument();

    for (const legend of ['Q', 'W', 'E', 'R', 'T']) select(legend);
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '#00ff00' } });
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '#ff00ff' } });
    const sentBefore = kb.host.live.callsTo('setLedInfo').length;
    await user.click(screen.getByRole('button', { name: 'Fill the selection' }));
    await waitFor(() => expect(screen.getByText('5 keys now run from #00ff00 to #ff00ff.')).toBeInTheDocument(), {
      timeout: 5000,
    });
    // One call carries every colour.
    const sent = kb.host.live.callsTo('setLedInfo').slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.named.get('key_colors')).toBeDefined();

    const after = await kb.read();
    const row = ['Q', 'W', 'E', 'R', 'T'].map((k) => after.keycolors[idOf(k)]);
    expect(row[0]).toBe('#00ff00');
    expect(row[4]).toBe('#ff00ff');
    expect(row[2]).toBe('#808080');
    expect(new Set(row).size).toBe(5);
    const ids = new Set(['Q', 'W', 'E', 'R', 'T'].map(idOf));
    expect(after.keycolors.filter((_, id) => !ids.has(id))).toEqual(before.keycolors.filter((_, id) => !ids.has(id)));
    expect(keyNamed('E').querySelector('.kb-key__cap')).toHaveStyle({ fill: '#808080' });
  });

  it('speaks Chinese', async () => {
    const kb = await ledKeyboard();
    await kb.client.setLedInfo({ path: kb.path, mode_index: 0 });
    await renderLedTab(kb, 'zh_CN');
    expect(screen.getByRole('button', { name: '填充所选按键' })).toBeInTheDocument();
    expect(screen.getByLabelText('起始色')).toHaveAttribute('type', 'color');
    expect(screen.getByLabelText('结束色')).toHaveAttribute('type', 'color');
  });
});
