// @vitest-environment jsdom
/**
 * The gamepad screen's key caps and curve chart: a bound button's name fits its cap in English and Chinese (broken
 * into lines, the full name kept as the key's accessible name and tooltip); points typed in the fields show on the
 * chart before Apply; a curve Apply refuses clears the "Saved" of an earlier change.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GAMEPAD_BUTTONS } from '../../../src/drivers/libhmk/port-gamepad';
import { libhmkEn, libhmkZh } from '../../../src/i18n/sections/libhmk';
import { CAP_LINE_HEIGHT, capLegend, legendEm } from '../../../src/ui/device-page/gamepad/cap-legend';
import GamepadTab from '../../../src/ui/device-page/gamepad/GamepadTab';
import { openHe60 } from './harness';

async function open(language: 'en_US' | 'zh_CN' = 'en_US') {
  const he60 = await openHe60((path) => <GamepadTab path={path} />, language);
  const texts = language === 'en_US' ? libhmkEn : libhmkZh;
  await screen.findByRole('heading', { name: texts['libhmk.gamepad.curve.title'] });
  await waitFor(() => expect(document.querySelector('[data-key-id="0"]')).not.toBeNull());
  return { ...he60, texts };
}

const key = (id: number) => document.querySelector<HTMLElement>(`[data-key-id="${id}"]`)!;
const savedLine = () => document.querySelector('.gamepad-saved')!.textContent;

/** Binds keys one at a time: select the key alone, choose the button, wait for the keyboard's answer. */
async function bind(texts: Record<keyof typeof libhmkEn, string>, pairs: [number, number][]) {
  const select = screen.getByRole('combobox', { name: texts['libhmk.gamepad.button'] });
  for (const [id, code] of pairs) {
    act(() => key(id).focus());
    fireEvent.keyDown(key(id), { key: ' ' });
    fireEvent.change(select, { target: { value: String(code) } });
    await waitFor(() => expect(savedLine()).toBe(texts['libhmk.gamepad.saved']), { timeout: 5000 });
    fireEvent.keyDown(key(id), { key: ' ' });
  }
}

/** Checks a drawn cap: its lines at their font size fit inside its cap, and they join into the name. */
function expectFits(id: number, name: string) {
  const cap = key(id).querySelector('.kb-key__cap')!;
  const w = Number(cap.getAttribute('width'));
  const h = Number(cap.getAttribute('height'));
  const text = key(id).querySelector('[data-testid="gamepad-cap"] text')!;
  const size = Number(text.getAttribute('font-size'));
  const lines = [...text.querySelectorAll('tspan')].map((t) => t.textContent!);
  expect(text.textContent).toBe(name);
  for (const line of lines) expect(legendEm(line) * size).toBeLessThanOrEqual(w - 10 + 1e-9);
  expect(lines.length * size * CAP_LINE_HEIGHT).toBeLessThanOrEqual(h - 8 + 1e-9);
  expect(size).toBeGreaterThanOrEqual(9);
  return lines;
}

describe('gamepad caps', () => {
  it('every button name fits a 1u cap in both languages, on lines that join back into the name', () => {
    for (const button of GAMEPAD_BUTTONS) {
      for (const name of [button.en, button.zh]) {
        const { lines, fontSize, joiner } = capLegend(name, { w: 56, h: 56 });
        expect(lines.join(joiner)).toBe(name);
        expect(lines.length).toBeLessThanOrEqual(3);
        expect(Math.max(...lines.map(legendEm)) * fontSize).toBeLessThanOrEqual(46 + 1e-9);
        expect(lines.length * fontSize * CAP_LINE_HEIGHT).toBeLessThanOrEqual(48 + 1e-9);
        expect(fontSize, name).toBeGreaterThanOrEqual(9);
      }
    }
    // Short names stay whole; long ones break at spaces.
    expect(capLegend('A', { w: 56, h: 56 }).lines).toEqual(['A']);
    expect(capLegend('Left stick right', { w: 56, h: 56 }).lines).toEqual(['Left', 'stick', 'right']);
    expect(capLegend('Left trigger', { w: 101, h: 56 }).lines).toEqual(['Left trigger']);
  });

  it('draws "Left stick right" inside its cap, named in full to screen readers and in its tooltip', async () => {
    const { texts } = await open();
    await bind(texts, [
      [0, 19],
      [17, 13],
    ]);
    expect(expectFits(0, 'Left stick right').length).toBeGreaterThan(1);
    expectFits(17, 'Right stick press');
    expect(key(0).getAttribute('aria-label')).toContain('Left stick right');
    await userEvent.setup().hover(key(0).querySelector('.gamepad-cap__hit')!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Left stick right');
  });

  it('fits the Chinese names too', async () => {
    const { texts } = await open('zh_CN');
    await bind(texts, [
      [0, 13],
      [17, 19],
    ]);
    expectFits(0, '右摇杆按下');
    expectFits(17, '左摇杆右');
    expect(key(0).getAttribute('aria-label')).toContain('右摇杆按下');
  });
});

describe('the analog curve', () => {
  const chartName = () => screen.getByRole('img', { name: /Analog curve chart/ }).getAttribute('aria-label')!;
  const field = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;

  it('charts typed points at once, also while another point is out of order or half typed', async () => {
    const { driver, host } = await open();
    const held = (await driver.ports.gamepad!.read()).curve;
    const sets = host.live.callsTo('libhmkSetGamepad').length;
    fireEvent.change(field('Point 2 output, 0-255'), { target: { value: '77' } });
    expect(chartName()).toContain(`${held[1]!.mm.toFixed(2)} mm → 77`);
    // Point 3 typed shallower than point 2: drawn where typed, point 2's new output still shown.
    fireEvent.change(field('Point 3 travel, mm'), { target: { value: '0.10' } });
    expect(chartName()).toContain('0.10 mm →');
    expect(chartName()).toContain('→ 77');
    // A field being typed ("") keeps the keyboard's value for that field only.
    fireEvent.change(field('Point 4 output, 0-255'), { target: { value: '' } });
    expect(chartName()).toContain(`${held[3]!.mm.toFixed(2)} mm → ${held[3]!.out}`);
    expect(chartName()).toContain('→ 77');
    const circles = [...document.querySelectorAll('.gamepad-curve__point')];
    expect(circles).toHaveLength(4);
    // Nothing was sent: the chart is a draft until Apply.
    expect(host.live.callsTo('libhmkSetGamepad')).toHaveLength(sets);
  });

  it('a refused Apply replaces an earlier "Saved" with its problem', async () => {
    const { texts } = await open();
    await bind(texts, [[3, 5]]);
    expect(savedLine()).toBe(texts['libhmk.gamepad.saved']);
    fireEvent.change(field('Point 2 output, 0-255'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: texts['libhmk.gamepad.curve.apply'] }));
    expect(screen.getByRole('alert').textContent).toBe('Point 2: output must be a whole number from 0 to 255.');
    expect(savedLine()).toBe('');
  });
});
