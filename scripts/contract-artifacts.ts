/**
 * What derives from the contract's declaration as files: the call routes the page loads (src/contract/routes.ts)
 * and the call table of docs/bridge-api.md. `npm run contract` writes them; tests/contract/artifacts.test.ts fails
 * when either differs from what the declaration gives, so neither can drift.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { CALLS } from '../src/contract/contract.ts';
import type { CallDef } from '../src/contract/define.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
export const ROUTES_FILE = `${root}src/contract/routes.ts`;
export const DOCS_FILE = `${root}docs/bridge-api.md`;
const BEGIN = '<!-- call-table:begin (generated from src/contract by `npm run contract`) -->';
const END = '<!-- call-table:end -->';

export function routesSource(): string {
  const lines = Object.entries(CALLS).map(([name, def]) => `  ${name}: ['${def.channel}', '${def.func}'],`);
  return [
    '/**',
    ' * Channel and function of every call, by client method name. Generated from contract.ts by `npm run contract`',
    ' * (tests/contract/artifacts.test.ts checks it), so the page reaches the service without loading the schemas.',
    ' */',
    "import type { CallName } from './contract.ts';",
    '',
    'export const CALL_ROUTES = {',
    ...lines,
    '} as const satisfies Record<CallName, readonly [string, string]>;',
    '',
  ].join('\n');
}

function argumentsText(def: CallDef): string {
  const shape = def.args.shape as Record<string, z.ZodType>;
  const names = Object.keys(shape).map((name) =>
    shape[name]!.safeParse(undefined).success ? `[--${name}]` : `--${name}`,
  );
  if (def.positional) names.push(`or positional ${def.positional}`);
  return names.length ? names.join(' ') : '—';
}

export function callTable(): string {
  const rows = Object.entries(CALLS).map(([name, def]: [string, CallDef]) => {
    const cells = [
      `\`${def.channel} ${def.func}\``,
      `\`${name}\``,
      argumentsText(def),
      `\`${def.answerName}\``,
      def.doc,
    ];
    return `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  });
  return [
    BEGIN,
    '| call | client method | arguments | answer | what it does |',
    '|---|---|---|---|---|',
    ...rows,
    END,
  ].join('\n');
}

/** The docs page with its generated table replaced (or appended when the markers are missing). */
export function docsWithTable(current: string): string {
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (start < 0 || end < 0) return `${current.trimEnd()}\n\n## Every call\n\n${callTable()}\n`;
  return current.slice(0, start) + callTable() + current.slice(end + END.length);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ROUTES_FILE, routesSource());
  writeFileSync(DOCS_FILE, docsWithTable(readFileSync(DOCS_FILE, 'utf8')));
  console.log('wrote src/contract/routes.ts and the call table of docs/bridge-api.md');
}
