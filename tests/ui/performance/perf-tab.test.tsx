// @vitest-environment jsdom
/**
 * The Key performance tab's views and its perf panel on a virtual keyboard: which views select keys, what a view
 * change tells the device, trigger, dead zone and rapid trigger sent for the selected keys and shown on the drawing,
 * warnings, and changes the rules block with their toasts.
 */
import { useToastStore } from '../../../src/ui/toasts/store';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { key, openPerfTab, selectKeys, shown, toastTitles, viewTab } from './perf-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const drawing = () => document.querySelector('svg.kb__svg')!;
const slider = (id: Parameters<typeof shown>[0]) => screen.getByRole('slider', { name: shown(id) });
const increase = (id: Parameters<typeof shown>[0]) =>
  fireEvent.click(screen.getByRole('button', { name: `Increase ${shown(id)}` }));

describe('the view tabs', () => {
  it('lists perf, game config, switch and verify, and selects keys on perf and switch only', async () => {
    await openPerfTab();
    const user = userEvent.setup();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual([
      shown('perf.tab.perf'),
      shown('perf.tab.game'),
      shown('perf.tab.switch'),
      shown('perf.tab.verify'),
    ]);
    expect(drawing()).toHaveAttribute('data-selectable', 'true');
    await user.click(viewTab('perf.tab.game'));
    expect(drawing()).toHaveAttribute('data-selectable', 'false');
    await user.click(viewTab('perf.tab.switch'));
    expect(drawing()).toHaveAttribute('data-selectable', 'true');
    await user.click(viewTab('perf.tab.verify'));
    expect(drawing()).toHaveAttribute('data-selectable', 'false');
  });

  it('keeps keys unselectable on the switch view of a cyber01 up to firmware 1.2.8, not after', async () => {
    const old = await openPerfTab('Cyber01', '1.2.8');
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.switch'));
    expect(drawing()).toHaveAttribute('data-selectable', 'false');
    old.rendered.unmount();
    await openPerfTab('Cyber01', '1.2.9');
    await user.click(viewTab('perf.tab.switch'));
    expect(drawing()).toHaveAttribute('data-selectable', 'true');
  });

  it('clears the selection on a view change and sets the report mode: 2 on verify, 0 with calibration 0 elsewhere', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    await waitFor(() => expect(tab.setPerfCalls()).toHaveLength(2));
    expect(tab.setPerfCalls()).toEqual([
      { path: tab.path, key_ids: '[0]', calibration: '{"state":0}' },
      { path: tab.path, key_ids: '[0]', use_report: '0' },
    ]);
    selectKeys(16);
    expect(key(16)).toHaveAttribute('aria-selected', 'true');
    await user.click(viewTab('perf.tab.verify'));
    await waitFor(() => expect(tab.setPerfCalls()).toHaveLength(3));
    expect(tab.setPerfCalls()[2]).toEqual({ path: tab.path, key_ids: '[]', use_report: '2' });
    await waitFor(() => expect(tab.host.live.keyboard(tab.path).inspect().reportMode.mode).toBe(2));
    await user.click(viewTab('perf.tab.perf'));
    await waitFor(() => expect(tab.setPerfCalls()).toHaveLength(5));
    expect(tab.setPerfCalls().slice(3)).toEqual([
      { path: tab.path, key_ids: '[0]', calibration: '{"state":0}' },
      { path: tab.path, key_ids: '[0]', use_report: '0' },
    ]);
    expect(key(16)).toHaveAttribute('aria-selected', 'false');
  });
});

