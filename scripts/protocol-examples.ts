/**
 * Generates the exact parts of docs/protocol.md from the protocol code itself: constants, the command table, object
 * sizes, payload layouts, error codes, the key-code space and a byte-level example of every command, so the reference
 * cannot disagree with the encoders. Prose lives in the doc; everything between `<!-- BEGIN GENERATED: name -->` and
 * `<!-- END GENERATED: name -->` is owned by this script.
 *
 *   node --import tsx scripts/protocol-examples.ts          prints every generated section
 *   node --import tsx scripts/protocol-examples.ts --write  rewrites the marked sections of docs/protocol.md
 *   node --import tsx scripts/protocol-examples.ts --check  exits 1 when docs/protocol.md is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { KEYCODE_KIND, makeKeycode } from '../src/core/keycode-space.ts';
import { findModel } from '../src/core/models.ts';
import {
  CMD,
  FEATURE,
  KEY_MAP_BYTES,
  MAX_KEYS,
  MULTI_READ_MAX,
  MULTI_READ_REFUSED,
  PERF_FIELD,
  READ_TO_END,
  keyMask,
  REPORT_MODE,
  SUB,
  UNSOLICITED_NOTIFY_SUBS,
} from '../src/protocol/commands.ts';
import { crc16, crc32 } from '../src/protocol/crc.ts';
import { DEVICE_ERROR } from '../src/protocol/errors.ts';
import { buildFirmwareImage } from '../src/protocol/firmware-image.ts';
import * as frame from '../src/protocol/frame.ts';
import {
  chunkFrames,
  encodeFrame,
  hasMore,
  isWrite,
  SUB_WRITE,
  subId,
  tagged,
  type Frame,
} from '../src/protocol/frame.ts';
import {
  commandFrame,
  errorFrame,
  multiReadRequest,
  readRequest,
  slotReadRequest,
  transactionAbort,
  transactionBegin,
  transactionCommit,
  writeFrames,
} from '../src/protocol/messages.ts';
import * as objects from '../src/protocol/objects.ts';
import { encodeU16List, findObject, OBJECTS, type ObjectName } from '../src/protocol/registry.ts';
import { encodeList, encodeText, type FieldType, type Layout } from '../src/protocol/struct.ts';

export const DOC_PATH = fileURLToPath(new URL('../docs/protocol.md', import.meta.url));

const hex = (n: number, width = 2): string => `0x${n.toString(16).toUpperCase().padStart(width, '0')}`;
const hexBytes = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');

function table(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [head, ...rows].map((r) => r.map((c) => String(c).replaceAll('|', '\\|')));
  const widths = head.map((_, i) => Math.max(3, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]): string => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(cells[0]!), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n');
}

const errorNames = new Map<number, string>(Object.entries(DEVICE_ERROR).map(([k, v]) => [v, k]));
const groupNames = new Map<number, string>(Object.entries(CMD).map(([k, v]) => [v, k]));
function subName(cmd: number, sub: number): string | undefined {
  const group = groupNames.get(cmd);
  const subs = group && group in SUB ? (SUB[group as keyof typeof SUB] as Record<string, number>) : {};
  return Object.entries(subs).find(([, v]) => v === sub)?.[0];
}

/* ---------- constants ---------- */

function constantsSection(): string {
  const rows: [string, number, string][] = [
    ['PROTOCOL_VERSION', objects.PROTOCOL_VERSION, 'protocol version in the handshake'],
    ['REPORT_SIZE', frame.REPORT_SIZE, 'bytes in every report, both directions'],
    ['HEADER_SIZE', frame.HEADER_SIZE, 'header bytes at the start of a report'],
    ['MAX_DATA', frame.MAX_DATA, 'data bytes one report can carry'],
    ['SUB_WRITE', frame.SUB_WRITE, 'sub-command bit: write'],
    ['SUB_MORE', frame.SUB_MORE, 'sub-command bit: more frames of this stream follow'],
    ['SUB_ID_MASK', frame.SUB_ID_MASK, 'sub-command bits that carry the id'],
    ['SEQ_NONE', frame.SEQ_NONE, 'sequence tag of notifications and of untagged requests'],
    ['SEQ_MAX', frame.SEQ_MAX, 'largest sequence tag; a tagging host counts 1 … 255 and wraps to 1'],
    ['READ_TO_END', READ_TO_END, 'read length meaning "to the end of the object"'],
    ['MULTI_READ_MAX', MULTI_READ_MAX, 'objects one multi-read request can name'],
    ['MAX_KEYS', MAX_KEYS, 'keys a key mask can address'],
    ['KEY_MAP_BYTES', KEY_MAP_BYTES, 'bytes of a key mask'],
    ['NAME_BYTES', objects.NAME_BYTES, 'bytes of every name field (UTF-8, zero padded)'],
    ['FIRMWARE_CHUNK', objects.FIRMWARE_CHUNK, 'image bytes per firmware chunk frame'],
    ['FIRMWARE_WINDOW', objects.FIRMWARE_WINDOW, 'firmware chunks per acknowledged window'],
  ];
  return table(
    ['name', 'value', 'meaning'],
    rows.map(([n, v, m]) => [n, `${v} (${hex(v)})`, m]),
  );
}

/* ---------- command table ---------- */

/** What each sub-command that is not a plain object carries. Every sub-command of SUB must be listed or be an object. */
const COMMAND_INFO: Record<string, [access: string, payload: string]> = {
  'system.multiRead': [
    'read',
    '`[count u8, (cmd u8, sub u8) × count]`, 1-27 objects; one stream of `[length u16, bytes]` entries back',
  ],
  'system.slotRead': [
    'read',
    '`[slot u8, count u8, (cmd u8, sub u8) × count]`: a multi-read of theme slot `slot` (1.1)',
  ],
  'system.factoryReset': ['command', "`'RST'` (3 ASCII bytes); ack `[0]`"],
  'system.txBegin': ['command', 'no data; opens a transaction for the frames tagged like it (5.5); ack `[0]`'],
  'system.txCommit': [
    'command',
    '`[count u16]`: writes and commands staged; applies them all at once; ack `[0, count u16]`',
  ],
  'system.txAbort': ['command', 'no data; drops the open transaction (also when there is none); ack `[0]`'],
  'system.bootloader': ['command', "`'BOOT'` (4 ASCII bytes); ack `[0]`, then the device restarts in bootloader mode"],
  'system.pair': [
    'command',
    "`'PAIR'` (4 ASCII bytes); ack `[0]`, then the radio pairs: status pairing, about 2 s later paired (1.2)",
  ],
  'keymap.setKeys': ['command', '`[layer u8, code u16, key mask]`; ack `[0]`'],
  'keymap.resetLayer': ['command', '`[layer u8]` (0xFF: every layer); ack `[0]`'],
  'keyColour.setKeys': ['command', '`[r u8, g u8, b u8, key mask]`; ack `[0]`'],
  'notify.reportMode': ['command', '`[mode u8, key mask]` (no mask: every key); ack `[0]`'],
  'notify.triggerAdc': ['notification', '1 to 11 × TriggerSample (data length / 5 samples)'],
  'notify.keyEvent': ['notification', 'KeyEvent'],
  'notify.calibration': ['notification', '`[state u8, count u8]`, then count × `[keyId u8, min u16, max u16]`'],
  'notify.sync': ['notification', '`[syncing u8]`: 1 writing flash, 0 settled'],
  'notify.status': ['notification', 'Status'],
  'performance.setKeys': ['command', '`[field u8, value u16, key mask]`; ack `[0]`'],
  'firmware.begin': ['command', 'FirmwareBegin; ack `[0, resumeFrom u32]`'],
  'firmware.chunk': [
    'command stream',
    'offset = chunk number, 56 image bytes; window end acked `[0, chunk u16, received u32]`',
  ],
  'firmware.finish': ['command', 'no data; ack `[0]` once the image verified, else error verifyFailed'],
  'firmware.status': ['read', 'FirmwareProgress'],
};

const OBJECT_LAYOUT: Record<ObjectName, string> = {
  descriptor: 'Descriptor',
  status: 'Status',
  themes: 'Themes',
  settings: 'Settings',
  keymap: 'u16 key code per layer and key',
  colours: 'Rgb per key',
  lighting: 'Lighting',
  funcInfo: 'FuncInfo',
  dks: 'DksRecord per slot',
  shortcut: 'ShortcutRecord per slot',
  macro: 'MacroRecord per slot',
  snaptap: 'SnaptapRecord per slot',
  hypertap: 'HypertapRecord per slot',
  outerFrame: 'OuterFrame',
  perf: 'PerfKey per key',
  switches: 'SwitchSpec per switch type 1-17',
  calibration: '`state u8`, then CalibrationKey per key',
  adc: 'u16 raw ADC per key',
  rapidComplete: '`[complete u8]`: 1 when split press/release travel is applied',
  ambient: 'Ambient',
};

function commandsSection(): string {
  const rows: string[][] = [];
  for (const [group, subs] of Object.entries(SUB)) {
    const cmd = CMD[group as keyof typeof CMD];
    for (const [name, sub] of Object.entries(subs as Record<string, number>)) {
      const obj = findObject(cmd, sub);
      const info: readonly [string, string] | undefined = obj
        ? [OBJECTS[obj].writable ? 'read, write' : 'read', `object \`${obj}\`: ${OBJECT_LAYOUT[obj]}`]
        : COMMAND_INFO[`${group}.${name}`];
      if (!info) throw new Error(`docs: no description for ${group}.${name}`);
      rows.push([`${hex(cmd)} ${group}`, `${hex(sub)} ${name}`, info[0], info[1]]);
    }
  }
  rows.push([`${hex(CMD.error)} error`, '0x00', 'reply', '`[code u8, cmd u8, sub u8]` of the refused frame']);
  return table(['command', 'sub-command', 'access', 'data'], rows);
}

