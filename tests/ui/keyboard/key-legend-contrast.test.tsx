// @vitest-environment jsdom
/** A coloured key's legend is black or white, whichever has the higher WCAG contrast with the key's colour. */
import { render } from '@testing-library/react';
import { KeyShape, legendColourOn } from '../../../src/ui/keyboard/KeyShape';

/** WCAG 2 contrast ratio of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const c = [1, 3, 5].map((i) => {
      const v = parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

function legendOf(fill: string | undefined, extra: { advanced?: boolean; muted?: boolean } = {}) {
  const effect = <rect className="effect-layer" />;
  const { container } = render(
    <svg>
      <KeyShape
        rect={{ id: 1, x: 0, y: 0, w: 50, h: 50, rx: 4 }}
        label="Q"
        name="Key Q"
        selected={false}
        tabbable={false}
        focusRing={false}
        fill={fill}
        advanced={extra.advanced ?? false}
        muted={extra.muted ?? false}
        tooltip={undefined}
        usedMark="S1"
        extra={effect}
        keyRef={null}
      />
    </svg>,
  );
  return {
    legend: container.querySelector<SVGTextElement>('.kb-key__legend')!,
    mark: container.querySelector<SVGTextElement>('.kb-key__mark')!,
    effect: container.querySelector('.effect-layer')!,
  };
}

describe('Key legend on a key colour', () => {
  it.each([
    '#0b1f5c',
    '#5a1010',
    '#202020',
    '#3d0066',
    '#ff3b3b',
    '#2f7cf6',
    '#ffd60a',
    '#33cc66',
    '#808080',
    '#ffffff',
  ])('on %s takes black or white, whichever reads better (at least 4.5:1 or the better of the two)', (fill) => {
    const chosen = legendColourOn(fill)!;
    const other = chosen === '#000000' ? '#ffffff' : '#000000';
    expect(['#000000', '#ffffff']).toContain(chosen);
    expect(contrast(fill, chosen)).toBeGreaterThanOrEqual(contrast(fill, other));
    expect(contrast(fill, chosen)).toBeGreaterThanOrEqual(4.5);
  });

  it('sets the legend and the mark on the key itself, so no theme or state rule can grey or blue it', () => {
    for (const state of [{}, { advanced: true }, { muted: true }]) {
      const dark = legendOf('#101040', state);
      expect(dark.legend.style.fill).toBe('rgb(255, 255, 255)');
      expect(dark.mark.style.fill).toBe('rgb(255, 255, 255)');
      const red = legendOf('#ff3b3b', state);
      expect(red.legend.style.fill).toBe('rgb(0, 0, 0)');
    }
  });

  it('keeps the legend over an effect layer, with a halo of the other colour for the moments the effect dims it', () => {
    const { legend, effect } = legendOf('#ff3b3b');
    expect(effect.compareDocumentPosition(legend) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(legend.style.stroke).toBe('rgb(255, 255, 255)');
    expect(legendOf('#101040').legend.style.stroke).toBe('rgb(0, 0, 0)');
  });

  it('leaves keys without a colour of their own, or with a colour it cannot read, to the theme', () => {
    expect(legendOf(undefined).legend.style.fill).toBe('');
    expect(legendOf('var(--accent)').legend.style.fill).toBe('');
    expect(legendColourOn('#abc')).toBe('#000000');
    expect(legendColourOn('rgb(1, 2, 3)')).toBeUndefined();
  });
});
