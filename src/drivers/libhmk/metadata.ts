/**
 * The keyboard's description of itself: GET_METADATA hands out a gzip-compressed JSON document (written by the
 * firmware's scripts/metadata.py) in pieces of 59 bytes. It is checked with a schema and against itself before the
 * driver believes a word of it: a document that is not gzip, not JSON, or that lies (a layout key past its key
 * count, keys its layout never draws, counts past what the protocol's one-byte fields address) is refused.
 */
import { gunzipSync } from 'fflate';
import { z } from 'zod';
import { DriverError } from '../types.ts';
import { decodeMetadataPiece, metadataArgs } from './codec.ts';
import { codeFromFirmwareName } from './keycode-names.ts';
import type { LibhmkLink } from './link.ts';
import { CMD, PER_REPORT } from './protocol.ts';

/** Larger than any keyboard's metadata by far (the HE60's is under 1 KiB compressed); a bigger claim is a lie. */
const MAX_COMPRESSED_BYTES = 64 * 1024;
const MAX_JSON_BYTES = 1024 * 1024;

const hexOrNumber = z.union([
  z.number().int().min(0).max(0xffff),
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{1,4}$/)
    .transform((v) => parseInt(v, 16)),
]);

const keycode = z.union([
  z.number().int().min(0).max(0xff),
  z.string().transform((name, ctx) => {
    const code = codeFromFirmwareName(name);
    if (code === undefined) {
      ctx.addIssue({ code: 'custom', message: `unknown key code name ${name}` });
      return z.NEVER;
    }
    return code;
  }),
]);

const layoutKey = z.object({
  key: z.number().int().min(0),
  w: z.number().positive().max(32).default(1),
  h: z.number().positive().max(32).default(1),
  x: z.number().min(-64).max(64).default(0),
  y: z.number().min(-64).max(64).default(0),
  option: z.tuple([z.number().int().min(0), z.number().int().min(0)]).optional(),
});

const schema = z.object({
  name: z.string().min(1).max(64),
  vendorId: hexOrNumber,
  productId: hexOrNumber,
  usbHighSpeed: z.boolean().default(false),
  adcResolution: z.number().int().min(1).max(16),
  // The protocol addresses profiles, layers and keys with one byte, and the firmware caps them (common.h).
  numProfiles: z.number().int().min(1).max(8),
  numLayers: z.number().int().min(1).max(8),
  numKeys: z.number().int().min(1).max(256),
  numAdvancedKeys: z.number().int().min(1).max(64),
  layout: z.object({
    labels: z.array(z.union([z.string(), z.array(z.string()).min(3)])).default([]),
    keymap: z.array(z.array(layoutKey)).min(1),
  }),
  defaultKeymap: z.array(z.array(keycode)).optional(),
  defaultKeymaps: z.array(z.array(z.array(keycode))).optional(),
});

export type LibhmkLayoutKey = z.infer<typeof layoutKey>;

export interface LibhmkMetadata {
  name: string;
  vendorId: number;
  productId: number;
  usbHighSpeed: boolean;
  adcResolution: number;
  numProfiles: number;
  numLayers: number;
  numKeys: number;
  numAdvancedKeys: number;
  labels: (string | string[])[];
  rows: LibhmkLayoutKey[][];
  /** [profile][layer][key]. */
  defaultKeymaps: number[][][];
}

const refuse = (why: string): DriverError => new DriverError('unsupported', `the keyboard's metadata ${why}`);

/** Checks the decompressed document; throws DriverError('unsupported') saying what is wrong. */
export function parseMetadata(json: string): LibhmkMetadata {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw refuse('is not JSON');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw refuse(`is not valid: ${issue.path.join('.') || 'document'}: ${issue.message}`);
  }
  const m = parsed.data;
  const keys = m.layout.keymap.flat();
  const past = keys.find((k) => k.key >= m.numKeys);
  if (past) throw refuse(`draws key ${past.key} of a keyboard of ${m.numKeys} keys`);
  const drawn = new Set(keys.map((k) => k.key));
  if (drawn.size < m.numKeys) throw refuse(`claims ${m.numKeys} keys but its layout draws ${drawn.size}`);
  for (const k of keys) {
    if (!k.option) continue;
    const label = m.layout.labels[k.option[0]];
    const choices = label === undefined ? 0 : typeof label === 'string' ? 2 : label.length - 1;
    if (k.option[1] >= choices) throw refuse(`names layout option ${k.option.join(',')} it does not have`);
  }
  const defaults =
    m.defaultKeymaps ?? (m.defaultKeymap ? Array.from({ length: m.numProfiles }, () => m.defaultKeymap!) : undefined);
  if (!defaults) throw refuse('has no default keymap');
  const shaped =
    defaults.length === m.numProfiles &&
    defaults.every((p) => p.length === m.numLayers && p.every((l) => l.length === m.numKeys));
  if (!shaped) throw refuse(`default keymaps are not ${m.numProfiles} × ${m.numLayers} × ${m.numKeys}`);
  return {
    name: m.name,
    vendorId: m.vendorId,
    productId: m.productId,
    usbHighSpeed: m.usbHighSpeed,
    adcResolution: m.adcResolution,
    numProfiles: m.numProfiles,
    numLayers: m.numLayers,
    numKeys: m.numKeys,
    numAdvancedKeys: m.numAdvancedKeys,
    labels: m.layout.labels,
    rows: m.layout.keymap,
    defaultKeymaps: defaults.map((p) => p.map((l) => [...l])),
  };
}

/** Decompresses the gzip pieces; throws DriverError('unsupported') for anything that is not gzip. */
export function inflateMetadata(compressed: Uint8Array): string {
  if (compressed.length < 18 || compressed[0] !== 0x1f || compressed[1] !== 0x8b) throw refuse('is not gzip');
  let bytes: Uint8Array;
  try {
    bytes = gunzipSync(compressed);
  } catch {
    throw refuse('is damaged gzip');
  }
  if (bytes.length > MAX_JSON_BYTES) throw refuse('is too large');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse('is not text');
  }
}

/** Reads every piece: the first reply tells the size, every later one must agree with it. */
export async function readMetadataBytes(link: LibhmkLink): Promise<Uint8Array> {
  const first = decodeMetadataPiece(await link.request(CMD.getMetadata, metadataArgs(0)));
  const total = first.remaining;
  if (total === 0 || total > MAX_COMPRESSED_BYTES) throw refuse(`claims a size of ${total} bytes`);
  const out = new Uint8Array(total);
  out.set(first.bytes, 0);
  for (let offset = PER_REPORT.metadata; offset < total; offset += PER_REPORT.metadata) {
    const piece = decodeMetadataPiece(await link.request(CMD.getMetadata, metadataArgs(offset)));
    if (piece.remaining !== total - offset) {
      throw new DriverError(
        'reply',
        `metadata piece at ${offset}: ${piece.remaining} bytes left, not ${total - offset}`,
      );
    }
    out.set(piece.bytes, offset);
  }
  return out;
}

export async function readMetadata(link: LibhmkLink): Promise<LibhmkMetadata> {
  return parseMetadata(inflateMetadata(await readMetadataBytes(link)));
}