/* ---------- object sizes ---------- */

type CountField = 'keyCount' | 'layerCount' | 'dksCap' | 'shortcutCap' | 'macroCap' | 'snaptapCap' | 'hypertapCap';
const SIZE_FORMULA: Partial<Record<ObjectName, { per: CountField[]; unit: number; plus?: number }>> = {
  keymap: { per: ['layerCount', 'keyCount'], unit: 2 },
  colours: { per: ['keyCount'], unit: objects.RgbLayout.size },
  dks: { per: ['dksCap'], unit: objects.DksRecordLayout.size },
  shortcut: { per: ['shortcutCap'], unit: objects.ShortcutRecordLayout.size },
  macro: { per: ['macroCap'], unit: objects.MacroRecordLayout.size },
  snaptap: { per: ['snaptapCap'], unit: objects.SnaptapRecordLayout.size },
  hypertap: { per: ['hypertapCap'], unit: objects.HypertapRecordLayout.size },
  perf: { per: ['keyCount'], unit: objects.PerfKeyLayout.size },
  calibration: { per: ['keyCount'], unit: objects.CalibrationKeyLayout.size, plus: 1 },
  adc: { per: ['keyCount'], unit: 2 },
};

function sizesSection(): string {
  const other: objects.Descriptor = {
    ...SAMPLE_DESCRIPTOR,
    keyCount: 83,
    layerCount: 3,
    dksCap: 5,
    shortcutCap: 7,
    macroCap: 3,
    snaptapCap: 9,
    hypertapCap: 11,
  };
  const rows = (Object.keys(OBJECTS) as ObjectName[]).map((name) => {
    const spec = OBJECTS[name];
    const f = SIZE_FORMULA[name];
    for (const d of [SAMPLE_DESCRIPTOR, other]) {
      const expected = f ? (f.plus ?? 0) + f.unit * f.per.reduce((p, k) => p * d[k], 1) : spec.size(SAMPLE_DESCRIPTOR);
      if (spec.size(d) !== expected) throw new Error(`docs: size formula of ${name} disagrees with the registry`);
    }
    const formula = f ? [f.plus ? `${f.plus} +` : '', [...f.per, f.unit].join(' × ')].join(' ').trim() : '';
    const size = spec.size(SAMPLE_DESCRIPTOR);
    return [
      name,
      `${hex(spec.cmd)} / ${hex(spec.sub)}`,
      spec.writable ? 'read, write' : 'read',
      formula || `${size} (fixed)`,
      size,
      Math.max(1, Math.ceil(size / frame.MAX_DATA)),
    ];
  });
  const counts: CountField[] = [
    'keyCount',
    'layerCount',
    'dksCap',
    'shortcutCap',
    'macroCap',
    'snaptapCap',
    'hypertapCap',
  ];
  return [
    `The sample device: ${MODEL.name}, ${counts.map((k) => `${k} ${SAMPLE_DESCRIPTOR[k]}`).join(', ')}.`,
    table(['object', 'cmd / sub', 'access', 'size in bytes', MODEL.name, 'frames to read all'], rows),
  ].join('\n\n');
}

/* ---------- layouts ---------- */

const LAYOUT_GROUPS: [string, string[]][] = [
  ['System', ['Descriptor', 'Status', 'Themes', 'ThemeName', 'Settings']],
  ['Key colour and lighting', ['Rgb', 'Lighting', 'LightMode']],
  ['Outer frame and ambient light', ['OuterFrame', 'Hsva', 'Ambient', 'AmbientMode']],
  [
    'Advanced keys',
    [
      'FuncInfo',
      'DksRecord',
      'DksRow',
      'ShortcutRecord',
      'MacroRecord',
      'MacroEvent',
      'SnaptapRecord',
      'HypertapRecord',
    ],
  ],
  ['Performance and calibration', ['PerfKey', 'SwitchSpec', 'CalibrationKey']],
  ['Notifications', ['TriggerSample', 'KeyEvent']],
  ['Firmware update', ['FirmwareBegin', 'FirmwareProgress']],
];

const layouts = new Map<string, Layout<unknown>>();
for (const [k, v] of Object.entries(objects))
  if (k.endsWith('Layout') && typeof v === 'object' && v !== null && 'fields' in v)
    layouts.set(k.slice(0, -'Layout'.length), v as Layout<unknown>);
const layoutName = (l: Layout<unknown>): string => [...layouts].find(([, v]) => v === l)?.[0] ?? '?';

function fieldBytes(f: FieldType): number {
  if (f.t === 'u8') return 1;
  if (f.t === 'u16') return 2;
  if (f.t === 'u32') return 4;
  if (f.t === 'str' || f.t === 'bytes') return f.bytes;
  if (f.t === 'u8s') return f.count;
  if (f.t === 'u16s') return f.count * 2;
  return f.of.size * f.count;
}

function typeName(f: FieldType): string {
  if (f.t === 'str') return `text[${f.bytes}]`;
  if (f.t === 'bytes') return `u8[${f.bytes}]`;
  if (f.t === 'u8s') return `u8[${f.count}]`;
  if (f.t === 'u16s') return `u16[${f.count}]`;
  if (f.t === 'array') return `${layoutName(f.of as Layout<unknown>)}[${f.count}]`;
  return f.t;
}

function layoutsSection(): string {
  const listed = LAYOUT_GROUPS.flatMap(([, names]) => names);
  const missing = [...layouts.keys()].filter((n) => !listed.includes(n));
  if (missing.length) throw new Error(`docs: layouts without a table: ${missing.join(', ')}`);
  const out: string[] = [];
  for (const [heading, names] of LAYOUT_GROUPS) {
    out.push(`### ${heading}`);
    for (const name of names) {
      const l = layouts.get(name);
      if (!l) throw new Error(`docs: no layout ${name}Layout in objects.ts`);
      let at = 0;
      const rows = l.fields.map(([field, f]) => {
        const m = FIELD_MEANING[`${name}.${field}`];
        if (m === undefined) throw new Error(`docs: no meaning for ${name}.${field}`);
        const row = [field, at, fieldBytes(f), typeName(f), m];
        at += fieldBytes(f);
        return row;
      });
      out.push(`#### ${name} (${l.size} bytes)`, table(['field', 'offset', 'bytes', 'type', 'unit / meaning'], rows));
    }
  }
  return out.join('\n\n');
}

/* ---------- errors, key codes, enumerations ---------- */

const ERROR_MEANING: Record<keyof typeof DEVICE_ERROR, string> = {
  badCrc: 'the CRC16 in the header does not match the data bytes',
  badLength: 'declared data length above 56, or a data length the command does not take',
  unknownCommand: 'unknown command group or sub-command',
  outOfRange: 'offset or length beyond the object, or a layer, slot or key id beyond the device',
  invalidValue: 'a field or argument breaks its rule (range, magic word, target); nothing was changed',
  busy: 'cannot be served now: bootloader mode, a firmware transfer owns the flash, or a transaction cannot stage it',
  notSupported: 'the object is read-only, or absent on this device (its feature bit is clear)',
  sequence:
    'stream frame out of order (offset gap, other command mid-stream), chunk or finish out of turn, the rest of a ' +
    'refused exchange, a commit without its transaction or with another count',
  verifyFailed: 'the firmware image failed its CRC-32, header, model or version check',
};

const KIND_MEANING: Record<keyof typeof KEYCODE_KIND, string> = {
  hid: 'HID keyboard usage (page 0x07): 0x04 `a` … 0xE7 right GUI; 0x0000 is "no key"',
  consumer: 'HID consumer usage (page 0x0C): media, browser, application launch',
  system: 'HID generic-desktop system control: 0x81 power, 0x82 sleep, 0x83 wake',
  mouse: '0x01-0x08 buttons, 0x10-0x13 move up/down/left/right, 0x20-0x23 wheel up/down/left/right',
  layer: '`(action << 4) | layer`; action 0 momentary, 1 toggle, 2 switch to',
  lighting: 'lighting control keys',
  special: 'keyboard functions: Fn, theme switch, Win lock, N-key toggle and the like',
  dks: 'DKS item: value is the slot number in the DKS list',
  shortcut: 'shortcut item: value is the slot number',
  macro: 'macro item: value is the slot number',
  snaptap: 'snap-tap item: value is the slot number',
  hypertap: 'hyper-tap item: value is the slot number',
};

const PERF_FIELD_MEANING: Record<keyof typeof PERF_FIELD, string> = {
  trigger: 'actuation travel, 0.01 mm',
  dead: 'dead zone, 0.01 mm',
  rapidPress: 'rapid-trigger press travel, 0.01 mm',
  rapidRelease: 'rapid-trigger release travel, 0.01 mm',
  useRapid: 'rapid trigger on (1) or off (0)',
  rtMode: 'rapid-trigger mode 0 or 1',
  sensitivity: 'rapid-trigger sensitivity 0, 1 or 2',
  switchType: 'switch type 1-17',
  seriesRapid: 'continuous (series) rapid trigger 0 or 1',
  advanceRapidMode: 'advanced rapid mode 0 or 1',
};

