// @vitest-environment jsdom
/**
 * The gamepad screen against a virtual HE60: it shows what the keyboard holds, binds selected keys to a button,
 * writes the analog curve typed in its fields and the flags, in both languages; a bad curve is named and not sent.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { libhmkEn, libhmkZh } from '../../../src/i18n/sections/libhmk';
import GamepadTab from '../../../src/ui/device-page/gamepad/GamepadTab';
import { openHe60 } from './harness';

async function open(language: 'en_US' | 'zh_CN' = 'en_US') {
  const he60 = await openHe60((path) => <GamepadTab path={path} />, language);
  const texts = language === 'en_US' ? libhmkEn : libhmkZh;
  await screen.findByRole('heading', { name: texts['libhmk.gamepad.curve.title'] });
  await waitFor(() => expect(document.querySelector('[data-key-id="0"]')).not.toBeNull());
  return { ...he60, texts, sets: () => he60.host.live.callsTo('libhmkSetGamepad') };
}

const key = (id: number) => document.querySelector<HTMLElement>(`[data-key-id="${id}"]`)!;
function selectKeys(...ids: number[]) {
  for (const id of ids) {
    act(() => key(id).focus());
    fireEvent.keyDown(key(id), { key: ' ' });
  }
}
/** Waits for the screen to say the keyboard took a change (the driver is read once after, not polled meanwhile). */
const saved = (text: string) =>
  waitFor(() => expect(document.querySelector('.gamepad-saved')!.textContent).toBe(text), { timeout: 5000 });
const field = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;

describe('gamepad tab (libhmk)', () => {
  it('shows the curve and flags the keyboard holds', async () => {
    const { driver, texts } = await open();
    const held = await driver.ports.gamepad!.read();
    held.curve.forEach((p, i) => {
      expect(field(texts['libhmk.gamepad.curve.mm'].replace('{0}', String(i + 1))).value).toBe(p.mm.toFixed(2));
      expect(field(texts['libhmk.gamepad.curve.out'].replace('{0}', String(i + 1))).value).toBe(String(p.out));
    });
    for (const [name, on] of Object.entries(held.flags)) {
      const label = texts[`libhmk.gamepad.${name}` as keyof typeof texts];
      expect(screen.getByRole('switch', { name: label }).getAttribute('aria-checked')).toBe(String(on));
    }
    expect(screen.getByRole('img', { name: /Analog curve chart/ })).toBeTruthy();
  });

  it('binds the selected keys to the button chosen, and the keys then show it', async () => {
    const { driver, texts } = await open();
    const select = screen.getByRole('combobox', { name: texts['libhmk.gamepad.button'] }) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    selectKeys(3, 7);
    expect(screen.getByText('2 keys selected')).toBeTruthy();
    fireEvent.change(select, { target: { value: '5' } });
    await saved(texts['libhmk.gamepad.saved']);
    expect(key(3).textContent).toContain('D-pad up');
    expect(key(7).textContent).toContain('D-pad up');
    const held = await driver.ports.gamepad!.read();
    expect(held.buttons.map((b, k) => [k, b]).filter(([, b]) => b !== 0)).toEqual([
      [3, 5],
      [7, 5],
    ]);
  });

  it('writes a curve typed in its fields, and refuses one out of order without sending it', async () => {
    const { driver, texts, sets } = await open();
    const mm = (i: number) => field(texts['libhmk.gamepad.curve.mm'].replace('{0}', String(i)));
    const out = (i: number) => field(texts['libhmk.gamepad.curve.out'].replace('{0}', String(i)));
    const apply = () => fireEvent.click(screen.getByRole('button', { name: texts['libhmk.gamepad.curve.apply'] }));
    fireEvent.change(mm(1), { target: { value: '0.5' } });
    fireEvent.change(out(1), { target: { value: '10' } });
    fireEvent.change(mm(2), { target: { value: '1.2' } });
    fireEvent.change(mm(3), { target: { value: '2.5' } });
    fireEvent.change(mm(4), { target: { value: '3.8' } });
    fireEvent.change(out(4), { target: { value: '255' } });
    apply();
    await saved(texts['libhmk.gamepad.saved']);
    const curve = (await driver.ports.gamepad!.read()).curve;
    expect(curve[0]).toEqual({ mm: 0.5, out: 10 });
    expect(curve[1]!.mm).toBe(1.21); // 1.2 mm is distance 77, which reads back as 1.21 mm
    expect(curve[3]).toEqual({ mm: 3.8, out: 255 });
    // The fields then show what the keyboard reports.
    expect(mm(2).value).toBe('1.21');

    const before = await driver.ports.gamepad!.read();
    const calls = sets().length;
    fireEvent.change(mm(3), { target: { value: '0.2' } });
    apply();
    expect(screen.getByRole('alert').textContent).toBe(
      'Points go in travel order: point 3 cannot be shallower than point 2.',
    );
    fireEvent.change(mm(3), { target: { value: '2.5' } });
    fireEvent.change(out(2), { target: { value: '300' } });
    apply();
    expect(screen.getByRole('alert').textContent).toBe('Point 2: output must be a whole number from 0 to 255.');
    fireEvent.change(out(2), { target: { value: '40' } });
    fireEvent.change(mm(1), { target: { value: '9' } });
    apply();
    expect(screen.getByRole('alert').textContent).toBe('Point 1: travel must be a number from 0 to 4 mm.');
    expect(sets()).toHaveLength(calls);
    expect(await driver.ports.gamepad!.read()).toEqual(before);
  });

  it('turns a flag on and shows what the keyboard reports', async () => {
    const { driver, texts } = await open();
    const square = screen.getByRole('switch', { name: texts['libhmk.gamepad.squareJoystick'] });
    const was = (await driver.ports.gamepad!.read()).flags.squareJoystick;
    fireEvent.click(square);
    await saved(texts['libhmk.gamepad.saved']);
    expect(square.getAttribute('aria-checked')).toBe(String(!was));
    expect((await driver.ports.gamepad!.read()).flags.squareJoystick).toBe(!was);
  });

  it('speaks Chinese: button names from the keyboard’s list, labels and refusals', async () => {
    const { texts } = await open('zh_CN');
    selectKeys(1);
    const select = screen.getByRole('combobox', { name: texts['libhmk.gamepad.button'] });
    expect(within(select).getByRole('option', { name: '左摇杆上' })).toBeTruthy();
    expect(screen.getByText('已选择 1 个键')).toBeTruthy();
    fireEvent.change(field('点 1 输出（0-255）'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: texts['libhmk.gamepad.curve.apply'] }));
    expect(screen.getByRole('alert').textContent).toBe('点 1：输出必须是 0 到 255 之间的整数。');
  });
});
