/**
 * VIA's saved layout: the JSON file VIA's "Save + Load" pane saves and loads, read into a Keytune backup of a VIA
 * keyboard and written from one, so people bring their VIA backups over and take them back.
 *
 * The file (facts from the-via/app's save-load pane):
 *   { "name": the definition's name, "vendorProductId": vendor id × 65536 + product id,
 *     "macros": [one text per macro, see via-macro-text.ts], "layers": [[one key-code name per matrix position]],
 *     "encoders": [per encoder, per layer: [counter-clockwise, clockwise]] }
 * VIA loads a file only when it has name, layers and vendorProductId, and only onto the keyboard of that
 * vendorProductId. A layer lists every matrix position (row × columns + column, our key ids), named by the
 * dictionary of the keyboard's VIA protocol (qmk-name-codes.ts). VIA refuses a layer with another number of keys and
 * a macro list of another length; a file with fewer layers than the keyboard changes those layers only; one with more
 * layers VIA cannot load (it fails). Keytune refuses a file with more layers, naming the layers that would be lost,
 * and takes a shorter macro list (the rest stay), while further macros must be empty. VIA writes "0x…" for a code it
 * cannot name (and reads it as KC_NO); Keytune reads the number.
 *
 * Beyond VIA: "layoutOptions", the keyboard's packed layout options (VIA's id_layout_options value), which VIA ignores.
 * Encoders are not written: the VIA driver does not read them; a file's encoders are left out on import, and said so.
 */
import { z } from 'zod';
import type { KeyboardBackup } from './format.ts';
import { BackupFileError } from './parse.ts';
import { codeOfViaName, viaNameOfCode } from './qmk-name-codes.ts';
import { numberingForProtocol } from './qmk-names.ts';
import { macroFromViaText, macroToViaText, type MacroAction } from './via-macro-text.ts';

/** What the converter needs to know of the keyboard beyond its backup. */
export interface ViaKeyboard {
  /** VIA protocol version it answers: it chooses the key-code names. */
  protocol: number;
  /** Its definition's name (written as the file's "name"); the backup's display name when not given. */
  name?: string;
}

export const viaSavedLayoutSchema = z.looseObject({
  name: z.string().min(1).max(256),
  vendorProductId: z.number().int().min(1).max(0xffffffff),
  layers: z
    .array(z.array(z.string().max(256)).max(1024))
    .min(1)
    .max(32),
  macros: z.array(z.string().max(16_384)).max(256).optional(),
  encoders: z.array(z.array(z.array(z.string().max(256)))).optional(),
  layoutOptions: z.number().int().min(0).max(0xffffffff).optional(),
});

export type ViaSavedLayout = z.infer<typeof viaSavedLayoutSchema>;

/** What an imported file held that the keyboard's backup does not take: text ids of src/i18n/sections/via-saved.ts. */
export interface ViaImport {
  backup: KeyboardBackup;
  leftOut: string[];
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');
const idsText = (vendorProductId: number) =>
  `${hex4(Math.floor(vendorProductId / 0x10000))}:${hex4(vendorProductId & 0xffff)}`;

/** The keyboard's vendorProductId from a VIA backup's model ("vvvv:pppp"). */
function vendorProductIdOf(backup: KeyboardBackup): number {
  const ids = /^([0-9a-f]{4}):([0-9a-f]{4})$/i.exec(backup.device.model);
  if (backup.device.family !== 'via' || !ids) throw new BackupFileError('viaSaved.err.notVia');
  return Number.parseInt(ids[1]!, 16) * 0x10000 + Number.parseInt(ids[2]!, 16);
}

function keymapOf(backup: KeyboardBackup): number[][] {
  const keymap = backup.profiles[0]?.keymap;
  if (!keymap || keymap.length === 0) throw new BackupFileError('viaSaved.err.noKeymap');
  return keymap;
}

const macrosOf = (backup: KeyboardBackup): MacroAction[][] | undefined =>
  Array.isArray(backup.objects.macros) ? (backup.objects.macros as MacroAction[][]) : undefined;

/** The saved layout of a VIA keyboard's backup. */
export function viaSavedLayoutOf(backup: KeyboardBackup, keyboard: ViaKeyboard): ViaSavedLayout {
  const vendorProductId = vendorProductIdOf(backup);
  const numbering = numberingForProtocol(keyboard.protocol);
  const macros = macrosOf(backup);
  const layoutOptions = backup.objects.layoutOptions;
  return {
    name: keyboard.name || backup.device.displayName || backup.device.model,
    vendorProductId,
    ...(macros ? { macros: macros.map((m) => macroToViaText(m, numbering)) } : {}),
    layers: keymapOf(backup).map((layer) => layer.map((code) => viaNameOfCode(code, numbering))),
    ...(typeof layoutOptions === 'number' ? { layoutOptions } : {}),
  };
}

/** The file's text: one line per layer and per macro, as VIA's own files are laid out. */
export function viaSavedLayoutText(layout: ViaSavedLayout): string {
  const value = (v: unknown): string =>
    Array.isArray(v) && v.length > 0
      ? `[\n${v.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`
      : JSON.stringify(v);
  const fields = Object.entries(layout).map(([key, v]) => `  ${JSON.stringify(key)}: ${value(v)}`);
  return `{\n${fields.join(',\n')}\n}\n`;
}

/** VIA's file name for a keyboard: its name, letters and digits kept, lower case, ".layout.json". */
export function viaSavedLayoutFileName(name: string): string {
  return `${name.replace(/[^a-zA-Z0-9]/g, '_').toLowerCase()}.layout.json`;
}

/** Reads a saved layout's text, or refuses it with a text id saying what it is instead. */
export function parseViaSavedLayout(text: string): ViaSavedLayout {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BackupFileError('viaSaved.err.notJson', [], error instanceof Error ? error.message : undefined);
  }
  const head = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (head.format === 'keytune-backup') throw new BackupFileError('viaSaved.err.keytuneBackup');
  if ('matrix' in head && 'layouts' in head) throw new BackupFileError('viaSaved.err.definition');
  const parsed = viaSavedLayoutSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupFileError('viaSaved.err.notLayout', [issue?.path.join('.') || 'file'], issue?.message);
  }
  return parsed.data;
}

