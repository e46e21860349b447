/**
 * The switch types a key can be set to (spec-2 §3): id 1-17 on the wire, named by a group letter and a number within
 * the group. The device keeps one limits record per type, so the count is also the length of its switch table.
 */
export interface SwitchType {
  id: number;
  group: 'H' | 'J' | 'K' | 'T';
  number: number;
}

const type = (id: number, group: SwitchType['group'], number: number): SwitchType => ({ id, group, number });

/** In id order: SWITCH_TYPES[id - 1] is type `id`. */
export const SWITCH_TYPES: readonly SwitchType[] = [
  type(1, 'J', 1),
  type(2, 'J', 2),
  type(3, 'K', 1),
  type(4, 'H', 1),
  type(5, 'T', 1),
  type(6, 'J', 3),
  type(7, 'J', 4),
  type(8, 'J', 5),
  type(9, 'T', 2),
  type(10, 'T', 3),
  type(11, 'T', 4),
  type(12, 'T', 5),
  type(13, 'T', 6),
  type(14, 'T', 7),
  type(15, 'T', 8),
  type(16, 'T', 9),
  type(17, 'T', 10),
];

export const SWITCH_TYPE_COUNT = SWITCH_TYPES.length;

/** The name a person reads: group letter and number, 'J1'. */
export function switchLabel(switchType: SwitchType): string {
  return `${switchType.group}${switchType.number}`;
}
