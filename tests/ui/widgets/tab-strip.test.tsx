// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TabPanel, TabStrip } from '../../../src/ui/widgets/tab-strip/TabStrip';
import { speak } from './widget-texts';

const TABS = ['Perf', 'Game config', 'Switch', 'Verify', 'Tester'].map((label, i) => ({ value: `t${i}`, label }));

function Host({
  start = 't0',
  maxVisible,
  count = TABS.length,
}: {
  start?: string;
  maxVisible?: number;
  count?: number;
}) {
  const [value, setValue] = useState(start);
  const tabs = TABS.slice(0, count);
  return (
    <TabStrip label="Performance sections" tabs={tabs} value={value} onValueChange={setValue} maxVisible={maxVisible}>
      {tabs.map((tab) => (
        <TabPanel key={tab.value} value={tab.value}>
          {`${tab.label} panel`}
        </TabPanel>
      ))}
    </TabStrip>
  );
}

const left = () => screen.queryByRole('button', { name: 'Scroll tabs left' });
const right = () => screen.queryByRole('button', { name: 'Scroll tabs right' });
const list = () => screen.getByRole('tablist', { name: 'Performance sections' });

/** Lays the tabs out 100 px apart, as a browser would, so the strip can scroll to one of them. */
function layOutTabs() {
  screen.getAllByRole('tab').forEach((tab, i) => {
    Object.defineProperty(tab, 'offsetLeft', { configurable: true, value: i * 100 });
  });
}

beforeEach(() => speak('en_US'));

describe('tab strip', () => {
  it('is a labelled tab list whose tabs are chosen by click or arrow keys, each with its panel', async () => {
    const user = userEvent.setup();
    render(<Host />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(TABS.map((t) => t.label));
    expect(screen.getByRole('tab', { name: 'Perf' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Perf panel');
    await user.click(screen.getByRole('tab', { name: 'Switch' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Switch panel');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Verify' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Verify' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Verify panel');
  });

  it('shows no scroll arrow while its tabs fit the maximum', () => {
    render(<Host maxVisible={5} />);
    expect(left()).toBeNull();
    expect(right()).toBeNull();
  });

  it('shows scroll arrows when there are more tabs than its maximum, and scrolls one tab per press', async () => {
    const user = userEvent.setup();
    render(<Host maxVisible={3} />);
    layOutTabs();
    expect(left()).toHaveAttribute('aria-disabled', 'true');
    expect(right()).toHaveAttribute('aria-disabled', 'false');
    await user.click(right()!);
    expect(list().scrollLeft).toBe(100);
    expect(left()).toHaveAttribute('aria-disabled', 'false');
    await user.click(right()!);
    expect(list().scrollLeft).toBe(200);
    expect(right()).toHaveAttribute('aria-disabled', 'true');
    await user.click(right()!);
    expect(list().scrollLeft).toBe(200);
    expect(right()).toHaveFocus();
    await user.click(left()!);
    expect(list().scrollLeft).toBe(100);
  });

  it('scrolls by keyboard: the arrows are labelled buttons, and a tab reached with arrow keys comes into view', async () => {
    const user = userEvent.setup();
    render(<Host maxVisible={2} />);
    layOutTabs();
    await user.tab();
    expect(left()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Perf' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Verify' })).toHaveFocus();
    expect(list().scrollLeft).toBe(200);
    expect(left()).toHaveAttribute('aria-disabled', 'false');
    await user.tab();
    expect(right()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(list().scrollLeft).toBe(300);
    expect(right()).toHaveAttribute('aria-disabled', 'true');
  });

  it('starts scrolled so the selected tab is in view', () => {
    render(<Host maxVisible={2} start="t4" />);
    expect(left()).toHaveAttribute('aria-disabled', 'false');
    expect(right()).toHaveAttribute('aria-disabled', 'true');
  });

  describe('without a maximum, by its width', () => {
    const widths = { scroll: 500, client: 300 };
    beforeAll(() => {
      const measured = (which: 'scroll' | 'client') =>
        function (this: HTMLElement) {
          return this.classList.contains('tab-strip__list') ? widths[which] : 0;
        };
      Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: measured('scroll') });
      Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: measured('client') });
    });
    afterAll(() => {
      // jsdom keeps these on Element.prototype; dropping the overrides uncovers them again.
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollWidth');
      Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
    });

    it('shows no arrow when the tabs fit', () => {
      widths.scroll = 300;
      render(<Host />);
      expect(right()).toBeNull();
    });

    it('shows the arrows when the tabs are wider than the strip and scrolls to its end', async () => {
      widths.scroll = 800;
      const user = userEvent.setup();
      render(<Host />);
      expect(left()).toHaveAttribute('aria-disabled', 'true');
      await user.click(right()!);
      expect(list().scrollLeft).toBe(225);
      expect(left()).toHaveAttribute('aria-disabled', 'false');
      await user.click(right()!);
      await user.click(right()!);
      expect(list().scrollLeft).toBe(500);
      expect(right()).toHaveAttribute('aria-disabled', 'true');
      await user.click(left()!);
      expect(list().scrollLeft).toBe(275);
    });
  });

  it('names its arrows in Chinese', () => {
    speak('zh_CN');
    render(<Host maxVisible={2} />);
    expect(screen.getByRole('button', { name: '向左滚动标签' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '向右滚动标签' })).toBeInTheDocument();
  });
});
