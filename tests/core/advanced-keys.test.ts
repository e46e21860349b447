import {
  ADVANCED_TYPE,
  ADVANCED_TYPE_NAMES,
  advancedTypeName,
  BADGE_LETTERS,
  ELLIPSIS,
  MACRO_LIMITS,
  addDksRow,
  appendRecordedEvent,
  applyUniformDelay,
  canAddDksRow,
  canRename,
  dragDksStage,
  emptyDksRow,
  itemSummary,
  needsKeyBinding,
  newDksItem,
  removeMacroKey,
  saveChangeType,
  setDksStageVisible,
  setMacroEventDelay,
  summarizeEntries,
  type DksRow,
  type MacroEvent,
  type MacroItem,
  type RecordedKeyEvent,
} from '../../src/core/advanced-keys.ts';

/** A row whose stages are marked as given ('x' marked, '.' not) with the given spans. */
function row(marks: string, spans: number[] = [0, 0, 0, 0]): DksRow {
  const r = emptyDksRow();
  return {
    ...r,
    code: 4,
    name: 'A',
    data: r.data.map((_, i) => ({ vis: marks[i] === 'x', useID: spans[i] ?? 0 })) as DksRow['data'],
  };
}
const spans = (r: DksRow): number[] => r.data.map((s) => s.useID);

describe('item basics', () => {
  it('saves a new item as an add and a stored one as an edit', () => {
    expect(saveChangeType(-1)).toBe(1);
    expect(saveChangeType(0)).toBe(2);
    expect(saveChangeType(7)).toBe(2);
  });

  it('badges D A M S T and binds only dks, shortcut and macro to keys', () => {
    expect(Object.values(BADGE_LETTERS).join('')).toBe('DAMST');
    expect([0, 1, 2, 3, 4].map((t) => needsKeyBinding(t as 0))).toEqual([true, true, true, false, false]);
    expect(canRename(ADVANCED_TYPE.snaptap)).toBe(false);
    expect(canRename(ADVANCED_TYPE.hypertap)).toBe(false);
    expect(canRename(ADVANCED_TYPE.macro)).toBe(true);
  });
});

describe('new DKS item', () => {
  it.each([
    [3.6, 3.2],
    [4, 3.6],
  ])('with max travel %s starts top 0.5, bottom %s, ticks 3-5 and 4 empty rows', (max, bottom) => {
    const item = newDksItem(max);
    expect(item.top_level).toBe(0.5);
    expect(item.bottom_level).toBe(bottom);
    expect([item.tick_type, item.tick_min, item.tick_max]).toEqual([0, 3, 5]);
    expect(item.display).toHaveLength(4);
    expect(item.id_num).toBe(-1);
  });

  it.each([
    [4, 4, false],
    [8, 4, true],
    [8, 7, true],
    [8, 8, false],
  ])('slot count %i with %i rows: add button %s', (slots, rows, canAdd) => {
    let item = newDksItem();
    item = { ...item, display: Array.from({ length: rows }, emptyDksRow) };
    expect(canAddDksRow(item, slots)).toBe(canAdd);
    expect(addDksRow(item, slots).display).toHaveLength(canAdd ? rows + 1 : rows);
  });
});

describe('DKS stage editing', () => {
  it('unmarking a stage resets its span to 0', () => {
    const r = setDksStageVisible(row('xx..', [1, 2, 0, 0]), 1, false);
    expect(r.data[1]).toEqual({ vis: false, useID: 0 });
    expect(r.data[0]).toEqual({ vis: true, useID: 1 });
  });

  it('marking a stage keeps its span', () => {
    expect(setDksStageVisible(row('....'), 2, true).data[2]).toEqual({ vis: true, useID: 0 });
  });

  it.each([
    ['x...', 0, 3, [3, 0, 0, 0]],
    ['x...', 0, 2, [2, 0, 0, 0]],
    ['x.x.', 0, 3, [1, 0, 0, 0]],
    ['xx..', 0, 3, [0, 0, 0, 0]],
    ['x..x', 0, 3, [2, 0, 0, 0]],
    ['..x.', 2, 3, [0, 0, 1, 0]],
    ['...x', 3, 2, [0, 0, 0, 0]],
    ['x...', 0, -2, [0, 0, 0, 0]],
    ['.x..', 0, 3, [0, 0, 0, 0]],
  ])('row %s: dragging stage %i to span %i gives spans %j', (marks, stage, span, expected) => {
    expect(spans(dragDksStage(row(marks), stage, span))).toEqual(expected);
  });

  it('shrinks a span when dragged back', () => {
    expect(spans(dragDksStage(row('x...', [3, 0, 0, 0]), 0, 1))).toEqual([1, 0, 0, 0]);
  });
});

const key = (name: string, code: number): Omit<RecordedKeyEvent, 'is_down'> => ({
  keywords: `KC_${name}`,
  name,
  alias: name,
  image: '',
  code,
  type: 0,
  stype: 0,
  sys_code: 0,
});
const down = (name: string, code: number, delay?: number): RecordedKeyEvent => ({
  ...key(name, code),
  is_down: true,
  delay,
});
const up = (name: string, code: number, delay?: number): RecordedKeyEvent => ({
  ...key(name, code),
  is_down: false,
  delay,
});

function record(events: RecordedKeyEvent[], start: MacroEvent[] = []): MacroEvent[] {
  return events.reduce((list, ev) => appendRecordedEvent(list, ev).events, start);
}
const shape = (evs: MacroEvent[]): string[] => evs.map((e) => `${e.name}${e.is_down ? 'v' : '^'}${e.delay}`);

