// ESLint flat config: typescript-eslint's recommended rules for the TypeScript sources and tests, plus the
// architecture rules (docs/architecture.md › Layers):
//   - the engine (src/core) is free of VS Code and of Node's fs / child_process / crypto: it takes plain data and
//     injected ports;
//   - `layers/imports`: which folder of src/ may import which (LAYERS below). Every import form is checked
//     (import, export … from, import(), require(), import x = require(), typeof import()), by the path it
//     resolves to, so `../` climbing and `../../src/…` detours are judged by where they land; an import() or
//     require() whose path is not a plain string cannot be checked and is refused in src/.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * The layer order: each folder of src/ and the folders of src/ it may import (its own included).
 * src/core imports nothing of ours; src/workspace and src/store are siblings over core (neither imports the
 * other); src/host, the wizard host, sits on both; src/cli, src/mcp and src/vscode — the front ends — sit on
 * the host and never reach src/store; src/cli, src/mcp and src/vscode import only src/host and src/core (the
 * environment, the documents and their schemas, the file stamps, the task listing are the host's); nothing outside
 * src/vscode and src/mcp imports them.
 * Only src/vscode may import the `vscode` module.
 */
export const LAYERS = {
  core: ['core'],
  io: ['io', 'core'],
  workspace: ['workspace', 'io', 'core'],
  store: ['store', 'io', 'core'],
  host: ['host', 'workspace', 'store', 'io', 'core'],
  cli: ['cli', 'host', 'core'],
  mcp: ['mcp', 'host', 'core'],
  vscode: ['vscode', 'host', 'core'],
};
/** The front ends: they reach a wizard only through src/host (docs/architecture.md › The host). */
const FRONT_ENDS = ['cli', 'mcp', 'vscode'];
/**
 * The pieces of a wizard session the host owns: the engine facade, the state codec and the workspace's opener.
 * A front end that imported them would load, parse, prepare or answer a wizard by itself, beside the host's checks.
 */
const HOST_OWNED = ['src/core/wizard/engine.ts', 'src/core/wizard/stateCodec.ts', 'src/workspace/workspace.ts'];
/** Entry points that no other module may import, even where their layer may be imported. */
const ENTRY_POINTS = ['src/cli/main.ts'];
/**
 * The one edge across the top layers: the executable's entry point starts the MCP server for `okstra-wizard mcp`
 * (a lazy require, so that one-shot commands never load it). Nothing else of src/cli imports src/mcp.
 */
const ENTRY_EDGES = [['src/cli/main.ts', 'src/mcp/server.ts']];

/** `src/<layer>/…` of an absolute path → layer, or null outside src/. */
function layerOf(abs) {
  const rel = path.relative(ROOT, abs).split(path.sep).join('/');
  const m = /^src\/([^/]+)(?:\/|$)/.exec(rel);
  return m ? m[1] : rel.startsWith('src/') || rel === 'src' ? '' : null;
}

function stripExtension(rel) {
  return rel.replace(/\.(?:[cm]?[jt]s|d\.ts)$/, '');
}

const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'which folder of src/ may import which (docs/architecture.md › Layers)' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (from === null) return {};
    const allowed = LAYERS[from];
    const fromRel = path.relative(ROOT, file).split(path.sep).join('/');

    function check(node, spec) {
      if (typeof spec !== 'string') {
        context.report({
          node,
          message: `${fromRel}: an import path must be a plain string so that the layer walls can check it (docs/architecture.md › Layers)`,
        });
        return;
      }
      if (spec === 'vscode' && from !== 'vscode') {
        context.report({
          node,
          message: `src/${from} must not import 'vscode': only src/vscode talks to VS Code (docs/architecture.md › Layers)`,
        });
        return;
      }
      let target;
      if (spec.startsWith('file:')) {
        try {
          target = fileURLToPath(spec);
        } catch {
          target = spec;
        }
      } else if (spec.startsWith('.') || path.isAbsolute(spec)) target = path.resolve(path.dirname(file), spec);
      else if (spec === 'okstra-wizard' || spec.startsWith('okstra-wizard/'))
        target = path.resolve(ROOT, spec.slice('okstra-wizard'.length + 1));
      else if (spec === 'src' || spec.startsWith('src/')) target = path.resolve(ROOT, spec);
      else return; // a package or a Node built-in
      const to = layerOf(target);
      const targetRel = path.relative(ROOT, target).split(path.sep).join('/');
      if (to === null) {
        context.report({
          node,
          message: `src/${from} must not import '${spec}' (${targetRel}): src/ imports only src/ (docs/architecture.md › Layers)`,
        });
        return;
      }
      const edge = ENTRY_EDGES.some(
        ([f, t]) => stripExtension(f) === stripExtension(fromRel) && stripExtension(t) === stripExtension(targetRel),
      );
      if (!edge && (!allowed || !allowed.includes(to))) {
        const may = allowed
          ? allowed
              .filter((l) => l !== from)
              .map((l) => `src/${l}`)
              .join(', ') || 'nothing of ours'
          : 'nothing (not a known layer)';
        context.report({
          node,
          message: `src/${from} must not import src/${to || '?'} ('${spec}'): src/${from} may import ${may} (docs/architecture.md › Layers)`,
        });
        return;
      }
      if (FRONT_ENDS.includes(from) && HOST_OWNED.some((h) => stripExtension(h) === stripExtension(targetRel))) {
        context.report({
          node,
          message: `src/${from} must not import ${targetRel} ('${spec}'): a front end reaches a wizard through src/host (docs/architecture.md › The host)`,
        });
        return;
      }
      if (
        ENTRY_POINTS.some((e) => stripExtension(e) === stripExtension(targetRel)) &&
        stripExtension(targetRel) !== stripExtension(fromRel)
      ) {
        context.report({
          node,
          message: `${targetRel} is an entry point: no module imports it ('${spec}') (docs/architecture.md › Layers)`,
        });
      }
    }

    /** The string of a literal or of a template literal without expressions; undefined otherwise. */
    function literal(node) {
      if (!node) return undefined;
      if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
      if (node.type === 'TSLiteralType') return literal(node.literal);
      return undefined;
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, literal(node.source)),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' && check(node, literal(node.moduleReference.expression)),
      TSImportType: (node) => check(node, literal(node.argument)),
      CallExpression(node) {
        const c = node.callee;
        const isRequire =
          (c.type === 'Identifier' && c.name === 'require') ||
          (c.type === 'MemberExpression' &&
            c.object.type === 'Identifier' &&
            c.object.name === 'require' &&
            !c.computed &&
            c.property.name === 'resolve') ||
          (c.type === 'MemberExpression' &&
            c.object.type === 'Identifier' &&
            c.object.name === 'module' &&
            !c.computed &&
            c.property.name === 'require');
        if (isRequire) check(node, literal(node.arguments[0]));
      },
    };
  },
};

