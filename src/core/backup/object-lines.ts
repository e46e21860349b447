/**
 * Lines for the objects whose shape a diff knows, in the words their screens use: an advanced-key or macro list item
 * by the name the screens give it ("Macro M1", "Snap Tap S3": the badge letter and the item's id, as the keys bound to it show it), its keys and codes by
 * name, layers from 1 ("Layer 1"), values with their units; per-key lists (calibration, gamepad buttons) by key.
 * Objects it does not know are left to the generic path diff (diff-objects.ts). Loaded by the UI, so no zod here.
 */
import type { BackupNames } from './diff.ts';
import { deepEqual, joined, nested, NONE, OFF, ON } from './values.ts';

/** A line's id and arguments, before the profile is put in front. */
export interface LineBody {
  id: string;
  args: string[];
}

type Entry = Record<string, unknown>;
type Show = (entry: Entry, names: BackupNames) => string;

interface Field {
  key: string;
  /** Text id of its label. */
  label: string;
  show: Show;
}

interface ItemKind {
  /** Text id of the kind's name ("Macro"). */
  label: string;
  /** The card's badge letter. */
  badge: string;
  summary: Show;
  fields: readonly Field[];
}

/** How the entries of one list are read: which kind an entry is (undefined: an empty slot). */
interface ListSpec {
  kindOf(entry: unknown): ItemKind | undefined;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const text = (v: unknown): string => (typeof v === 'string' && v !== '' ? JSON.stringify(v) : NONE);
const mm = (v: unknown): string => (typeof v === 'number' ? nested('backup.unit.mm', v.toFixed(2)) : OFF);
const ms = (v: unknown): string => nested('backup.unit.ms', num(v));
const onOff = (v: unknown): string => (v ? ON : OFF);
const layer = (v: unknown): string => nested('backup.layer', num(v) + 1);
const codes = (list: unknown, names: BackupNames, joiner = ', '): string => {
  const named = (Array.isArray(list) ? list : []).filter((c) => num(c) !== 0).map((c) => names.code(num(c)));
  return named.length > 0 ? named.join(joiner) : NONE;
};

/** A numbered choice by its word (`${prefix}.${word}`), or the number when the list has no word for it. */
const choice = (words: readonly (string | undefined)[], v: unknown, prefix: string): string => {
  const word = words[num(v)];
  return word ? nested(`${prefix}.${word}`) : String(v);
};
/** Shortcut types by number (src/core/advanced-keys.ts SHORTCUT_TYPE). */
const SHORTCUT_TYPES = ['replace', 'action', 'lock', undefined, 'modTap', 'toggle'];
/** Snap-tap modes of our protocol (src/protocol/advanced-records.ts), in libhmk's null-bind words. */
const SNAPTAP_MODES = ['last', 'primary', 'neutral'];

const field = (key: string, label: string, show: (v: unknown, names: BackupNames) => string): Field => ({
  key,
  label,
  show: (entry, names) => show(entry[key], names),
});
const keyField = (key: string, label: string): Field => field(key, label, (v, names) => names.key(num(v)));
const codeField = (key: string, label: string): Field => field(key, label, (v, names) => names.code(num(v)));

// Our own keyboards: a list per kind, the record at its id; `used` 0 is an empty slot.

const DKS: ItemKind = {
  label: 'backup.kind.dks',
  badge: 'D',
  summary: (e, names) => codes(rowsCodes(e), names),
  fields: [
    field('name', 'backup.field.name', text),
    { key: 'rows', label: 'backup.field.keys', show: (e, names) => codes(rowsCodes(e), names) },
    field('topLevel', 'backup.field.topLevel', (v) => mm(num(v) / 100)),
    field('bottomLevel', 'backup.field.bottomLevel', (v) => mm(num(v) / 100)),
    field('tickType', 'backup.field.tickType', (v) => String(num(v))),
    field('tickMin', 'backup.field.tickMin', ms),
    field('tickMax', 'backup.field.tickMax', ms),
  ],
};
function rowsCodes(e: Entry): number[] {
  return (Array.isArray(e.rows) ? (e.rows as Entry[]) : []).map((r) => num(r.code));
}

const SHORTCUT: ItemKind = {
  label: 'backup.kind.shortcut',
  badge: 'A',
  summary: (e, names) => codes(shortcutKeys(e), names, ' + '),
  fields: [
    field('name', 'backup.field.name', text),
    field('scType', 'backup.field.scType', (v) => choice(SHORTCUT_TYPES, v, 'backup.scType')),
    { key: 'keys', label: 'backup.field.keys', show: (e, names) => codes(shortcutKeys(e), names, ' + ') },
    field('holdTime', 'backup.field.holdTime', ms),
  ],
};
function shortcutKeys(e: Entry): number[] {
  const keys = Array.isArray(e.keys) ? (e.keys as number[]) : [];
  return typeof e.keyCount === 'number' ? keys.slice(0, e.keyCount) : keys;
}

// `count` says how many of the record's fixed event slots hold steps; a list without it is all steps.
const steps = (e: Entry) =>
  nested('backup.steps', typeof e.count === 'number' ? e.count : Array.isArray(e.events) ? e.events.length : 0);
const MACRO: ItemKind = {
  label: 'backup.kind.macro',
  badge: 'M',
  summary: (e) => (typeof e.name === 'string' && e.name ? joined(', ', [text(e.name), steps(e)]) : steps(e)),
  fields: [
    field('name', 'backup.field.name', text),
    { key: 'events', label: 'backup.field.steps', show: steps },
    field('repeat', 'backup.field.repeat', (v) => String(num(v))),
    field('delayType', 'backup.field.delayType', (v) => String(num(v))),
    field('delayMin', 'backup.field.delayMin', ms),
    field('delayMax', 'backup.field.delayMax', ms),
    field('triggerType', 'backup.field.triggerType', (v) => String(num(v))),
    field('triggerDelay', 'backup.field.triggerDelay', ms),
  ],
};

const SNAPTAP: ItemKind = {
  label: 'backup.kind.snaptap',
  badge: 'S',
  summary: (e, names) => nested('backup.twoKeys', names.key(num(e.keyA)), names.key(num(e.keyB))),
  fields: [
    keyField('keyA', 'backup.field.firstKey'),
    keyField('keyB', 'backup.field.secondKey'),
    field('mode', 'backup.field.behaviour', (v) => choice(SNAPTAP_MODES, v, 'backup.nullBind')),
  ],
};

const hypertapSecond = (e: Entry, names: BackupNames) =>
  e.secondKind === 1 ? names.code(num(e.second)) : names.key(num(e.second));
const HYPERTAP: ItemKind = {
  label: 'backup.kind.hypertap',
  badge: 'T',
  summary: (e, names) => nested('backup.twoKeys', names.key(num(e.keyA)), hypertapSecond(e, names)),
  fields: [
    keyField('keyA', 'backup.field.firstKey'),
    { key: 'second', label: 'backup.field.secondKey', show: hypertapSecond },
  ],
};

const used = (kind: ItemKind): ListSpec => ({
  kindOf: (entry) => (entry && typeof entry === 'object' && num((entry as Entry).used) !== 0 ? kind : undefined),
});

// libhmk: one list of advanced-key slots, each of its kind; 'none' is an empty slot.

const at = (e: Entry, names: BackupNames) => nested('backup.layerKey', num(e.layer) + 1, names.key(num(e.keyId)));
const placeFields: Field[] = [field('layer', 'backup.field.layer', layer), keyField('keyId', 'backup.field.key')];

const LIBHMK_KINDS: Readonly<Record<string, ItemKind>> = {
  nullBind: {
    label: 'backup.kind.snaptap',
    badge: 'S',
    summary: (e, names) =>
      nested(
        'backup.nullBind',
        names.key(num(e.keyId)),
        names.key(num(e.secondaryKeyId)),
        nested(`backup.nullBind.${String(e.behaviour)}`),
      ),
    fields: [
      keyField('keyId', 'backup.field.firstKey'),
      keyField('secondaryKeyId', 'backup.field.secondKey'),
      field('behaviour', 'backup.field.behaviour', (v) => nested(`backup.nullBind.${String(v)}`)),
      field('bottomOutMm', 'backup.field.bottomOut', mm),
      field('layer', 'backup.field.layer', layer),
    ],
  },
  dks: {
    label: 'backup.kind.dks',
    badge: 'D',
    summary: (e, names) => nested('backup.onKey', at(e, names), codes(e.codes, names)),
    fields: [
      ...placeFields,
      field('codes', 'backup.field.keys', (v, names) => codes(v, names)),
      field('actions', 'backup.field.actions', () => nested('backup.changed')),
      field('bottomOutMm', 'backup.field.bottomOut', mm),
    ],
  },
  tapHold: {
    label: 'backup.kind.tapHold',
    badge: 'A',
    summary: (e, names) =>
      nested(
        'backup.tapHold',
        at(e, names),
        names.code(num(e.tapCode)),
        names.code(num(e.holdCode)),
        ms(e.tappingTermMs),
      ),
    fields: [
      ...placeFields,
      codeField('tapCode', 'backup.field.tapCode'),
      codeField('holdCode', 'backup.field.holdCode'),
      field('tappingTermMs', 'backup.field.tappingTerm', ms),
      field('holdOnOtherKeyPress', 'backup.field.holdOnOther', onOff),
    ],
  },
  toggle: {
    label: 'backup.kind.toggle',
    badge: 'A',
    summary: (e, names) => nested('backup.onKey', at(e, names), names.code(num(e.code))),
    fields: [
      ...placeFields,
      codeField('code', 'backup.field.code'),
      field('tappingTermMs', 'backup.field.tappingTerm', ms),
    ],
  },
};

// VIA: macros by number, each a list of steps.

function macroText(e: unknown, names: BackupNames): string {
  const step = (a: Entry): string => {
    switch (a.kind) {
      case 'text':
        return JSON.stringify(a.text);
      case 'delay':
        return ms(a.ms);
      case 'down':
        return `+${names.code(num(a.code))}`;
      case 'up':
        return `-${names.code(num(a.code))}`;
      default:
        return names.code(num(a.code));
    }
  };
  const list = Array.isArray(e) ? (e as Entry[]) : [];
  return list.length > 0 ? joined(' ', list.map(step)) : NONE;
}
const VIA_MACRO: ItemKind = { label: 'backup.kind.macro', badge: 'M', summary: macroText, fields: [] };

const LISTS: Readonly<Record<string, ListSpec>> = {
  dks: used(DKS),
  shortcut: used(SHORTCUT),
  macro: used(MACRO),
  snaptap: used(SNAPTAP),
  hypertap: used(HYPERTAP),
  advanced: {
    kindOf: (entry) => LIBHMK_KINDS[String((entry as Entry | undefined)?.kind)],
  },
  macros: { kindOf: (entry) => (Array.isArray(entry) && entry.length > 0 ? VIA_MACRO : undefined) },
};

function listLines(spec: ListSpec, from: unknown, to: unknown, names: BackupNames): LineBody[] {
  const before = Array.isArray(from) ? from : [];
  if (!Array.isArray(to)) return [];
  const lines: LineBody[] = [];
  to.forEach((now: unknown, id) => {
    const old: unknown = before[id];
    if (deepEqual(old, now)) return;
    const a = spec.kindOf(old);
    const b = spec.kindOf(now);
    const shown = b ?? a;
    if (!shown) return;
    const item = nested('backup.item', nested(shown.label), `${shown.badge}${id}`);
    const oldEntry = (old ?? {}) as Entry;
    const newEntry = (now ?? {}) as Entry;
    if (!a) lines.push({ id: 'backup.item.added', args: [item, shown.summary(newEntry, names)] });
    else if (!b) lines.push({ id: 'backup.item.removed', args: [item, a.summary(oldEntry, names)] });
    else if (a !== b || b.fields.length === 0)
      lines.push({ id: 'backup.item.replaced', args: [item, a.summary(oldEntry, names), b.summary(newEntry, names)] });
    else {
      const changed = b.fields.filter((f) => !deepEqual(oldEntry[f.key], newEntry[f.key]));
      for (const f of changed) {
        const pair = [f.show(oldEntry, names), f.show(newEntry, names)];
        lines.push(
          pair[0] === pair[1]
            ? { id: 'backup.item.fieldChanged', args: [item, nested(f.label)] }
            : { id: 'backup.item.field', args: [item, nested(f.label), ...pair] },
        );
      }
      if (changed.length === 0) lines.push({ id: 'backup.item.changed', args: [item] });
    }
  });
  return lines;
}

/** Per key id, one value each: keys that go from one value to the same other value are told together. */
function perKeyLines(
  from: readonly unknown[],
  to: readonly unknown[],
  label: string,
  show: (v: unknown) => string,
  names: BackupNames,
): LineBody[] {
  const groups = new Map<string, { pair: [string, string]; keys: number[] }>();
  to.forEach((now, key) => {
    if (deepEqual(from[key], now)) return;
    const pair: [string, string] = [show(from[key]), show(now)];
    const id = JSON.stringify(pair);
    const group = groups.get(id) ?? { pair, keys: [] };
    group.keys.push(key);
    groups.set(id, group);
  });
  return [...groups.values()].map(({ pair, keys }) => {
    const who = keys.length === 1 ? names.key(keys[0]!) : String(keys.length);
    const id = keys.length === 1 ? 'backup.perKey.key' : 'backup.perKey.keys';
    return pair[0] === pair[1]
      ? { id: `${id}Changed`, args: [nested(label), who] }
      : { id, args: [nested(label), who, ...pair] };
  });
}

const leaf = (label: string, from: unknown, to: unknown, show: (v: unknown) => string): LineBody[] =>
  deepEqual(from, to) || to === undefined
    ? []
    : [{ id: 'backup.obj.value', args: [nested(label), show(from), show(to)] }];

const plain = (v: unknown): string => (v === undefined || v === null ? NONE : String(v));
const record = (v: unknown): Entry => (v && typeof v === 'object' ? (v as Entry) : {});
const array = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Named leaves of a settings-like object, each with its label and how its value reads. */
function fieldsLines(
  from: unknown,
  to: unknown,
  fields: Readonly<Record<string, readonly [string, (v: unknown) => string]>>,
) {
  const a = record(from);
  const b = record(to);
  return Object.entries(fields).flatMap(([key, [label, show]]) => leaf(label, a[key], b[key], show));
}

/** Report rate index of our protocol (src/protocol/objects.ts): 0 125 Hz, 1 250 Hz, 2 1000 Hz. */
const REPORT_RATES_HZ = [125, 250, 1000];
const reportRate = (v: unknown): string => {
  const hz = REPORT_RATES_HZ[num(v)];
  return hz === undefined ? plain(v) : nested('backup.unit.hz', hz);
};

/** A key's calibrated raw range, as the calibration screen reads it. */
const range = (v: unknown): string => {
  const r = record(v);
  return r.min === undefined ? NONE : `${plain(r.min)}–${plain(r.max)}`;
};

const SETTINGS = {
  useNKey: ['backup.setting.nkro', onOff],
  useSleep: ['backup.setting.sleep', onOff],
  sleepTime: ['backup.setting.sleepTime', (v: unknown) => nested('backup.unit.min', plain(v))],
  autoCalibration: ['backup.setting.autoCalibration', onOff],
  reportRate: ['backup.setting.reportRate', reportRate],
} as const;

const GAMEPAD_FLAGS = {
  keyboardEnabled: ['backup.gamepad.keyboardEnabled', onOff],
  gamepadOverride: ['backup.gamepad.gamepadOverride', onOff],
  squareJoystick: ['backup.gamepad.squareJoystick', onOff],
  snappyJoystick: ['backup.gamepad.snappyJoystick', onOff],
} as const;

const button = (v: unknown): string => (num(v) === 0 ? NONE : nested('backup.gamepad.buttonN', num(v)));
const point = (v: unknown): string => {
  const p = record(v);
  return nested('backup.gamepad.point', num(p.mm).toFixed(2), num(p.out));
};

/** Objects told by what they are; their keys must all be known here, or the generic diff tells the rest. */
const OBJECTS: Readonly<Record<string, (from: unknown, to: unknown, names: BackupNames) => LineBody[]>> = {
  settings: (from, to) => fieldsLines(from, to, SETTINGS),
  options: (from, to) => fieldsLines(from, to, { xinput: ['backup.option.xinput', onOff] }),
  tickRate: (from, to) => leaf('backup.object.tickRate', from, to, plain),
  layoutOptions: (from, to) => leaf('backup.object.layoutOptions', from, to, plain),
  rapidComplete: (from, to) => leaf('backup.object.rapidComplete', from, to, onOff),
  calibration(from, to, names) {
    const a = record(from);
    const b = record(to);
    if (Array.isArray(b.keys)) {
      const keys = perKeyLines(array(a.keys), b.keys, 'backup.calibration.key', range, names);
      return [...leaf('backup.calibration.state', a.state, b.state, plain), ...keys];
    }
    return fieldsLines(a, b, {
      rest: ['backup.calibration.rest', plain],
      bottomOut: ['backup.calibration.bottomOut', plain],
    });
  },
  gamepad(from, to, names) {
    const a = record(from);
    const b = record(to);
    const buttons = perKeyLines(array(a.buttons), array(b.buttons), 'backup.gamepad.button', button, names);
    const curve = array(b.curve).flatMap((p, i) =>
      deepEqual(array(a.curve)[i], p)
        ? []
        : [{ id: 'backup.gamepad.curve', args: [String(i + 1), point(array(a.curve)[i]), point(p)] }],
    );
    return [...buttons, ...curve, ...fieldsLines(a.flags, b.flags, GAMEPAD_FLAGS)];
  },
};

/** Keys of an object each describer tells; anything else in the object goes to the generic diff. */
const KNOWN_KEYS: Readonly<Record<string, readonly string[]>> = {
  settings: Object.keys(SETTINGS),
  options: ['xinput'],
  calibration: ['state', 'keys', 'rest', 'bottomOut'],
  gamepad: ['buttons', 'curve', 'flags'],
};

/**
 * The lines of a known object, and what of it is left for the generic diff (undefined: nothing), or undefined when
 * the object is not known here.
 */
export function knownObjectLines(
  name: string,
  from: unknown,
  to: unknown,
  names: BackupNames,
): { lines: LineBody[]; rest?: { from: unknown; to: unknown } } | undefined {
  const list = LISTS[name];
  if (list) return { lines: listLines(list, from, to, names) };
  const describe = OBJECTS[name];
  if (!describe) return undefined;
  const lines = describe(from, to, names);
  const known = KNOWN_KEYS[name];
  if (!known || !to || typeof to !== 'object' || Array.isArray(to)) return { lines };
  const left = (v: unknown) =>
    Object.fromEntries(Object.entries(record(v)).filter(([key]) => !known.includes(key))) as Entry;
  const rest = { from: from === undefined ? undefined : left(from), to: left(to) };
  return Object.keys(rest.to).length > 0 ? { lines, rest } : { lines };
}
