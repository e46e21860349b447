// @vitest-environment jsdom
/**
 * The VIA tab's keyboard card: the protocol, ids and definition name the keyboard and its definition say, a
 * replacement definition taken (its name shown, stored for the keyboard) or refused with its reason (the old kept).
 */
import { fireEvent, screen } from '@testing-library/react';
import { KEYTUNE_VIA_65_DEFINITION } from '../../../src/firmware/via/index';
import { viaEn, viaZh } from '../../../src/i18n/sections/via';
import { ViaKeyboardInfo } from '../../../src/ui/device-page/via/ViaKeyboardInfo';
import { definitionWith, VIA_KEY } from '../../service/via-harness';
import { renderVia } from './via-host';

const file = (text: string) => new File([text], 'keyboard.json', { type: 'application/json' });
const pick = (text: string) =>
  fireEvent.change(screen.getByTestId('via-replace-file'), { target: { files: [file(text)] } });

afterEach(() => localStorage.clear());

describe('ViaKeyboardInfo', () => {
  it('shows the protocol, ids and definition, and replaces the definition with a renamed one', async () => {
    const via = await renderVia((path) => <ViaKeyboardInfo path={path} />, { definition: KEYTUNE_VIA_65_DEFINITION });
    await screen.findByText('VIA protocol 12');
    expect(screen.getByText('Vendor id 0x4B54, product id 0x5641')).toBeTruthy();
    const before = (JSON.parse(KEYTUNE_VIA_65_DEFINITION) as { name: string }).name;
    expect(screen.getByText(`Definition: ${before}`)).toBeTruthy();
    const renamed = definitionWith((d) => (d['name'] = 'Renamed 65'));
    pick(renamed);
    await screen.findByText(viaEn['via.info.replaced'].replace('{0}', 'Renamed 65'));
    expect(screen.getByText('Definition: Renamed 65')).toBeTruthy();
    expect(via.store.data[VIA_KEY]).toBe(renamed);
  });

  it('refuses another keyboard’s definition with its reason, in Chinese too, and keeps the old one', async () => {
    const via = await renderVia(
      (path) => <ViaKeyboardInfo path={path} />,
      { definition: KEYTUNE_VIA_65_DEFINITION },
      'zh_CN',
    );
    await screen.findByText('VIA 协议 12');
    const stored = via.store.data[VIA_KEY];
    pick(definitionWith((d) => (d['productId'] = '0x1234')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(viaZh['via.definition.refused']);
    expect(alert.textContent).toContain('4B54:1234');
    expect(via.store.data[VIA_KEY]).toBe(stored);
    expect(via.storeRecord().layout?.keys).toHaveLength(68);
  });
});
