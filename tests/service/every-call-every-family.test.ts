/**
 * Every call of the contract on every family's virtual keyboard (our reference firmware, the libhmk simulator, the
 * VIA simulator), each with valid arguments: it either works or is refused as not offered on that keyboard, with a
 * message naming what the keyboard lacks. Never a crash shown as an unreadable answer, never a TypeError.
 */
import { describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/contract/client.ts';
import { CALLS, type CallArgs, type CallName } from '../../src/contract/contract.ts';
import { KEYTUNE_VIA_65_DEFINITION } from '../../src/firmware/via/index.ts';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';

const FAMILIES = [
  { family: 'keytune', displayName: 'Made68Pro', fwVer: '1.4.2', name: 'Made68Pro' },
  { family: 'libhmk', displayName: 'HE60 (libhmk)', fwVer: '1.7.0', name: 'HE60' },
  { family: 'via', displayName: 'Keytune VIA 65', fwVer: '12.0.0', name: 'Keytune VIA 65' },
] as const;

/**
 * The refusals that say "this keyboard has none of it": the router's err.family.not.offered, VIA's own words for a
 * VIA call elsewhere, and each family's refusal of a port its keyboard lacks (a VIA keyboard without macros, a libhmk
 * firmware that cannot save thresholds).
 */
const NOT_OFFERED = new Set(['err.family.not.offered', 'via.err.notVia', 'via.err.noPort', 'libhmk.err.noPort']);

interface Sample {
  path: string;
  client: Client;
}

/** A value read first when a call's valid arguments depend on the keyboard; undefined where it is refused. */
const firstOf = <T>(p: Promise<T>): Promise<T | undefined> => p.catch(() => undefined);

/** Valid arguments of every call (the type makes a new call of the contract need an entry here). */
const ARGS: { [K in CallName]: (s: Sample) => CallArgs<K> | Promise<CallArgs<K>> } = {
  getDevList: () => ({}),
  addVirtualDevice: () => ({ display_name: 'Made68Pro', fw_ver: '1.4.2' }),
  removeDevice: ({ path }) => ({ path }),
  pressKey: ({ path }) => ({ path, key_id: 0, depth: 1 }),
  toastMessage: () => ({ title: 'hello' }),
  showLoading: () => ({ value: '0' }),
  setTheme: () => ({ theme: 'dark' }),
  updateTheme: () => ({ theme: 'dark' }),
  setLang: () => ({ lang: 'en_US' }),
  updateLang: () => ({ lang: 'en_US' }),
  setStartUpAuto: () => ({ start_up_auto: '0' }),
  setRunWithMini: () => ({ run_with_mini: '0' }),
  setCloseToTray: () => ({ close_to_tray: '0' }),
  getStartUpOptions: () => ({}),
  getKeyValueInfo: ({ path }) => ({ path }),
  setKeyInfo: ({ path }) => ({ path, index: 0, select: [0], code: 0x04 }),
  getCommonLayers: ({ path }) => ({ path }),
  getKeyFuncInfo: ({ path }) => ({ path }),
  setFuncInfo: ({ path }) => ({
    path,
    change_type: 1,
    shortcut: {
      id_num: -1,
      name: '',
      context: '',
      vis: true,
      type: 2,
      sc_type: 4,
      hold_time: 200,
      display: [0x04, 0x05].map((code) => ({
        keywords: '',
        name: '',
        alias: '',
        image: '',
        code,
        type: 0,
        stype: 0,
        sys_code: 0,
      })),
    },
    key_ids: [1],
  }),
  devEventStream: ({ path }) => ({ path, action: 'stop' }),
  getKeyColorInfo: ({ path }) => ({ path }),
  setLedInfo: ({ path }) => ({ path, light_switch: 1 }),
  getKeyPerfInfo: ({ path }) => ({ path }),
  setPerfInfo: ({ path }) => ({ path, key_ids: [0], trigger: 1.2 }),
  getSettingData: ({ path }) => ({ path }),
  setSettingInfo: ({ path }) => ({ path, use_n_key: 1 }),
  initOptList: ({ path }) => ({ path }),
  getThemeInfo: ({ path }) => ({ path }),
  setThemeInfo: ({ path }) => ({ path, change_theme_id: 0 }),
  runOtherFunc: ({ path }) => ({ path, cmd: 'reset' }),
  libhmkGetGamepad: ({ path }) => ({ path }),
  libhmkSetGamepad: ({ path }) => ({ path }),
  libhmkGetTickRate: ({ path }) => ({ path }),
  libhmkSetTickRate: ({ path }) => ({ path, value: 30 }),
  libhmkGetOptions: ({ path }) => ({ path }),
  libhmkSetOption: async ({ path, client }) => {
    const options = await firstOf(client.libhmkGetOptions({ path }));
    return { path, name: Object.keys(options ?? {})[0] ?? 'xInput', value: 1 };
  },
  libhmkGetCalibration: ({ path }) => ({ path }),
  libhmkSetCalibration: ({ path }) => ({ path, rest: 2300, bottom_out: 600 }),
  libhmkRecalibrate: ({ path }) => ({ path }),
  libhmkSaveCalibrationThreshold: ({ path }) => ({ path }),
  libhmkGetProfile: ({ path }) => ({ path }),
  libhmkDuplicateProfile: ({ path }) => ({ path, from: 0, to: 1 }),
  libhmkResetProfile: ({ path }) => ({ path, profile: 1 }),
  libhmkBootloader: ({ path }) => ({ path }),
  viaGetDefinitionInfo: ({ path }) => ({ path }),
  viaSetDefinition: ({ path }) => ({ path, content: KEYTUNE_VIA_65_DEFINITION }),
  viaGetLayoutOptions: ({ path }) => ({ path }),
  viaSetLayoutOptions: async ({ path, client }) => {
    const now = await firstOf(client.viaGetLayoutOptions({ path }));
    return { path, choices: now?.choices ?? [] };
  },
  viaGetMenus: ({ path }) => ({ path }),
  viaGetCustomValue: ({ path }) => ({ path, channel: 3, id: 1, bytes: 1 }),
  viaSetCustomValue: ({ path }) => ({ path, channel: 3, id: 1, value: [100] }),
  viaSaveCustomValues: ({ path }) => ({ path, channel: 3 }),
  viaGetLighting: ({ path }) => ({ path }),
  viaSetLighting: async ({ path, client }) => {
    const channels = await firstOf(client.viaGetLighting({ path }));
    return { path, channel: channels?.[0]?.channel ?? 'rgb_matrix', brightness: 10 };
  },
  viaSaveLighting: async ({ path, client }) => {
    const channels = await firstOf(client.viaGetLighting({ path }));
    return { path, channel: channels?.[0]?.channel ?? 'rgb_matrix' };
  },
  viaReadMatrix: ({ path }) => ({ path }),
  viaGetMacros: ({ path }) => ({ path }),
  viaMacroBytes: ({ path }) => ({ path, macros: [[{ kind: 'text', text: 'hi' }]] }),
  viaSetMacros: ({ path }) => ({ path, macros: [[{ kind: 'text', text: 'hi' }]] }),
  getReportBundle: ({ path }) => ({ path }),
  getBackup: ({ path }) => ({ path }),
  diffBackup: async ({ path, client }) => ({ path, backup: JSON.stringify(await client.getBackup({ path })) }),
  restoreBackup: async ({ path, client }) => ({ path, backup: JSON.stringify(await client.getBackup({ path })) }),
  listRestorePoints: ({ path }) => ({ path }),
  getRestorePoint: async ({ path, client }) => {
    // A restore that changes the keyboard keeps a restore point of what it held before.
    const backup = JSON.stringify(await client.getBackup({ path }));
    await client.setKeyInfo({ path, index: 0, select: [3], code: 0x06 });
    await client.restoreBackup({ path, backup });
    const points = await client.listRestorePoints({ path });
    return { path, id: points[0]?.id ?? 'none' };
  },
};

/** Calls refused on every family for a reason that is not the keyboard's: they belong to another host. */
const HOST_ONLY: Partial<Record<CallName, string>> = { getStartUpOptions: 'err.args.invalid' };

/** Calls that end the keyboard's session: run last, one per fresh keyboard. */
const ENDING: CallName[] = ['runOtherFunc', 'libhmkBootloader', 'removeDevice'];

async function open(c: (typeof FAMILIES)[number]) {
  const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
  const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs: 300 } });
  const client = createClient(service);
  const path = await client.addVirtualDevice({ display_name: c.displayName, fw_ver: c.fwVer });
  return { service, client, path };
}