describe('macro recording', () => {
  it('moves each event delay onto the previous event and ends with 0', () => {
    const evs = record([down('A', 4), up('A', 4, 55), down('B', 5, 120), up('B', 5, 40)]);
    expect(shape(evs)).toEqual(['Av55', 'A^120', 'Bv40', 'B^0']);
  });

  it('turns a zero or missing delay into 30 ms', () => {
    const evs = record([down('A', 4), up('A', 4, 0), down('B', 5), up('B', 5, 10)]);
    expect(shape(evs)).toEqual(['Av30', 'A^30', 'Bv10', 'B^0']);
  });

  it('drops auto-repeated presses of a held key and releases of keys never pressed', () => {
    const evs = record([up('X', 27, 10), down('A', 4), down('A', 4, 30), down('A', 4, 30), up('A', 4, 90)]);
    expect(shape(evs)).toEqual(['Av90', 'A^0']);
  });

  it('never goes past 80 events and never leaves a key pressed at the limit', () => {
    const many: RecordedKeyEvent[] = [];
    for (let i = 0; i < 60; i++) many.push(down('A', 4, 10), up('A', 4, 10));
    const evs = record(many);
    expect(evs).toHaveLength(MACRO_LIMITS.maxEvents);
    expect(evs.at(-1)?.is_down).toBe(false);
  });

  it('keeps room for the releases of every held key', () => {
    const start = record(Array.from({ length: 38 }, () => [down('A', 4, 10), up('A', 4, 10)]).flat());
    expect(start).toHaveLength(76);
    const held = record([down('B', 5, 10), down('C', 6, 10)], start);
    expect(held).toHaveLength(78);
    const { accepted } = appendRecordedEvent(held, down('D', 7, 10));
    expect(accepted).toBe(false);
    const done = record([up('C', 6, 10), up('B', 5, 10)], held);
    expect(done).toHaveLength(80);
  });

  it('keeps stream-only fields out of stored events', () => {
    const ev = { ...down('A', 4), ev_type: 'keydown' } as RecordedKeyEvent;
    const [stored] = appendRecordedEvent([], ev).events;
    expect(stored).not.toHaveProperty('ev_type');
    expect(stored?.key_id).toBe(-1);
  });
});

describe('macro editing', () => {
  const base = record([
    down('A', 4),
    down('B', 5, 20),
    up('A', 4, 30),
    up('B', 5, 40),
    down('C', 6, 50),
    up('C', 6, 60),
  ]);

  it.each([
    [0, ['Bv30', 'B^50', 'Cv60', 'C^0']],
    [2, ['Bv30', 'B^50', 'Cv60', 'C^0']],
    [4, ['Av20', 'Bv30', 'A^40', 'B^0']],
    [5, ['Av20', 'Bv30', 'A^40', 'B^0']],
  ])('removing event %i removes its key press and release', (index, expected) => {
    expect(shape(removeMacroKey(base, index))).toEqual(expected);
  });

  it.each([
    ['', 'Av20'],
    ['0', 'Av20'],
    [0, 'Av20'],
    ['abc', 'Av20'],
    ['-5', 'Av20'],
    ['250', 'Av250'],
    [75, 'Av75'],
  ])('a manual delay of %j leaves the first event as %s', (input, expected) => {
    expect(shape(setMacroEventDelay(base, 0, input))[0]).toBe(expected);
  });

  it('keeps the last event at 0 ms whatever is typed', () => {
    expect(setMacroEventDelay(base, 5, '300').at(-1)?.delay).toBe(0);
  });

  it('applies a uniform delay to every event but the last; empty input changes nothing', () => {
    expect(shape(applyUniformDelay(base, '15'))).toEqual(['Av15', 'Bv15', 'A^15', 'B^15', 'Cv15', 'C^0']);
    expect(applyUniformDelay(base, ' ')).toEqual(base);
  });
});

describe('summaries', () => {
  it.each([
    [[], []],
    [['A'], ['A']],
    [
      ['A', 'B', 'C'],
      ['A', 'B', 'C'],
    ],
    [
      ['A', 'B', 'C', 'D'],
      ['A', 'B', 'C', ELLIPSIS],
    ],
  ])('%j summarises as %j', (names, expected) => {
    expect(summarizeEntries(names)).toEqual(expected);
  });

  it('summarises a macro by its pressed keys', () => {
    const events = record([down('A', 4), up('A', 4), down('B', 5), up('B', 5), down('C', 6), up('C', 6), down('D', 7)]);
    const item: MacroItem = {
      id_num: 1,
      name: 'm',
      context: '',
      type: 2,
      vis: true,
      display: events,
      family_max_id: 0,
      delay_type: 0,
      delay_min: 30,
      delay_max: 35,
      repeat_count: 1,
      count: events.length,
      trigger_action_type: 0,
      trigger_delay: 0,
    };
    expect(itemSummary(item)).toEqual(['A', 'B', 'C', ELLIPSIS]);
  });
});

describe('the advanced-key kinds', () => {
  it('names each type number once, in number order', () => {
    expect(ADVANCED_TYPE_NAMES).toEqual(['dks', 'shortcut', 'macro', 'snaptap', 'hypertap']);
    for (const name of ADVANCED_TYPE_NAMES) expect(advancedTypeName(ADVANCED_TYPE[name])).toBe(name);
    expect(advancedTypeName(5)).toBeUndefined();
  });
});
