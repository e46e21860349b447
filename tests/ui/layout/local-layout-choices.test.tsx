// @vitest-environment jsdom
/**
 * Layout options of a keyboard that keeps no choice of its own (the virtual HE60, libhmk): a choice redraws the
 * device record at once (the split backspace's two keys drawn instead of the wide one), is kept on this computer for
 * this keyboard across a reload, and its texts come in both languages.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { layoutEn, layoutZh } from '../../../src/i18n/sections/layout';
import { LocalLayoutChoices } from '../../../src/ui/device-page/layout/LocalLayoutChoices';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { openHe60 } from '../libhmk/harness';

beforeEach(() => forgetDrawings());
afterEach(() => localStorage.clear());

const drawn = (id: number) => document.querySelector(`[data-key-id="${id}"]`) !== null;

describe('layout choices kept on this computer', () => {
  it('draws the split backspace once chosen, on the record every tab reads, and keeps the choice', async () => {
    const he60 = await openHe60((path) => <LocalLayoutChoices path={path} />);
    await screen.findByRole('heading', { name: layoutEn['layout.local.title'] });
    const record = () => he60.view.services.devices.getState().devices.find((d) => d.path === he60.path)!;
    await waitFor(() => expect(drawn(13)).toBe(true));
    expect(drawn(14)).toBe(false);
    // Its keys carry their codes in the keyboard's own numbering (libhmk's), not another table's.
    const legend = (id: number) => document.querySelector(`[data-key-id="${id}"] .kb-key__legend`)?.textContent;
    await waitFor(() => expect(legend(0)).toBe('Esc'));
    expect(legend(1)).toBe('1');
    expect(record().layout!.keys.map((k) => k.id)).not.toContain(14);

    fireEvent.click(screen.getByRole('switch', { name: 'Split Backspace' }));
    await waitFor(() => expect(drawn(14)).toBe(true));
    expect(drawn(15)).toBe(true);
    expect(drawn(13)).toBe(false);
    const ids = record().layout!.keys.map((k) => k.id);
    expect(ids).toEqual(expect.arrayContaining([14, 15]));
    expect(ids).not.toContain(13);
    // The split spacebar's choice is still the first: the wide space bar stays.
    expect(ids).toContain(59);
    expect(ids).not.toContain(64);
    he60.view.unmount();

    // Another visit on this computer: the keyboard is drawn with the choice kept for it.
    const again = await openHe60((path) => <LocalLayoutChoices path={path} />, 'zh_CN');
    await screen.findByRole('heading', { name: layoutZh['layout.local.title'] });
    expect(screen.getByText(layoutZh['layout.local.help'])).toBeTruthy();
    await waitFor(() => expect(drawn(14)).toBe(true));
    expect(screen.getByRole('switch', { name: 'Split Backspace' })).toHaveAttribute('aria-checked', 'true');
    const keys = again.view.services.devices.getState().devices.find((d) => d.path === again.path)!.layout!.keys;
    expect(keys.map((k) => k.id)).not.toContain(13);
  });
});
