/**
 * Whether what a keyboard holds is what was written: a deep comparison in which a distance in mm (a field whose name
 * ends in "mm" or "Mm") may differ by half the device's step, since the device keeps distances in its own units.
 */
const isMm = (key: string): boolean => /mm$/i.test(key);

export function sameValue(a: unknown, b: unknown, mmTolerance = 0, key = ''): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return a === b || (isMm(key) && Math.abs(a - b) <= mmTolerance + 1e-9);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameValue(v, b[i], mmTolerance, key));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ak = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const bk = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    if (ak.length !== bk.length) return false;
    return ak.every((k) =>
      sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], mmTolerance, k),
    );
  }
  return a === b;
}
