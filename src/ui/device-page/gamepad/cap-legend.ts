/**
 * A gamepad button's name on a key cap: "Left stick right" does not fit a 1u cap on one line at a readable size, so
 * the name is broken into up to three lines (at spaces, or between characters for Chinese written without them) and
 * sized so the widest line fits the cap. The full name stays the key's accessible name and its tooltip.
 */

/** Line height, in font sizes. */
export const CAP_LINE_HEIGHT = 1.15;
/** Room left free inside the cap, in drawing units: across, and top plus bottom. */
const PAD_X = 10;
const PAD_Y = 8;
const MAX_LINES = 3;
/** A size (drawing units; a 1u cap is about 56 high) read easily on the cap: a name stays on fewer lines down to it. */
const READABLE = 10;

const WIDE = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** A generous width of a legend in font sizes (the drawing's semi-bold sans: Latin about 0.62 em, CJK 1 em). */
export function legendEm(text: string): number {
  let em = 0;
  for (const ch of text) em += WIDE.test(ch) ? 1.02 : 0.62;
  return em;
}

export interface CapLegend {
  lines: string[];
  fontSize: number;
  /** What joins the lines back into the name: a space between words, nothing between Chinese characters. */
  joiner: string;
}

/** Every way to cut `tokens` into `parts` runs, in order, longer first runs first (a name reads top-heavy). */
function* cuts<T>(tokens: readonly T[], parts: number): Generator<T[][]> {
  if (parts === 1) {
    yield [[...tokens]];
    return;
  }
  for (let end = tokens.length - parts + 1; end >= 1; end--)
    for (const rest of cuts(tokens.slice(end), parts - 1)) yield [tokens.slice(0, end), ...rest];
}

/**
 * The lines and font size (drawing units) that show `name` inside a cap of `cap.w` by `cap.h`: on the fewest lines
 * that still give a readable size, else as large as any cut gives.
 */
export function capLegend(name: string, cap: { w: number; h: number }): CapLegend {
  const text = name.trim();
  const words = text.split(/\s+/);
  const tokens = words.length > 1 ? words : [...text];
  const joiner = words.length > 1 ? ' ' : '';
  const base = Math.min(cap.h * 0.3, 16);
  const width = Math.max(1, cap.w - PAD_X);
  const height = Math.max(1, cap.h - PAD_Y);
  let best: CapLegend = { lines: [text], fontSize: 0, joiner };
  for (let parts = 1; parts <= Math.min(MAX_LINES, tokens.length); parts++) {
    for (const groups of cuts(tokens, parts)) {
      const lines = groups.map((g) => g.join(joiner));
      const widest = Math.max(...lines.map(legendEm), 0.1);
      const size = Math.min(base, width / widest, height / (parts * CAP_LINE_HEIGHT));
      if (size > best.fontSize + 0.01) best = { lines, fontSize: size, joiner };
    }
    if (best.fontSize >= READABLE) break;
  }
  return best;
}
