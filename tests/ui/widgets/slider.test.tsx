// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Slider, type SliderProps } from '../../../src/ui/widgets/slider/Slider';
import { speak } from './widget-texts';

type Props = Partial<SliderProps> & { start?: number };

/** A slider the way a screen holds one: its value in state, every change and commit recorded. */
function renderSlider({ start = 1.2, ...props }: Props = {}) {
  const changes: number[] = [];
  const commits: number[] = [];
  function Host() {
    const [value, setValue] = useState(start);
    return (
      <Slider
        label="Trigger distance"
        unit="mm"
        min={0.1}
        max={4}
        step={0.01}
        value={value}
        onChange={(v) => {
          changes.push(v);
          setValue(v);
        }}
        onCommit={(v) => commits.push(v)}
        {...props}
      />
    );
  }
  const result = render(<Host />);
  return { ...result, changes, commits, thumb: () => screen.getByRole('slider', { name: 'Trigger distance' }) };
}

const increase = () => screen.getByRole('button', { name: 'Increase Trigger distance' });
const decrease = () => screen.getByRole('button', { name: 'Decrease Trigger distance' });

beforeEach(() => speak('en_US'));

describe('slider', () => {
  it('shows its value with the unit and the step’s decimals, and its min and max', () => {
    const { thumb, container } = renderSlider();
    expect(container.querySelector('.slider__number')).toHaveTextContent('1.20 mm');
    expect(screen.getByTestId('slider-min')).toHaveTextContent('0.10 mm');
    expect(screen.getByTestId('slider-max')).toHaveTextContent('4.00 mm');
    expect(thumb()).toHaveAttribute('aria-valuetext', '1.20 mm');
    expect(thumb()).toHaveAttribute('aria-valuemin', '0.1');
    expect(thumb()).toHaveAttribute('aria-valuemax', '4');
    expect(thumb()).toHaveAccessibleDescription(/From 0\.10 mm to 4\.00 mm\./);
  });

  it('shows a value outside the range clamped, and one between steps snapped', () => {
    const { container, unmount } = renderSlider({ start: 9 });
    expect(container.querySelector('.slider__number')).toHaveTextContent('4.00 mm');
    unmount();
    const again = renderSlider({ start: 1.234 });
    expect(again.container.querySelector('.slider__number')).toHaveTextContent('1.23 mm');
    expect(again.thumb()).toHaveAttribute('aria-valuenow', '1.23');
  });

  it('moves with the keys of an ARIA slider, committing each move, and ignores other keys', async () => {
    const user = userEvent.setup();
    const { thumb, changes, commits } = renderSlider();
    thumb().focus();
    const press = async (key: string, text: string) => {
      await user.keyboard(key);
      expect(thumb(), key).toHaveAttribute('aria-valuetext', text);
    };
    await press('{ArrowRight}', '1.21 mm');
    await press('{ArrowUp}', '1.22 mm');
    await press('{ArrowLeft}', '1.21 mm');
    await press('{ArrowDown}', '1.20 mm');
    await press('{PageUp}', '1.30 mm');
    await press('{PageDown}', '1.20 mm');
    await press('{End}', '4.00 mm');
    await press('{Home}', '0.10 mm');
    expect(thumb()).toHaveAttribute('aria-valuenow', '0.1');
    expect(commits).toEqual([1.21, 1.22, 1.21, 1.2, 1.3, 1.2, 4, 0.1]);
    expect(changes.at(-1)).toBe(0.1);
    // A key of the keyboard being tuned (a letter, a digit) leaves it where it is.
    await user.keyboard('a5');
    expect(thumb()).toHaveAttribute('aria-valuetext', '0.10 mm');
    expect(commits).toHaveLength(8);
    expect(thumb()).toHaveAccessibleDescription(/Arrow keys move this slider one step/);
  });

  it('stays put on keys while disabled', async () => {
    const user = userEvent.setup();
    const { thumb, commits } = renderSlider({ disabled: true });
    thumb().focus();
    await user.keyboard('{ArrowRight}{End}');
    expect(thumb()).toHaveAttribute('aria-valuetext', '1.20 mm');
    expect(commits).toEqual([]);
  });

  it('steps with its minus and plus buttons, by keyboard too, and commits each step', async () => {
    const user = userEvent.setup();
    const { thumb, changes, commits } = renderSlider();
    thumb().focus();
    await user.tab();
    expect(increase()).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(thumb()).toHaveAttribute('aria-valuetext', '1.22 mm');
    await user.click(decrease());
    expect(changes).toEqual([1.21, 1.22, 1.21]);
    expect(commits).toEqual([1.21, 1.22, 1.21]);
  });

  it('stops at the ends of its range: the step buttons go inactive and keep focus', async () => {
    const user = userEvent.setup();
    const { thumb, changes } = renderSlider({ start: 3.99 });
    await user.click(increase());
    expect(thumb()).toHaveAttribute('aria-valuetext', '4.00 mm');
    expect(increase()).toHaveAttribute('aria-disabled', 'true');
    expect(increase()).toHaveFocus();
    await user.click(increase());
    expect(changes).toEqual([4]);
    expect(decrease()).toHaveAttribute('aria-disabled', 'false');
  });

  it('never steps past max when max is off the step grid', async () => {
    const user = userEvent.setup();
    const { thumb } = renderSlider({ start: 0.6, min: 0, max: 1, step: 0.3, unit: 'mm' });
    expect(thumb()).toHaveAttribute('aria-valuetext', '0.6 mm');
    await user.click(increase());
    expect(thumb()).toHaveAttribute('aria-valuetext', '0.9 mm');
    expect(increase()).toHaveAttribute('aria-disabled', 'true');
  });

  it('moves to where the track is pressed, snapped to the step and clamped to the range', () => {
    const { thumb, container, commits } = renderSlider();
    const root = container.querySelector<HTMLElement>('.slider__root')!;
    root.getBoundingClientRect = () => ({ left: 0, width: 390, top: 0, height: 18 }) as DOMRect;
    root.hasPointerCapture = () => true;
    fireEvent.pointerDown(root, { clientX: 117.4, pointerId: 1, button: 0 });
    expect(thumb()).toHaveAttribute('aria-valuetext', '1.27 mm');
    fireEvent.pointerDown(root, { clientX: 900, pointerId: 1, button: 0 });
    expect(thumb()).toHaveAttribute('aria-valuetext', '4.00 mm');
    fireEvent.pointerUp(root, { clientX: 900, pointerId: 1, button: 0 });
    expect(commits.at(-1)).toBe(4);
  });

  it('colours its zones and names the zone the value is in', async () => {
    const user = userEvent.setup();
    const { thumb } = renderSlider({
      start: 0.4,
      zones: [
        { from: 0.5, to: 2, tone: 'amber', label: 'Standard' },
        { from: 0.1, to: 0.5, tone: 'green', label: 'Sensitive' },
        { from: 3, to: 9, tone: 'red' },
        { from: 5, to: 6, tone: 'blue', label: 'Out of range' },
      ],
    });
    const zones = screen.getAllByTestId('slider-zone');
    expect(zones.map((z) => [z.className.split(' ')[1], z.style.left, z.style.width])).toEqual([
      ['slider__zone--green', '0%', '10.256%'],
      ['slider__zone--amber', '10.256%', '38.462%'],
      ['slider__zone--red', '74.359%', '25.641%'],
    ]);
    expect(screen.getByTestId('slider-zone-chip')).toHaveTextContent('Sensitive');
    expect(thumb()).toHaveAttribute('aria-valuetext', '0.40 mm, Sensitive');
    for (let i = 0; i < 10; i++) await user.click(increase());
    expect(screen.getByTestId('slider-zone-chip')).toHaveTextContent('Standard');
    expect(thumb()).toHaveAttribute('aria-valuetext', '0.50 mm, Standard');
  });

  it('labels its split marks, on the track and for screen readers', () => {
    const { thumb } = renderSlider({
      marks: [{ value: 2, label: 'Recommended' }, { value: 0.5 }, { value: 6, label: 'Beyond' }],
    });
    const marks = screen.getAllByTestId('slider-mark');
    expect(marks.map((m) => [m.textContent, m.style.left])).toEqual([
      ['0.50 mm', '10.256%'],
      ['Recommended', '48.718%'],
    ]);
    expect(screen.queryByText('Beyond')).toBeNull();
    expect(thumb()).toHaveAccessibleDescription(/Marks: 0\.50 mm, 2\.00 mm – Recommended\./);
  });

  it('puts a percent unit straight after the number', () => {
    const { thumb } = renderSlider({ start: 50, min: 0, max: 100, step: 1, unit: '%', label: 'Trigger distance' });
    expect(thumb()).toHaveAttribute('aria-valuetext', '50%');
  });

  it('when disabled, cannot be focused or stepped', async () => {
    const user = userEvent.setup();
    const { thumb, changes } = renderSlider({ disabled: true });
    expect(thumb()).not.toHaveAttribute('tabindex');
    expect(increase()).toHaveAttribute('aria-disabled', 'true');
    await user.click(increase());
    expect(changes).toEqual([]);
  });

  it('speaks Chinese', () => {
    speak('zh_CN');
    render(<Slider label="触发行程" unit="mm" min={0.1} max={4} step={0.1} value={2} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: '增大触发行程' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '减小触发行程' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: '触发行程' })).toHaveAccessibleDescription(
      '范围 0.1 mm 至 4.0 mm。 方向键每次移动一步，Page Up 和 Page Down 每次十步，Home 和 End 移到两端。按 Enter 键输入数值。',
    );
  });
});
