/**
 * The firmware catalogue (docs/firmware-catalogue.md): static files any web server or CDN can host, the first source
 * the update checker asks. Built with the app (vite.config.ts writes it into dist/firmware/ and serves it from the
 * dev server) from the latest firmware per model in public/default/version.json (the list the red dot reads before a
 * check answers), with one signed image per model and hardware version made by the reference firmware's builder.
 *
 * Layout, format 1 (every path below the catalogue's base, /firmware/ in the app):
 *
 *   index.json                               {"format":1,"models":{"<slug>":{"<hw>":"<fw>"}}}
 *   v1/<slug>/<hw>/latest.json               the newest release for that model and hardware version
 *   v1/<slug>/<hw>/<slug>_hw<hw>_v<fw>.zip   the firmware package: one <slug>_v<fw>.mg image
 *
 * <slug> is the model name in lower case with "+" written "plus" (made68pro+ -> made68proplus), <hw> and <fw> are
 * versions without "V" ("1.0.0"). latest.json: {format, model, hw_ver, fw_ver, file, size, sha256, notes: {en_US,
 * zh_CN}}, where file is relative to latest.json itself.
 *
 * Run it on its own to write the catalogue into a folder: `node --import tsx scripts/firmware-catalogue.ts OUT_DIR`.
 */
import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findModel } from '../src/core/models.ts';
import { buildFirmwareImage } from '../src/protocol/firmware-image.ts';

export const CATALOGUE_FORMAT = 1;
/** Hardware versions the catalogue has images for: the virtual keyboards' (src/firmware/keyboard.ts). */
export const CATALOGUE_HARDWARE = ['1.0.0'] as const;
/** Payload bytes of each image: large enough to show progress, small enough to flash in seconds. */
export const CATALOGUE_PAYLOAD_SIZE = 32 * 1024;
/** Fixed time stamp of the zip entries, so the same release always gives the same bytes. */
const ZIP_TIME = new Date(Date.UTC(2024, 0, 1));

/** The model's folder name: lower case, "+" as "plus" (a "+" in a path is a space to some hosts). */
export function catalogueSlug(model: string): string {
  return model.trim().toLowerCase().replace(/\+/g, 'plus');
}

/** A version as the catalogue writes it: without "V". */
export function catalogueVersion(version: string): string {
  return version.trim().replace(/^v/i, '');
}

export interface CatalogueRelease {
  format: number;
  model: string;
  hw_ver: string;
  fw_ver: string;
  file: string;
  size: number;
  sha256: string;
  notes: { en_US: string; zh_CN: string };
}

function defaultVersionFile(): string | URL {
  const here = new URL('../public/default/version.json', import.meta.url);
  return here.protocol === 'file:' ? here : join(process.cwd(), 'public', 'default', 'version.json');
}

/** The latest firmware per model, as public/default/version.json lists it. */
export function readLatestFirmware(file: string | URL = defaultVersionFile()): Record<string, string> {
  const version = JSON.parse(readFileSync(file, 'utf8')) as { firmware?: Record<string, string> };
  return { ...version.firmware };
}

/** Every file of the catalogue by its path below the base ("v1/made68pro/1.0.0/latest.json"). */
export function buildFirmwareCatalogue(
  latest: Readonly<Record<string, string>> = readLatestFirmware(),
  payloadSize = CATALOGUE_PAYLOAD_SIZE,
): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const index: Record<string, Record<string, string>> = {};
  const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
  for (const [name, version] of Object.entries(latest)) {
    const model = findModel(name);
    if (!model) continue;
    const slug = catalogueSlug(model.name);
    const fw = catalogueVersion(version);
    for (const hw of CATALOGUE_HARDWARE) {
      const image = buildFirmwareImage(model.modelId, fw, payloadSize, { hwVersion: hw });
      const zip = zipSync({ [`${slug}_v${fw}.mg`]: [image, { mtime: ZIP_TIME, level: 6 }] });
      const file = `${slug}_hw${hw}_v${fw}.zip`;
      const release: CatalogueRelease = {
        format: CATALOGUE_FORMAT,
        model: model.name,
        hw_ver: hw,
        fw_ver: fw,
        file,
        size: zip.length,
        sha256: createHash('sha256').update(zip).digest('hex'),
        notes: {
          en_US: `Firmware ${fw} for ${model.displayName}: the latest release for hardware ${hw}.`,
          zh_CN: `${model.displayName} 固件 ${fw}：硬件版本 ${hw} 的最新版本。`,
        },
      };
      files.set(`v1/${slug}/${hw}/${file}`, zip);
      files.set(`v1/${slug}/${hw}/latest.json`, json(release));
      (index[slug] ??= {})[hw] = fw;
    }
  }
  files.set('index.json', json({ format: CATALOGUE_FORMAT, models: index }));
  return files;
}

/** The content type a static server should give a catalogue file. */
export function catalogueContentType(path: string): string {
  if (path.endsWith('.json')) return 'application/json; charset=utf-8';
  if (path.endsWith('.zip')) return 'application/zip';
  return 'application/octet-stream';
}

async function main(out: string | undefined) {
  if (!out) {
    console.error('usage: node --import tsx scripts/firmware-catalogue.ts OUT_DIR');
    process.exit(2);
  }
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { dirname } = await import('node:path');
  const files = buildFirmwareCatalogue();
  for (const [path, bytes] of files) {
    const target = join(out, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
  console.log(`${files.size} files written to ${out}`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) void main(process.argv[2]);
