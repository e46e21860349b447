/**
 * The UI reaches the service only through the typed client (src/contract/client.ts): no channel or function name of
 * the contract appears in src/ui as a string, and nothing there calls a bridge by hand. Event names are allowed as
 * the first argument of `.on(...)`, which is how the client subscribes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { EVENT_NAMES } from '../../src/contract/bridge';
import { CALL_ROUTES } from '../../src/contract/routes';

const UI = join(__dirname, '../../src/ui');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) ? [file] : [];
  });
}

const routes = Object.values(CALL_ROUTES) as (readonly [string, string])[];
const FORBIDDEN = new Set(routes.flatMap(([channel, func]) => [channel, func, `${channel} ${func}`]));
const EVENTS = new Set<string>(EVENT_NAMES);

/** An event name as the event argument of `x.on('event', …)` or in a type (`EventPayloads['dev_event']`). */
function isEventUse(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral): boolean {
  if (!EVENTS.has(node.text)) return false;
  const parent = node.parent;
  if (ts.isLiteralTypeNode(parent)) return true;
  return (
    ts.isCallExpression(parent) &&
    parent.arguments[0] === node &&
    ts.isPropertyAccessExpression(parent.expression) &&
    parent.expression.name.text === 'on'
  );
}

/** Where a file names a call of the contract by string or calls a bridge itself, as "file:line: text". */
export function callNameUses(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    return `${relative(join(UI, '../..'), file)}:${line + 1}`;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const words = node.text.trim();
      if ((FORBIDDEN.has(words) || FORBIDDEN.has(words.split(/\s+/).slice(0, 2).join(' '))) && !isEventUse(node))
        found.push(`${where(node)}: '${node.text}'`);
    } else if (ts.isTemplateExpression(node)) {
      for (const part of [node.head, ...node.templateSpans.map((s) => s.literal)])
        for (const word of part.text.split(/[^\w]+/))
          if (FORBIDDEN.has(word) && word.includes('_')) found.push(`${where(node)}: \`…${word}…\``);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'call' &&
      /bridge/i.test(node.expression.expression.getText(source))
    ) {
      found.push(`${where(node)}: ${node.getText(source).slice(0, 60)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Contract modules the page may load at run time: none of them loads the schemas (zod stays off the first screen). */
const RUNTIME_CONTRACT = ['client', 'codec', 'routes', 'bridge'];

/** Imports from src/contract other than the client, the codec, the routes and the bridge that are not `import type`. */
export function schemaImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const match = /(?:^|\/)contract\/(.+?)(?:\.ts)?$/.exec(specifier);
    if (!match || RUNTIME_CONTRACT.includes(match[1]!)) continue;
    // Only `import type` is sure to leave nothing behind in the bundle (`import { type X }` may keep the module).
    if (!statement.importClause?.isTypeOnly) found.push(`${relative(join(UI, '../..'), file)}: ${specifier}`);
  }
  return found;
}

describe('the UI and the contract', () => {
  it('names no call of the contract by string and never calls a bridge itself', () => {
    const files = sourceFiles(UI);
    expect(files.length).toBeGreaterThan(50);
    const uses = files.flatMap((file) => callNameUses(file, readFileSync(file, 'utf8')));
    expect(uses).toEqual([]);
  });

  it('loads no schema of the contract at run time: only `import type` from beyond the client, codec, routes, bridge', () => {
    const uses = sourceFiles(UI).flatMap((file) => schemaImports(file, readFileSync(file, 'utf8')));
    expect(uses).toEqual([]);
    const example = [
      "import type { EventPayloads } from '../contract/contract';",
      "import { type CallArgs } from '../contract/contract';",
      "import { createClient } from '../contract/client';",
      "import { CALLS } from '../contract/contract';",
      "import { keyIdsArg } from '../../contract/areas/keymap.ts';",
    ].join('\n');
    expect(schemaImports(join(UI, 'example.ts'), example)).toEqual([
      'src/ui/example.ts: ../contract/contract',
      'src/ui/example.ts: ../contract/contract',
      'src/ui/example.ts: ../../contract/areas/keymap.ts',
    ]);
  });

  it('catches a function name, a "channel func" pair, a template and a hand-made bridge call', () => {
    const bad = [
      "void client.on('devs_changed', f); const x = 'set_key_info';",
      'callService(bridge, "dev_info", "get_dev_list");',
      "const pair = 'dev_event stream';",
      'const t = `set_func_info --path ${p}`;',
      'host.bridge.call(channel, func, []);',
    ].join('\n');
    expect(callNameUses(join(UI, 'example.ts'), bad).map((u) => u.replace(/^src\/ui\/example\.ts:/, ''))).toEqual([
      "1: 'set_key_info'",
      "2: 'dev_info'",
      "2: 'get_dev_list'",
      "3: 'dev_event stream'",
      '4: `…set_func_info…`',
      '5: host.bridge.call(channel, func, [])',
    ]);
  });

  it('lets the client subscribe to, and types name, events whose names are also function names', () => {
    const good = [
      "client.on('get_key_value_info', f); client.on('toast_message', g); const theme = 'dark';",
      "type Info = EventPayloads['get_key_func_info'];",
    ].join('\n');
    expect(callNameUses(join(UI, 'example.ts'), good)).toEqual([]);
  });
});