const CORE_MESSAGE =
  'src/core is the engine: no vscode, fs, child_process or crypto. Take the data through a port (src/core/ports.ts), or hash in the store.';
/** What src/core may not import (test/unit/foundation/coreImports.test.ts tries each). */
export const CORE_FORBIDDEN = [
  'vscode',
  'fs',
  'node:fs',
  'fs/promises',
  'node:fs/promises',
  'child_process',
  'node:child_process',
  'crypto',
  'node:crypto',
];

export default tseslint.config(
  {
    // Disable comments that another rule set made unnecessary are not an error worth failing a build for.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  {
    ignores: ['node_modules/**', 'dist/**', 'out/**', '.tools/**', 'test-results/**', '.vscode-test/**', 'test/fixtures/**'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.mts', 'src/**/*.cts', 'src/**/*.js', 'src/**/*.mjs', 'src/**/*.cjs'],
    plugins: { layers: { rules: { imports: layersRule } } },
    rules: {
      'layers/imports': 'error',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: CORE_FORBIDDEN.map((name) => ({ name, message: CORE_MESSAGE })) }],
      // require() and import() would get around the rule above.
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.name="require"]', message: `${CORE_MESSAGE} (and no require() in src/core)` },
        { selector: 'ImportExpression', message: `${CORE_MESSAGE} (and no dynamic import() in src/core)` },
      ],
    },
  },
  {
    // Outside the core, a lazy require() keeps startup fast (activation budget P4, CLI start-up): allowed.
    files: ['src/cli/**/*.ts', 'src/vscode/**/*.ts', 'src/store/**/*.ts', 'src/workspace/**/*.ts', 'scripts/**', 'test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Tests poke at parsed JSON and at private shapes on purpose.
    files: ['test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