const FEATURE_MEANING: Record<keyof typeof FEATURE, string> = {
  outerFrame: 'outer-frame light (object outerFrame)',
  ambient: 'ambient light (object ambient)',
  battery: 'runs on a battery; Status.battery is meaningful',
  perKeyRgb: 'per-key colours (object colours, keyColour.setKeys)',
  calibration: 'key calibration (object calibration, calibration notifications)',
  rapidTrigger: 'rapid trigger fields of the performance object',
  nKey: 'N-key rollover switch (Settings.useNKey)',
  sleep: 'sleep settings (Settings.useSleep, Settings.sleepTime)',
  hypertapKeyDescriptor: 'hyper-tap second key may be a key code descriptor (HypertapRecord.secondKind 1)',
};

const REPORT_MODE_MEANING: Record<keyof typeof REPORT_MODE, string> = {
  off: 'no key notifications',
  keyEvents: 'keyEvent notifications for every press and release',
  triggerStream: 'keyEvent notifications, and triggerAdc samples of the keys in the mask',
};

function enumerationsSection(): string {
  const hexRows = <K extends string>(values: Record<K, number>, meaning: Record<K, string>, w = 2): string[][] =>
    (Object.entries(values) as [K, number][]).map(([k, v]) => [hex(v, w), k, meaning[k]]);
  return [
    '#### Error codes (data byte 0 of an 0xEE reply)',
    table(['code', 'name', 'meaning'], hexRows(DEVICE_ERROR, ERROR_MEANING)),
    '#### Key-code kinds (top four bits of a key code)',
    table(
      ['kind', 'name', 'low twelve bits'],
      (Object.entries(KEYCODE_KIND) as [keyof typeof KEYCODE_KIND, number][]).map(([k, v]) => [
        `${hex(v, 1)} (${hex(v << 12, 4)}-${hex((v << 12) | 0xfff, 4)})`,
        k,
        KIND_MEANING[k],
      ]),
    ),
    '#### Feature flags (Descriptor.features)',
    table(['bit', 'name', 'meaning'], hexRows(FEATURE, FEATURE_MEANING, 4)),
    '#### Performance fields (performance.setKeys)',
    table(['field', 'name', 'value'], hexRows(PERF_FIELD, PERF_FIELD_MEANING)),
    '#### Report modes (notify.reportMode)',
    table(['mode', 'name', 'the device sends'], hexRows(REPORT_MODE, REPORT_MODE_MEANING)),
  ].join('\n\n');
}

/* ---------- CRC worked example ---------- */

function crcSection(): string {
  const check = new TextEncoder().encode('123456789');
  const data = objects.SettingsLayout.encode({ ...settings, sleepTime: 15 });
  const steps = Array.from(data, (b, i) => [i, hex(b), hex(crc16(data, 0, i + 1), 4)]);
  const c = crc16(data);
  const report = encodeFrame(writeFrames(CMD.system, SUB.system.settings, 0, data)[0]!);
  return [
    `Check value: the CRC16 of the ASCII bytes \`123456789\` is \`${hex(crc16(check), 4)}\`.`,
    `Worked example: the settings write in the examples carries the ${data.length} data bytes ` +
      `\`${hexBytes(data)}\`.`,
    table(['data byte', 'value', 'register after it'], [['(start)', '', hex(0xffff, 4)], ...steps]),
    `The CRC is \`${hex(c, 4)}\`, stored little endian in header bytes 6-7 as \`${hex(c & 0xff)} ${hex(c >> 8)}\`; ` +
      `the header of that report is \`${hexBytes(report.subarray(0, frame.HEADER_SIZE))}\`.`,
    `Two more values to test against: no data bytes give \`${hex(crc16(new Uint8Array(0)), 4)}\`; ` +
      `\`FF FF\` (the data of a read "to the end") gives \`${hex(crc16(new Uint8Array([0xff, 0xff])), 4)}\`.`,
  ].join('\n\n');
}

/* ---------- examples ---------- */

function frameLabel(step: Step): string {
  if (step.label) return step.label;
  const f = step.frame;
  const [code = 0, cmd = 0, sub = 0] = f.data;
  if (f.cmd === CMD.error)
    return `error ${errorNames.get(code)} (${hex(code)}) · tag ${f.seq ?? 0} · refused cmd ${hex(cmd)} sub ${hex(sub)}`;
  const name = `${groupNames.get(f.cmd) ?? hex(f.cmd)}.${subName(f.cmd, subId(f.sub)) ?? hex(subId(f.sub))}`;
  const notification = f.cmd === CMD.notify && UNSOLICITED_NOTIFY_SUBS.includes(subId(f.sub));
  const role =
    step.dir === 'host'
      ? isWrite(f.sub)
        ? 'write'
        : 'read'
      : notification
        ? 'notification'
        : isWrite(f.sub)
          ? 'ack'
          : 'reply';
  const more = hasMore(f.sub) ? ', more' : '';
  const plural = f.data.length === 1 ? '' : 's';
  const tag = f.seq ? `tag ${f.seq}` : 'untagged';
  return `${name} ${role}${more} · sub ${hex(f.sub)} · ${tag} · offset ${f.offset} · ${f.data.length} data byte${plural}`;
}

/** Hex lines of a report, 16 bytes each; the zero padding after the data bytes is left out. */
function hexDump(report: Uint8Array): string[] {
  const declared = report[2]!;
  const end = Math.min(report.length, frame.HEADER_SIZE + Math.min(declared, frame.MAX_DATA));
  const lines: string[] = [];
  for (let at = 0; at < end; at += 16) {
    const left = hexBytes(report.subarray(at, Math.min(end, at + 8)));
    const right = end > at + 8 ? `  ${hexBytes(report.subarray(at + 8, Math.min(end, at + 16)))}` : '';
    lines.push(`  ${at.toString(16).padStart(2, '0')}: ${left}${right}`);
  }
  return lines;
}

function renderExample(ex: Example): string {
  const lines = ex.steps.flatMap((s) => [
    `${s.dir === 'host' ? '→' : '←'} ${frameLabel(s)}`,
    ...hexDump(s.report ?? encodeFrame(s.frame)),
  ]);
  const note = ex.note ? [ex.note] : [];
  return [`#### ${ex.title}`, ...note, ['```text', ...lines, '```'].join('\n')].join('\n\n');
}

function examplesSection(): string {
  const out: string[] = [];
  let section = '';
  for (const ex of buildExamples()) {
    if (ex.section !== section) out.push(`### ${(section = ex.section)}`);
    out.push(renderExample(ex));
  }
  return out.join('\n\n');
}

/* ---------- field meanings (every field of every layout must have one) ---------- */

