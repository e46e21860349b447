/** The `showIf` expressions of VIA custom menus (src/core/show-if.ts). */
import { showIf } from '../../src/core/show-if';

const values = new Map([
  ['id_effect', 3],
  ['id_on', 0],
  ['id_level', 200],
]);

describe('showIf', () => {
  it('compares a value with a number', () => {
    expect(showIf('{id_effect} != 0', values)).toBe(true);
    expect(showIf('{id_effect} == 0', values)).toBe(false);
    expect(showIf('{id_effect} >= 3', values)).toBe(true);
    expect(showIf('{id_effect} > 3', values)).toBe(false);
    expect(showIf('{id_level} <= 0xC8', values)).toBe(true);
    expect(showIf('{id_level} < 200', values)).toBe(false);
  });

  it('combines with && and ||, ! and parentheses, && binding tighter', () => {
    expect(showIf('{id_effect} > 1 && {id_effect} != 19', values)).toBe(true);
    expect(showIf('{id_effect} > 1 && {id_on} == 1', values)).toBe(false);
    expect(showIf('{id_on} == 1 || {id_effect} == 3', values)).toBe(true);
    expect(showIf('{id_on} == 1 || {id_effect} == 3 && {id_level} == 0', values)).toBe(false);
    expect(showIf('({id_on} == 1 || {id_effect} == 3) && {id_level} == 200', values)).toBe(true);
    expect(showIf('!{id_on}', values)).toBe(true);
    expect(showIf('!({id_effect} == 3)', values)).toBe(false);
  });

  it('shows what it guards when the expression cannot be judged', () => {
    expect(showIf(undefined, values)).toBe(true);
    expect(showIf('', values)).toBe(true);
    expect(showIf('{id_missing} == 1', values)).toBe(true);
    expect(showIf('{id_effect} ==', values)).toBe(true);
    expect(showIf('{id_effect} = 1', values)).toBe(true);
    expect(showIf('({id_effect} == 1', values)).toBe(true);
    expect(showIf('{id_effect', values)).toBe(true);
  });
});