type Outcome = { ok: true } | { ok: false; key: string; message: string; name: string };

async function run(client: Client, path: string, name: CallName): Promise<Outcome> {
  const args = await ARGS[name]({ path, client });
  const method = client[name] as (a: unknown) => Promise<unknown>;
  return method(args).then(
    (): Outcome => ({ ok: true }),
    (e: unknown): Outcome => {
      const error = e as { toastKey?: string; message?: string; name?: string };
      return { ok: false, key: error.toastKey ?? '(none)', message: String(error.message), name: String(error.name) };
    },
  );
}

function expectOfferedOrRefused(name: CallName, c: (typeof FAMILIES)[number], outcome: Outcome): void {
  if (outcome.ok) return;
  const where = `${name} on ${c.family}: ${outcome.key} ${outcome.message}`;
  expect(outcome.message, where).not.toMatch(/Cannot read properties|is not a function|undefined/);
  if (HOST_ONLY[name]) {
    expect(outcome.key, where).toBe(HOST_ONLY[name]);
    return;
  }
  expect(NOT_OFFERED.has(outcome.key), where).toBe(true);
  // The router's refusal names the keyboard and what it lacks; a driver's names the command its keyboard refused.
  expect(outcome.message.length, where).toBeGreaterThan(8);
}

describe.each(FAMILIES)('every call on $family', (c) => {
  it('works or is refused as not offered, naming what the keyboard lacks', async () => {
    const { client, path } = await open(c);
    const names = (Object.keys(CALLS) as CallName[]).filter((n) => !ENDING.includes(n));
    const outcomes: Record<string, string> = {};
    for (const name of names) {
      const outcome = await run(client, path, name);
      outcomes[name] = outcome.ok ? 'ok' : outcome.key;
      expectOfferedOrRefused(name, c, outcome);
    }
    // The keyboard is still there and answering after every call was tried on it.
    expect((await client.getDevList({})).some((d) => d.path === path)).toBe(true);
  });

  it.each(ENDING)('%s works or is refused as not offered', async (name) => {
    const { client, path } = await open(c);
    expectOfferedOrRefused(name, c, await run(client, path, name));
  });

  it('the keymap screen works: read, remap, read again', async () => {
    const { client, path } = await open(c);
    const before = await client.getKeyValueInfo({ path });
    expect(before.keycodes.length).toBeGreaterThan(0);
    await client.setKeyInfo({ path, index: 0, select: [2], code: 0x05 });
    expect((await client.getKeyValueInfo({ path })).keycodes[0]![2]).toBe(0x05);
  });
});

describe('the refusal names the keyboard and what it lacks', () => {
  it.each([
    ['getKeyColorInfo', 'HE60 has no per-key lighting'],
    ['setLedInfo', 'HE60 has no per-key lighting'],
    ['initOptList', 'HE60 has no option list of our own protocol (tabs, levels, switch types)'],
    ['devEventStream', 'HE60 has no key event stream (macro recording, the key tester)'],
    ['viaGetMenus', 'HE60 has no VIA menus'],
  ] as const)('%s on HE60: %s', async (name, message) => {
    const { client, path } = await open(FAMILIES[1]);
    const outcome = await run(client, path, name);
    expect(outcome).toMatchObject({ ok: false, message });
    expect(outcome.ok ? '' : outcome.key).toBe(name === 'viaGetMenus' ? 'via.err.notVia' : 'err.family.not.offered');
  });

  it('libhmk calls on a keyboard of our own protocol', async () => {
    const { client, path } = await open(FAMILIES[0]);
    expect(await run(client, path, 'libhmkGetGamepad')).toMatchObject({
      key: 'err.family.not.offered',
      message: 'Made68Pro has no gamepad',
    });
  });
});
