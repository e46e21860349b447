/**
 * No code path may put a raw message id on screen. The sources are read with the TypeScript parser and every id a
 * piece of code hands to a translation function, a toast or a refusal is collected:
 *
 * - the first argument of `t(…)`, `t.dynamic(…)` and the section helpers (`s`, `l`, `n`, `tt`, `tx`, `success`), and
 *   of `pushKeyToast(…)`, with both branches of a `cond ? 'a' : 'b'`;
 * - `title: '…'` and `context: '…'` of toast objects the UI pushes;
 * - the toast keys of `new BridgeCallError('…')` and every key of the toast table (src/core/toast-keys.ts) and of the
 *   update keys: the service can send those at any moment, so they must be in the two catalogues themselves.
 *
 * UI ids may live in a section registered when its screen loads (`registerTexts(xEn, xZh)`) or read by its screen's
 * own helper; such a section counts only if a module outside src/i18n registers or imports it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ALL_STATIC_TOAST_KEYS } from '../../src/core/toast-keys';
import { en_US } from '../../src/i18n/en_US';
import { zh_CN } from '../../src/i18n/zh_CN';
import { IMAGE_PROBLEM_KEYS, UPDATE_KEYS } from '../../src/service/convert/firmware';
import { EXPORT_FAILURE_KEY, IMPORT_FAILURE_KEY, IMPORT_OTHER_MODEL_KEY } from '../../src/service/convert/theme';

const ROOT = join(__dirname, '../..');
const SRC = join(ROOT, 'src');
const ID = /^[a-z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_-]+)+$/;
const TEXT_CALLEES = new Set(['t', 'tt', 's', 'l', 'n', 'tx', 'success', 'pushKeyToast']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

interface Found {
  id: string;
  where: string;
  /** Toasts are worded by the toast layer, which reads the catalogues and registered sections only. */
  toast?: boolean;
}

const TOAST_CALLEES = new Set(['pushKeyToast', 'success']);

/** String literals an expression can evaluate to (a literal, or either branch of a conditional). */
function literalsOf(node: ts.Expression | undefined): string[] {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return ID.test(node.text) ? [node.text] : [];
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  return [];
}

function calleeName(callee: ts.Expression): string | undefined {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

function scan(): { ui: Found[]; service: Found[]; registered: Set<string>; imported: Set<string> } {
  const ui: Found[] = [];
  const service: Found[] = [];
  const registered = new Set<string>();
  const imported = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(ROOT, file);
    // A section some screen registers, or reads through its own helper (lighting, tools).
    for (const m of text.matchAll(/registerTexts\(\s*(\w+)\s*,\s*(\w+)\s*\)/g)) registered.add(`${m[1]}/${m[2]}`);
    for (const m of text.matchAll(/import \{([^}]*)\} from '[./]*i18n\/sections\/[\w-]+'/g))
      for (const name of m[1]!.matchAll(/\b(\w+)En\b/g)) imported.add(`${name[1]}En/${name[1]}Zh`);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const at = (n: ts.Node) => `${rel}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
      if (ts.isCallExpression(node)) {
        const name = calleeName(node.expression);
        if (
          name &&
          (TEXT_CALLEES.has(name) || name === 'dynamic') &&
          (ts.isIdentifier(node.expression) || name === 'dynamic')
        )
          for (const id of literalsOf(node.arguments[0]))
            ui.push({ id, where: at(node), toast: TOAST_CALLEES.has(name) });
      } else if (ts.isNewExpression(node) && calleeName(node.expression) === 'BridgeCallError') {
        for (const id of literalsOf(node.arguments?.[0])) service.push({ id, where: at(node) });
      } else if (
        ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        (node.name.text === 'title' || node.name.text === 'context')
      ) {
        for (const id of literalsOf(node.initializer)) ui.push({ id, where: at(node), toast: true });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { ui, service, registered, imported };
}

const sections = import.meta.glob<Record<string, unknown>>('../../src/i18n/sections/*.ts', { eager: true });

/** The texts of every section some module registers, merged per language. */
function registeredTexts(registered: Set<string>): { en: Record<string, string>; zh: Record<string, string> } {
  const en: Record<string, string> = {};
  const zh: Record<string, string> = {};
  for (const module of Object.values(sections))
    for (const [name, value] of Object.entries(module)) {
      if (!name.endsWith('En')) continue;
      const zhName = `${name.slice(0, -2)}Zh`;
      if (!registered.has(`${name}/${zhName}`)) continue;
      Object.assign(en, value);
      Object.assign(zh, module[zhName]);
    }
  return { en, zh };
}

const has = (catalogue: object, id: string) => Object.prototype.hasOwnProperty.call(catalogue, id);
const describeMissing = (found: Found[]) => found.map((f) => `${f.id} (${f.where})`);

describe('every id code can show has a text in both languages', () => {
  const { ui, service, registered, imported } = scan();
  const lazy = registeredTexts(new Set([...registered, ...imported]));
  const toastLazy = registeredTexts(registered);

  it('finds the ids it is meant to find', () => {
    const ids = new Set(ui.map((f) => f.id));
    expect(ids).toContain('settings.reset.done');
    expect(ids).toContain('themes.import.only.scene');
    expect(ids.size).toBeGreaterThan(300);
    expect(service.map((f) => f.id)).toContain('err.dev.not.found');
  });

  it('ids the UI translates or pushes as toasts: in the catalogues or a registered section', () => {
    const missingEn = ui.filter((f) => !has(en_US, f.id) && !has(lazy.en, f.id));
    const missingZh = ui.filter((f) => !has(zh_CN, f.id) && !has(lazy.zh, f.id));
    expect(describeMissing(missingEn)).toEqual([]);
    expect(describeMissing(missingZh)).toEqual([]);
  });

  it('ids the UI pushes as toasts: in the catalogues or a section registered with registerTexts', () => {
    const toasts = ui.filter((f) => f.toast);
    expect(toasts.length).toBeGreaterThan(5);
    expect(describeMissing(toasts.filter((f) => !has(en_US, f.id) && !has(toastLazy.en, f.id)))).toEqual([]);
    expect(describeMissing(toasts.filter((f) => !has(zh_CN, f.id) && !has(toastLazy.zh, f.id)))).toEqual([]);
  });

  it('toast keys the service can send: in both catalogues themselves', () => {
    const keys: Found[] = [
      ...service,
      ...[...ALL_STATIC_TOAST_KEYS, ...Object.values(UPDATE_KEYS), ...Object.values(IMAGE_PROBLEM_KEYS)].map((id) => ({
        id,
        where: 'src/core/toast-keys.ts',
      })),
      { id: IMPORT_FAILURE_KEY, where: 'src/service/convert/theme.ts' },
      { id: EXPORT_FAILURE_KEY, where: 'src/service/convert/theme.ts' },
      { id: IMPORT_OTHER_MODEL_KEY, where: 'src/service/convert/theme.ts' },
    ];
    expect(describeMissing(keys.filter((f) => !has(en_US, f.id)))).toEqual([]);
    expect(describeMissing(keys.filter((f) => !has(zh_CN, f.id)))).toEqual([]);
  });
});
