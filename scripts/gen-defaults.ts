/**
 * Writes the start-up resources (public/default/*.json) and the device drawings (public/devices/<model>.svg) from
 * the TypeScript tables, so the served files never drift from the code. Run: node --import tsx scripts/gen-defaults.ts
 * tests/keycodes/defaults.test.ts fails when the committed files differ from what this produces.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { layoutFor } from '../src/core/layouts/index.ts';
import { layoutToSvg } from '../src/core/layouts/svg.ts';
import { CONFIGURABLE_MODELS } from '../src/core/models.ts';
import { buildDefaultResources, RESOURCE_FILES, type ResourceKind } from '../src/core/resources.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'public');

/** Every generated file: path relative to public/ → exact content. */
export async function generateDefaults(): Promise<Map<string, string>> {
  const pkg: unknown = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  const version = typeof pkg === 'object' && pkg !== null && 'version' in pkg ? String(pkg.version) : '0.0.0';
  const resources = buildDefaultResources(version);
  // Formatted the way `prettier --write .` would, so formatting the tree never makes the files differ.
  const prettierOptions = { ...(await resolveConfig(join(PUBLIC, 'default', 'x.json'))), parser: 'json' };
  const files = new Map<string, string>();
  for (const kind of Object.keys(RESOURCE_FILES) as ResourceKind[]) {
    files.set(RESOURCE_FILES[kind], await format(JSON.stringify(resources[kind]), prettierOptions));
  }
  for (const model of CONFIGURABLE_MODELS) {
    const layout = layoutFor(model);
    if (!layout) throw new Error(`Configurable model ${model} has no layout`);
    files.set(`devices/${model}.svg`, layoutToSvg(layout));
  }
  return files;
}

async function main(): Promise<void> {
  const files = await generateDefaults();
  for (const [path, content] of files) {
    const target = join(PUBLIC, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  console.log(`Wrote ${files.size} files under public/`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
