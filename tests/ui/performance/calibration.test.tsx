// @vitest-environment jsdom
/**
 * Calibration on the verify view of a virtual keyboard, pressing its keys from the drawing: Start behind the 2-second
 * wait dialog (type 3, index 1), keys coloured by progress, Save and Cancel sent to the device, and a key held down
 * at Start refused with a message.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keycodeExtraEn, type KeycodeExtraId } from '../../../src/i18n/sections/keycode-extra';
import { CATALOGUES } from '../../../src/i18n/translate';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { key, openPerfTab, shown, viewTab } from './perf-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function keycodeText(id: KeycodeExtraId): string {
  const wired = (CATALOGUES.en_US as Readonly<Record<string, string>>)[id] === keycodeExtraEn[id];
  return wired ? keycodeExtraEn[id] : id;
}

const capFill = (id: number) => (key(id).querySelector('.kb-key__cap') as SVGElement).style.fill;
const calCalls = (tab: Awaited<ReturnType<typeof openPerfTab>>) =>
  tab.setPerfCalls().flatMap((c) => (c.calibration ? [JSON.parse(c.calibration).state as number] : []));

async function pressOnDrawing(id: number) {
  fireEvent.pointerDown(key(id), { button: 0, pointerId: 1 });
  await act(async () => new Promise((r) => setTimeout(r, 50)));
  fireEvent.pointerUp(key(id), { button: 0, pointerId: 1 });
  await act(async () => new Promise((r) => setTimeout(r, 50)));
}

describe('calibration', () => {
  it('shows the tips, starts behind the 2-second wait dialog, colours the keys pressed and saves', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.verify'));
    for (const tip of ['perf.cal.tip.1', 'perf.cal.tip.2', 'perf.cal.tip.3'] as const)
      expect(screen.getByText(shown(tip))).toBeInTheDocument();
    expect(screen.getByText(`${shown('perf.cal.manual')} ${shown('perf.cal.manual.auto')}`)).toBeInTheDocument();
    const before = (await tab.perf()).key_calibrations[31]!;

    await user.click(screen.getByRole('button', { name: shown('perf.cal.start') }));
    const wait = await screen.findByRole('dialog');
    expect(wait).toHaveAttribute('data-dialog-type', '3');
    expect(wait).toHaveAttribute('data-dialog-index', '1');
    await waitFor(() => expect(calCalls(tab)).toContain(1));
    expect((await tab.perf()).calibration_state).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    for (const step of ['perf.cal.step.1', 'perf.cal.step.2', 'perf.cal.step.3'] as const)
      expect(screen.getByText(shown(step))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: shown('perf.cal.cancel') })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: keycodeText('keycode.press.toggle') }));
    expect(capFill(31)).toBe('');
    // Press A through its whole travel on the virtual keyboard: its readings span the key's range.
    fireEvent.change(screen.getByRole('slider', { name: keycodeText('keycode.press.depth') }), {
      target: { value: '4' },
    });
    await pressOnDrawing(31);
    await waitFor(() => expect(capFill(31)).toBe('rgb(63, 185, 80)'));
    expect(capFill(32)).toBe('');

    await user.click(screen.getByRole('button', { name: shown('perf.cal.save') }));
    await waitFor(() => expect(calCalls(tab)).toContain(2));
    const after = await tab.perf();
    expect(after.calibration_state).toBe(2);
    // A full press reads the key's whole range again; keys not pressed keep theirs.
    const range = after.key_calibrations[31]!;
    expect(range.max - range.min).toBeGreaterThanOrEqual(0.9 * (before.max - before.min));
    expect(screen.getByRole('button', { name: shown('perf.cal.start') })).toBeInTheDocument();
    expect(capFill(31)).toBe('');
  });

  it('cancels a run: state 0 sent and the previous calibration kept', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.verify'));
    const before = (await tab.perf()).key_calibrations;
    await user.click(screen.getByRole('button', { name: shown('perf.cal.start') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: shown('perf.cal.cancel') }));
    await waitFor(async () => expect((await tab.perf()).calibration_state).toBe(0));
    expect(calCalls(tab).slice(-1)).toEqual([0]);
    expect((await tab.perf()).key_calibrations).toEqual(before);
  });

  it('refuses to start while a key is held down, and says so', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.verify'));
    await tab.host.live.client.pressKey({ path: tab.path, key_id: 31, depth: 3.5 });
    await user.click(screen.getByRole('button', { name: shown('perf.cal.start') }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/perf\.cal\.held|A/);
    expect(calCalls(tab)).not.toContain(1);
    expect((await tab.perf()).calibration_state).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Released, the key no longer stops the run.
    await tab.host.live.client.pressKey({ path: tab.path, key_id: 31, depth: 0 });
    await user.click(screen.getByRole('button', { name: shown('perf.cal.start') }));
    await waitFor(() => expect(calCalls(tab)).toContain(1));
    expect(within(document.body).queryByRole('alert')).toBeNull();
  });
  it('counts the wait down 2, 1 and closes at 0, announcing each second', async () => {
    await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.verify'));
    await user.click(screen.getByRole('button', { name: shown('perf.cal.start') }));
    const wait = await screen.findByRole('dialog');
    const count = within(wait).getByRole('status');
    await waitFor(() => expect(count).toHaveTextContent('Calibration starts in 2 seconds.'));
    await waitFor(() => expect(count).toHaveTextContent('Calibration starts in 1 second.'), { timeout: 1500 });
    expect(wait).toHaveTextContent(shown('perf.cal.wait.body'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 1500 });
    expect(shown('perf.cal.wait.count', 1)).toBe('Calibration starts in 1 second.');
  });

  it('names the key last pressed fully down with "Calibration Normal", for screen readers too', async () => {
    await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.verify'));
    await user.click(screen.getByRole('button', { name: shown('perf.cal.start') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    const line = screen.getByTestId('calibration-normal');
    expect(line).toHaveAttribute('role', 'status');
    expect(line).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: keycodeText('keycode.press.toggle') }));
    fireEvent.change(screen.getByRole('slider', { name: keycodeText('keycode.press.depth') }), {
      target: { value: '4' },
    });
    await pressOnDrawing(31);
    await waitFor(() => expect(line).toHaveTextContent('Key A: Calibration Normal'));
    await pressOnDrawing(32);
    await waitFor(() => expect(line).toHaveTextContent('Key S: Calibration Normal'));
    await user.click(screen.getByRole('button', { name: shown('perf.cal.cancel') }));
    await waitFor(() => expect(screen.queryByTestId('calibration-normal')).toBeNull());
  });
});
