// @vitest-environment jsdom
/**
 * A hyper-tap item has one name everywhere (spec-1: its badge letter is T): an unnamed one is "T0" on its card's
 * title and menu, as on its badge and on the keys it sits on, never its binding keyword "H0".
 */
import { screen } from '@testing-library/react';
import { withDevicesExtraTexts } from '../devices-extra-texts';
import { hypertap, renderArea } from './advanced-fixtures';

withDevicesExtraTexts();

describe('an unnamed hyper-tap item', () => {
  it('is called by its badge letter and id on its card, like the keys show it', async () => {
    await renderArea({ lists: { hypertap: [hypertap(0, 'W', 'S')] } });
    expect(await screen.findByRole('button', { name: 'Actions for Hyper Tap (DRT) T0' })).toBeInTheDocument();
    const hyper = document.querySelector<HTMLElement>('.adv-card[data-keyword="H0"]')!;
    expect(hyper.querySelector('.adv-card__badge')).toHaveTextContent('T');
    expect(hyper.textContent).not.toMatch(/H0/);
    expect(screen.queryByRole('button', { name: /H0/ })).toBeNull();
  });
});