const MM = '0.01 mm';
const FIELD_MEANING: Record<string, string> = {
  'Descriptor.protocol': `protocol version, ${objects.PROTOCOL_VERSION}`,
  'Descriptor.modelId': 'model id (src/core/models.ts)',
  'Descriptor.devType': '2 keyboard, 3 mouse, 4 dongle',
  'Descriptor.fw': 'firmware version major, minor, patch',
  'Descriptor.hw': 'hardware version major, minor, patch',
  'Descriptor.serial': 'serial number',
  'Descriptor.keyCount': 'keys; key ids are 0 … keyCount-1',
  'Descriptor.layerCount': 'key-map layers',
  'Descriptor.themeCount': 'theme (profile) slots',
  'Descriptor.dksCap': 'slots of the DKS list',
  'Descriptor.shortcutCap': 'slots of the shortcut list',
  'Descriptor.macroCap': 'slots of the macro list',
  'Descriptor.snaptapCap': 'slots of the snap-tap list',
  'Descriptor.hypertapCap': 'slots of the hyper-tap list',
  'Descriptor.macroMaxEvents': `events one macro may hold (≤ ${objects.MACRO_EVENTS})`,
  'Descriptor.dksSlots': `DKS rows the device honours (4 or ${objects.DKS_ROWS})`,
  'Descriptor.features': 'feature flags (bit set, see the table below)',
  'Descriptor.accessMode': '0 USB, 1 2.4 GHz, 2 Bluetooth',
  'Descriptor.battery': 'percent 0-100; 0xFF: no battery',
  'Descriptor.releaseYear': 'firmware release date: year',
  'Descriptor.releaseMonth': 'month 1-12',
  'Descriptor.releaseDay': 'day 1-31',
  'Descriptor.vendorId': 'USB vendor id',
  'Descriptor.productId': 'USB product id',
  'Status.battery': 'percent 0-100; 0xFF: no battery',
  'Status.charging': '1 while charging',
  'Status.accessMode': '0 USB, 1 2.4 GHz, 2 Bluetooth',
  'Status.syncing': '1 while writing flash (changing), 0 settled (changed)',
  'Status.voltage': 'battery voltage in mV; 0xFFFF: unknown or no battery',
  'Status.current': "battery current in mA, two's complement, negative while discharging; 0x8000: unknown",
  'Status.chargeMinutes': 'minutes until charged, 0 when not charging or full; 0xFFFF: unknown',
  'Status.cycles': 'charge cycles so far; 0xFFFF: unknown or no battery',
  'Status.health': 'battery health, percent 0-100; 0xFF: unknown or no battery',
  'Status.pairState': '0 unpaired, 1 pairing, 2 paired; 0xFF: no radio',
  'Themes.current': 'active slot 0 … count-1; write it to switch theme',
  'Themes.count': 'slots in use (read-only: a write must leave it unchanged)',
  'Themes.names': `slot names; slot n at offset 2 + ${objects.NAME_BYTES} × n`,
  'ThemeName.name': 'UTF-8, zero padded, cut at a character boundary',
  'Settings.useNKey': 'N-key rollover 0 off, 1 on',
  'Settings.useSleep': 'sleep 0 off, 1 on',
  'Settings.sleepTime': 'minutes before sleep, 1-60',
  'Settings.autoCalibration': 'automatic calibration 0 off, 1 on',
  'Settings.reportRate': '0 125 Hz, 1 250 Hz, 2 1000 Hz',
  'Rgb.r': 'red 0-255',
  'Rgb.g': 'green 0-255',
  'Rgb.b': 'blue 0-255',
  'Lighting.lightSwitch': 'key lighting 0 off, 1 on',
  'Lighting.modeIndex': `active mode 0-${objects.LIGHT_MODES - 1}`,
  'Lighting.colourIndex': `palette entry the active mode uses, 0-${objects.PALETTE_SIZE - 1}`,
  'Lighting.modes': 'settings of each lighting mode',
  'Lighting.palette': 'custom colour slots',
  'LightMode.light': 'brightness, between min and max',
  'LightMode.speed': 'effect speed',
  'LightMode.direction': '0 low to high, 1 high to low',
  'LightMode.random': '1: random colours',
  'LightMode.randomByPress': '1: a new random colour on each press',
  'LightMode.min': 'lowest brightness this mode allows',
  'LightMode.max': 'highest brightness this mode allows',
  'OuterFrame.frameSwitch': 'outer-frame light 0 off, 1 on',
  'OuterFrame.index': 'active mode, 0 … size-1',
  'OuterFrame.size': `modes the model offers (≤ ${objects.OUTER_FRAME_MODES}; read-only)`,
  'OuterFrame.items': 'colour of each mode',
  'Hsva.h': 'hue, 0-255 for 0-360°',
  'Hsva.s': 'saturation 0-255',
  'Hsva.v': 'value (brightness) 0-255',
  'Hsva.a': 'alpha (blend) 0-255',
  'Ambient.ambientSwitch': 'ambient light 0 off, 1 on',
  'Ambient.modeIndex': 'active mode, 0 … modeCount-1',
  'Ambient.colourIndex': 'active colour, 0 … colourCount-1',
  'Ambient.subtype': 'style of mode 3 (rhythm): 0 pulse, 1 bars, 2 bounce; firmware 3.9.7 and later',
  'Ambient.modeCount': `modes offered (≤ ${objects.AMBIENT_MODES}; read-only)`,
  'Ambient.colourCount': 'colours offered (read-only)',
  'Ambient.modes': 'settings of each mode',
  'AmbientMode.light': 'brightness',
  'AmbientMode.speed': 'effect speed',
  'PerfKey.trigger': `actuation travel, ${MM}`,
  'PerfKey.dead': `dead zone, ${MM}`,
  'PerfKey.rapidPress': `rapid-trigger press travel, ${MM}`,
  'PerfKey.rapidRelease': `rapid-trigger release travel, ${MM}`,
  'PerfKey.flags': 'bit 0 rapid trigger on, bit 1 rt mode, bits 2-3 sensitivity 0-2, bit 4 series, bit 5 advanced',
  'PerfKey.switchType': 'switch type 1-17 (row n-1 of the switches object)',
  'SwitchSpec.triggerAccuracy': `actuation step, ${MM}`,
  'SwitchSpec.minTrigger': `lowest actuation travel, ${MM}`,
  'SwitchSpec.maxTrigger': `highest actuation travel, ${MM}`,
  'SwitchSpec.minRapid': `lowest rapid-trigger travel, ${MM}`,
  'SwitchSpec.maxRapid': `highest rapid-trigger travel, ${MM}`,
  'SwitchSpec.rapidAccuracy': `rapid-trigger step, ${MM}`,
  'SwitchSpec.deadAccuracy': `dead-zone step, ${MM}`,
  'SwitchSpec.maxDead': `highest dead zone, ${MM}`,
  'CalibrationKey.min': 'lowest raw ADC seen (key at rest)',
  'CalibrationKey.max': 'highest raw ADC seen (key bottomed out)',
  'FuncInfo.dksCap': 'slots of the DKS list',
  'FuncInfo.shortcutCap': 'slots of the shortcut list',
  'FuncInfo.macroCap': 'slots of the macro list',
  'FuncInfo.snaptapCap': 'slots of the snap-tap list',
  'FuncInfo.hypertapCap': 'slots of the hyper-tap list',
  'FuncInfo.dksSlots': 'DKS rows honoured (4 or 8)',
  'FuncInfo.macroMaxEvents': 'events one macro may hold',
  'FuncInfo.dksMaxTrigger': `deepest DKS level, ${MM} (360 = 3.6 mm)`,
  'FuncInfo.dksUsed': 'bit n set: DKS slot n holds an item',
  'FuncInfo.shortcutUsed': 'bit n set: shortcut slot n holds an item',
  'FuncInfo.macroUsed': 'bit n set: macro slot n holds an item',
  'FuncInfo.snaptapUsed': 'bit n set: snap-tap slot n holds an item',
  'FuncInfo.hypertapUsed': 'bit n set: hyper-tap slot n holds an item',
  'DksRecord.used': '1: the slot holds an item, 0: free (the rest is ignored)',
  'DksRecord.topLevel': `upper actuation level, ${MM}`,
  'DksRecord.bottomLevel': `lower actuation level, ${MM}`,
  'DksRecord.tickType': '0 static, 1 dynamic',
  'DksRecord.tickMin': 'lower tick bound',
  'DksRecord.tickMax': 'upper tick bound',
  'DksRecord.name': 'UTF-8, zero padded',
  'DksRecord.rows': 'rows beyond dksSlots are zero',
  'DksRow.code': 'key code sent by this row (0: row unused)',
  'DksRow.stages': 'per stage: bit 7 visible, bits 0-2 useID 0-4',
  'ShortcutRecord.used': '1: the slot holds an item, 0: free (the rest is ignored)',
  'ShortcutRecord.scType': '0 replace, 1 action, 2 lock, 4 mod-tap, 5 toggle',
  'ShortcutRecord.keyCount': 'keys in use: replace and lock ≤ 6, mod-tap 2, toggle 1',
  'ShortcutRecord.holdTime': 'ms, 10-1000 (mod-tap)',
  'ShortcutRecord.name': 'UTF-8, zero padded',
  'ShortcutRecord.keys': 'key codes; entries from keyCount on are zero',
  'MacroRecord.used': '1: the slot holds an item, 0: free (the rest is ignored)',
  'MacroRecord.name': 'UTF-8, zero padded',
  'MacroRecord.delayType': '0 recorded delays, 1 random delays in delayMin … delayMax',
  'MacroRecord.delayMin': 'ms',
  'MacroRecord.delayMax': 'ms',
  'MacroRecord.repeat': 'repetitions 1-1000',
  'MacroRecord.triggerType': 'trigger action 0-4',
  'MacroRecord.triggerDelay': 'ms',
  'MacroRecord.count': 'events in use, ≤ macroMaxEvents',
  'MacroRecord.events': 'entries from count on are zero',
  'MacroEvent.code': 'key code',
  'MacroEvent.flags': 'bit 0: 1 key down, 0 key up',
  'MacroEvent.delay': 'ms to wait after this event',
  'SnaptapRecord.used': '1: the slot holds an item, 0: free (the rest is ignored)',
  'SnaptapRecord.keyA': 'key id',
  'SnaptapRecord.keyB': 'key id, different from keyA',
  'SnaptapRecord.mode': '0 last input wins, 1 first input wins, 2 neutral',
  'HypertapRecord.used': '1: the slot holds an item, 0: free (the rest is ignored)',
  'HypertapRecord.keyA': 'key id',
  'HypertapRecord.secondKind': '0: second is a key id; 1: second is a key code (feature hypertapKeyDescriptor)',
  'HypertapRecord.second': 'key id or key code, per secondKind',
  'TriggerSample.keyId': 'key id',
  'TriggerSample.trigger': `travel, ${MM}`,
  'TriggerSample.adc': 'raw ADC reading',
  'KeyEvent.keyId': 'key id',
  'KeyEvent.down': '1 pressed, 0 released',
  'KeyEvent.code': 'key code of the key on layer 0',
  'KeyEvent.time': 'device milliseconds, wraps at 2^32',
  'FirmwareBegin.target': '0: the keyboard firmware (other values: invalidValue)',
  'FirmwareBegin.size': 'image bytes',
  'FirmwareBegin.version': 'image version major, minor, patch',
  'FirmwareBegin.crc': 'CRC-32 of the whole image',
  'FirmwareProgress.state': '0 idle, 1 receiving, 2 verified and applied, 3 failed verification',
  'FirmwareProgress.received': 'image bytes held, from the start of the image',
  'FirmwareProgress.size': 'image bytes announced by begin',
};

/* ---------- sample device: a made68pro with 68 keys and 4 layers ---------- */

