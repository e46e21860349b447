// @vitest-environment jsdom
/**
 * Typing a slider's value: Enter on the thumb, or the value's button, opens a number field (the arrow keys step it,
 * but 180 steps from 1.20 to 3.00 mm are a lot). A value inside the range and on the step grid is set and committed; anything
 * else is refused with a message in the page's language and changes nothing.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Slider } from '../../../src/ui/widgets/slider/Slider';
import { speak } from './widget-texts';

function renderSlider() {
  const commits: number[] = [];
  function Host() {
    const [value, setValue] = useState(1.2);
    return (
      <Slider
        label="Trigger distance"
        unit="mm"
        min={0.1}
        max={4}
        step={0.01}
        value={value}
        onChange={setValue}
        onCommit={(v) => commits.push(v)}
      />
    );
  }
  render(<Host />);
  return { commits, thumb: () => screen.getByRole('slider', { name: 'Trigger distance' }) };
}

describe('typing a slider value', () => {
  it('Enter on the thumb opens the field with the value selected; a good value is set and committed', async () => {
    speak('en_US');
    const user = userEvent.setup();
    const { commits, thumb } = renderSlider();
    thumb().focus();
    await user.keyboard('{Enter}');
    const field = screen.getByRole('textbox', { name: 'Type a value for Trigger distance' }) as HTMLInputElement;
    expect(field).toHaveFocus();
    expect(field.value).toBe('1.20');
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 4]);
    await user.keyboard('3{Enter}');
    expect(commits).toEqual([3]);
    expect(thumb()).toHaveAttribute('aria-valuenow', '3');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(thumb()).toHaveFocus();
  });

  it.each([
    ['en_US', '9', 'Enter a number from 0.10 mm to 4.00 mm, in steps of 0.01 mm.'],
    ['en_US', '1.234', 'Enter a number from 0.10 mm to 4.00 mm, in steps of 0.01 mm.'],
    ['zh_CN', 'abc', '请输入 0.10 mm 到 4.00 mm 之间的数值，步长为 0.01 mm。'],
  ] as const)('%s: "%s" is refused with a message and changes nothing', async (language, typed, message) => {
    speak(language);
    const user = userEvent.setup();
    const { commits, thumb } = renderSlider();
    await user.click(
      screen.getByRole('button', {
        name: language === 'en_US' ? 'Type a value for Trigger distance' : '输入 Trigger distance 的数值',
      }),
    );
    const field = screen.getByRole('textbox');
    await user.keyboard(`${typed}{Enter}`);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(commits).toEqual([]);
    expect(thumb()).toHaveAttribute('aria-valuenow', '1.2');
    // Escape leaves the field, the value as it was.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
