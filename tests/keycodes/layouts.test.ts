import { describe, expect, it } from 'vitest';
import { KC_TRNS, KEYCODES, keycodeByName, keycodeLabel } from '../../src/core/keycodes';
import { defaultKeymap, layoutFor, type Layout } from '../../src/core/layouts';
import { MODELS } from '../../src/core/models';

const codes = new Set(KEYCODES.map((e) => e.code));
const code = (name: string): number => {
  const entry = keycodeByName(name);
  if (!entry) throw new Error(`no key ${name}`);
  return entry.code;
};
const keyed = MODELS.filter((m) => m.keyCount > 0);

function overlapping(layout: Layout): [number, number][] {
  const eps = 1e-6;
  const pairs: [number, number][] = [];
  layout.keys.forEach((a, i) => {
    for (const b of layout.keys.slice(i + 1)) {
      const apart =
        a.x + a.w <= b.x + eps || b.x + b.w <= a.x + eps || a.y + a.h <= b.y + eps || b.y + b.h <= a.y + eps;
      if (!apart) pairs.push([a.id, b.id]);
    }
  });
  return pairs;
}

/** Layer-0 legend and Fn-layer legend of every key, for checks that read like the keyboard. */
function fnOf(model: string): Map<string, string> {
  const [base, fn] = defaultKeymap(model);
  return new Map(base!.map((c, i) => [keycodeLabel(c), keycodeLabel(fn![i]!)]));
}

describe.each(keyed.map((m) => [m.name, m] as const))('layout of %s', (name, model) => {
  const layout = layoutFor(name)!;

  it('has the key count of the model, ids 0..n-1 and a known code per key', () => {
    expect(layout.name).toBe(name);
    expect(layout.keys).toHaveLength(model.keyCount);
    expect(layout.keys.map((k) => k.id)).toEqual(Array.from({ length: model.keyCount }, (_, i) => i));
    expect(layout.keys.filter((k) => !codes.has(k.code))).toEqual([]);
  });

  it('has no overlapping keys and stays inside its size', () => {
    expect(overlapping(layout)).toEqual([]);
    for (const k of layout.keys) {
      expect(k.w).toBeGreaterThan(0);
      expect(k.x + k.w).toBeLessThanOrEqual(layout.width + 1e-6);
      expect(k.y + k.h).toBeLessThanOrEqual(layout.height + 1e-6);
    }
  });

  it('has four default layers of known codes; layers 2 and 3 copy layer 0', () => {
    const layers = defaultKeymap(name);
    expect(layers).toHaveLength(4);
    for (const l of layers) {
      expect(l).toHaveLength(model.keyCount);
      expect(l.filter((c) => !codes.has(c))).toEqual([]);
    }
    expect(layers[0]).toEqual(layout.keys.map((k) => k.code));
    expect(layers[2]).toEqual(layers[0]);
    expect(layers[3]).toEqual(layers[0]);
  });
});

describe('layouts', () => {
  it('are found by display name in any case, and the dongle has none', () => {
    expect(layoutFor('Made68Pro+')?.name).toBe('made68pro+');
    expect(layoutFor('dongle01')).toBeUndefined();
    expect(layoutFor('nosuchboard')).toBeUndefined();
    expect(defaultKeymap('Dongle01')).toEqual([[], [], [], []]);
    expect(() => defaultKeymap('nosuchboard')).toThrow(/Unknown model/);
  });

  it('share one shape between models of the same size', () => {
    const strip = (l: Layout) => l.keys;
    expect(strip(layoutFor('mojo68rt')!)).toEqual(strip(layoutFor('made68')!));
    expect(strip(layoutFor('made84ultra')!)).toEqual(strip(layoutFor('made84pro')!));
    expect(strip(layoutFor('mj65')!)).toEqual(strip(layoutFor('real67')!));
  });

  it('draw the 65% as 16 units wide with arrows bottom right, and real67 without right Ctrl', () => {
    const made68 = layoutFor('made68')!;
    expect([made68.width, made68.height]).toEqual([16, 5]);
    expect(made68.keys.at(-1)?.code).toBe(code('Right'));
    expect(made68.keys.some((k) => k.code === code('RCtrl'))).toBe(true);
    expect(layoutFor('real67')!.keys.some((k) => k.code === code('RCtrl'))).toBe(false);
  });

  it('give 75% boards a function row and the mouse its six buttons', () => {
    for (const name of ['cyber01', 'made84pro']) {
      const fRow = layoutFor(name)!
        .keys.filter((k) => k.y === 0)
        .map((k) => keycodeLabel(k.code));
      expect(fRow.slice(0, 13)).toEqual(['Esc', ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`)]);
    }
    const mouse = layoutFor('mouse01')!.keys.map((k) => keycodeLabel(k.code));
    expect(mouse).toEqual(['LClick', 'RClick', 'MClick', 'MBack', 'MFwd', 'DPI']);
  });
});

describe('default Fn layer', () => {
  it('puts F1-F12 on the number row of a 65% board and leaves the rest transparent', () => {
    const fn = fnOf('made68');
    expect(['1', '2', '0', '-', '='].map((k) => fn.get(k))).toEqual(['F1', 'F2', 'F10', 'F11', 'F12']);
    expect(fn.get('Esc')).toBe('`');
    expect([fn.get('M'), fn.get(','), fn.get('.')]).toEqual(['Mute', 'Vol-', 'Vol+']);
    expect([fn.get('Up'), fn.get('\\')]).toEqual(['LED+', 'LED']);
    expect(fn.get('Space')).toBe('Trns');
    expect(fn.get('Fn')).toBe('Trns');
  });

  it('puts media on the function row of a 75% board', () => {
    const fn = fnOf('made84pro');
    expect(['F1', 'F8', 'F10', 'F12'].map((k) => fn.get(k))).toEqual(['Bri-', 'Play', 'Mute', 'Vol+']);
    expect(fn.get('1')).toBe('Theme1');
    expect(fn.get('LWin')).toBe('WinLock');
  });

  it('is mostly transparent, as in VIA', () => {
    const [, fn] = defaultKeymap('cyber01');
    const transparent = fn!.filter((c) => c === KC_TRNS).length;
    expect(transparent).toBeGreaterThan(fn!.length / 2);
  });
});