const MODEL = findModel('made68pro')!;
export const SAMPLE_DESCRIPTOR: objects.Descriptor = {
  protocol: objects.PROTOCOL_VERSION,
  modelId: MODEL.modelId,
  devType: MODEL.devType,
  fw: [1, 3, 6],
  hw: [1, 0, 0],
  serial: 'KT68P-2405-00123',
  keyCount: MODEL.keyCount,
  layerCount: objects.LAYERS,
  themeCount: objects.THEME_SLOTS,
  dksCap: 16,
  shortcutCap: 16,
  macroCap: 16,
  snaptapCap: 8,
  hypertapCap: 8,
  macroMaxEvents: objects.MACRO_EVENTS,
  dksSlots: objects.DKS_ROWS,
  features:
    FEATURE.outerFrame |
    FEATURE.perKeyRgb |
    FEATURE.calibration |
    FEATURE.nKey |
    FEATURE.sleep |
    FEATURE.hypertapKeyDescriptor,
  accessMode: 0,
  battery: 0xff,
  releaseYear: 2024,
  releaseMonth: 4,
  releaseDay: 22,
  vendorId: MODEL.vendorId,
  productId: MODEL.productId,
};
const D = SAMPLE_DESCRIPTOR;
const KEYS = D.keyCount;
const FN = makeKeycode(KEYCODE_KIND.special, 0x01);
const range = <T = number>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);
const u16le = (v: number): number[] => [v & 0xff, v >> 8];
const u32le = (v: number): number[] => [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >>> 24];
// prettier-ignore
const LAYER0 = [
  0x29, ...range(10, (i) => 0x1e + i), 0x2d, 0x2e, 0x2a, 0x4a,
  0x2b, 0x14, 0x1a, 0x08, 0x15, 0x17, 0x1c, 0x18, 0x0c, 0x12, 0x13, 0x2f, 0x30, 0x31, 0x4b,
  0x39, 0x04, 0x16, 0x07, 0x09, 0x0a, 0x0b, 0x0d, 0x0e, 0x0f, 0x33, 0x34, 0x28, 0x4e,
  0xe1, 0x1d, 0x1b, 0x06, 0x19, 0x05, 0x11, 0x10, 0x36, 0x37, 0x38, 0xe5, 0x52, 0x4d,
  0xe0, 0xe3, 0xe2, 0x2c, 0xe6, FN, 0xe4, 0x50, 0x51, 0x4f,
];
const LAYER1 = range(KEYS, (i) => (i >= 1 && i <= 12 ? 0x3a + i - 1 : 0));
const KEY_A = 31;
const KEY_D = 33;

const themes: objects.Themes = {
  current: 0,
  count: 4,
  names: ['Default', 'E-sports', 'Typing', 'Rapid'].map((name) => ({ name })),
};
const settings: objects.Settings = { useNKey: 1, useSleep: 1, sleepTime: 10, autoCalibration: 1, reportRate: 2 };
const PALETTE = [0xff0000, 0xff8000, 0xffff00, 0x00ff00, 0x00ffff, 0x0000ff, 0x8000ff, 0xffffff];
const lighting: objects.Lighting = {
  lightSwitch: 1,
  modeIndex: 2,
  colourIndex: 0,
  modes: range(objects.LIGHT_MODES, (i) => i).map((i) => ({
    light: 30,
    speed: 2,
    direction: i % 2,
    random: 0,
    randomByPress: i === 5 ? 1 : 0,
    min: 0,
    max: 36,
  })),
  palette: PALETTE.map((c) => ({ r: c >> 16, g: (c >> 8) & 0xff, b: c & 0xff })),
};
const outerFrame: objects.OuterFrame = {
  frameSwitch: 1,
  index: 0,
  size: 4,
  items: range(objects.OUTER_FRAME_MODES, (i) => i).map((i) => ({ h: i * 32, s: 255, v: 200, a: 255 })),
};
const ambient: objects.Ambient = {
  ambientSwitch: 1,
  modeIndex: 1,
  colourIndex: 0,
  subtype: 1,
  modeCount: objects.AMBIENT_MODES,
  colourCount: 8,
  modes: range(objects.AMBIENT_MODES, () => 0).map(() => ({ light: 50, speed: 3 })),
};
const funcInfo: objects.FuncInfo = {
  ...{ dksCap: D.dksCap, shortcutCap: D.shortcutCap, macroCap: D.macroCap, snaptapCap: D.snaptapCap },
  ...{ hypertapCap: D.hypertapCap, dksSlots: D.dksSlots, macroMaxEvents: D.macroMaxEvents },
  ...{ dksMaxTrigger: 360, dksUsed: 0b101, shortcutUsed: 0b1, macroUsed: 0b1, snaptapUsed: 0b1, hypertapUsed: 0b1 },
};
const emptyRow = { code: 0, stages: [0, 0, 0, 0] };
const dks: objects.DksRecord = {
  ...{ used: 1, topLevel: 50, bottomLevel: 320, tickType: 0, tickMin: 3, tickMax: 5, name: 'Peek' },
  rows: [
    { code: 0x1a, stages: [0x81, 0x80, 0x80, 0x84] },
    { code: 0x2c, stages: [0, 0, 0x82, 0] },
    ...range(6, () => 0),
  ].map((r) => (typeof r === 'number' ? emptyRow : r)),
};
const shortcut: objects.ShortcutRecord = {
  ...{ used: 1, scType: 4, keyCount: 2, holdTime: 200, name: 'Ctrl/Esc' },
  keys: [0x29, 0xe0, 0, 0, 0, 0],
};
const hello = [0x0b, 0x0b, 0x0c, 0x0c].map((code, i) => ({ code, flags: i % 2 ? 0 : 1, delay: i === 3 ? 0 : 30 }));
const macro: objects.MacroRecord = {
  ...{ used: 1, name: 'Hello', delayType: 0, delayMin: 30, delayMax: 35, repeat: 1, triggerType: 0, triggerDelay: 0 },
  count: hello.length,
  events: [
    ...hello,
    ...range(objects.MACRO_EVENTS - hello.length, () => 0).map(() => ({ code: 0, flags: 0, delay: 0 })),
  ],
};
const freeSlots = <T>(l: Layout<T>, first: T, cap: number): Uint8Array => {
  const out = new Uint8Array(l.size * cap);
  out.set(l.encode(first));
  return out;
};
const perfKey = (i: number): objects.PerfKey =>
  i === 0
    ? { trigger: 200, dead: 20, rapidPress: 30, rapidRelease: 30, flags: 0, switchType: 3 }
    : { trigger: 120, dead: 20, rapidPress: 30, rapidRelease: 30, flags: 1, switchType: 3 };
const switchSpec = (i: number): objects.SwitchSpec => ({
  ...{ triggerAccuracy: 1, minTrigger: 10, maxTrigger: i < 8 ? 400 : 340, minRapid: 1, maxRapid: 200 },
  ...{ rapidAccuracy: 1, deadAccuracy: 1, maxDead: 60 },
});
const calibrationKey = (i: number): objects.CalibrationKey => ({ min: 1850 + (i % 7) * 11, max: 3300 + (i % 5) * 13 });

/** The status fields of a device without a battery or a radio (the wired sample device). */
const NO_BATTERY = {
  voltage: objects.STATUS_UNKNOWN.u16,
  current: objects.STATUS_UNKNOWN.current,
  chargeMinutes: objects.STATUS_UNKNOWN.u16,
  cycles: objects.STATUS_UNKNOWN.u16,
  health: objects.STATUS_UNKNOWN.u8,
  pairState: objects.STATUS_UNKNOWN.u8,
};

/** The bytes of every object of the sample device, as the registry sizes them. */
function sampleObjects(): Record<ObjectName, Uint8Array> {
  const all: Record<ObjectName, Uint8Array> = {
    descriptor: objects.DescriptorLayout.encode(D),
    status: objects.StatusLayout.encode({ battery: 0xff, charging: 0, accessMode: 0, syncing: 0, ...NO_BATTERY }),
    themes: objects.ThemesLayout.encode(themes),
    settings: objects.SettingsLayout.encode(settings),
    keymap: encodeU16List([...LAYER0, ...LAYER1, ...range(KEYS * (D.layerCount - 2), () => 0)]),
    colours: encodeList(
      objects.RgbLayout,
      range(KEYS, (i) => ({ r: (i * 3) & 0xff, g: 255 - i * 3, b: 128 })),
    ),
    lighting: objects.LightingLayout.encode(lighting),
    funcInfo: objects.FuncInfoLayout.encode(funcInfo),
    dks: freeSlots(objects.DksRecordLayout, dks, D.dksCap),
    shortcut: freeSlots(objects.ShortcutRecordLayout, shortcut, D.shortcutCap),
    macro: freeSlots(objects.MacroRecordLayout, macro, D.macroCap),
    snaptap: freeSlots(objects.SnaptapRecordLayout, { used: 1, keyA: KEY_A, keyB: KEY_D, mode: 0 }, D.snaptapCap),
    hypertap: freeSlots(
      objects.HypertapRecordLayout,
      { used: 1, keyA: KEY_A, secondKind: 0, second: KEY_D },
      D.hypertapCap,
    ),
    outerFrame: objects.OuterFrameLayout.encode(outerFrame),
    perf: encodeList(objects.PerfKeyLayout, range(KEYS, perfKey)),
    switches: encodeList(objects.SwitchSpecLayout, range(objects.SWITCH_TYPES, switchSpec)),
    calibration: new Uint8Array([2, ...encodeList(objects.CalibrationKeyLayout, range(KEYS, calibrationKey))]),
    adc: encodeU16List(range(KEYS, (i) => 2050 + (i % 9) * 3)),
    rapidComplete: new Uint8Array([1]),
    ambient: objects.AmbientLayout.encode(ambient),
  };
  for (const name of Object.keys(OBJECTS) as ObjectName[])
    if (all[name].length !== OBJECTS[name].size(D)) throw new Error(`docs: sample ${name} has the wrong size`);
  return all;
}

/* ---------- the examples ---------- */

export interface Step {
  dir: 'host' | 'device';
  frame: Frame;
  /** The report as sent, when an example shows a deliberately malformed one. */
  report?: Uint8Array;
  label?: string;
}
export interface Example {
  section: string;
  title: string;
  note: string;
  steps: Step[];
}

