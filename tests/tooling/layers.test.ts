/** The lint rule "imports point one way" (eslint.config.js), run through ESLint's Node API on in-memory sources. */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The layer-rule and restricted-import messages ESLint gives `code` placed at `filePath`. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'keytune/one-way-imports' || m.ruleId === 'no-restricted-imports' || m.fatal)
    .map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

describe('imports point one way', () => {
  it('rejects an import of the UI from src/core', async () => {
    const found = await problems(
      'src/core/layer-probe.ts',
      "import { App } from '../ui/App.tsx';\nexport const a = App;\n",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('keytune/one-way-imports');
    expect(found[0]).toContain("src/core may not import src/ui ('../ui/App.tsx')");
  });

  it('rejects React and stores in src/core and src/protocol', async () => {
    for (const file of ['src/core/layer-probe.ts', 'src/protocol/layer-probe.ts']) {
      const found = await problems(file, "import { useState } from 'react';\nexport const s = useState;\n");
      expect(found.join('\n')).toContain('no-restricted-imports');
      const store = await problems(file, "import { create } from 'zustand';\nexport const c = create;\n");
      expect(store.join('\n')).toContain('no-restricted-imports');
    }
  });

  it('accepts imports within a layer and down the order', async () => {
    expect(await problems('src/core/layer-probe.ts', "export { findModel } from './models.ts';\n")).toEqual([]);
    expect(await problems('src/protocol/layer-probe.ts', "export * from '../core/models.ts';\n")).toEqual([]);
    expect(await problems('src/host/layer-probe.ts', "export { createService } from '../service/index.ts';\n")).toEqual(
      [],
    );
    expect(await problems('src/testing/layer-probe.ts', "export * from '../firmware/index.ts';\n")).toEqual([]);
  });

  it('sees type-only imports, re-exports and dynamic imports', async () => {
    const typeOnly = await problems(
      'src/contract/layer-probe.ts',
      "import type { X } from '../service/service.ts';\nexport type Y = X;\n",
    );
    expect(typeOnly.join('\n')).toContain('src/contract may not import src/service');
    const reExport = await problems('src/service/layer-probe.ts', "export * from '../firmware/index.ts';\n");
    expect(reExport.join('\n')).toContain('src/service may not import src/firmware');
    const dynamic = await problems(
      'src/ui/layer-probe.ts',
      "export const load = () => import('../service/index.ts');\n",
    );
    expect(dynamic.join('\n')).toContain('src/ui may not import src/service');
  });

  it('keeps each layer to its list', async () => {
    const cases: [string, string][] = [
      ['src/protocol/p.ts', '../transport/types.ts'],
      ['src/i18n/p.ts', '../ui/cookies.ts'],
      ['src/transport/p.ts', '../service/index.ts'],
      ['src/firmware/p.ts', '../service/index.ts'],
      ['src/contract/p.ts', '../host/worker-messages.ts'],
      ['src/service/handlers/p.ts', '../../ui/call.ts'],
      ['src/service/p.ts', '../i18n/translate.ts'],
      ['src/host/p.ts', '../ui/call.ts'],
      ['src/ui/p.ts', '../protocol/frame.ts'],
      ['src/ui/p.ts', '../firmware/index.ts'],
      ['src/ui/p.ts', '../testing/fake-hid.ts'],
      ['src/core/p.ts', '../main.tsx'],
      ['src/core/p.ts', '../../tests/setup.ts'],
    ];
    for (const [file, specifier] of cases) {
      const found = await problems(file, `import * as m from '${specifier}';\nexport { m };\n`);
      expect(found, `${file} -> ${specifier}`).toHaveLength(1);
    }
  });

  it('lets the browser host glue import only its own transport and host modules', async () => {
    const glue = 'src/ui/host/layer-probe.ts';
    expect(await problems(glue, "export { hidRequestFilters } from '../../transport/webhid.ts';\n")).toEqual([]);
    expect(await problems(glue, "export type { ToWorker } from '../../host/worker-messages.ts';\n")).toEqual([]);
    expect(await problems(glue, "export * from '../../transport/loopback.ts';\n")).toHaveLength(1);
    expect(await problems(glue, "export * from '../../host/device-worker.ts';\n")).toHaveLength(1);
    // Elsewhere in src/ui the same modules are out of reach.
    expect(await problems('src/ui/App-probe.ts', "export * from '../transport/webhid.ts';\n")).toHaveLength(1);
  });

  it('asks for a new folder of src/ to be placed in the order', async () => {
    const found = await problems('src/plugins/layer-probe.ts', 'export const a = 1;\n');
    expect(found.join('\n')).toContain('src/plugins is not in the layer order');
  });
});
