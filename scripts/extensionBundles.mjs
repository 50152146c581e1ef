// The extension's bundles, shared by scripts/build.mjs and the bench (bench/processes.ts), so that what is
// measured is what ships (docs/performance.md, P4):
//   dist/extension.js  src/vscode/extension.ts: the shell that activation evaluates (features, the command table,
//                      the Wizard tree view, the seams); must stay under 400 KB minified
//   dist/engine.js     src/vscode/bundles/engine.ts: the engine session and the language-model tools' implementation
//                      (src/core, src/store, src/workspace, zod, yaml), loaded by the first command or tool call
//   dist/run.js        src/vscode/bundles/run.ts: the program check, the task / terminal execution and the persist
//                      actions, loaded by the first Run (and for the integrated terminals' environment, right
//                      after activation)
//   dist/tasks.js      src/vscode/bundles/tasks.ts: the Tasks view's board, tree and wizard probe, loaded when the
//                      view first asks for rows
// The shell reaches the others only through its lazy `require('./wizard/engineSession')`-style calls (typed with
// `typeof import(...)`): the `lazy-bundles` plugin marks exactly those calls external and points them at the bundle
// file next to dist/extension.js. A static import of one of those modules is left alone (and would be bundled into
// the shell, which the size check then reports).
import path from 'node:path';
import { nodeBuiltinsPlugin } from './nodeBuiltins.mjs';

/**
 * Which lazily required module lives in which bundle. `from` limits a rule to the listed importers (for modules
 * that another lazy require in the shell reaches too, and that the bundle re-exports only for that importer).
 */
export const LAZY_BUNDLES = [
  {
    name: 'engine',
    entry: 'src/vscode/bundles/engine.ts',
    file: 'engine.js',
    modules: ['src/vscode/wizard/engineSession', 'src/vscode/lm/lmWizard'],
  },
  {
    name: 'run',
    entry: 'src/vscode/bundles/run.ts',
    file: 'run.js',
    modules: ['src/vscode/run/runExecution', 'src/vscode/run/persistActions'],
  },
  {
    name: 'tasks',
    entry: 'src/vscode/bundles/tasks.ts',
    file: 'tasks.js',
    modules: ['src/vscode/tasks/taskBoard', 'src/vscode/tasks/boardTree', 'src/vscode/tasks/wizardProbe'],
  },
  {
    name: 'run',
    file: 'run.js',
    modules: ['src/workspace/environment'],
    from: ['src/vscode/features.ts'],
  },
  {
    name: 'tasks',
    file: 'tasks.js',
    modules: ['src/core/text', 'src/workspace/environment'],
    from: ['src/vscode/tasks/tasksView.ts'],
  },
];

/** The module a relative specifier names, as a root-relative path without extension or `/index`. */
function moduleId(root, resolveDir, specifier) {
  return path
    .relative(root, path.resolve(resolveDir, specifier))
    .split(path.sep)
    .join('/')
    .replace(/\.(ts|js)$/, '')
    .replace(/\/index$/, '');
}

/** esbuild plugin: the lazy `require()`s of LAZY_BUNDLES become `require('./<bundle>.js')`, external. */
export function lazyBundlesPlugin(root) {
  return {
    name: 'lazy-bundles',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind !== 'require-call') return undefined;
        const id = moduleId(root, args.resolveDir, args.path);
        const importer = path.relative(root, args.importer).split(path.sep).join('/');
        for (const rule of LAZY_BUNDLES) {
          if (rule.from && !rule.from.includes(importer)) continue;
          if (rule.modules.includes(id)) return { path: `./${rule.file}`, external: true };
        }
        return undefined;
      });
    },
  };
}

/** esbuild options for the shell and its lazy bundles, written into `outdir` (absolute, or relative to `root`). */
export function extensionBundles({ root, outdir, common, release }) {
  const base = { ...common, absWorkingDir: root, minify: release, sourcemap: !release };
  const lazy = LAZY_BUNDLES.filter((b) => b.entry).map((b) => ({
    name: b.name,
    ...base,
    entryPoints: [b.entry],
    outfile: path.join(outdir, b.file),
    plugins: [nodeBuiltinsPlugin],
  }));
  return [
    {
      name: 'extension',
      ...base,
      entryPoints: ['src/vscode/extension.ts'],
      outfile: path.join(outdir, 'extension.js'),
      plugins: [lazyBundlesPlugin(root), nodeBuiltinsPlugin],
    },
    ...lazy,
  ];
}