const host = (f: Frame): Step => ({ dir: 'host', frame: f });
const device = (f: Frame): Step => ({ dir: 'device', frame: f });
const bytes = (...parts: (number | number[] | Uint8Array)[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'number' ? [p] : Array.from(p))));
const commandAck = (cmd: number, sub: number, data = [0]): Step =>
  device({ cmd, sub: sub | SUB_WRITE, offset: 0, data: bytes(data) });

/** Title and note of each example, by id, in the order of the document; section headings start with '#'. */
const EXAMPLE_TEXT: [id: string, title: string, note: string][] = [
  ['#', 'System (0x01)', ''],
  ['handshake', 'Handshake', 'Read the descriptor to the end; the first request after connecting.'],
  [
    'multiRead',
    'Read several objects at once',
    'Each object streams back as a whole read. The made68pro has no ambient light: that one is refused and the rest goes on.',
  ],
  [
    'slotRead',
    'Read objects of another theme slot',
    'Protocol 1.1. Slot 2 while slot 0 is current: its snap-tap list (empty there), outer frame (mode 1) and ' +
      'rapid-complete (off), and the ambient light the made68pro lacks, refused as in a multi-read. The keyboard ' +
      'stays on slot 0.',
  ],
  [
    'slotReadRange',
    'Read a theme slot the device lacks',
    'Slot 4 of a device with four slots (0-3): the whole request is refused with outOfRange.',
  ],
  [
    'status',
    'Read the status',
    'Battery 0xFF: this wired model has no battery; its battery attributes and pairing state read as unknown.',
  ],
  ['themes', 'Read the theme slots', 'The 66-byte object streams in two frames; the second carries offset 56.'],
  ['themeSwitch', 'Switch theme', 'One byte at offset 0: slot 2 becomes current.'],
  ['themeRename', 'Rename theme slot 3', 'Names sit at offset 2 + 16 × slot; this one holds a 3-byte UTF-8 character.'],
  ['settings', 'Read the settings', ''],
  ['settingsWrite', 'Write the settings', 'Sleep after 15 minutes.'],
  ['factoryReset', 'Factory reset', "Every object returns to its default. Data other than 'RST' is refused."],
  ['bootloader', 'Enter the bootloader', 'Acknowledged, then the device restarts in bootloader mode.'],
  [
    'pair',
    'Pair the radio',
    'Protocol 1.2, on a wireless keyboard (the wired sample has no radio and refuses it with notSupported): ' +
      'acknowledged, then a status notification with pairing state 1 (pairing) and, about 2 s later, one with 2 ' +
      '(paired).',
  ],
  [
    'transaction',
    'Change several objects at once',
    'A DKS item in slot 2 and its binding on keys 1-3 of layer 2: begin, a two-frame write, a masked command and ' +
      'the commit with the count 2, all under one tag. Nothing is visible until the commit applies both.',
  ],
  [
    'transactionAbort',
    'Abort a transaction',
    'The host gave up after staging a performance change: the abort (its own tag) drops it. Any request with ' +
      'another tag than the transaction would have dropped it too.',
  ],
  ['#', 'Key map (0x02)', ''],
  ['keymap', 'Read layer 0', 'Layer n starts at offset n × keyCount × 2; 136 bytes arrive in three frames.'],
  ['keymapWrite', 'Write layer 1', 'F1-F12 on the number row: three frames, committed and acknowledged once.'],
  ['keymapKey', 'Write one key', 'Key 63 of layer 0 (Fn) becomes momentary layer 1, key code 0x4001.'],
  ['keymapSetKeys', 'Assign a key code to several keys', 'Layer 2, keys 1-3 get macro slot 0 (key code 0xA000).'],
  ['resetLayer', 'Reset a layer', 'Layer 1 returns to the default layout; 0xFF would reset every layer.'],
  ['#', 'Key colour and lighting (0x03)', ''],
  ['colours', 'Read every key colour', '68 keys × 3 bytes stream in four frames.'],
  ['colourWrite', 'Write one key colour', 'Key 10 turns red: offset 10 × 3.'],
  ['colourSetKeys', 'Paint several keys', 'Keys 31-33 (A, S, D) turn blue.'],
  ['lighting', 'Read the lighting', ''],
  ['lightingWrite', 'Write the lighting', 'Mode 5 becomes active.'],
  ['#', 'Advanced keys (0x04)', ''],
  ['funcInfo', 'Read the function info', 'Capacities and the used-slot bitmaps.'],
  ['dks', 'Read DKS slot 0', 'Slot n starts at offset n × 72.'],
  ['dksWrite', 'Write DKS slot 2', ''],
  ['dksFree', 'Free DKS slot 2', 'Writing 0 to the used byte frees the slot; the rest of the record is ignored.'],
  ['shortcut', 'Read shortcut slot 0', ''],
  ['shortcutWrite', 'Write shortcut slot 1', 'A lock shortcut of one key.'],
  [
    'macro',
    'Read the head of macro slot 0',
    'The 28-byte header and the four events in use: a read may stop anywhere.',
  ],
  ['macroWrite', 'Write macro slot 0', 'The whole 428-byte record in eight frames; events past count are zero.'],
  ['snaptap', 'Read the snap-tap list', 'Eight 4-byte slots in one frame.'],
  ['snaptapWrite', 'Write snap-tap slot 1', 'Keys W (16) and S (32), first input wins.'],
  ['hypertap', 'Read the hyper-tap list', ''],
  ['hypertapWrite', 'Write hyper-tap slot 1', ''],
  ['#', 'Outer-frame light (0x07)', ''],
  ['outerFrame', 'Read the outer frame', ''],
  ['outerFrameWrite', 'Write the outer frame', 'Mode 1 becomes active.'],
  ['#', 'Notifications (0x08)', ''],
  ['reportMode', 'Set the report mode', 'Mode 2 (trigger stream) for keys A, S and D.'],
  ['triggerAdc', 'Trigger stream', 'Three 5-byte samples; up to 11 fit one frame.'],
  ['keyEvent', 'Key event', 'Key 31 (A, code 0x0004) pressed at device time 123456 ms.'],
  ['calibrationState', 'Calibration state', 'The state became 1 (running); a state change carries no keys.'],
  ['calibrationKey', 'Calibration progress', 'While running: key 31 widened its range to 1840-3320.'],
  ['sync', 'Sync', 'The device started writing flash (1); another with 0 follows when it settles.'],
  [
    'statusNotify',
    'Status',
    'Sent when the battery, charging state, connection or pairing state changes: a wireless model plugged in at 84 %, 4096 mV, charging at 410 mA, 24 minutes to full, 37 cycles, health 99 %, paired.',
  ],
  ['#', 'Key performance (0x0A)', ''],
  ['perf', 'Read the performance of keys 0-9', 'Ten 10-byte records: offset 0, length 100.'],
  ['perfWrite', 'Write the performance of key 3', 'Offset 3 × 10; actuation 0.80 mm, rapid trigger on.'],
  ['perfSetKeys', 'Set one field on several keys', 'Actuation 1.50 mm (150) for keys 31-33.'],
  ['switches', 'Read the switch types', '17 × 16 bytes in five frames; row n-1 describes switch type n.'],
  ['calibration', 'Read the calibration head', 'The state byte and keys 0-3.'],
  ['calibrationWrite', 'Start calibration', 'Write the state byte: 1 start, 2 save, 0 cancel.'],
  ['adc', 'Read the ADC values', 'One raw u16 per key, in three frames.'],
  ['rapidComplete', 'Read rapid-complete', ''],
  ['rapidCompleteWrite', 'Write rapid-complete', ''],
  ['#', 'Ambient light (0x0B)', ''],
  [
    'ambient',
    'Read the ambient light',
    'The made68pro has no ambient light and answers notSupported; a model with the ambient feature (real67) answers like this.',
  ],
  ['ambientWrite', 'Write the ambient light', 'Switched off.'],
  ['#', 'Firmware update (0x0C)', ''],
  ['fwBegin', 'Begin an update', 'A 200-byte image; resumeFrom 0: nothing held yet.'],
  ['fwChunks', 'Send a window of chunks', 'Chunk numbers travel in the offset; only the window end is acknowledged.'],
  ['fwFinish', 'Finish', 'CRC-32, header, model and version verified: the device switches to the new image.'],
  ['fwStatus', 'Read the update status', 'State 2: verified and applied.'],
  ['fwResume', 'Resume after a cut', 'The link dropped after chunk 1; the same begin answers resumeFrom 112 bytes.'],
  ['#', 'Errors (0xEE)', ''],
  ['badCrc', 'Bad CRC', 'Header byte 6 was corrupted in transit.'],
  ['badLength', 'Bad length', 'The header declares 60 data bytes; at most 56 fit.'],
  ['unknownCommand', 'Unknown command', 'Group 0x05 does not exist.'],
  ['outOfRange', 'Out of range', 'The key map of this device is 544 bytes long: a read cannot start at 600.'],
  ['invalidValue', 'Invalid value', 'Sleep time 0 is outside 1-60; nothing changes.'],
  ['busy', 'Busy in bootloader mode', 'Only the handshake and firmware commands are served there.'],
  ['notSupported', 'Not supported', 'The descriptor is read-only.'],
  ['sequence', 'Out of sequence', 'The second frame of a stream skips 56 bytes; the whole stream is dropped.'],
  [
    'commitCount',
    'Commit with another count',
    'The host counted two changes, the device staged one (a lost frame, a host bug): nothing is applied.',
  ],
  [
    'verifyFailed',
    'Verification failed',
    'The image does not match the CRC-32 of begin; the old firmware keeps running.',
  ],
];

