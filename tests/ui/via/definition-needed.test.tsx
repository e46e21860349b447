// @vitest-environment jsdom
/**
 * The definition screen of a VIA keyboard without one: what to do in both languages, a picked or dropped file taken
 * (the record gets its layout) or refused with its reason (nothing stored), and the optional online look-up.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { KEYTUNE_VIA_65_DEFINITION } from '../../../src/firmware/via/index';
import { viaEn, viaZh } from '../../../src/i18n/sections/via';
import { ViaDefinitionNeeded } from '../../../src/ui/device-page/via/ViaDefinitionNeeded';
import { definitionWith, VIA_KEY } from '../../service/via-harness';
import { renderVia } from './via-host';

const file = (text: string, name = 'keyboard.json') => new File([text], name, { type: 'application/json' });

async function pick(text: string) {
  fireEvent.change(screen.getByTestId('via-file'), { target: { files: [file(text)] } });
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('ViaDefinitionNeeded', () => {
  it('says what to do and which keyboard it is, and takes a picked definition', async () => {
    const via = await renderVia((path) => <ViaDefinitionNeeded path={path} />);
    expect(screen.getByRole('heading', { name: viaEn['via.need.title'] })).toBeTruthy();
    await screen.findByText('Vendor id 0x4B54, product id 0x5641, VIA protocol 12');
    expect(via.storeRecord().layout).toBeNull();
    await pick(KEYTUNE_VIA_65_DEFINITION);
    await screen.findByText(viaEn['via.definition.saved']);
    expect(via.store.data[VIA_KEY]).toBe(KEYTUNE_VIA_65_DEFINITION);
    await waitFor(() => expect(via.storeRecord().layout?.keys).toHaveLength(68));
  });

  it('refuses another keyboard’s definition with its reason, and stores nothing', async () => {
    const via = await renderVia((path) => <ViaDefinitionNeeded path={path} />);
    await pick(definitionWith((d) => (d['productId'] = '0x1234')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'This definition is for keyboard 4B54:1234, not for the connected keyboard 4B54:5641.',
    );
    expect(via.store.data).toEqual({});
    expect(via.storeRecord().layout).toBeNull();
  });

  it.each([
    ['not JSON', 'hello', 'via.definition.notJson'],
    [
      'a matrix too large',
      definitionWith((d) => (d['matrix'] = { rows: 20, cols: 15 })),
      'via.definition.matrixTooLarge',
    ],
  ] as const)('says %s in Chinese too', async (_n, text, id) => {
    await renderVia((path) => <ViaDefinitionNeeded path={path} />, {}, 'zh_CN');
    expect(screen.getByRole('heading', { name: viaZh['via.need.title'] })).toBeTruthy();
    await pick(text);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(viaZh[id].slice(0, 6));
  });

  it('takes one dropped file, and says so when more come', async () => {
    const via = await renderVia((path) => <ViaDefinitionNeeded path={path} />);
    const zone = screen.getByTestId('via-drop');
    fireEvent.drop(zone, { dataTransfer: { files: [file('{}'), file('{}')] } });
    expect((await screen.findByRole('alert')).textContent).toContain(viaEn['via.need.oneFile']);
    fireEvent.drop(zone, { dataTransfer: { files: [file(KEYTUNE_VIA_65_DEFINITION)] } });
    await screen.findByText(viaEn['via.definition.saved']);
    expect(via.store.data[VIA_KEY]).toBeDefined();
  });

  it('looks a definition up online only when an address is given, by vendor and product id', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response(KEYTUNE_VIA_65_DEFINITION, { status: 200 });
      }),
    );
    const via = await renderVia((path) => <ViaDefinitionNeeded path={path} />);
    await screen.findByText(/Vendor id 0x4B54/);
    const lookUp = screen.getByRole('button', { name: viaEn['via.source.lookUp'] }) as HTMLButtonElement;
    expect(lookUp.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(viaEn['via.source.label']), {
      target: { value: 'https://definitions.example/v3/' },
    });
    fireEvent.click(lookUp);
    await screen.findByText(viaEn['via.definition.saved']);
    expect(fetched).toEqual([`https://definitions.example/v3/${0x4b54 * 65536 + 0x5641}.json`]);
    expect(localStorage.getItem('keytune.via.definitionSource')).toBe('https://definitions.example/v3/');
    expect(via.store.data[VIA_KEY]).toBeDefined();
  });

  it('shows a failed look-up and sends nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    const via = await renderVia((path) => <ViaDefinitionNeeded path={path} />);
    await screen.findByText(/Vendor id 0x4B54/);
    fireEvent.change(screen.getByLabelText(viaEn['via.source.label']), {
      target: { value: 'https://definitions.example/{vid}/{pid}.json' },
    });
    fireEvent.click(screen.getByRole('button', { name: viaEn['via.source.lookUp'] }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('https://definitions.example/4B54/5641.json');
    expect(alert.textContent).toContain('HTTP 404');
    expect(via.callsTo('via_set_definition')).toHaveLength(0);
  });
});
