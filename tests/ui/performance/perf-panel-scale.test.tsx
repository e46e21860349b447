// @vitest-environment jsdom
/**
 * The perf panel's sliders as a person reads them: coloured zones and labelled marks on the trigger, dead-zone and
 * rapid-trigger travel, bounds taken from the device's own minimum, the catalogue's "Please select the key to
 * adjust.", the dead-zone warning for keys of different switch types, and the link that explains rapid trigger.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOAST_TYPE } from '../../../src/core/toast-keys';
import { PerfPanel } from '../../../src/ui/device-page/performance/PerfPanel';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { useToastStore } from '../../../src/ui/toasts/store';
import { serveDrawings } from '../keycode/drawing-helpers';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';
import { openPerfTab, selectKeys, shown, shownZh, toastTitles } from './perf-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

type TextId = Parameters<typeof shown>[0];
const slider = (name: string) => screen.getByRole('slider', { name });
const sliderBox = (name: string) => slider(name).closest('.slider') as HTMLElement;
const increase = (name: string) => fireEvent.click(screen.getByRole('button', { name: `Increase ${name}` }));
const zoneTones = (name: string) =>
  within(sliderBox(name))
    .getAllByTestId('slider-zone')
    .map((z) => [...z.classList].find((c) => c.startsWith('slider__zone--')));
const markTexts = (name: string) =>
  within(sliderBox(name))
    .queryAllByTestId('slider-mark')
    .map((m) => m.textContent);

describe('slider zones and marks', () => {
  it('splits trigger and dead zone into coloured zones, names the zone of the value and marks the factory value', async () => {
    const tab = await openPerfTab();
    const info = await tab.perf();
    selectKeys(16);
    const trigger = shown('perf.trigger');
    expect(zoneTones(trigger)).toEqual(['slider__zone--blue', 'slider__zone--green', 'slider__zone--amber']);
    expect(markTexts(trigger)).toEqual([shown('perf.mark.factory')]);
    // The factory trigger of 1.2 mm lies in the balanced zone; the value's zone is spoken with the value.
    expect(info.key_triggers[16]).toBeCloseTo(1.2, 5);
    expect(slider(trigger)).toHaveAttribute('aria-valuetext', expect.stringContaining(shown('perf.zone.balanced')));
    expect(within(sliderBox(trigger)).getByTestId('slider-zone-chip')).toHaveTextContent(shown('perf.zone.balanced'));

    const dead = shown('perf.dead');
    expect(zoneTones(dead)).toEqual(['slider__zone--amber', 'slider__zone--green', 'slider__zone--blue']);
    expect(markTexts(dead)).toEqual([shown('perf.mark.factory')]);
    expect(document.getElementById(slider(dead).getAttribute('aria-describedby')!)).toHaveTextContent(
      `0.10 mm – ${shown('perf.mark.factory')}`,
    );
  });

  it('marks press and release travel too sensitive at 0.04 mm and below', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    selectKeys(31);
    await user.click(screen.getByRole('switch', { name: shown('perf.rt') }));
    await waitFor(async () => expect((await tab.perf()).key_rapid_triggers[31]!.use_rapid).toBe(true));
    const press = shown('perf.rt.press');
    await screen.findByRole('slider', { name: press });
    expect(zoneTones(press)).toEqual([
      'slider__zone--red',
      'slider__zone--blue',
      'slider__zone--green',
      'slider__zone--amber',
    ]);
    expect(markTexts(press)).toEqual([shown('perf.mark.factory')]);
    expect(markTexts(shown('perf.rt.release'))).toEqual([shown('perf.mark.factory')]);
    const down = screen.getByRole('button', { name: `Decrease ${press}` });
    for (let i = 0; i < 400 && down.getAttribute('aria-disabled') !== 'true'; i++) fireEvent.click(down);
    await waitFor(() =>
      expect(slider(press)).toHaveAttribute(
        'aria-valuetext',
        expect.stringContaining(shown('perf.zone.too.sensitive')),
      ),
    );
  });

  it('speaks the zones and marks in Chinese', async () => {
    await openPerfTab('Made68Pro', '1.4.2', 'zh_CN');
    selectKeys(16);
    const trigger = shownZh('perf.trigger');
    expect(markTexts(trigger)).toEqual([shownZh('perf.mark.factory')]);
    expect(slider(trigger)).toHaveAttribute('aria-valuetext', expect.stringContaining(shownZh('perf.zone.balanced')));
  });
});

describe('no selection', () => {
  it('says "Please select the key to adjust." once, in the status line, which also names the cover', async () => {
    await openPerfTab();
    expect(screen.getByRole('button', { name: shown('perf.select.to.adjust') })).toBeInTheDocument();
    expect(screen.getByText(shown('perf.select.to.adjust'), { selector: '[role="status"]' })).toBeInTheDocument();
    // Written once: a second copy on the cover sat over the dead-zone slider's label.
    expect(screen.getAllByText(shown('perf.select.to.adjust'))).toHaveLength(1);
    expect(screen.getByTestId('perf-cover')).toBeEmptyDOMElement();
    expect(shown('perf.select.to.adjust')).toBe('Please select the key to adjust.');
  });
});

describe('dead zone across switch types', () => {
  it('warns and sends no dead zone when the selected keys carry different switch types', async () => {
    const tab = await openPerfTab();
    const { live } = tab.host;
    const before = await tab.perf();
    const other = (before.key_switch_types[16]! % 17) + 1;
    await live.client.setPerfInfo({ path: tab.path, key_ids: [17], switch_type: other });
    await waitFor(async () => expect((await tab.perf()).key_switch_types[17]).toBe(other));
    selectKeys(16, 17);
    const dead = shown('perf.dead');
    const shownBefore = slider(dead).getAttribute('aria-valuenow');
    increase(dead);
    expect(toastTitles()).toContain('perf.warn.dead.switch');
    const toast = useToastStore.getState().toasts.find((x) => x.title === 'perf.warn.dead.switch')!;
    expect(toast.type).toBe(TOAST_TYPE.warning);
    expect(shown('perf.warn.dead.switch')).toBe('Please do not set dead zone for different switch');
    expect(slider(dead)).toHaveAttribute('aria-valuenow', shownBefore);
    expect(tab.setPerfCalls().filter((c) => 'dead' in c)).toHaveLength(0);
    const after = await tab.perf();
    expect(after.key_deads[16]).toBe(before.key_deads[16]);
    expect(after.key_deads[17]).toBe(before.key_deads[17]);
  });

  it('sets the dead zone of keys that share a switch type', async () => {
    const tab = await openPerfTab();
    const before = await tab.perf();
    expect(before.key_switch_types[16]).toBe(before.key_switch_types[18]);
    selectKeys(16, 18);
    increase(shown('perf.dead'));
    await waitFor(async () => expect((await tab.perf()).key_deads[18]).toBeGreaterThan(before.key_deads[18]!));
    expect(toastTitles()).not.toContain('perf.warn.dead.switch');
  });
});

describe('slider bounds from the device', () => {
  async function panelWith(minTrigger: number) {
    const host = testHost({}, { timeoutMs: 500 });
    const path = await host.live.addVirtual('Made68Pro', { fwVer: '1.4.2' });
    const info = await host.live.client.getKeyPerfInfo({ path });
    const accuracys = info.key_accuracys.map((a, id) => (id === 16 ? { ...a, min_trigger: minTrigger } : a));
    renderWithServices(
      <PerfPanel
        path={path}
        info={{ ...info, key_accuracys: accuracys }}
        features={host.live.records().find((d) => d.path === path)!.features}
        selected={[16]}
        change={(p) => p}
      />,
      { host },
    );
    return info;
  }

  it("takes the trigger's minimum from the device's reported min_trigger", async () => {
    const info = await panelWith(0.3);
    const trigger = slider(shown('perf.trigger'));
    expect(trigger).toHaveAttribute('aria-valuemin', '0.3');
    expect(trigger).toHaveAttribute('aria-valuemax', String(info.key_accuracys[16]!.max_trigger));
    expect(within(sliderBox(shown('perf.trigger'))).getByTestId('slider-min')).toHaveTextContent('0.30 mm');
  });

  it("falls back to the model's base minimum when the device reports none", async () => {
    await panelWith(0);
    expect(slider(shown('perf.trigger'))).toHaveAttribute('aria-valuemin', '0.1');
  });
});

describe('the rapid-trigger explanation', () => {
  const linkName = (say: (id: TextId) => string) => new RegExp(`^${say('perf.rt.help.link')}`);

  it('links to the product page on rapid trigger, in a new tab, reachable by keyboard', async () => {
    await openPerfTab();
    const user = userEvent.setup();
    const summary = screen.getByText(shown('perf.rt.help.title'));
    summary.focus();
    await user.keyboard('{Enter}');
    const link = screen.getByRole('link', { name: linkName(shown) });
    expect(link).toHaveAccessibleName(`${shown('perf.rt.help.link')} ${shown('perf.link.new.tab')}`);
    expect(link).toHaveAttribute('href', 'https://keytune.app/rapid-trigger');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await user.tab();
    expect(link).toHaveFocus();
  });

  it('links to the Chinese site in Chinese', async () => {
    await openPerfTab('Made68Pro', '1.4.2', 'zh_CN');
    expect(screen.getByRole('link', { name: linkName(shownZh), hidden: true })).toHaveAttribute(
      'href',
      'https://keytune.cn/rapid-trigger',
    );
  });
});
