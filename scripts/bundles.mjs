// The product's bundles, shared by scripts/build.mjs, the bench (bench/processes.ts) and the tests, so that what is
// measured and tested is what ships. One bundle per entry point, and one lazily loaded part where P4 needs it
// (docs/performance.md):
//   dist/extension.js  src/vscode/extension.ts: the shell that activation evaluates (features, the command table,
//                      the Wizard tree view, the seams, the text catalogues); must stay under 400 KB minified
//   dist/engine.js     src/vscode/bundles/engine.ts: everything the shell loads on first use (the engine session,
//                      the language-model tools, Run, the Tasks view's data; src/core's engine, src/store,
//                      src/workspace, zod and yaml). Everything in one bundle is over the 400 KB budget.
//   dist/run-wrapper.js src/host/runWrapper.ts: the process Run starts; it starts okstra with the exact argv and
//                      records how it ended next to the state file (docs/run.md)
//   dist/cli.js        src/cli/launcher.ts: the executable; compiles dist/cli-main.js with a V8 code cache
//   dist/cli-main.js   src/cli/main.ts: the CLI's commands
//   dist/mcp.js        src/mcp/server.ts: `okstra-wizard mcp` and the MCP SDK, loaded only by that command
// Beside them the build writes dist/builtins.json (scripts/builtinData.ts): the built-in profiles and registry as
// parsed data, which the CLI and the MCP server install at start (src/host/prebuilt.ts).
//
// The shell and the CLI reach the lazily loaded bundles only through lazy `require()` calls in the source, typed
// with `typeof import(...)`: esbuild resolves exactly those calls (LAZY_REQUIRES) to the bundle file next to the
// importer, marked external. The source is bundled as written; nothing is rewritten.
// Its types are JSDoc (tsconfig.json allowJs), read by the TypeScript tests and the bench; build.mjs runs it in plain Node.
import path from 'node:path';

/** @typedef {import('esbuild').BuildOptions} BuildOptions */
/** @typedef {{ root: string, outdir: string, common?: BuildOptions, release: boolean }} BundleOptions */

/**
 * Which lazily required modules live in which bundle. `importers` limits a rule to the files (root-relative, `*`
 * ending a prefix) whose lazy requires it resolves.
 */
export const LAZY_REQUIRES = [
  {
    file: 'engine.js',
    importers: ['src/vscode/*'],
    modules: [
      'src/vscode/wizard/workspaceWizards',
      'src/vscode/lm/lmWizard',
      'src/vscode/run/runExecution',
      'src/host/run',
      'src/host/runLife',
      'src/vscode/tasks/taskBoard',
      'src/vscode/tasks/boardTree',
      'src/vscode/tasks/wizardProbe',
      'src/host/environment',
      'src/core/wizard/readable',
    ],
  },
  { file: 'mcp.js', importers: ['src/cli/main.ts'], modules: ['src/mcp/server'] },
];

/** The entry point that builds each lazily loaded bundle. */
export const LAZY_ENTRIES = { 'engine.js': 'src/vscode/bundles/engine.ts', 'mcp.js': 'src/mcp/server.ts' };

/** What every product bundle is: CommonJS for Node 20 (the extension host's and the CLI's), `vscode` provided by the host. */
/** @type {BuildOptions} */
export const NODE_BUNDLE = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] };

const posix = (p) => p.split(path.sep).join('/');

/** The module a relative specifier names, as a root-relative path without extension or `/index`. */
function moduleId(root, resolveDir, specifier) {
  return posix(path.relative(root, path.resolve(resolveDir, specifier)))
    .replace(/\.(ts|js)$/, '')
    .replace(/\/index$/, '');
}

const matches = (importer, patterns) => patterns.some((p) => (p.endsWith('*') ? importer.startsWith(p.slice(0, -1)) : importer === p));

/** The bundle file a lazy `require(specifier)` in `importer` resolves to, or undefined for a module bundled in place. */
/** @param {string} root @param {string} importerAbs @param {string} specifier @returns {string | undefined} */
export function lazyBundleOf(root, importerAbs, specifier) {
  const importer = posix(path.relative(root, importerAbs));
  const id = moduleId(root, path.dirname(importerAbs), specifier);
  return LAZY_REQUIRES.find((r) => matches(importer, r.importers) && r.modules.includes(id))?.file;
}

/** esbuild plugin: the lazy `require()`s of LAZY_REQUIRES resolve to `./<bundle>.js`, external. */
/** @param {string} root @returns {import('esbuild').Plugin} */
export function lazyRequirePlugin(root) {
  return {
    name: 'lazy-require',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind !== 'require-call') return undefined;
        const file = lazyBundleOf(root, args.importer, args.path);
        return file ? { path: `./${file}`, external: true } : undefined;
      });
    },
  };
}

/**
 * esbuild options for the extension's bundles, written into `outdir` (absolute, or relative to `root`); `common`
 * adds to NODE_BUNDLE (a log level, say).
 * @param {BundleOptions} options
 * @returns {Array<BuildOptions & { name: string }>}
 */
export function extensionBundles({ root, outdir, common = {}, release }) {
  const base = { ...NODE_BUNDLE, ...common, absWorkingDir: root, minify: release, sourcemap: !release };
  return [
    {
      name: 'extension',
      ...base,
      entryPoints: ['src/vscode/extension.ts'],
      outfile: path.join(outdir, 'extension.js'),
      plugins: [lazyRequirePlugin(root)],
    },
    { name: 'engine', ...base, entryPoints: [LAZY_ENTRIES['engine.js']], outfile: path.join(outdir, 'engine.js') },
    { name: 'run wrapper', ...base, entryPoints: ['src/host/runWrapper.ts'], outfile: path.join(outdir, 'run-wrapper.js') },
  ];
}

/**
 * esbuild options for the CLI's bundles, as extensionBundles takes them.
 * @param {BundleOptions} options
 * @returns {Array<BuildOptions & { name: string }>}
 */
export function cliBundles({ root, outdir, common = {}, release }) {
  const base = { ...NODE_BUNDLE, ...common, absWorkingDir: root, minify: release, sourcemap: !release };
  return [
    {
      name: 'cli',
      ...base,
      entryPoints: ['src/cli/launcher.ts'],
      outfile: path.join(outdir, 'cli.js'),
      banner: { js: '#!/usr/bin/env node' },
    },
    {
      name: 'cli main',
      ...base,
      entryPoints: ['src/cli/main.ts'],
      outfile: path.join(outdir, 'cli-main.js'),
      plugins: [lazyRequirePlugin(root)],
    },
    { name: 'mcp', ...base, entryPoints: [LAZY_ENTRIES['mcp.js']], outfile: path.join(outdir, 'mcp.js') },
  ];
}

/**
 * Every bundle of the product.
 * @param {BundleOptions} options
 * @returns {Array<BuildOptions & { name: string }>}
 */
export function productBundles(options) {
  return [...extensionBundles(options), ...cliBundles(options)];
}
