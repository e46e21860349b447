// @vitest-environment jsdom
/**
 * Key performance on the virtual HE60 (libhmk): the Default mark at the firmware's own factory actuation (2.01 mm),
 * the smallest value the firmware acts on (0.02 mm) taken, a typed value set to the nearest held step and shown as
 * what the keyboard holds, the note saying so, and the advanced rapid-trigger mode named as the continuous rapid
 * trigger it is, in both languages.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { openPerfTab, selectKeys, shown, shownZh } from './perf-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => vi.unstubAllGlobals());

const slider = (name: string) => screen.getByRole('slider', { name });
const sliderBox = (name: string) => slider(name).closest('.slider') as HTMLElement;

async function typeInto(name: string, value: string) {
  const user = userEvent.setup();
  slider(name).focus();
  await user.keyboard('{Enter}');
  const field = screen.getByRole('textbox', { name: `Type a value for ${name}` });
  await user.clear(field);
  await user.keyboard(`${value}{Enter}`);
}

describe('Key performance on the HE60', () => {
  it('marks the firmware’s default, takes 0.02 mm and sets a typed value to the nearest held step', async () => {
    const tab = await openPerfTab('HE60 (libhmk)', '1.7.0');
    selectKeys(3);
    const trigger = shown('perf.trigger');
    await waitFor(() => expect(slider(trigger)).not.toHaveAttribute('aria-disabled', 'true'));
    const marks = within(sliderBox(trigger)).getAllByTestId('slider-mark');
    expect(marks).toHaveLength(1);
    expect(slider(trigger).getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(/2\.01 mm/, { selector: '#' + slider(trigger).getAttribute('aria-describedby') }),
    ).toBeTruthy();
    expect(screen.getByTestId('held-steps')).toHaveTextContent(shown('perf.held.steps', (4 / 255).toFixed(3)));

    await typeInto(trigger, '0.02');
    await waitFor(async () => expect((await tab.perf()).key_triggers[3]).toBe(0.02));
    await typeInto(trigger, '0.10');
    await waitFor(async () => expect((await tab.perf()).key_triggers[3]).toBe(0.09));
    await waitFor(() => expect(slider(trigger)).toHaveAttribute('aria-valuenow', '0.09'));
    // One step up from 0.09 mm: 0.10 would be held as 0.09 again, so the next held step (0.11 mm) is sent.
    fireEvent.click(screen.getByRole('button', { name: `Increase ${trigger}` }));
    await waitFor(async () => expect((await tab.perf()).key_triggers[3]).toBe(0.11));
  });

  it('names the advanced mode continuous rapid trigger, in Chinese too', async () => {
    await openPerfTab('HE60 (libhmk)', '1.7.0', 'zh_CN');
    selectKeys(3);
    fireEvent.click(await screen.findByRole('switch', { name: shownZh('perf.rt') }));
    const button = await screen.findByRole('button', { name: new RegExp(shownZh('perf.rt.continuous')) });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(shownZh('perf.rt.continuous.1'))).toBeTruthy();
    expect(within(dialog).getByText(shownZh('perf.rt.continuous.1.body'))).toBeTruthy();
    expect(within(dialog).queryByText(shownZh('perf.rt.advanced.1'))).toBeNull();
  });
});
