/**
 * The lines of a backup diff grouped by the part of the keyboard they change, in a fixed order a person reads from
 * the keys outwards (key map, performance, colours, profiles, lighting, macros, …); areas the screen has no name for
 * join "Other settings" rather than disappear.
 */
import type { DiffLine } from '../../core/backup/format';

export const AREA_ORDER = [
  'keymap',
  'performance',
  'keyColours',
  'profile',
  'lighting',
  'macros',
  'advanced',
  'settings',
  'calibration',
  'objects',
] as const;

export type DiffArea = (typeof AREA_ORDER)[number];

export interface DiffGroup {
  area: DiffArea;
  lines: DiffLine[];
}

/** The family objects (src/core/backup/values.ts KNOWN_OBJECTS) by the part of the keyboard a person knows them as. */
const OBJECT_AREAS: Readonly<Record<string, DiffArea>> = {
  lighting: 'lighting',
  outerFrame: 'lighting',
  ambient: 'lighting',
  macros: 'macros',
  macro: 'macros',
  advanced: 'advanced',
  dks: 'advanced',
  shortcut: 'advanced',
  snaptap: 'advanced',
  hypertap: 'advanced',
  rapidComplete: 'advanced',
  settings: 'settings',
  options: 'settings',
  layoutOptions: 'settings',
  tickRate: 'settings',
  gamepad: 'settings',
  calibration: 'calibration',
};

const OBJECT_LABEL = /^backup\.object\.([A-Za-z]+)$/;

/**
 * An object's line names its object by label as the first argument of its own text, after the profile's number when
 * it is inside a profile (the diff's conventions, src/core/backup/diff.ts).
 */
function areaOf(line: DiffLine): DiffArea {
  if (line.area !== 'objects') {
    return (AREA_ORDER as readonly string[]).includes(line.area) ? (line.area as DiffArea) : 'objects';
  }
  const label = line.args[line.profile === undefined ? 0 : 1] ?? '';
  const name = OBJECT_LABEL.exec(label)?.[1];
  return (name && OBJECT_AREAS[name]) || 'objects';
}

export function groupDiff(lines: readonly DiffLine[]): DiffGroup[] {
  const byArea = new Map<DiffArea, DiffLine[]>();
  for (const line of lines) {
    const area = areaOf(line);
    const group = byArea.get(area);
    if (group) group.push(line);
    else byArea.set(area, [line]);
  }
  return AREA_ORDER.flatMap((area) => {
    const group = byArea.get(area);
    return group ? [{ area, lines: group }] : [];
  });
}
