// @vitest-environment jsdom
/**
 * VIA lighting against the simulated keyboard: the colour chosen in the product's colour picker is written as QMK's
 * 0-255 hue and saturation, and the sliders then show what the keyboard holds.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { KEYTUNE_VIA_65_DEFINITION } from '../../../src/firmware/via/index';
import { viaEn } from '../../../src/i18n/sections/via';
import { widgetsEn } from '../../../src/i18n/sections/widgets';
import { qmkToRgba, rgbaToQmk } from '../../../src/ui/device-page/via/HueSaturation';
import '../../../src/ui/device-page/family-texts';
import { ViaLighting } from '../../../src/ui/device-page/via/ViaLighting';
import { renderVia } from './via-host';

describe('VIA lighting colour', () => {
  it('converts QMK hue and saturation to a colour and back', () => {
    expect(qmkToRgba(0, 255)).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(rgbaToQmk({ r: 0, g: 0, b: 255, a: 1 })).toEqual({ hue: 170, saturation: 255 });
    expect(rgbaToQmk({ r: 255, g: 128, b: 128, a: 1 })).toEqual({ hue: 0, saturation: 127 });
    // Grey keeps the hue it had.
    expect(rgbaToQmk({ r: 200, g: 200, b: 200, a: 1 }, 42)).toEqual({ hue: 42, saturation: 0 });
    for (const [h, s] of [
      [10, 200],
      [128, 255],
      [250, 90],
    ] as const) {
      const back = rgbaToQmk(qmkToRgba(h, s), h);
      expect(Math.abs(back.hue - h)).toBeLessThanOrEqual(1);
      expect(Math.abs(back.saturation - s)).toBeLessThanOrEqual(1);
    }
  });

  it('writes the colour picked in the colour picker and shows what the keyboard holds', async () => {
    const via = await renderVia((path) => <ViaLighting path={path} />, { definition: KEYTUNE_VIA_65_DEFINITION });
    const card = await screen.findByRole('region', { name: 'RGB matrix' });
    fireEvent.click(within(card).getByRole('button', { name: viaEn['via.lighting.pickColour'] }));
    const dialog = await screen.findByRole('dialog');
    const hex = within(dialog).getByLabelText(widgetsEn['widgets.colour.hex']);
    fireEvent.change(hex, { target: { value: '#0000ff' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await within(card).findByText(viaEn['via.lighting.saved']);
    expect(via.sim.lighting.hue).toBe(170);
    expect(via.sim.lighting.sat).toBe(255);
    via.sim.powerCycle();
    expect(via.sim.lighting.hue).toBe(170);
    await waitFor(() =>
      expect(within(card).getByRole('slider', { name: viaEn['via.lighting.hue'] }).getAttribute('aria-valuenow')).toBe(
        '170',
      ),
    );
  });
});
