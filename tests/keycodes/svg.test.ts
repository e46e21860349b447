import { describe, expect, it } from 'vitest';
import { layoutFor } from '../../src/core/layouts';
import { layoutToSvg, SVG_CASE_MARGIN, SVG_UNIT } from '../../src/core/layouts/svg';

describe('device drawing', () => {
  it('has one rect per key, tagged with its id, a case and no legends', () => {
    const layout = layoutFor('made68pro+')!;
    const svg = layoutToSvg(layout);
    const ids = [...svg.matchAll(/data-key-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual(layout.keys.map((k) => k.id));
    expect(svg).toMatch(/<rect class="case"/);
    expect(svg).not.toMatch(/<text/);
  });

  it('places each key at its layout position', () => {
    const layout = layoutFor('cyber01')!;
    const svg = layoutToSvg(layout);
    const margin = SVG_CASE_MARGIN * SVG_UNIT;
    for (const key of layout.keys) {
      const m = new RegExp(`data-key-id="${key.id}" x="([\\d.]+)" y="([\\d.]+)" width="([\\d.]+)"`).exec(svg);
      expect(m).not.toBeNull();
      expect(Number(m![1])).toBeCloseTo(margin + key.x * SVG_UNIT + 2, 1);
      expect(Number(m![2])).toBeCloseTo(margin + key.y * SVG_UNIT + 2, 1);
      expect(Number(m![3])).toBeCloseTo(key.w * SVG_UNIT - 4, 1);
    }
    const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!;
    expect(Number(viewBox[1])).toBeCloseTo(layout.width * SVG_UNIT + 2 * margin, 1);
  });
});
