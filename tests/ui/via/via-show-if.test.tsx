// @vitest-environment jsdom
/**
 * A definition's `showIf`: the VIA tab draws a control, or a whole section, only while its expression holds over the
 * values it shows, and redraws as soon as the value it depends on is changed (an effect's speed only with an effect
 * on, its colour only for the solid effect).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import ViaTab from '../../../src/ui/device-page/via/ViaTab';
import { definitionWith } from '../../service/via-harness';
import { renderVia } from './via-host';

const DEFINITION = definitionWith((def) => {
  def['menus'] = [
    {
      label: 'Glow',
      content: [
        {
          label: 'Effect',
          content: [
            { label: 'Glow effect', type: 'dropdown', options: ['Off', 'Solid', 'Wave'], content: ['id_fx', 3, 2] },
            { label: 'Glow speed', type: 'range', options: [0, 255], showIf: '{id_fx} != 0', content: ['id_sp', 3, 3] },
            { label: 'Glow colour', type: 'color', showIf: '{id_fx} == 1', content: ['id_col', 3, 4] },
          ],
        },
        {
          label: 'Wave only',
          showIf: '{id_fx} == 2',
          content: [{ label: 'Wave level', type: 'range', options: [0, 255], content: ['id_lv', 3, 1] }],
        },
      ],
    },
  ];
});

describe('showIf in a definition’s menus', () => {
  it('shows a control or section only while its expression holds, following each change', async () => {
    const via = await renderVia((path) => <ViaTab path={path} />, { definition: DEFINITION });
    const menu = await screen.findByRole('region', { name: 'Glow' });
    const effect = (await within(menu).findByLabelText('Glow effect')) as HTMLSelectElement;
    const speed = () => within(menu).queryByRole('slider', { name: 'Glow speed' });
    const colour = () => within(menu).queryByRole('group', { name: 'Glow colour' });
    const wave = () => within(menu).queryByText('Wave only');

    fireEvent.change(effect, { target: { value: '1' } });
    await waitFor(() => expect(via.sim.lighting.mode).toBe(1));
    await waitFor(() => expect(speed()).not.toBeNull());
    expect(colour()).not.toBeNull();
    expect(wave()).toBeNull();

    fireEvent.change(effect, { target: { value: '0' } });
    await waitFor(() => expect(speed()).toBeNull());
    expect(colour()).toBeNull();
    expect(wave()).toBeNull();

    fireEvent.change(effect, { target: { value: '2' } });
    await waitFor(() => expect(wave()).not.toBeNull());
    expect(colour()).toBeNull();
    expect(speed()).not.toBeNull();
    expect(within(menu).getByRole('slider', { name: 'Wave level' })).toBeTruthy();
  });
});
