/**
 * Shared set-up of the advanced-key tests: items built from the core shapes, put on a reference-firmware keyboard
 * through the real device service, and the area rendered over that service.
 */
import { keytuneLayout } from '../../../src/drivers/keytune/features';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADVANCED_TYPE,
  CHANGE_TYPE,
  NEW_ITEM_ID,
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
import type { Client } from '../../../src/contract/client';
import type { RecordedCall } from '../../../src/testing/live-service';
import AdvancedArea from '../../../src/ui/device-page/key-code/advanced/AdvancedArea';
import type { FuncInfoPayload } from '../../../src/ui/device-page/key-code/advanced/func-info';
import { printedLegends } from '../../../src/ui/keyboard/assignment';
import { useToastStore } from '../../../src/ui/toasts/store';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';
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

export interface AreaSetup {
  model?: string;
  fwVer?: string;
  /**
   * Items the keyboard holds before the area opens, added in list order: the keyboard gives each list's items the ids
   * 0, 1, 2… (the ids the builders above are given are replaced).
   */
  lists?: Partial<Lists>;
  selectedKeys?: number[];
  layer?: number;
  /** Hands the area the keyboard's own function info instead of letting it load it. */
  passPayload?: boolean;
  /**
   * Hands the area the keyboard's function info as changed here: what another device or firmware would report (the
   * reference firmware always reports a 3.6 mm DKS limit, for one).
   */
  payload?: (real: FuncInfoPayload) => FuncInfoPayload;
}

/** The item JSON a set_func_info call carried, whichever list argument it used. */
export function sentItem(call: RecordedCall): AdvancedItem {
  const flag = LISTS.find((name) => call.named.has(name));
  if (!flag) throw new Error('set_func_info without an item');
  return JSON.parse(call.named.get(flag)!) as AdvancedItem;
}

/** Puts items on a keyboard the way the area does: one set_func_info add each. */
export async function addItems(client: Client, path: string, lists: Partial<Lists>): Promise<void> {
  for (const name of LISTS)
    for (const item of lists[name] ?? [])
      await client.setFuncInfo({ path, change_type: CHANGE_TYPE.add, [name]: { ...item, id_num: NEW_ITEM_ID } });
}

/** Inactivity timeout of these tests' exchanges: how long a save to a keyboard that stopped answering takes to fail. */
const TIMEOUT_MS = 500;

export async function renderArea(setup: AreaSetup = {}) {
  const host = testHost({}, { timeoutMs: TIMEOUT_MS });
  const live = host.live;
  const path = await live.addVirtual(setup.model ?? 'Made68Pro', { fwVer: setup.fwVer ?? '1.4.2' });
  await addItems(live.client, path, setup.lists ?? {});
  const real = setup.passPayload || setup.payload ? await live.client.getKeyFuncInfo({ path }) : undefined;
  const handed = real && setup.payload ? setup.payload(real) : real;

  const rendered = renderWithServices(
    <AdvancedArea
      path={path}
      selectedKeys={setup.selectedKeys ?? []}
      layer={setup.layer ?? 0}
      keyLabel={(id) => printedLegends(keytuneLayout('made68pro')).get(id) ?? `#${id}`}
      {...(handed ? { funcInfo: handed } : {})}
    />,
    { host },
  );
  return {
    ...rendered,
    path,
    live,
    /** What the keyboard holds now. */
    held: () => live.client.getKeyFuncInfo({ path }),
    saves: () => live.callsTo('setFuncInfo'),
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
