// @vitest-environment jsdom
/**
 * On a virtual keyboard, press mode on the Verify view carries over to its tester chart: a key held on the drawing
 * there is charted at the press depth, and going back to Verify keeps pressing on.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { key, openPerfTab, shown, viewTab } from './perf-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => vi.restoreAllMocks());

const pressToggle = () => screen.getByRole('button', { name: 'Press keys' });

describe('press mode on the Verify view', () => {
  it('stays on when the tester chart opens, and the chart charts the held key', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const tab = await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.verify'));
    await user.click(pressToggle());
    expect(pressToggle()).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: shown('perf.chart.open') }));
    await screen.findByTestId('tester-chart');
    expect(pressToggle()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Press keys to chart their depth here.')).toBeInTheDocument();

    // W (key 17) held with Space, as a keyboard user holds a key of the drawing.
    act(() => key(17).focus());
    fireEvent.keyDown(key(17), { key: ' ' });
    await waitFor(() => expect(screen.queryByText('Press keys to chart their depth here.')).toBeNull());
    const legend = screen.getByRole('list', { name: 'Keys on the chart' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.dataset.keyId),
    ).toEqual(['17']);
    expect(tab.host.live.callsTo('pressKey').map((c) => Object.fromEntries(c.named))).toEqual([
      expect.objectContaining({ key_id: '17', depth: '2' }),
    ]);
    fireEvent.keyUp(key(17), { key: ' ' });
    await waitFor(() => expect(tab.host.live.callsTo('pressKey')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: shown('perf.chart.back') }));
    expect(pressToggle()).toHaveAttribute('aria-pressed', 'true');
    // Another view ends press mode: its drawing selects keys again.
    await user.click(viewTab('perf.tab.perf'));
    expect(screen.queryByRole('button', { name: 'Press keys' })).toBeNull();
  });
});
