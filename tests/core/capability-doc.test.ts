import { readFileSync } from 'node:fs';
import { CAPABILITY_DOC_HEADER, capabilityDocRows } from './capability-doc.ts';

/** Cells of every table line, trimmed, so column padding added by a formatter does not matter. */
const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
const isSeparator = (row: string[]): boolean => row.every((c) => /^:?-+:?$/.test(c));

describe('docs/capabilities.md', () => {
  const doc = readFileSync(new URL('../../docs/capabilities.md', import.meta.url), 'utf8');
  const tableLines = doc.split('\n').filter((l) => l.trim().startsWith('|'));

  it('carries the capability table exactly as the code has it', () => {
    const header = cells(CAPABILITY_DOC_HEADER[0] ?? '');
    const start = tableLines.findIndex((l) => cells(l).join('|') === header.join('|'));
    expect(start).toBeGreaterThanOrEqual(0);
    const rows = tableLines
      .slice(start + 1)
      .map(cells)
      .filter((r) => !isSeparator(r));
    const expected = capabilityDocRows().map(cells);
    expect(rows.slice(0, expected.length)).toEqual(expected);
  });
});
