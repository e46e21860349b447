// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { qmkSpace } from '../../../src/core/keycode-spaces/qmk';
import { libhmkSpace } from '../../../src/core/keycode-spaces/libhmk';
import type { DeviceSpace } from '../../../src/ui/keycode-space';
import { KeycodePicker } from '../../../src/ui/widgets/keycode-picker/KeycodePicker';
import { renderWithServices } from '../render';

const VIA: DeviceSpace = { space: qmkSpace('qmk-v12'), options: { layers: 4, macros: 4 } };
const LIBHMK: DeviceSpace = { space: libhmkSpace, options: { layers: 4, profiles: 4 } };
const gridButtons = () => Array.from(screen.getByRole('group').querySelectorAll('button'));
const gridButton = (legend: string) => gridButtons().find((b) => b.textContent === legend)!;

function setup(space: DeviceSpace) {
  const picked: number[] = [];
  renderWithServices(<KeycodePicker onPick={(c) => picked.push(c)} space={space} />);
  return { picked, user: userEvent.setup() };
}

describe('KeycodePicker: codes that wrap a key, and typed codes', () => {
  it('builds a layer-tap from two picks: the layer, then the key tapped', async () => {
    const { picked, user } = setup(VIA);
    await user.click(screen.getByRole('tab', { name: 'Layers' }));
    await user.click(gridButton('LT2(kc)'));
    expect(picked).toEqual([]);
    expect(screen.getByText('LT2(kc): now pick the key it wraps.')).toBeInTheDocument();
    // The picker opens the basic keys for the second pick.
    expect(screen.getByRole('tab', { name: 'Basic' })).toHaveAttribute('aria-selected', 'true');
    await user.click(gridButton('Space'));
    expect(picked).toEqual([0x412c]);
    expect(screen.queryByText(/now pick the key it wraps/)).toBeNull();
  });

  it('builds a modifier combination and a mod-tap; Esc drops a pending wrapper', async () => {
    const { picked, user } = setup(VIA);
    await user.click(screen.getByRole('tab', { name: 'Modifiers' }));
    await user.click(gridButton('LCtl(kc)'));
    await user.click(gridButton('C'));
    await user.click(screen.getByRole('tab', { name: 'Modifiers' }));
    await user.click(gridButton('MT(LSft,kc)'));
    await user.click(gridButton('A'));
    expect(picked).toEqual([0x0106, 0x2204]);

    await user.click(screen.getByRole('tab', { name: 'Modifiers' }));
    await user.click(gridButton('MT(Hyper,kc)'));
    await user.keyboard('{Escape}');
    expect(screen.queryByText(/now pick the key it wraps/)).toBeNull();
    await user.click(gridButton('A'));
    expect(picked).toEqual([0x0106, 0x2204, 0x04]);
  });

  it('finds layer-tap codes first when searching "LT", not only Alt keys', async () => {
    const { user } = setup(VIA);
    await user.type(screen.getByRole('searchbox'), 'LT');
    const names = gridButtons().map((b) => b.textContent);
    expect(names.slice(0, 4)).toEqual(['LT1(kc)', 'LT2(kc)', 'LT3(kc)', 'LT4(kc)']);
  });

  it('takes a typed code in QMK notation from the Any key, showing its name first', async () => {
    const { picked, user } = setup(VIA);
    await user.click(screen.getByRole('button', { name: 'Any key: type a code' }));
    const form = screen.getByRole('form', { name: 'Any key: type a code' });
    const input = within(form).getByLabelText('Key code');
    await user.type(input, 'LT(1,KC_A)');
    expect(within(form).getByRole('status')).toHaveTextContent('LT2(A): Layer 2 while held, Letter A when tapped');
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(picked).toEqual([0x4104]);

    await user.click(screen.getByRole('button', { name: 'Any key: type a code' }));
    await user.type(screen.getByLabelText('Key code'), 'LT(99,KC_A){Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('“LT(99,KC_A)” is not a key code of this keyboard');
    expect(picked).toEqual([0x4104]);
    await user.clear(screen.getByLabelText('Key code'));
    await user.type(screen.getByLabelText('Key code'), '0x7c00{Enter}');
    expect(picked).toEqual([0x4104, 0x7c00]);
  });

  it('finds a typed QMK name in the search box too', async () => {
    const { picked, user } = setup(VIA);
    await user.type(screen.getByRole('searchbox'), 'LCTL(KC_C)');
    await user.click(gridButton('LCtl+C'));
    expect(picked).toEqual([0x0106]);
  });

  it('takes numbers within the space on a keyboard without a notation of its own', async () => {
    const { picked, user } = setup(LIBHMK);
    await user.click(screen.getByRole('button', { name: 'Any key: type a code' }));
    await user.type(screen.getByLabelText('Key code'), '300{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('a number from 0 to 255');
    await user.clear(screen.getByLabelText('Key code'));
    await user.type(screen.getByLabelText('Key code'), '4{Enter}');
    expect(picked).toEqual([4]);
  });
});
