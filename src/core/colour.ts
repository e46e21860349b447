/**
 * Colour maths shared by the service, the scene files and the colour dialogs: one red-green-blue value and its
 * '#rrggbb' text. Channels are bytes on the wire; a value computed on the way (a brightness scaled, a colour mixed)
 * may be fractional or overshoot, so a channel is rounded to the nearest byte and held to 0-255 before it is written
 * as two hex digits: '#fe.8…' or a seven-digit text never leaves here.
 */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Two lowercase hex digits of one channel, rounded half up and held to 0-255. */
export function channelHex(n: number): string {
  return Math.min(255, Math.max(0, Math.round(n)))
    .toString(16)
    .padStart(2, '0');
}

export function rgbToHex(c: Rgb): string {
  return `#${channelHex(c.r)}${channelHex(c.g)}${channelHex(c.b)}`;
}

/** Reads '#rrggbb' text already checked by a schema (six hex digits after the '#'). */
export function hexToRgb(text: string): Rgb {
  const n = Number.parseInt(text.slice(1), 16);
  return { r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff };
}
