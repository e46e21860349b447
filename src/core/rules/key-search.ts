/**
 * Key-code picker search (spec-1 §5): case-insensitive on name or alias, and only entries whose name and alias are
 * both text take part, so placeholder entries without an alias never show up in results.
 */

export interface SearchableKey {
  name?: unknown;
  alias?: unknown;
}

function matchesKeySearch(entry: SearchableKey, query: string): boolean {
  if (typeof entry.name !== 'string' || typeof entry.alias !== 'string') return false;
  const q = query.trim().toLowerCase();
  return entry.name.toLowerCase().includes(q) || entry.alias.toLowerCase().includes(q);
}

export function searchKeys<T extends SearchableKey>(entries: readonly T[], query: string): T[] {
  return entries.filter((e) => matchesKeySearch(e, query));
}