/** The frames of every example, by id. */
function exampleSteps(): Map<string, Step[]> {
  const obj = sampleObjects();
  const steps = new Map<string, Step[]>();
  // Each example is one exchange with a tag of its own, unless its steps carry theirs; notifications are untagged.
  let lastTag = 0;
  const nextTag = (): number => (lastTag = (lastTag % 255) + 1);
  const untagged = (step: Step): boolean => step.frame.seq === undefined && !isNotificationFrame(step.frame);
  const withTag =
    (seq: number) =>
    (step: Step): Step => ({ ...step, frame: tagged(step.frame, seq) });
  const add = (id: string, s: Step[]): void => {
    const seq = s.some(untagged) ? nextTag() : 0;
    steps.set(
      id,
      s.map((step) => (untagged(step) ? withTag(seq)(step) : step)),
    );
  };
  const read = (id: string, name: ObjectName, offset = 0, length = READ_TO_END): void => {
    const { cmd, sub } = OBJECTS[name];
    const part = obj[name].subarray(offset, length === READ_TO_END ? undefined : offset + length);
    add(id, [host(readRequest(cmd, sub, offset, length)), ...chunkFrames(cmd, sub, offset, part).map(device)]);
  };
  const write = (id: string, name: ObjectName, offset: number, payload: Uint8Array): void => {
    const { cmd, sub } = OBJECTS[name];
    const ack = device({ cmd, sub: sub | SUB_WRITE, offset, data: bytes(0, u16le(payload.length)) });
    add(id, [...writeFrames(cmd, sub, offset, payload).map(host), ack]);
  };
  const command = (id: string, cmd: number, sub: number, data: Uint8Array, ack = [0]): void =>
    add(id, [host(commandFrame(cmd, sub, data)), commandAck(cmd, sub, ack)]);
  const notify = (id: string, sub: number, data: Uint8Array): void =>
    add(id, [device({ cmd: CMD.notify, sub, offset: 0, data })]);
  const refused = (id: string, code: number, request: Step[]): void => {
    const last = request[request.length - 1]!;
    add(id, [...request, device(errorFrame(code, last.frame.cmd, last.report?.[1] ?? last.frame.sub))]);
  };
  const { system, keymap, keyColour, notify: N, performance, firmware } = SUB;
  const L = objects;
  const mask = keyMask([31, 32, 33]);

  read('handshake', 'descriptor');
  const many: ObjectName[] = ['status', 'settings', 'themes', 'ambient'];
  const manyAnswer = concatBytes(
    many.map((n) => {
      const lacking = !(D.features & FEATURE.ambient) && n === 'ambient';
      const body = lacking ? new Uint8Array(0) : obj[n];
      const length = lacking ? MULTI_READ_REFUSED : body.length;
      return concatBytes([Uint8Array.of(length & 0xff, length >> 8), body]);
    }),
  );
  const manyReplies = chunkFrames(CMD.system, SUB.system.multiRead, 0, manyAnswer).map(device);
  add('multiRead', [host(multiReadRequest(many.map((n) => OBJECTS[n]))), ...manyReplies]);
  // Slot 2 holds other values than the current slot 0: an empty snap-tap list, outer-frame mode 1, rapid-complete off.
  const slot2: Partial<Record<ObjectName, Uint8Array>> = {
    snaptap: new Uint8Array(obj.snaptap.length),
    outerFrame: L.OuterFrameLayout.encode({ ...outerFrame, index: 1 }),
    rapidComplete: bytes(0),
  };
  const ofSlot: ObjectName[] = ['snaptap', 'outerFrame', 'rapidComplete', 'ambient'];
  const slotAnswer = concatBytes(
    ofSlot.map((n) => {
      const body = slot2[n];
      const length = body ? body.length : MULTI_READ_REFUSED;
      return concatBytes([Uint8Array.of(length & 0xff, length >> 8), body ?? new Uint8Array(0)]);
    }),
  );
  const slotReplies = chunkFrames(CMD.system, system.slotRead, 0, slotAnswer).map(device);
  const slotRequest = slotReadRequest(
    2,
    ofSlot.map((n) => OBJECTS[n]),
  );
  add('slotRead', [host(slotRequest), ...slotReplies]);
  refused('slotReadRange', DEVICE_ERROR.outOfRange, [host(slotReadRequest(D.themeCount, [OBJECTS.keymap]))]);
  read('status', 'status');
  read('themes', 'themes');
  write('themeSwitch', 'themes', 0, bytes(2));
  write('themeRename', 'themes', L.themeNameOffset(3), encodeText('Rapid ⚡', L.NAME_BYTES));
  read('settings', 'settings');
  write('settingsWrite', 'settings', 0, L.SettingsLayout.encode({ ...settings, sleepTime: 15 }));
  command('factoryReset', CMD.system, system.factoryReset, ascii('RST'));
  command('bootloader', CMD.system, system.bootloader, ascii('BOOT'));
  const radio = { battery: 85, charging: 0, accessMode: 1, syncing: 0, voltage: 4065, current: 0xfff4 };
  const radioFacts = { chargeMinutes: 0, cycles: 37, health: 99 };
  const radioStatus = (pairState: number): Step =>
    device({
      cmd: CMD.notify,
      sub: N.status,
      offset: 0,
      data: L.StatusLayout.encode({ ...radio, ...radioFacts, pairState }),
    });
  add('pair', [
    host(commandFrame(CMD.system, system.pair, ascii('PAIR'))),
    commandAck(CMD.system, system.pair),
    radioStatus(objects.PAIR_STATE.pairing),
    radioStatus(objects.PAIR_STATE.paired),
  ]);
  const dksSlot2 = L.DksRecordLayout.encode({ ...dks, name: 'Jump' });
  const dksAt = 2 * L.DksRecordLayout.size;
  const dksKey = u16le(makeKeycode(KEYCODE_KIND.dks, 2));
  add(
    'transaction',
    [
      host(transactionBegin()),
      commandAck(CMD.system, system.txBegin),
      ...writeFrames(CMD.advanced, SUB.advanced.dks, dksAt, dksSlot2).map(host),
      device({ cmd: CMD.advanced, sub: SUB.advanced.dks | SUB_WRITE, offset: dksAt, data: bytes(0, u16le(72)) }),
      host(commandFrame(CMD.keymap, keymap.setKeys, bytes(2, dksKey, keyMask([1, 2, 3])))),
      commandAck(CMD.keymap, keymap.setKeys),
      host(transactionCommit(2)),
      commandAck(CMD.system, system.txCommit, [0, ...u16le(2)]),
    ].map(withTag(nextTag())),
  );
  const perfTx = [
    host(transactionBegin()),
    commandAck(CMD.system, system.txBegin),
    host(commandFrame(CMD.performance, SUB.performance.setKeys, bytes(PERF_FIELD.trigger, u16le(60), mask))),
    commandAck(CMD.performance, SUB.performance.setKeys),
  ].map(withTag(nextTag()));
  const abort = [host(transactionAbort()), commandAck(CMD.system, system.txAbort)].map(withTag(nextTag()));
  add('transactionAbort', [...perfTx, ...abort]);

  read('keymap', 'keymap', 0, KEYS * 2);
  write('keymapWrite', 'keymap', KEYS * 2, encodeU16List(LAYER1));
  write('keymapKey', 'keymap', 63 * 2, encodeU16List([makeKeycode(KEYCODE_KIND.layer, 1)]));
  const macroKey = u16le(makeKeycode(KEYCODE_KIND.macro, 0));
  command('keymapSetKeys', CMD.keymap, keymap.setKeys, bytes(2, macroKey, keyMask([1, 2, 3])));
  command('resetLayer', CMD.keymap, keymap.resetLayer, bytes(1));

  read('colours', 'colours');
  write('colourWrite', 'colours', 10 * 3, bytes(0xff, 0, 0));
  command('colourSetKeys', CMD.keyColour, keyColour.setKeys, bytes(0, 0, 0xff, mask));
  read('lighting', 'lighting');
  write('lightingWrite', 'lighting', 0, L.LightingLayout.encode({ ...lighting, modeIndex: 5 }));

  const dksSize = L.DksRecordLayout.size;
  const shortcutSize = L.ShortcutRecordLayout.size;
  const lockWin = { used: 1, scType: 2, keyCount: 1, holdTime: 200, name: 'Lock Win', keys: [0xe3, 0, 0, 0, 0, 0] };
  read('funcInfo', 'funcInfo');
  read('dks', 'dks', 0, dksSize);
  write('dksWrite', 'dks', 2 * dksSize, L.DksRecordLayout.encode({ ...dks, name: 'Jump' }));
  write('dksFree', 'dks', 2 * dksSize, bytes(0));
  read('shortcut', 'shortcut', 0, shortcutSize);
  write('shortcutWrite', 'shortcut', shortcutSize, L.ShortcutRecordLayout.encode(lockWin));
  read('macro', 'macro', 0, 28 + 4 * L.MacroEventLayout.size);
  write('macroWrite', 'macro', 0, L.MacroRecordLayout.encode(macro));
  read('snaptap', 'snaptap');
  write('snaptapWrite', 'snaptap', 4, L.SnaptapRecordLayout.encode({ used: 1, keyA: 16, keyB: 32, mode: 1 }));
  read('hypertap', 'hypertap');
  write(
    'hypertapWrite',
    'hypertap',
    5,
    L.HypertapRecordLayout.encode({ used: 1, keyA: 16, secondKind: 0, second: 32 }),
  );

  read('outerFrame', 'outerFrame');
  write('outerFrameWrite', 'outerFrame', 0, L.OuterFrameLayout.encode({ ...outerFrame, index: 1 }));

  const trigger = [
    { keyId: 31, trigger: 150, adc: 2400 },
    { keyId: 32, trigger: 0, adc: 2050 },
    { keyId: 33, trigger: 40, adc: 2150 },
  ];
  command('reportMode', CMD.notify, N.reportMode, bytes(REPORT_MODE.triggerStream, mask));
  notify('triggerAdc', N.triggerAdc, encodeList(L.TriggerSampleLayout, trigger));
  notify('keyEvent', N.keyEvent, L.KeyEventLayout.encode({ keyId: KEY_A, down: 1, code: 0x04, time: 123456 }));
  notify('calibrationState', N.calibration, bytes(1, 0));
  notify('calibrationKey', N.calibration, bytes(1, 1, KEY_A, L.CalibrationKeyLayout.encode({ min: 1840, max: 3320 })));
  notify('sync', N.sync, bytes(1));
  const wirelessStatus = { battery: 84, charging: 1, accessMode: 0, syncing: 0, voltage: 4096, current: 410 };
  const batteryFacts = { chargeMinutes: 24, cycles: 37, health: 99, pairState: objects.PAIR_STATE.paired };
  notify('statusNotify', N.status, L.StatusLayout.encode({ ...wirelessStatus, ...batteryFacts }));

  read('perf', 'perf', 0, 10 * L.PerfKeyLayout.size);
  write('perfWrite', 'perf', 3 * L.PerfKeyLayout.size, L.PerfKeyLayout.encode({ ...perfKey(3), trigger: 80 }));
  command('perfSetKeys', CMD.performance, performance.setKeys, bytes(PERF_FIELD.trigger, u16le(150), mask));
  read('switches', 'switches');
  read('calibration', 'calibration', 0, 1 + 4 * L.CalibrationKeyLayout.size);
  write('calibrationWrite', 'calibration', 0, bytes(1));
  read('adc', 'adc');
  read('rapidComplete', 'rapidComplete');
  write('rapidCompleteWrite', 'rapidComplete', 0, bytes(0));

  read('ambient', 'ambient');
  write('ambientWrite', 'ambient', 0, L.AmbientLayout.encode({ ...ambient, ambientSwitch: 0 }));

  const F = CMD.firmware;
  // A signed image in the format of docs/protocol.md §9.1 (header with model, versions, length, CRC-32, signature).
  const image = buildFirmwareImage(D.modelId, '1.4.0', 112);
  const begin = L.FirmwareBeginLayout.encode({ target: 0, size: image.length, version: [1, 4, 0], crc: crc32(image) });
  const chunks = (from: number): Step[] =>
    chunkFrames(F, firmware.chunk | SUB_WRITE, 0, image.subarray(from * L.FIRMWARE_CHUNK)).map((f, i) =>
      host({ ...f, offset: from + i }),
    );
  const chunkAck = (last: number): Step =>
    device({ cmd: F, sub: firmware.chunk | SUB_WRITE, offset: last, data: bytes(0, u16le(last), u32le(image.length)) });
  const progress = L.FirmwareProgressLayout.encode({ state: 2, received: image.length, size: image.length });
  command('fwBegin', F, firmware.begin, begin, [0, ...u32le(0)]);
  add('fwChunks', [...chunks(0), chunkAck(3)]);
  command('fwFinish', F, firmware.finish, new Uint8Array(0));
  add('fwStatus', [
    host(readRequest(F, firmware.status)),
    device({ cmd: F, sub: firmware.status, offset: 0, data: progress }),
  ]);
  const resumeAck = commandAck(F, firmware.begin, [0, ...u32le(2 * L.FIRMWARE_CHUNK)]);
  const resume = [host(commandFrame(F, firmware.begin, begin)), resumeAck].map(withTag(nextTag()));
  add('fwResume', [...resume, ...[...chunks(2), chunkAck(3)].map(withTag(nextTag()))]);

  // A malformed report still carries its tag in the header, and the error reply echoes it.
  const malformed = (request: Frame, damage: (report: Uint8Array) => void, label: string): Step => {
    const frame = tagged(request, lastTag + 1);
    const report = encodeFrame(frame);
    damage(report);
    return { dir: 'host', frame, report, label: `${label} · tag ${lastTag + 1}` };
  };
  const settingsWrite = writeFrames(CMD.system, system.settings, 0, obj.settings)[0]!;
  const crcLabel = `settings write · CRC corrupted (correct: ${hex(crc16(settingsWrite.data), 4)})`;
  refused('badCrc', DEVICE_ERROR.badCrc, [malformed(settingsWrite, (r) => void (r[6]! ^= 0xff), crcLabel)]);
  const statusRead = readRequest(CMD.system, system.status);
  const lengthLabel = 'status read · declared length 60';
  refused('badLength', DEVICE_ERROR.badLength, [malformed(statusRead, (r) => void (r[2] = 60), lengthLabel)]);
  refused('unknownCommand', DEVICE_ERROR.unknownCommand, [host(readRequest(0x05, 0x01))]);
  refused('outOfRange', DEVICE_ERROR.outOfRange, [host(readRequest(CMD.keymap, keymap.keymap, 600, 2))]);
  const sleepZero = L.SettingsLayout.encode({ ...settings, sleepTime: 0 });
  refused('invalidValue', DEVICE_ERROR.invalidValue, writeFrames(CMD.system, system.settings, 0, sleepZero).map(host));
  refused('busy', DEVICE_ERROR.busy, [host(readRequest(CMD.keymap, keymap.keymap))]);
  refused('notSupported', DEVICE_ERROR.notSupported, [host(commandFrame(CMD.system, system.handshake, bytes(0)))]);
  const layer1 = writeFrames(CMD.keymap, keymap.keymap, KEYS * 2, encodeU16List(LAYER1));
  refused('sequence', DEVICE_ERROR.sequence, [host(layer1[0]!), host(layer1[2]!)]);
  refused('verifyFailed', DEVICE_ERROR.verifyFailed, [host(commandFrame(F, firmware.finish, new Uint8Array(0)))]);
  add('commitCount', [
    host(transactionBegin()),
    commandAck(CMD.system, system.txBegin),
    host(commandFrame(CMD.keyColour, keyColour.setKeys, bytes(0xff, 0, 0, mask))),
    commandAck(CMD.keyColour, keyColour.setKeys),
    host(transactionCommit(2)),
    device(errorFrame(DEVICE_ERROR.sequence, CMD.system, system.txCommit | SUB_WRITE)),
  ]);
  return steps;
}

