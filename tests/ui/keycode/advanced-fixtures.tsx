/**
 * Shared set-up of the advanced-key tests: items built from the core shapes, a get_key_func_info payload, and the
 * area rendered over a fake bridge whose set_func_info behaves like the service (adds into a free slot, edits,
 * deletes, then emits get_key_func_info).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADVANCED_TYPE,
  emptyDksRow,
  newDksItem,
  type AdvancedItem,
  type DksItem,
  type HypertapItem,
  type KeyDescriptor,
  type MacroEvent,
  type MacroItem,
  type ShortcutItem,
  type ShortcutTypeId,
  type SnaptapItem,
} from '../../../src/core/advanced-keys';
import { keycodeByName, keycodeEntry, keycodeLabel } from '../../../src/core/keycodes';
import { keycodeKind, keycodeValue } from '../../../src/core/keycode-space';
import { layoutFor } from '../../../src/core/layouts';
import type { DeviceRecord } from '../../../src/service/bridge';
import AdvancedArea from '../../../src/ui/device-page/key-code/advanced/AdvancedArea';
import { printedLegends } from '../../../src/ui/keyboard/assignment';
import { useToastStore } from '../../../src/ui/toasts/store';
import { fakeDevice, type RecordedCall } from '../fake-bridge';
import { fakeHost } from '../fake-host';
import { renderWithServices } from '../render';
import '../dom-stubs';

export const code = (name: string): number => keycodeByName(name)!.code;

export function key(name: string): KeyDescriptor {
  const c = code(name);
  return {
    keywords: '',
    name: keycodeLabel(c),
    alias: keycodeEntry(c)?.alias ?? name,
    image: '',
    code: c,
    type: keycodeKind(c),
    stype: 0,
    sys_code: keycodeValue(c),
  };
}

/** Key id of the key printed `legend` on a made68pro. */
export function keyId(legend: string): number {
  const k = layoutFor('made68pro')!.keys.find((x) => keycodeLabel(x.code) === legend);
  if (!k) throw new Error(`no key ${legend}`);
  return k.id;
}

export function dks(id: number, rows: [string, number[]][] = [['A', [0]]]): DksItem {
  const item = newDksItem();
  const display = item.display.map((row, i) => {
    const spec = rows[i];
    if (!spec) return row;
    const [name, marks] = spec;
    return {
      ...emptyDksRow(),
      ...key(name),
      data: row.data.map((s, j) => ({ ...s, vis: marks.includes(j) })) as DksItem['display'][number]['data'],
    };
  });
  return { ...item, id_num: id, display };
}

export function shortcut(id: number, scType: ShortcutTypeId, names: string[]): ShortcutItem {
  return {
    id_num: id,
    name: '',
    context: '',
    type: ADVANCED_TYPE.shortcut,
    vis: true,
    sc_type: scType,
    display: names.map(key),
    hold_time: 200,
  };
}

export function macro(id: number, names: string[], name = ''): MacroItem {
  const display: MacroEvent[] = names.flatMap((n) => [
    { ...key(n), key_id: -1, is_down: true, delay: 30 },
    { ...key(n), key_id: -1, is_down: false, delay: 30 },
  ]);
  if (display.length > 0) display[display.length - 1]!.delay = 0;
  return {
    id_num: id,
    name,
    context: '',
    type: ADVANCED_TYPE.macro,
    vis: true,
    display,
    family_max_id: id,
    delay_type: 0,
    delay_min: 30,
    delay_max: 35,
    repeat_count: 1,
    count: display.length,
    trigger_action_type: 0,
    trigger_delay: 0,
  };
}

const entry = (legend: string) => ({ name: legend, alias: legend, key_id: keyId(legend) });

export function snaptap(id: number, a: string, b: string): SnaptapItem {
  return { id_num: id, name: '', context: '', type: ADVANCED_TYPE.snaptap, vis: true, display: [entry(a), entry(b)] };
}

export function hypertap(id: number, a: string, b: string): HypertapItem {
  return { id_num: id, name: '', context: '', type: ADVANCED_TYPE.hypertap, vis: true, display: [entry(a), entry(b)] };
}

const LISTS = ['dks', 'shortcut', 'macro', 'snaptap', 'hypertap'] as const;
type ListName = (typeof LISTS)[number];
export type Lists = { [K in ListName]: AdvancedItem[] };

export interface PayloadOptions {
  sizes?: Partial<Record<ListName, number>>;
  /** Free slot ids; default: every id below the size that no item uses. */
  unuse?: Partial<Record<ListName, number[]>>;
  extra?: Record<string, unknown>;
}

