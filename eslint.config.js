import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const root = dirname(fileURLToPath(import.meta.url));

/**
 * Imports point one way. Each folder of src/ is a layer and imports only from itself and the layers listed for it,
 * lowest first: core, protocol, i18n, transport, firmware, drivers, contract, service, host, ui. src/testing (fakes for the
 * tests) imports anything; src/main.tsx, the entry, wires the app together and is not checked. A new folder of src/ must
 * be added here before its files pass lint.
 */
const layers = {
  core: [],
  protocol: ['core'],
  i18n: ['core'],
  transport: ['protocol', 'core'],
  firmware: ['protocol', 'core'],
  contract: ['core', 'protocol'],
  drivers: ['core', 'protocol', 'transport'],
  service: ['contract', 'core', 'protocol', 'transport', 'drivers'],
  host: ['service', 'contract', 'drivers', 'firmware', 'transport', 'protocol', 'core'],
  ui: ['contract', 'core', 'i18n'],
  desktop: ['service', 'contract', 'host', 'drivers', 'firmware', 'transport', 'protocol', 'core'],
  cli: ['contract', 'desktop', 'host', 'service', 'i18n', 'core'],
  testing: 'anything',
};

/**
 * Single modules a folder may import outside its layers. The browser host glue in src/ui/host/ starts the device
 * worker, speaks its messages and forwards WebHID devices to it.
 */
const allowedModules = [{ from: 'src/ui/host/', to: ['src/transport/webhid', 'src/host/worker-messages'] }];

/**
 * Files still to move: imports that break the order today. Each is being moved (or is to be moved) to a module its
 * layer may import; delete its line here once it is.
 */
const stillToMove = [];

const posix = (path) => path.split(sep).join('/');
/** A module's path without its extension or a trailing /index, so `../x`, `../x.ts` and `../x/index.ts` compare equal. */
const moduleId = (path) => path.replace(/\.(tsx?|jsx?|mjs|cjs)$/, '').replace(/\/index$/, '');
const matchesFrom = (from, file) => (from.endsWith('/') ? file.startsWith(from) : file === from);

const oneWayImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports point one way: each folder of src/ imports only from the layers below it' },
    schema: [],
  },
  create(context) {
    const file = posix(relative(root, context.filename));
    const parts = file.split('/');
    if (parts[0] !== 'src' || parts.length < 3) return {};
    const layer = parts[1];
    const allowed = layers[layer];
    if (allowed === 'anything') return {};
    if (!allowed) {
      return {
        Program(node) {
          context.report({
            node,
            message: `src/${layer} is not in the layer order: add it to \`layers\` in eslint.config.js.`,
          });
        },
      };
    }

    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !(specifier.startsWith('.') || specifier.startsWith('/'))) return;
      const target = posix(relative(root, resolve(dirname(context.filename), specifier)));
      const targetParts = target.split('/');
      if (targetParts[0] !== 'src') {
        context.report({ node, message: `src/${layer} may not import from outside src/ ('${specifier}').` });
        return;
      }
      // A file directly in src/ (the entry) belongs to no layer: no layer imports it.
      const targetLayer = targetParts.length > 2 ? targetParts[1] : undefined;
      if (targetLayer === layer || allowed.includes(targetLayer)) return;
      const id = moduleId(target);
      const excepted = [...allowedModules, ...stillToMove].some(
        (rule) => matchesFrom(rule.from, file) && [rule.to].flat().some((to) => moduleId(to) === id),
      );
      if (excepted) return;
      const may = allowed.length ? allowed.map((l) => `src/${l}`).join(', ') : 'nothing outside itself';
      context.report({
        node,
        message: `Imports point one way: src/${layer} may not import ${targetLayer ? `src/${targetLayer}` : target} ('${specifier}'). src/${layer} may import ${may}.`,
      });
    };

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value),
    };
  },
};

const uiPackages = ['react', 'react/*', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*'];

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'artifacts/', 'e2e/helpers/generated/'],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**'],
    plugins: { keytune: { rules: { 'one-way-imports': oneWayImports } } },
    rules: { 'keytune/one-way-imports': 'error' },
  },
  {
    files: ['src/core/**', 'src/protocol/**', 'src/transport/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: uiPackages, message: 'Rules, the protocol and transports do not use React or stores.' }],
        },
      ],
    },
  },
);