/** "4", "4–5": the layers of a file the keyboard has no room for. */
const layerSpan = (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`);

function layersOf(file: ViaSavedLayout, current: number[][], protocol: number): number[][] {
  const numbering = numberingForProtocol(protocol);
  const keys = current[0]!.length;
  if (file.layers.length > current.length)
    throw new BackupFileError('viaSaved.err.layers', [
      String(file.layers.length),
      String(current.length),
      layerSpan(current.length, file.layers.length - 1),
      String(file.layers.length - current.length),
    ]);
  const read = file.layers.map((layer, l) => {
    if (layer.length !== keys)
      throw new BackupFileError('viaSaved.err.keys', [String(l), String(layer.length), String(keys)]);
    return layer.map((name, key) => {
      const code = codeOfViaName(name, numbering);
      if (code === undefined) throw new BackupFileError('viaSaved.err.code', [name, String(l), String(key)]);
      return code;
    });
  });
  return current.map((layer, l) => read[l] ?? layer);
}

function macrosFrom(texts: readonly string[], current: MacroAction[][], protocol: number): MacroAction[][] {
  const numbering = numberingForProtocol(protocol);
  const extra = texts.slice(current.length).filter((t) => t.trim() !== '').length;
  if (extra > 0)
    throw new BackupFileError('viaSaved.err.macros', [String(current.length + extra), String(current.length)]);
  const read = texts.slice(0, current.length).map((t, i) => macroFromViaText(t, numbering, i, protocol >= 11));
  return current.map((macro, i) => read[i] ?? macro);
}

/**
 * A backup equal to `current` (the keyboard as read) with the file's layers, macros and layout options put in, and
 * what of the file was left out. Refuses (BackupFileError) a file that is not a saved layout, is another keyboard's,
 * names a key code this keyboard's protocol cannot read, or holds more layers or macros than the keyboard.
 */
export function readViaSavedLayout(text: string, current: KeyboardBackup, keyboard: ViaKeyboard): ViaImport {
  const own = vendorProductIdOf(current);
  const keymap = keymapOf(current);
  const file = parseViaSavedLayout(text);
  if (file.vendorProductId !== own)
    throw new BackupFileError('viaSaved.err.otherKeyboard', [file.name, idsText(file.vendorProductId), idsText(own)]);
  const layers = layersOf(file, keymap, keyboard.protocol);
  const objects = { ...current.objects };
  const leftOut: string[] = [];
  const macros = macrosOf(current);
  if (file.macros) {
    // A keyboard without macros takes a file whose macros are all empty.
    const read = macrosFrom(file.macros, macros ?? [], keyboard.protocol);
    if (macros) objects.macros = read;
  }
  if (file.layoutOptions !== undefined) {
    if ('layoutOptions' in current.objects) objects.layoutOptions = file.layoutOptions;
    else leftOut.push('viaSaved.leftOut.layoutOptions');
  }
  if (file.encoders?.some((encoder) => encoder.length > 0)) leftOut.push('viaSaved.leftOut.encoders');
  const [first, ...rest] = current.profiles;
  return { backup: { ...current, profiles: [{ ...first, keymap: layers }, ...rest], objects }, leftOut };
}

export function backupFromViaSavedLayout(text: string, current: KeyboardBackup, keyboard: ViaKeyboard): KeyboardBackup {
  return readViaSavedLayout(text, current, keyboard).backup;
}
