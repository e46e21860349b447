// @vitest-environment jsdom
/**
 * Recording a VIA macro from the keys pressed in the browser: Record keys, Shift held around a tap of A, Esc to end;
 * the actions are added to the macro, nothing else sees the keys meanwhile, and the written macro plays them.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { KEYTUNE_VIA_65_DEFINITION } from '../../../src/firmware/via/index';
import { viaEn } from '../../../src/i18n/sections/via';
import ViaTab from '../../../src/ui/device-page/via/ViaTab';
import { renderVia } from './via-host';

describe('recording a VIA macro', () => {
  it('turns the keys pressed into actions, ended by Esc, and writes them', async () => {
    const via = await renderVia((path) => <ViaTab path={path} />, { definition: KEYTUNE_VIA_65_DEFINITION });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit M1' }));
    const editor = screen.getByRole('region', { name: 'Edit M1' });
    fireEvent.click(within(editor).getByRole('button', { name: viaEn['via.macros.record'] }));
    expect(within(editor).getByText(viaEn['via.macros.recording'])).toBeTruthy();
    const seen: string[] = [];
    const outside = (e: KeyboardEvent) => seen.push(e.code);
    document.addEventListener('keydown', outside);
    // The Enter that started it is let go first: not part of the macro.
    fireEvent.keyUp(window, { key: 'Enter', code: 'Enter' });
    fireEvent.keyDown(window, { key: 'Shift', code: 'ShiftLeft' });
    fireEvent.keyDown(window, { key: 'A', code: 'KeyA' });
    fireEvent.keyDown(window, { key: 'A', code: 'KeyA', repeat: true });
    fireEvent.keyUp(window, { key: 'A', code: 'KeyA' });
    fireEvent.keyUp(window, { key: 'Shift', code: 'ShiftLeft' });
    fireEvent.keyDown(window, { key: 'Escape', code: 'Escape' });
    document.removeEventListener('keydown', outside);
    expect(seen).toEqual([]);
    expect(await within(editor).findByText('3 actions recorded.')).toBeTruthy();
    expect((within(editor).getByLabelText('Kind of action 1') as HTMLSelectElement).selectedOptions[0]!.text).toBe(
      viaEn['via.macros.action.down'],
    );
    expect((within(editor).getByLabelText('Kind of action 2') as HTMLSelectElement).selectedOptions[0]!.text).toBe(
      viaEn['via.macros.action.tap'],
    );
    fireEvent.click(within(editor).getByRole('button', { name: viaEn['via.macros.write'] }));
    await screen.findByText(viaEn['via.macros.written']);
    expect(via.sim.playMacro(1)).toEqual([
      { type: 'down', key: 0xe1 },
      { type: 'tap', key: 4 },
      { type: 'up', key: 0xe1 },
    ]);
  });
});
