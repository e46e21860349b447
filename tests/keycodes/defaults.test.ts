import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDefaults, ROOT } from '../../scripts/gen-defaults';
import { CONFIGURABLE_MODELS, MODELS } from '../../src/core/models';
import { parseResource } from '../../src/core/resource-schemas';
import { RESOURCE_FILES } from '../../src/core/resources';

const PUBLIC = join(ROOT, 'public');

describe('committed public resources', () => {
  it('equal what scripts/gen-defaults.ts generates (run it after changing the tables)', async () => {
    const files = await generateDefaults();
    for (const [path, content] of files) {
      const committed = await readFile(join(PUBLIC, path), 'utf8').catch(() => '<missing>');
      expect(committed, `public/${path} is stale`).toBe(content);
    }
  });

  it('include a drawing per configurable model named after its lower-cased display name', async () => {
    const drawings = (await readdir(join(PUBLIC, 'devices'))).filter((f) => f.endsWith('.svg')).sort();
    const expected = MODELS.filter((m) => (CONFIGURABLE_MODELS as readonly string[]).includes(m.name))
      .map((m) => `${m.displayName.toLowerCase()}.svg`)
      .sort();
    expect(drawings).toEqual(expected);
    const pro = await readFile(join(PUBLIC, 'devices', 'made68pro+.svg'), 'utf8');
    expect(pro.match(/data-key-id=/g)).toHaveLength(68);
  });

  it('parse with the resource schemas', async () => {
    for (const kind of Object.keys(RESOURCE_FILES) as (keyof typeof RESOURCE_FILES)[]) {
      const text = await readFile(join(PUBLIC, RESOURCE_FILES[kind]), 'utf8');
      const result = parseResource(kind, text);
      expect(result.ok ? 'ok' : result.error.message).toBe('ok');
    }
  });

  it('carry the version of package.json', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const version = JSON.parse(await readFile(join(PUBLIC, 'default', 'version.json'), 'utf8')) as { app: string };
    expect(version.app).toBe(pkg.version);
  });
});
