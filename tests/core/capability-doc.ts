/** Renders the capability table as the markdown rows docs/capabilities.md carries, so the two cannot drift apart. */
import { CAPABILITY_TABLE, type ModelCapabilityRow } from '../../src/core/capabilities.ts';

function level(row: ModelCapabilityRow): string {
  if ('fixed' in row.level) return `always ${row.level.fixed}`;
  const { level0Through, level1Through } = row.level;
  return level1Through ? `0 ≤${level0Through}; 1 ≤${level1Through}; else 2` : `0 ≤${level0Through}; else 1`;
}

function advanced(row: ModelCapabilityRow): string {
  const from = row.advancedFrom ? `≥${row.advancedFrom}` : 'always';
  return row.noCoreAdvancedTypesThrough ? `${from}; no dks/shortcut/macro ≤${row.noCoreAdvancedTypesThrough}` : from;
}

function rapidTab(row: ModelCapabilityRow): string {
  return typeof row.rapidTab === 'string' ? row.rapidTab : `>${row.rapidTab.offThrough}`;
}

export const CAPABILITY_DOC_HEADER = [
  '| Model | Feature level | Advanced keys | DKS slots | Rapid tab | N-key, sleep | Theme change | Switch-tab keys | Rapid use-complete | Outer frame | Ambient | Light max | Game config | Min travel (mm) |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];

export function capabilityDocRows(): string[] {
  return Object.entries(CAPABILITY_TABLE).map(([model, row]) =>
    [
      '',
      model,
      level(row),
      advanced(row),
      `4 ≤${row.dksFourSlotsThrough}; else 8`,
      rapidTab(row),
      `>${row.nKeySleepAfter}`,
      row.themeChangeRefused ? 'refused' : 'yes',
      row.switchKeySelectionOffThrough ? `off ≤${row.switchKeySelectionOffThrough}` : 'yes',
      row.rapidUseCompleteSkippedThrough ? `skipped ≤${row.rapidUseCompleteSkippedThrough}` : 'yes',
      row.outerFrame ? 'yes' : 'no',
      row.ambient ? 'yes' : 'no',
      String(row.lightMax),
      row.gameConfigSet ?? 'none',
      String(row.baseMinTravel),
      '',
    ]
      .join(' | ')
      .trim(),
  );
}