describe('the perf panel', () => {
  it('covers the panel while no key is selected; the cover says so and changes nothing', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    const cover = screen.getByRole('button', { name: shown('perf.select.to.adjust') });
    await user.click(cover);
    expect(toastTitles()).toContain('perf.no.select.keys');
    increase('perf.trigger');
    // Said again while it shows: one toast counting both.
    expect(useToastStore.getState().toasts.filter((t) => t.title === 'perf.no.select.keys')).toMatchObject([
      { count: 2 },
    ]);
    expect(tab.setPerfCalls().filter((c) => 'trigger' in c)).toHaveLength(0);
    selectKeys(16);
    expect(screen.queryByRole('button', { name: shown('perf.select.to.adjust') })).toBeNull();
  });

  it('steps the trigger of the selected keys by the device accuracy, and shows it on their caps', async () => {
    const tab = await openPerfTab();
    const before = await tab.perf();
    const step = before.key_accuracys[16]!.trigger_accuracy;
    const expected = Math.round((before.key_triggers[16]! + step) * 100) / 100;
    selectKeys(16, 17);
    increase('perf.trigger');
    await waitFor(async () => expect((await tab.perf()).key_triggers[17]).toBeCloseTo(expected, 5));
    const after = await tab.perf();
    expect(after.key_triggers[16]).toBeCloseTo(expected, 5);
    expect(after.key_triggers[18]).toBe(before.key_triggers[18]);
    const calls = tab.setPerfCalls().filter((c) => 'trigger' in c);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.key_ids).toBe('[16,17]');
    await waitFor(() => expect(within(key(17)).getByTestId('perf-key-values')).toHaveTextContent(expected.toFixed(2)));
    expect(within(key(18)).getByTestId('perf-key-values')).toHaveTextContent(before.key_triggers[18]!.toFixed(2));
    expect(slider('perf.trigger')).toHaveAttribute('aria-valuenow', String(expected));
  });

  it('bounds the trigger by the key range and the dead zone by 0 and max_dead, warning at a dead zone of 0', async () => {
    const tab = await openPerfTab();
    const info = await tab.perf();
    selectKeys(16);
    expect(slider('perf.trigger')).toHaveAttribute('aria-valuemax', String(info.key_accuracys[16]!.max_trigger));
    expect(slider('perf.dead')).toHaveAttribute('aria-valuemin', '0');
    expect(slider('perf.dead')).toHaveAttribute('aria-valuemax', String(info.key_accuracys[16]!.max_dead));
    expect(screen.queryByText('A dead zone of 0 may cause accidental presses.')).toBeNull();
    const down = screen.getByRole('button', { name: `Decrease ${shown('perf.dead')}` });
    for (let i = 0; i < 80 && slider('perf.dead').getAttribute('aria-valuenow') !== '0'; i++) {
      fireEvent.click(down);
      await act(async () => {});
    }
    await waitFor(async () => expect((await tab.perf()).key_deads[16]).toBe(0));
    expect(await screen.findByText('A dead zone of 0 may cause accidental presses.')).toBeInTheDocument();
  });

  it('turns rapid trigger on for the selected keys, marks them RT and offers press and release travel', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    selectKeys(31);
    expect(screen.queryByRole('slider', { name: shown('perf.rt.press') })).toBeNull();
    await user.click(screen.getByRole('switch', { name: shown('perf.rt') }));
    await waitFor(async () => expect((await tab.perf()).key_rapid_triggers[31]!.use_rapid).toBe(true));
    expect(await screen.findByRole('switch', { name: shown('perf.rt') })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('slider', { name: shown('perf.rt.press') })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: shown('perf.rt.release') })).toBeInTheDocument();
    await waitFor(() => expect(within(key(31)).getByTestId('perf-key-values')).toHaveTextContent('RT'));
    expect(within(key(32)).getByTestId('perf-key-values')).not.toHaveTextContent('RT');
    const rt = (await tab.perf()).key_rapid_triggers[31]!;
    const trigger = (await tab.perf()).key_triggers[31]!;
    expect(key(31).getAttribute('aria-label')).toContain(
      shown('perf.key.values.rt', trigger.toFixed(2), rt.p_rapid_value.toFixed(2), rt.r_rapid_value.toFixed(2)),
    );
    // The Made68Pro at 1.4.2 has no rapid-trigger mode strip.
    expect(screen.queryByRole('tablist', { name: shown('perf.rt.modes') })).toBeNull();
  });

  it('warns when a rapid travel is 0.04 mm or less', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    selectKeys(31);
    await user.click(screen.getByRole('switch', { name: shown('perf.rt') }));
    await screen.findByRole('slider', { name: shown('perf.rt.press') });
    const down = screen.getByRole('button', { name: `Decrease ${shown('perf.rt.press')}` });
    for (let i = 0; i < 400 && down.getAttribute('aria-disabled') !== 'true'; i++) {
      fireEvent.click(down);
      await act(async () => {});
    }
    await waitFor(async () =>
      expect((await tab.perf()).key_rapid_triggers[31]!.p_rapid_value).toBeLessThanOrEqual(0.04),
    );
    expect(await screen.findByText('A rapid trigger sensitivity below 0.04mm is not recommended.')).toBeInTheDocument();
  });

  it('switches rapid-trigger mode where the model has the strip; auto mode blocks trigger and dead zone with a toast', async () => {
    const tab = await openPerfTab('Made68Pro+', '1.4.2');
    const user = userEvent.setup();
    selectKeys(31);
    // Sensitivity belongs to auto mode: blocked with its toast until then.
    await user.click(screen.getByRole('switch', { name: shown('perf.rt') }));
    const strip = await screen.findByRole('tablist', { name: shown('perf.rt.modes') });
    await user.click(screen.getByRole('radio', { name: shown('perf.rt.sensitivity.2') }));
    expect(toastTitles()).toContain('perf.not.cfg.rt.sensitivity');
    await user.click(within(strip).getByRole('tab', { name: shown('perf.rt.mode.1') }));
    await waitFor(async () => expect((await tab.perf()).key_rapid_triggers[31]!.rt_mode).toBe(1));
    await waitFor(() => expect(screen.queryByRole('slider', { name: shown('perf.rt.press') })).toBeNull());
    const before = (await tab.perf()).key_triggers[31];
    increase('perf.trigger');
    expect(toastTitles()).toContain('perf.not.cfg.rt.trigger_or_dead');
    expect((await tab.perf()).key_triggers[31]).toBe(before);
    expect(slider('perf.trigger')).toHaveAttribute('aria-valuenow', String(before));
    await user.click(screen.getByRole('radio', { name: shown('perf.rt.sensitivity.2') }));
    await waitFor(async () => expect((await tab.perf()).key_rapid_triggers[31]!.rt_sensitivity_state).toBe(2));
  });

  it('takes the made68air base minimum of 0.02 mm', async () => {
    await openPerfTab('Made68Air', '1.4.2');
    selectKeys(16);
    expect(slider('perf.trigger')).toHaveAttribute('aria-valuemin', '0.02');
  });
});