export function payloadFor(path: string, lists: Partial<Lists>, options: PayloadOptions = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {
    path,
    dks_max_trigger: 3.6,
    dks_slot_count: 8,
    advanced_enabled: true,
    advanced_types: [0, 1, 2, 3, 4],
    shortcut_types: [0, 1, 2, 4, 5],
    macro_trigger_types: [0, 1, 2, 3, 4],
    hypertap_second_entry: 'key-id',
  };
  for (const name of LISTS) {
    const items = lists[name] ?? [];
    const size = options.sizes?.[name] ?? 4;
    const used = new Set(items.map((i) => i.id_num));
    out[`${name}_list`] = items;
    out[`${name}_size`] = size;
    out[`${name}_unuse_id`] =
      options.unuse?.[name] ?? Array.from({ length: size }, (_, i) => i).filter((i) => !used.has(i));
  }
  return { ...out, ...options.extra };
}

export interface AreaSetup extends PayloadOptions {
  device?: Partial<DeviceRecord>;
  lists?: Partial<Lists>;
  selectedKeys?: number[];
  layer?: number;
  /** Hands the payload to the area instead of letting it load it. */
  passPayload?: boolean;
}

/** The item JSON a set_func_info call carried, whichever list flag it used. */
export function sentItem(call: RecordedCall): AdvancedItem {
  const flag = LISTS.find((name) => call.named.has(name));
  if (!flag) throw new Error('set_func_info without an item');
  return JSON.parse(call.named.get(flag)!) as AdvancedItem;
}

export function renderArea(setup: AreaSetup = {}) {
  const device = fakeDevice(setup.device);
  const host = fakeHost();
  const lists: Lists = { dks: [], shortcut: [], macro: [], snaptap: [], hypertap: [], ...setup.lists };
  let payload = payloadFor(device.path, lists, setup);

  host.bridge.respond('dev_info', 'get_key_func_info', () => payload);
  host.bridge.respond('dev_info', 'set_key_info', () => ({}));
  host.bridge.respond('dev_event', 'stream', () => ({}));
  host.bridge.respond('dev_info', 'set_func_info', (call: RecordedCall) => {
    const item = sentItem(call);
    const name = LISTS[item.type]!;
    const change = Number(call.named.get('change_type'));
    const list = lists[name];
    if (change === 0) lists[name] = list.filter((i) => i.id_num !== item.id_num);
    else if (change === 2) lists[name] = list.map((i) => (i.id_num === item.id_num ? item : i));
    else {
      const used = new Set(list.map((i) => i.id_num));
      const id = Array.from({ length: 32 }, (_, i) => i).find((i) => !used.has(i))!;
      lists[name] = [...list, { ...item, id_num: id } as AdvancedItem];
    }
    payload = payloadFor(device.path, lists, { sizes: setup.sizes, extra: setup.extra });
    host.bridge.emit('get_key_func_info', payload);
    return {};
  });

  const rendered = renderWithServices(
    <AdvancedArea
      path={device.path}
      selectedKeys={setup.selectedKeys ?? []}
      layer={setup.layer ?? 0}
      keyLabel={(id) => printedLegends('made68pro').get(id) ?? `#${id}`}
      {...(setup.passPayload ? { funcInfo: payload } : {})}
    />,
    { host, devices: [device] },
  );
  return {
    ...rendered,
    device,
    lists: () => lists,
    saves: () => host.bridge.callsTo('dev_info', 'set_func_info'),
    user: userEvent.setup(),
  };
}

export function toasts() {
  return useToastStore.getState().toasts.map(({ title, type, delay }) => ({ title, type, delay }));
}

export const lastToast = () => toasts().at(-1);

/** The open editor or dialog (Radix portals it to the body). */
export function dialog(): HTMLElement {
  return screen.getByRole('dialog');
}

/** Picks a key code in the picker inside `scope`, switching picker tabs until its button shows. */
export async function pickCode(user: ReturnType<typeof userEvent.setup>, name: string, scope: HTMLElement = dialog()) {
  const c = code(name);
  const find = () => scope.querySelector<HTMLButtonElement>(`.picker-key[data-code="${c}"]`);
  if (!find()) {
    const picker = scope.querySelector<HTMLElement>('.picker')!;
    for (const tab of within(picker).getAllByRole('tab')) {
      await user.click(tab);
      if (find()) break;
    }
  }
  const button = find();
  if (!button) throw new Error(`no picker button for ${name}`);
  await user.click(button);
}
