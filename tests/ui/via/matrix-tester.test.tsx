// @vitest-environment jsdom
/**
 * The matrix tester reads the keyboard's switch matrix (not key events) while shown: a switch pressed on the keyboard
 * is drawn down and counted, reads go on one at a time, stop on Pause and when the tester goes away.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { KEYTUNE_VIA_65_DEFINITION } from '../../../src/firmware/via/index';
import { viaEn, viaZh } from '../../../src/i18n/sections/via';
import { ViaMatrixTester } from '../../../src/ui/device-page/via/ViaMatrixTester';
import { renderVia } from './via-host';

const open = (language: 'en_US' | 'zh_CN' = 'en_US') =>
  renderVia((path) => <ViaMatrixTester path={path} />, { definition: KEYTUNE_VIA_65_DEFINITION }, language);

const key = (id: number) => document.querySelector(`[data-key-id="${id}"]`)!;
const reads = (via: Awaited<ReturnType<typeof open>>) => via.callsTo('via_read_matrix').length;

describe('ViaMatrixTester', () => {
  it('draws a switch the keyboard reports down, and counts its presses', async () => {
    const via = await open();
    await waitFor(() => expect(key(17)).toBeTruthy());
    await waitFor(() => expect(reads(via)).toBeGreaterThan(3));
    via.sim.pressKey(1, 2, true);
    await screen.findByText('1 key down');
    // Named and drawn by its first layer's code (a VIA definition prints no legend), with its count.
    expect(key(17).getAttribute('aria-label')).toBe('Key W, pressed once');
    expect(key(17).querySelector('.kb-key__legend')!.textContent).toBe('W 1');
    via.sim.pressKey(1, 2, false);
    await screen.findByText('No key down');
    via.sim.pressKey(1, 2, true);
    await screen.findByText('2 presses in all');
    via.sim.pressKey(1, 2, false);
    fireEvent.click(screen.getByRole('button', { name: viaEn['via.matrix.reset'] }));
    await screen.findByText('0 presses in all');
  });

  it('keeps one read in flight at a time, pauses, and stops when it goes away', async () => {
    const via = await open();
    await waitFor(() => expect(reads(via)).toBeGreaterThan(5));
    // Every recorded call has answered before the next one was made: the bridge saw them one after another.
    let inFlight = 0;
    let most = 0;
    const call = via.service.call.bind(via.service);
    via.service.call = async (...args) => {
      most = Math.max(most, ++inFlight);
      try {
        return await call(...args);
      } finally {
        inFlight--;
      }
    };
    await waitFor(() => expect(reads(via)).toBeGreaterThan(20));
    expect(most).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: viaEn['via.matrix.pause'] }));
    await screen.findByText(viaEn['via.matrix.paused']);
    const paused = reads(via);
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(reads(via) - paused).toBeLessThanOrEqual(1);
    fireEvent.click(screen.getByRole('button', { name: viaEn['via.matrix.resume'] }));
    await waitFor(() => expect(reads(via)).toBeGreaterThan(paused + 5));
    via.rendered.unmount();
    const gone = reads(via);
    await new Promise((r) => setTimeout(r, 100));
    expect(reads(via) - gone).toBeLessThanOrEqual(1);
  });

  it('stops when the page is hidden and goes on when it is shown again', async () => {
    const via = await open();
    await waitFor(() => expect(reads(via)).toBeGreaterThan(3));
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const hidden = reads(via);
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(reads(via) - hidden).toBeLessThanOrEqual(1);
    state.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(reads(via)).toBeGreaterThan(hidden + 3));
    state.mockRestore();
  });

  it('says it needs the definition on a keyboard without one, and reads nothing', async () => {
    const via = await renderVia((path) => <ViaMatrixTester path={path} />, {}, 'zh_CN');
    expect(await screen.findByText(viaZh['via.matrix.noLayout'])).toBeTruthy();
    expect(reads(via)).toBe(0);
  });

  it('a keyboard that stops answering stops the reads and says so', async () => {
    const via = await open();
    await waitFor(() => expect(reads(via)).toBeGreaterThan(3));
    via.transport.setLink({ loss: 1 });
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toContain(
      viaEn['via.matrix.stopped'],
    );
    const stopped = reads(via);
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(reads(via)).toBe(stopped);
  });
});
