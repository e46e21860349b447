// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ColourDialog, type ChosenColour } from '../../../src/ui/widgets/colour-picker/ColourDialog';
import { speak } from './widget-texts';

function renderDialog(initial: string = '#ff8800', alpha = true) {
  const chosen: ChosenColour[] = [];
  const closes: boolean[] = [];
  function Host() {
    const [open, setOpen] = useState(true);
    return (
      <ColourDialog
        open={open}
        onOpenChange={(next) => {
          closes.push(next);
          setOpen(next);
        }}
        initial={initial}
        alpha={alpha}
        onConfirm={(c) => chosen.push(c)}
      />
    );
  }
  render(<Host />);
  return { chosen, closes };
}

const ok = () => screen.getByRole('button', { name: 'OK' });
const field = (name: string) => screen.getByRole('textbox', { name });
const preview = () => screen.getByRole('img', { name: /^Chosen colour/ });

async function retype(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  await user.clear(field(name));
  if (text) await user.type(field(name), text);
}

beforeEach(() => speak('en_US'));

describe('custom colour dialog', () => {
  it('opens on the given colour, and OK hands it back and closes', async () => {
    const user = userEvent.setup();
    const { chosen, closes } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Custom colour' })).toBeInTheDocument();
    expect(field('Hex colour')).toHaveValue('#FF8800');
    expect(preview()).toHaveAccessibleName('Chosen colour: #FF8800');
    await user.click(ok());
    expect(chosen).toEqual([{ rgba: { r: 255, g: 136, b: 0, a: 1 }, hex: '#ff8800' }]);
    expect(closes).toEqual([false]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel and Escape change nothing', async () => {
    const user = userEvent.setup();
    const first = renderDialog();
    await retype(user, 'Hex colour', '#123456');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(first.chosen).toEqual([]);
    expect(first.closes).toEqual([false]);
    const second = renderDialog();
    await retype(user, 'Hex colour', '#123456');
    await user.keyboard('{Escape}');
    expect(second.chosen).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes hex as 6 or 8 hex digits with an optional #, refusing OK for anything else', async () => {
    const user = userEvent.setup();
    const { chosen } = renderDialog();
    await retype(user, 'Hex colour', '#12345');
    expect(field('Hex colour')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Hex colour')).toHaveAccessibleDescription(
      'Enter 6 or 8 hex digits, with or without #, e.g. #FF8800.',
    );
    expect(ok()).toBeDisabled();
    expect(preview()).toHaveAccessibleName('Chosen colour: #FF8800');
    await user.keyboard('{Enter}');
    expect(chosen).toEqual([]);
    await retype(user, 'Hex colour', '11223380');
    expect(field('Hex colour')).not.toHaveAttribute('aria-invalid');
    expect(preview()).toHaveAccessibleName('Chosen colour: #11223380');
    await user.keyboard('{Enter}');
    expect(chosen).toEqual([{ rgba: { r: 17, g: 34, b: 51, a: 0.5 }, hex: '#11223380' }]);
  });

  it('takes RGB 0-255 and alpha 0-1 in steps of 0.01', async () => {
    const user = userEvent.setup();
    const { chosen } = renderDialog();
    await user.click(screen.getByRole('tab', { name: 'RGB' }));
    expect(['Red', 'Green', 'Blue', 'Alpha'].map((n) => (field(n) as HTMLInputElement).value)).toEqual([
      '255',
      '136',
      '0',
      '1',
    ]);
    await retype(user, 'Red', '256');
    expect(field('Red')).toHaveAccessibleDescription('Enter a whole number from 0 to 255.');
    expect(ok()).toBeDisabled();
    await retype(user, 'Red', '10');
    expect(ok()).toBeEnabled();
    await retype(user, 'Alpha', '0.555');
    expect(field('Alpha')).toHaveAccessibleDescription('Enter a number from 0 to 1 in steps of 0.01.');
    expect(ok()).toBeDisabled();
    await retype(user, 'Alpha', '0.5');
    expect(preview()).toHaveAccessibleName('Chosen colour: #0A880080');
    await user.click(ok());
    expect(chosen).toEqual([{ rgba: { r: 10, g: 136, b: 0, a: 0.5 }, hex: '#0a880080' }]);
  });

  it('takes hue 0-360, saturation and value 0-100', async () => {
    const user = userEvent.setup();
    const { chosen } = renderDialog('#ff0000');
    await user.click(screen.getByRole('tab', { name: 'HSV' }));
    expect(['Hue', 'Saturation', 'Value'].map((n) => (field(n) as HTMLInputElement).value)).toEqual([
      '0',
      '100',
      '100',
    ]);
    await retype(user, 'Hue', '361');
    expect(field('Hue')).toHaveAccessibleDescription('Enter a number from 0 to 360.');
    await retype(user, 'Hue', '240');
    await retype(user, 'Saturation', '101');
    expect(field('Saturation')).toHaveAccessibleDescription('Enter a number from 0 to 100.');
    expect(ok()).toBeDisabled();
    await retype(user, 'Saturation', '50');
    await retype(user, 'Value', '');
    expect(field('Value')).toHaveAccessibleDescription('Enter a number from 0 to 100.');
    await retype(user, 'Value', '100');
    await user.click(ok());
    expect(chosen.map((c) => c.hex)).toEqual(['#8080ff']);
  });

  it('drops text that broke a rule when the format changes, keeping the last good colour', async () => {
    const user = userEvent.setup();
    renderDialog();
    await retype(user, 'Hex colour', 'nope');
    expect(ok()).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'HSV' }));
    expect(ok()).toBeEnabled();
    await user.click(screen.getByRole('tab', { name: 'Hex' }));
    expect(field('Hex colour')).toHaveValue('#FF8800');
  });

  it('without alpha, offers no alpha and keeps colours opaque', async () => {
    const user = userEvent.setup();
    const { chosen } = renderDialog('#11223380', false);
    expect(screen.queryByRole('slider', { name: 'Alpha bar' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'RGB' }));
    expect(screen.queryByRole('textbox', { name: 'Alpha' })).toBeNull();
    await user.click(ok());
    expect(chosen).toEqual([{ rgba: { r: 17, g: 34, b: 51, a: 1 }, hex: '#112233' }]);
  });

  it('moves the colour from the keyboard on labelled area, hue and alpha controls', async () => {
    const user = userEvent.setup();
    renderDialog('#ff0000');
    const area = screen.getByRole('slider', { name: 'Saturation and value' });
    expect(area).toHaveAttribute('aria-valuetext', 'Saturation 100%, value 100%');
    const hue = screen.getByRole('slider', { name: 'Hue bar' });
    expect(screen.getByRole('slider', { name: 'Alpha bar' })).toBeInTheDocument();
    act(() => hue.focus());
    fireEvent.keyDown(hue, { key: 'ArrowRight', keyCode: 39 });
    expect(preview()).not.toHaveAccessibleName('Chosen colour: #FF0000');
    expect(field('Hex colour')).not.toHaveValue('#FF0000');
    act(() => area.focus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('slider', { name: 'Saturation and value' })).toHaveAttribute(
      'aria-valuetext',
      'Saturation 100%, value 99%',
    );
    await user.tab();
    expect(document.activeElement).toHaveAttribute('role', 'slider');
  });

  it('moves each of its sliders with arrows, Page Up and Down, Home and End', async () => {
    const user = userEvent.setup();
    renderDialog('#ff0000');
    await user.click(screen.getByRole('tab', { name: 'HSV' }));
    const hue = screen.getByRole('slider', { name: 'Hue bar' });
    const alphaBar = screen.getByRole('slider', { name: 'Alpha bar' });
    const area = screen.getByRole('slider', { name: 'Saturation and value' });
    // Each key in turn on one slider, and the field that shows what it moved.
    const steps: [HTMLElement, string, string, string][] = [
      [hue, '{ArrowUp}', 'Hue', '1'],
      [hue, '{ArrowRight}', 'Hue', '2'],
      [hue, '{ArrowDown}', 'Hue', '1'],
      [hue, '{PageUp}', 'Hue', '11'],
      [hue, '{PageDown}', 'Hue', '1'],
      [hue, '{End}', 'Hue', '360'],
      [hue, '{Home}', 'Hue', '0'],
      [alphaBar, '{ArrowDown}', 'Alpha', '0.99'],
      [alphaBar, '{PageDown}', 'Alpha', '0.89'],
      [alphaBar, '{Home}', 'Alpha', '0'],
      [alphaBar, '{End}', 'Alpha', '1'],
      [area, '{ArrowLeft}', 'Saturation', '99'],
      [area, '{PageDown}', 'Value', '90'],
      [area, '{Home}', 'Saturation', '0'],
    ];
    for (const [slider, key, name, shown] of steps) {
      act(() => slider.focus());
      await user.keyboard(key);
      expect(field(name), `${slider.getAttribute('aria-label')} ${key}`).toHaveValue(shown);
    }
    expect(hue).toHaveAttribute('aria-valuenow', '0');
    expect(area).toHaveAttribute('aria-valuenow', '0');
    expect(area).toHaveAttribute('aria-valuemin', '0');
    expect(area).toHaveAttribute('aria-valuemax', '100');
    act(() => area.focus());
    await user.keyboard('{End}');
    expect(field('Saturation')).toHaveValue('100');
  });

  it('speaks Chinese, the picker’s own controls included', async () => {
    speak('zh_CN');
    const user = userEvent.setup();
    renderDialog();
    expect(screen.getByRole('dialog', { name: '自定义颜色' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: '色相条' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: '饱和度与明度' })).toHaveAttribute(
      'aria-valuetext',
      '饱和度 100%，明度 100%',
    );
    await user.click(screen.getByRole('tab', { name: 'HSV' }));
    await retype(user, '色相', '400');
    expect(screen.getByRole('textbox', { name: '色相' })).toHaveAccessibleDescription('请输入 0 到 360 之间的数字。');
    expect(screen.getByRole('button', { name: '确定' })).toBeDisabled();
  });
});
