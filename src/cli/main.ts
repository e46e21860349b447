/**
 * `keytune`, the command line: every call of the typed client, on a running desktop bridge (found through the
 * runtime file it leaves in the data folder) or, when none runs, on a device service started in this process (the
 * same virtual keyboards, saved in the same data folder, and the keyboards plugged in).
 *
 * Exit codes: 0 done; 1 the device or the service refused (the message names the reason and its catalogue key);
 * 2 the command line is wrong; 3 no such device, or several and none chosen; 4 no running bridge (with --remote);
 * 5 a file could not be read or is not what the command needs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { BridgeCallError, type Bridge, type DeviceRecord } from '../contract/bridge.ts';
import type { RestorePointInfo } from '../core/backup/format.ts';
import { createClient, type Client } from '../contract/client.ts';
import { isPrototypeName } from '../contract/codec.ts';
import { CALL_ROUTES } from '../contract/routes.ts';
import { loadNodeHid, startServiceHost } from '../desktop/bridge.ts';
import { dataDir } from '../desktop/data-dir.ts';
import { findRunningBridge } from '../desktop/runtime-file.ts';
import { connectBridge } from '../desktop/ws-client.ts';
import { BackupFileError, backupSaved, checkRestoreFile, restoreFile, restoreWhole, type Shown } from './backup.ts';
import { englishBackupText } from './english-texts.ts';
import { provideRestorePointStore } from '../service/backup/restore-points.ts';
import { fileRestorePointStore } from '../desktop/restore-points-file.ts';
import { familyVirtualModel } from '../core/virtual-families.ts';
import { findModel } from '../core/models.ts';
import { LATEST_FIRMWARE } from '../core/resources.ts';
import { COMMAND_OPTIONS, COMMANDS, DEFAULT_VIRTUAL_FIRMWARE, GLOBAL_HELP, type CommandName } from './help.ts';
import { reportFileName, reportOf } from './report.ts';

/** Refusals of a backup file or restore point (src/i18n/sections/backup.ts): what the file is, not what the device did. */
const BACKUP_REFUSAL = 'backup.err.';

export const EXIT = { ok: 0, refused: 1, usage: 2, noDevice: 3, noBridge: 4, file: 5 } as const;

export class CliError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly key?: string,
  ) {
    super(message);
  }
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
}

interface Parsed {
  positional: string[];
  named: Map<string, string>;
  flags: Set<string>;
}

const FLAGS = new Set(['json', 'help', 'remote', 'local', 'version', 'include-serial', 'dry-run']);

/**
 * `--name value` pairs, `--name=value`, and the flags above; everything else is positional. A name of Object.prototype
 * (`--constructor`, `--__proto__`) is refused: no command takes one.
 */
export function parseArgv(argv: readonly string[]): Parsed {
  const positional: string[] = [];
  const named = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-h') flags.add('help');
    else if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (isPrototypeName(name))
        throw new CliError(EXIT.usage, `--${name} is not an option of any command`, 'err.args.invalid');
      if (FLAGS.has(name) && eq < 0) flags.add(name);
      else if (eq > 0) named.set(name, a.slice(eq + 1));
      else if (i + 1 < argv.length) named.set(name, argv[++i]!);
      else throw new CliError(EXIT.usage, `--${name} needs a value`);
    } else positional.push(a);
  }
  return { positional, named, flags };
}

interface Session {
  client: Client;
  where: string;
  close(): Promise<void>;
}

async function openSession(p: Parsed, io: CliIo): Promise<Session> {
  const folder = io.env['KEYTUNE_DATA_DIR'] ? (io.env['KEYTUNE_DATA_DIR'] as string) : dataDir();
  if (!p.flags.has('local')) {
    // Only a bridge that proved it wrote the runtime file gets the token; a stale or impostor one is ignored.
    const found = await findRunningBridge(folder);
    if (found.ok) {
      try {
        const socket = await connectBridge({ port: found.port, token: found.token });
        return { client: createClient(socket), where: `bridge 127.0.0.1:${found.port}`, close: () => socket.close() };
      } catch (e) {
        if (p.flags.has('remote'))
          throw new CliError(EXIT.noBridge, `the bridge did not answer: ${e instanceof Error ? e.message : String(e)}`);
      }
    } else if (p.flags.has('remote'))
      throw new CliError(EXIT.noBridge, `no Keytune bridge is running (${found.reason})`);
  }
  const host = await startServiceHost({
    dataDir: folder,
    hid: io.env['KEYTUNE_HID'] === 'off' ? null : await loadNodeHid(),
  });
  // The same folder of restore points as the bridge keeps, so points taken here are listed there and back.
  provideRestorePointStore(host.service, fileRestorePointStore(folder));
  const bridge: Bridge = host.service;
  return { client: createClient(bridge), where: 'this process', close: () => host.stop() };
}

