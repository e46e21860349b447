/** The help text of the command line: one page for all, one per command. */
import { FAMILY_VIRTUAL_MODELS } from '../core/virtual-families.ts';

/** Firmware a virtual keyboard of our own protocol runs when no version is given and its model names no latest one. */
export const DEFAULT_VIRTUAL_FIRMWARE = '1.4.2';

const FAMILY_VIRTUALS = FAMILY_VIRTUAL_MODELS.map(
  (m) => `  ${m.name.padEnd(8)}${m.displayName}: versions ${m.versions.join(', ')} (default ${m.versions[0]})`,
).join('\n');

const OPTIONS = `Options of every command:
  --device PATH   the device to use (a path or a serial; not needed when only one device is attached)
  --json          print the answer as JSON (errors go to stderr as {"error": {code, key, message}})
  --remote        use the running desktop bridge only
  --local         start the device service in this process even if a bridge runs
  --help, -h      show the help of the command
`;

const EXITS = `Exit codes: 0 done, 1 refused by the device or the service, 2 wrong command line, 3 no such device
(or several and no --device), 4 no running bridge (--remote), 5 a file could not be read, is not a backup, or is
the backup of another family or model (or no such restore point).
`;

export const COMMANDS = {
  devices: `Usage: keytune devices [--json]

Lists the attached devices: path, model, firmware, link and whether it is virtual.
`,
  'add-virtual': `Usage: keytune add-virtual MODEL[@VERSION] [--fw VERSION] [--access-mode 0|1|2]

Adds a virtual keyboard and prints its path. Its settings are kept in the data folder, like a real keyboard keeps
them in flash. The version is given as MODEL@VERSION (as in the app's ?virtual= address) or with --fw.
Our own keyboards (Made68Pro, ...) run the reference firmware, by default at the model's latest firmware (Made68Pro
${DEFAULT_VIRTUAL_FIRMWARE}, Cyber01 3.0.2, ...); the keyboards
of other firmware run a simulator of it:
${FAMILY_VIRTUALS}
`,
  remove: `Usage: keytune remove --device PATH

Forgets a device; a virtual keyboard's saved settings are deleted too.
`,
  get: `Usage: keytune get [settings|keys|lighting|performance|advanced|themes|options] [--device PATH] [--json]

Reads one area of a device (default: settings).
`,
  set: `Usage: keytune set NAME VALUE [NAME VALUE ...] [--device PATH]

Changes device settings. Names: use_n_key (on/off), auto_calibration (on/off), use_sleep (on/off),
sleep_time (minutes; turns sleep on). Prints the settings after the change.
Any other setting is changed with keytune call, e.g. keytune call setLedInfo --path PATH --light_mode 3.
`,
  call: `Usage: keytune call METHOD [--name value ...] [--device PATH]

Calls one method of the typed client with its arguments, e.g.
  keytune call getKeyValueInfo --device PATH
  keytune call setKeyInfo --path PATH --index 3 --select 0 --code 4
Values are read by the method's own schema: numbers, 0/1 flags and JSON for lists and objects. --device fills --path.
`,
  backup: `Usage: keytune backup FILE [--device PATH]

Saves a whole keyboard of any family to one file (docs/backup.md, version 2): every profile with its key map,
performance, per-key colours, advanced keys and lighting, the macros, settings, user calibration and names.
`,
  restore: `Usage: keytune restore FILE [--dry-run] [--device PATH]

Puts a backup back on a keyboard of the same family and model. Prints what changes, per area and per key, and the
parts this keyboard's firmware cannot hold (left out). Only what differs is written, and a restore point of the
keyboard as it was is kept first (see keytune restore-points). --dry-run prints the changes and writes nothing.
A file of another family or model, or not a backup, is refused with exit code 5 and nothing changes.
Backups of version 1 (the scene files of earlier versions of keytune backup) are still restored, without --dry-run.
`,
  'restore-points': `Usage: keytune restore-points [--device PATH] [--json]

Lists the restore points kept for a keyboard, newest first: date, reason (restore, factory-reset, firmware-update)
and id. The last 20 are kept per keyboard, in the data folder's restore-points folder.
`,
  'restore-point': `Usage: keytune restore-point ID [--dry-run] [--device PATH]

Puts a restore point back on its keyboard, like keytune restore does with a file (and keeps a restore point of the
keyboard as it was first). --dry-run prints the changes and writes nothing. An unknown id exits with code 5.
`,
  report: `Usage: keytune report [--device PATH] [--include-serial] [--out FILE]

Saves a device's bug report to one JSON file (docs/bug-report.md): app and system versions, the device's family,
model, firmware, hardware and features, its last 500 exchanges with the app (timeouts and refusals marked), the
service's warnings and errors, and its restore points. Serial numbers are replaced by a stable code unless
--include-serial is given. Without --out the file is keytune-report-MODEL-DATE.json in the current folder.
A device that went away since the service started can still be reported on by its path.
`,
  flash: `Usage: keytune flash FILE... [--device PATH]

Updates a device's firmware with the files of a firmware package; progress goes to stderr.
`,
} as const;

export type CommandName = keyof typeof COMMANDS;

/** Options every command takes (OPTIONS above). */
const COMMON_OPTIONS = ['device', 'json', 'remote', 'local', 'help', 'version'];

/**
 * The options each command takes: the ones its usage names, and the common ones. `call` takes any, since they are
 * the arguments of the method it calls.
 */
export const COMMAND_OPTIONS: Readonly<Record<CommandName, readonly string[] | 'any'>> = Object.fromEntries(
  (Object.entries(COMMANDS) as [CommandName, string][]).map(([name, usage]) => [
    name,
    name === 'call' ? 'any' : [...COMMON_OPTIONS, ...[...usage.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]!)],
  ]),
) as Record<CommandName, readonly string[] | 'any'>;

for (const name of Object.keys(COMMANDS) as CommandName[])
  (COMMANDS as Record<CommandName, string>)[name] = `${COMMANDS[name]}\n${OPTIONS}\n${EXITS}`;

export const GLOBAL_HELP = `Usage: keytune COMMAND [options]

Configures Keytune keyboards from the command line, through the running desktop bridge (npm run desktop) or, when
none runs, a device service started for the command.

Commands:
  devices         list the attached devices
  add-virtual     add a virtual keyboard
  remove          forget a device
  get             read settings, key codes, lighting, performance, advanced keys, themes
  set             change device settings
  call            call any method of the client
  backup          save a whole keyboard to one file
  restore         put a backup back on a keyboard (--dry-run: only show what changes)
  restore-points  list the restore points kept for a keyboard
  restore-point   put a restore point back
  report          save a device's bug report to one file
  flash           update the firmware from a package
  help COMMAND    the help of one command (or keytune COMMAND --help)

${OPTIONS}
${EXITS}
Files: the data folder is $XDG_DATA_HOME/keytune (~/.local/share/keytune) on Linux, %APPDATA%\\Keytune on Windows,
~/Library/Application Support/Keytune on Mac; KEYTUNE_DATA_DIR overrides it.
`;
