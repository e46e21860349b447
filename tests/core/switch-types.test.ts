import { describe, expect, it } from 'vitest';
import { SWITCH_TYPE_COUNT, SWITCH_TYPES, switchLabel } from '../../src/core/switch-types.ts';
import { OBJECTS } from '../../src/protocol/registry.ts';
import { SwitchSpecLayout } from '../../src/protocol/objects.ts';

describe('switch types', () => {
  it('lists 17 types in id order, each with its own name', () => {
    expect(SWITCH_TYPE_COUNT).toBe(17);
    expect(SWITCH_TYPES.map((t) => t.id)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    expect(new Set(SWITCH_TYPES.map(switchLabel)).size).toBe(17);
    expect(SWITCH_TYPES.slice(0, 5).map(switchLabel)).toEqual(['J1', 'J2', 'K1', 'H1', 'T1']);
    expect(switchLabel(SWITCH_TYPES[16]!)).toBe('T10');
  });

  it('sizes the device switch table: one limits record per type', () => {
    const anyDevice = {} as Parameters<typeof OBJECTS.switches.size>[0];
    expect(OBJECTS.switches.size(anyDevice)).toBe(SWITCH_TYPE_COUNT * SwitchSpecLayout.size);
  });
});