function isNotificationFrame(f: Frame): boolean {
  return f.cmd === CMD.notify && UNSOLICITED_NOTIFY_SUBS.includes(subId(f.sub));
}

/** Every example in the order of the document. */
export function buildExamples(): Example[] {
  const steps = exampleSteps();
  const out: Example[] = [];
  let section = '';
  for (const [id, title, note] of EXAMPLE_TEXT) {
    if (id === '#') {
      section = title;
      continue;
    }
    const s = steps.get(id);
    if (!s) throw new Error(`docs: example ${id} has no frames`);
    steps.delete(id);
    out.push({ section, title, note, steps: s });
  }
  if (steps.size) throw new Error(`docs: examples without text: ${[...steps.keys()].join(', ')}`);
  return out;
}

/* ---------- the document ---------- */

export function generateSections(): Map<string, string> {
  return new Map([
    ['constants', constantsSection()],
    ['crc', crcSection()],
    ['commands', commandsSection()],
    ['sizes', sizesSection()],
    ['layouts', layoutsSection()],
    ['enumerations', enumerationsSection()],
    ['examples', examplesSection()],
  ]);
}

const beginMarker = (name: string): string => `<!-- BEGIN GENERATED: ${name} -->`;
const endMarker = (name: string): string => `<!-- END GENERATED: ${name} -->`;

/** Replaces every generated section of `doc`; throws when a section's markers are missing. */
export function applySections(doc: string, sections: Map<string, string>): string {
  let out = doc;
  for (const [name, body] of sections) {
    const from = out.indexOf(beginMarker(name));
    const to = out.indexOf(endMarker(name));
    if (from < 0 || to < from) throw new Error(`docs/protocol.md lacks the markers of section "${name}"`);
    const inner = ['<!-- prettier-ignore-start -->', body, '<!-- prettier-ignore-end -->'].join('\n\n');
    out = `${out.slice(0, from)}${beginMarker(name)}\n\n${inner}\n\n${out.slice(to)}`;
  }
  return out;
}

function main(): void {
  const sections = generateSections();
  if (process.argv.includes('--write') || process.argv.includes('--check')) {
    const doc = readFileSync(DOC_PATH, 'utf8');
    const next = applySections(doc, sections);
    if (process.argv.includes('--write')) {
      writeFileSync(DOC_PATH, next);
      console.log(next === doc ? 'docs/protocol.md is up to date' : 'docs/protocol.md rewritten');
    } else if (next !== doc) {
      console.error('docs/protocol.md is out of date: run node --import tsx scripts/protocol-examples.ts --write');
      process.exitCode = 1;
    }
    return;
  }
  for (const [name, body] of sections) console.log(`${beginMarker(name)}\n\n${body}\n\n${endMarker(name)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