async function pickDevice(client: Client, p: Parsed): Promise<DeviceRecord> {
  const list = await client.getDevList();
  const wanted = p.named.get('device');
  if (wanted !== undefined) {
    const found = list.find((d) => d.path === wanted || d.dev_sn === wanted);
    if (!found) throw new CliError(EXIT.noDevice, `no device ${wanted}`, 'err.dev.not.found');
    return found;
  }
  if (list.length === 1) return list[0]!;
  if (list.length === 0) throw new CliError(EXIT.noDevice, 'no device is attached', 'err.dev.not.found');
  throw new CliError(
    EXIT.noDevice,
    `${list.length} devices are attached; choose one with --device:\n${list.map((d) => `  ${d.path}`).join('\n')}`,
  );
}

function show(io: CliIo, json: boolean, value: unknown, human: () => string): void {
  io.out(json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
}

function shown(io: CliIo, json: boolean, answer: Shown): void {
  show(io, json, answer.value, () => answer.text);
}

function pretty(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** Columns padded to their widest cell. */
function table(head: readonly string[], rows: readonly string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [head, ...rows]
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function deviceTable(list: DeviceRecord[]): string {
  if (list.length === 0) return 'No device is attached.';
  const rows = list.map((d) => [d.path, d.display_name, d.fw_ver, d.access_text, d.virtual ? 'virtual' : 'real']);
  return table(['PATH', 'MODEL', 'FIRMWARE', 'LINK', 'KIND'], rows);
}

function restorePointTable(points: readonly RestorePointInfo[]): string {
  if (points.length === 0) return 'This keyboard has no restore points.';
  return table(
    ['DATE', 'REASON', 'ID'],
    points.map((p) => [p.created, p.reason, p.id]),
  );
}

/** What `get` reads, by the name a person types. */
const READS = {
  settings: 'getSettingData',
  keys: 'getKeyValueInfo',
  lighting: 'getKeyColorInfo',
  performance: 'getKeyPerfInfo',
  advanced: 'getKeyFuncInfo',
  themes: 'getThemeInfo',
  options: 'initOptList',
} as const;

/** The settings `set` writes, by name. */
const SETTINGS = ['use_n_key', 'use_sleep', 'sleep_time', 'auto_calibration'] as const;

function onOff(name: string, value: string): 0 | 1 {
  if (['1', 'on', 'true', 'yes'].includes(value)) return 1;
  if (['0', 'off', 'false', 'no'].includes(value)) return 0;
  throw new CliError(EXIT.usage, `${name} is on or off, not "${value}"`);
}

async function run(command: CommandName, p: Parsed, io: CliIo, session: Session): Promise<void> {
  const { client } = session;
  const json = p.flags.has('json');
  const dryRun = p.flags.has('dry-run');
  const args = p.positional.slice(1);
  switch (command) {
    case 'devices': {
      const list = await client.getDevList();
      return show(io, json, list, () => deviceTable(list));
    }
    case 'add-virtual': {
      const given = args[0];
      if (!given) throw new CliError(EXIT.usage, 'add-virtual needs a model, e.g. keytune add-virtual Made68Pro');
      const { model, version } = virtualSpec(given, p.named.get('fw'));
      const access = p.named.get('access-mode');
      const path = await client.addVirtualDevice({
        display_name: model,
        fw_ver: version,
        ...(access !== undefined ? { access_mode: Number(access) } : {}),
      });
      return show(io, json, { path }, () => path);
    }
    case 'remove': {
      const device = await pickDevice(client, p);
      await client.removeDevice({ path: device.path });
      return show(io, json, { removed: device.path }, () => `Removed ${device.path}`);
    }
    case 'get': {
      const what = args[0] ?? 'settings';
      if (!Object.hasOwn(READS, what))
        throw new CliError(EXIT.usage, `get reads one of: ${Object.keys(READS).join(', ')} (not "${what}")`);
      const device = await pickDevice(client, p);
      const method = READS[what as keyof typeof READS];
      const value = await (client[method] as (a: { path: string }) => Promise<unknown>)({ path: device.path });
      return show(io, json, value, () => pretty(value));
    }
    case 'set': {
      if (args.length === 0 || args.length % 2 !== 0)
        throw new CliError(EXIT.usage, `set takes NAME VALUE pairs; names: ${SETTINGS.join(', ')}`);
      const pairs = new Map<string, string>();
      for (let i = 0; i < args.length; i += 2) pairs.set(args[i]!, args[i + 1]!);
      for (const name of pairs.keys())
        if (!(SETTINGS as readonly string[]).includes(name))
          throw new CliError(EXIT.usage, `"${name}" is not a setting; names: ${SETTINGS.join(', ')}`);
      const device = await pickDevice(client, p);
      const path = device.path;
      let value: unknown;
      if (pairs.has('use_n_key'))
        value = await client.setSettingInfo({ path, use_n_key: onOff('use_n_key', pairs.get('use_n_key')!) });
      if (pairs.has('auto_calibration'))
        value = await client.setSettingInfo({
          path,
          calibration: { auto_calibration: onOff('auto_calibration', pairs.get('auto_calibration')!) === 1 },
        });
      if (pairs.has('use_sleep') || pairs.has('sleep_time')) {
        const on = pairs.has('use_sleep') ? onOff('use_sleep', pairs.get('use_sleep')!) : 1;
        const minutes = pairs.get('sleep_time');
        if (minutes !== undefined && !/^\d+$/.test(minutes))
          throw new CliError(EXIT.usage, `sleep_time is whole minutes, not "${minutes}"`);
        value = await client.setSettingInfo(
          on === 1
            ? { path, use_sleep: 1, sleep_time: Number(minutes ?? (await client.getSettingData({ path })).sleep_time) }
            : { path, use_sleep: 0 },
        );
      }
      return show(io, json, value, () => pretty(value));
    }
    case 'call': {
      const method = args[0];
      if (!method || !Object.hasOwn(CALL_ROUTES, method))
        throw new CliError(
          EXIT.usage,
          `call needs a method of the client: ${Object.keys(CALL_ROUTES).join(', ')}${method ? ` (not "${method}")` : ''}`,
        );
      const named: Record<string, string> = Object.create(null) as Record<string, string>;
      for (const [k, v] of p.named) if (k !== 'device') named[k] = v;
      if (p.named.has('device') && !Object.hasOwn(named, 'path')) named['path'] = (await pickDevice(client, p)).path;
      const value = await (
        client[method as keyof typeof CALL_ROUTES] as (a: Record<string, string>) => Promise<unknown>
      )(named);
      return show(io, json, value ?? null, () => pretty(value));
    }
    case 'backup': {
      const out = p.named.get('out') ?? args[0];
      if (!out) throw new CliError(EXIT.usage, 'backup needs a file: keytune backup FILE');
      const device = await pickDevice(client, p);
      const backup = await client.getBackup({ path: device.path });
      writeJson(out, backup);
      return shown(io, json, backupSaved(out, device, backup));
    }
    case 'restore': {
      const file = args[0];
      if (!file) throw new CliError(EXIT.usage, 'restore needs a file: keytune restore FILE');
      const text = readText(file);
      checkRestoreFile(text, dryRun);
      return shown(io, json, await restoreFile(client, file, text, await pickDevice(client, p), dryRun));
    }
    case 'restore-points': {
      const device = await pickDevice(client, p);
      const points = await client.listRestorePoints({ path: device.path });
      return show(io, json, points, () => restorePointTable(points));
    }
    case 'restore-point': {
      const id = args[0];
      if (!id) throw new CliError(EXIT.usage, 'restore-point needs the id keytune restore-points lists');
      const device = await pickDevice(client, p);
      const point = await client.getRestorePoint({ path: device.path, id });
      const what = `the restore point of ${point.created}`;
      return shown(io, json, await restoreWhole(client, what, JSON.stringify(point), device, dryRun));
    }
    case 'report': {
      // A device that went away is still known to a running bridge by its path: its report is most wanted then.
      const wanted = p.named.get('device');
      const listed = (await client.getDevList()).some((d) => d.path === wanted || d.dev_sn === wanted);
      const path = wanted !== undefined && !listed ? wanted : (await pickDevice(client, p)).path;
      const bundle = await reportOf(client, path, p.flags.has('include-serial'));
      const out = p.named.get('out') ?? args[0] ?? reportFileName(bundle);
      writeJson(out, bundle);
      const serials = bundle.serials === 'hashed' ? 'serial numbers left out' : 'serial numbers included';
      return show(
        io,
        json,
        { file: out, path, exchanges: bundle.exchanges.length, serials: bundle.serials },
        () =>
          `Saved the bug report of ${bundle.device.model} (${bundle.exchanges.length} exchanges, ${serials}) to ${out}`,
      );
    }
    case 'flash': {
      if (args.length === 0) throw new CliError(EXIT.usage, 'flash needs the files of a firmware package');
      const mg = args.map((f) => ({ name: basename(f), data: readBytes(f).toString('base64') }));
      const device = await pickDevice(client, p);
      const off = json ? undefined : client.on('dev_update', (u) => io.err(`${JSON.stringify(u)}\n`));
      try {
        const value = await client.runOtherFunc({ path: device.path, cmd: 'flash', mg });
        return show(io, json, value, () => `Flashed ${device.display_name}: ${pretty(value)}`);
      } finally {
        off?.();
      }
    }
  }
}

function writeJson(file: string, value: unknown): void {
  try {
    writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  } catch (e) {
    throw new CliError(EXIT.file, `could not write ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new CliError(EXIT.file, `could not read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function readText(file: string): string {
  return readBytes(file).toString('utf8');
}

/** A failure as the exit code, catalogue key and message the command line prints. */
function failureOf(e: unknown): CliError {
  if (e instanceof CliError) return e;
  if (e instanceof BackupFileError) return new CliError(EXIT.file, e.message, e.key);
  if (!(e instanceof BridgeCallError)) return new CliError(EXIT.refused, e instanceof Error ? e.message : String(e));
  const key = e.toastKey;
  if (key.startsWith(BACKUP_REFUSAL)) return new CliError(EXIT.file, englishBackupText(key, ...e.args), key);
  const code = key === 'err.dev.not.found' ? EXIT.noDevice : key === 'err.args.invalid' ? EXIT.usage : EXIT.refused;
  return new CliError(code, e.message, key);
}

/** The first option given that the command does not take. */
function unknownOption(command: CommandName, p: Parsed): string | undefined {
  const known = COMMAND_OPTIONS[command];
  if (known === 'any') return undefined;
  return [...p.named.keys(), ...p.flags].find((option) => !known.includes(option));
}

/** MODEL or MODEL@VERSION, with --fw; the family's own default version when none is given. */
function virtualSpec(given: string, fw: string | undefined): { model: string; version: string } {
  const at = given.lastIndexOf('@');
  const model = at > 0 ? given.slice(0, at) : given;
  const inName = at > 0 ? given.slice(at + 1) : undefined;
  if (inName !== undefined && fw !== undefined && inName !== fw)
    throw new CliError(EXIT.usage, `${given} and --fw ${fw} name two versions; give one`);
  if (inName === '') throw new CliError(EXIT.usage, `${given} names no version after @`);
  const ours = findModel(model)?.name;
  const latest =
    ours && Object.hasOwn(LATEST_FIRMWARE, ours) ? LATEST_FIRMWARE[ours as keyof typeof LATEST_FIRMWARE] : undefined;
  const version = inName ?? fw ?? familyVirtualModel(model)?.versions[0] ?? latest ?? DEFAULT_VIRTUAL_FIRMWARE;
  return { model, version };
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let p: Parsed;
  try {
    p = parseArgv(argv);
  } catch (e) {
    io.err(`keytune: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT.usage;
  }
  const json = p.flags.has('json');
  const name = p.positional[0];
  if (name === 'help') {
    const topic = p.positional[1];
    io.out(topic && Object.hasOwn(COMMANDS, topic) ? COMMANDS[topic as CommandName] : GLOBAL_HELP);
    return EXIT.ok;
  }
  if (!name) {
    if (p.flags.has('help')) {
      io.out(GLOBAL_HELP);
      return EXIT.ok;
    }
    io.err(GLOBAL_HELP);
    return EXIT.usage;
  }
  if (!Object.hasOwn(COMMANDS, name)) {
    io.err(`keytune: "${name}" is not a command; see keytune --help\n`);
    return EXIT.usage;
  }
  const command = name as CommandName;
  if (p.flags.has('help')) {
    io.out(COMMANDS[command]);
    return EXIT.ok;
  }
  const unknown = unknownOption(command, p);
  if (unknown) {
    io.err(`keytune: --${unknown} is not an option of keytune ${command}\n\n${COMMANDS[command]}`);
    return EXIT.usage;
  }
  if (p.flags.has('remote') && p.flags.has('local')) {
    io.err('keytune: --remote and --local exclude each other\n');
    return EXIT.usage;
  }
  let session: Session | undefined;
  try {
    session = await openSession(p, io);
    await run(command, p, io, session);
    return EXIT.ok;
  } catch (e) {
    const failure = failureOf(e);
    if (json)
      io.err(
        `${JSON.stringify({ error: { code: failure.code, key: failure.key ?? null, message: failure.message } })}\n`,
      );
    else io.err(`keytune: ${failure.message}${failure.key ? ` [${failure.key}]` : ''}\n`);
    return failure.code;
  } finally {
    await session?.close().catch(() => undefined);
  }
}
