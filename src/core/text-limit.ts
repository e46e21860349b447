/**
 * Text input limits (spec-1 §5, spec-2 §2.4). Style 1 strips markup tags; style 2 (rename dialogs, theme names) also
 * drops characters from the end, one at a time, while the UTF-8 form is over the 16 bytes a device stores for a name.
 * Nothing else is trimmed: spaces are characters like any other ("Game " stays "Game ").
 */

export const TEXT_BYTE_LIMIT = 16;

export type LimitStyle = 1 | 2;

// A tag starts with a letter, "/" or "!" right after "<", so "1 < 2 > 0" is left alone.
const TAG = /<[/!]?[A-Za-z][^<>]*>|<!--[\s\S]*?-->/g;

/** Removes markup tags, repeating until none is left so "<<b>script>" cannot reassemble into a tag. */
export function stripTags(text: string): string {
  let current = text;
  for (;;) {
    const next = current.replace(TAG, '');
    if (next === current) return next;
    current = next;
  }
}

/** Bytes of the UTF-8 encoding. A lone surrogate counts 3 bytes, as the encoder writes U+FFFD for it. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Drops whole code points from the end until the UTF-8 length is within `limit`; never splits a surrogate pair. */
export function truncateUtf8(text: string, limit = TEXT_BYTE_LIMIT): string {
  const chars = Array.from(text);
  let bytes = utf8ByteLength(text);
  while (bytes > limit && chars.length > 0) {
    bytes -= utf8ByteLength(chars.pop() ?? '');
  }
  return chars.join('');
}

/** Applies limit style 1 or 2 to what the user typed. */
export function limitText(text: string, style: LimitStyle): string {
  const stripped = stripTags(text);
  if (style === 1) return stripped;
  return truncateUtf8(stripped);
}
