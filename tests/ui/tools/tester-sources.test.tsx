// @vitest-environment jsdom
/**
 * The keyboard tester offers a keyboard as a source only where its features say it reports keys itself: its own key
 * events (our own keyboards) or its switch states (VIA with a definition). A keyboard without either (libhmk, VIA
 * without a definition) is not offered, and the tester says so; no key-event stream is asked of a VIA keyboard.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KEYTUNE_VIA_65_DEFINITION } from '../../../src/firmware/via/index';
import KeyboardTester from '../../../src/ui/tools/tester/KeyboardTester';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';
import { renderVia } from '../via/via-host';
import { serveDrawings } from '../keycode/drawing-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => vi.unstubAllGlobals());

const source = () => screen.getByRole('combobox', { name: /Key events from|按键事件来源/ }) as HTMLSelectElement;
const optionTexts = () => [...source().options].map((o) => o.textContent);

describe('the tester’s sources', () => {
  it('offers our own keyboard by its key events, leaves the HE60 out and says why, in both languages', async () => {
    const host = testHost({}, { timeoutMs: 2000 });
    const he60 = await host.live.addVirtual('HE60 (libhmk)', { fwVer: '1.7.0' });
    const ours = await host.live.addVirtual('Made68Pro', { fwVer: '1.4.2' });
    const names = Object.fromEntries(host.live.records().map((r) => [r.path, r.display_name]));
    const view = renderWithServices(<KeyboardTester />, { host });
    expect(optionTexts()).toEqual([
      "This computer's keyboard (browser key events)",
      `${names[ours]} (its own key events)`,
    ]);
    expect([...source().options].map((o) => o.value)).not.toContain(he60);
    expect(screen.getByTestId('tester-silent')).toHaveTextContent(
      `${names[he60]} sends no key events of its own: test it with this computer's keyboard.`,
    );
    await userEvent.selectOptions(source(), ours);
    await waitFor(() => expect(host.live.callsTo('devEventStream').length).toBe(1));
    view.unmount();

    renderWithServices(<KeyboardTester />, { host, language: 'zh_CN' });
    expect(screen.getByTestId('tester-silent')).toHaveTextContent(
      `${names[he60]} 不发送自身的按键事件：请用本机键盘（浏览器按键事件）测试。`,
    );
  });

  it('offers a VIA keyboard with a definition by its switch states, asking it for no key events', async () => {
    const via = await renderVia(() => <KeyboardTester />, { definition: KEYTUNE_VIA_65_DEFINITION });
    const name = via.storeRecord().display_name;
    await waitFor(() => expect(optionTexts()).toContain(`${name} (its switch states)`));
    await userEvent.selectOptions(source(), via.path);
    await waitFor(() => expect(via.calls.some((c) => c.func === 'via_read_matrix')).toBe(true));
    expect(via.calls.filter((c) => c.func === 'stream')).toEqual([]);
  });

  it('leaves a VIA keyboard without a definition (no switch states) out, asking it for no key events', async () => {
    const via = await renderVia(() => <KeyboardTester />);
    const name = via.storeRecord().display_name;
    expect([...source().options].map((o) => o.value)).not.toContain(via.path);
    expect(screen.getByTestId('tester-silent')).toHaveTextContent(`${name} sends no key events of its own`);
    expect(via.calls.filter((c) => c.func === 'stream')).toEqual([]);
  });
});
