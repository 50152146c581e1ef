#!/usr/bin/env node
// Bundles the extension, the CLI and the integration test suite with esbuild (scripts/bundles.mjs).
//   node scripts/build.mjs             development: source maps, not minified
//   node scripts/build.mjs --release   minified, no source maps (what gets packaged)
//   node scripts/build.mjs --watch     development build, rebuilt on every change
//   node scripts/build.mjs --sizes     also prints every bundle with its (minified) size
// A build (not --watch) also regenerates the JSON Schemas in schemas/ from the product's zod schemas
// (scripts/schemas/generate.ts; they are committed, and a unit test fails when they are out of date), writes
// package.json's languageModelTools and settings, and their package.nls*.json texts, from the agent tools' and the
// settings' definitions (scripts/languageModelTools.ts, scripts/settingsManifest.ts; checked the same way) and writes dist/builtins.json (scripts/builtinData.ts). dist/extension.js must stay under 400 KB minified (P4,
// docs/performance.md): every build measures it (a development build minifies it in memory) and fails over budget.
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliBundles, extensionBundles, NODE_BUNDLE } from './bundles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const release = process.argv.includes('--release');
const watch = process.argv.includes('--watch');
const sizes = process.argv.includes('--sizes');
const EXTENSION_BUDGET = 400 * 1024;

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const common = { ...NODE_BUNDLE, absWorkingDir: root, logLevel: 'warning' };

function listTests(dir) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(dir, f));
}

function configs() {
  const out = [];
  out.push(...extensionBundles({ root, outdir: 'dist', common, release }), ...cliBundles({ root, outdir: 'dist', common, release }));
  // The integration suite runs inside the extension host, which loads plain CommonJS: one bundle per file
  // under out/test/integration/ (index.js finds the suite's *.test.js next to it). mocha stays external so that
  // index.js and the test files share the one instance from node_modules.
  const integration = ['test/integration/index.ts', ...listTests('test/integration/suite')].filter((f) =>
    fs.existsSync(path.join(root, f)),
  );
  if (integration.length > 0) {
    out.push({
      name: 'integration tests',
      ...common,
      external: ['vscode', 'mocha'],
      entryPoints: integration,
      outbase: 'test/integration',
      outdir: 'out/test/integration',
      sourcemap: 'inline',
    });
  }
  return out;
}

/** The bundles' files, as `dist/<file>`. */
const bundleFiles = () => [
  ...extensionBundles({ root, outdir: 'dist', common, release }),
  ...cliBundles({ root, outdir: 'dist', common, release }),
];

/** Minified size of each bundle (`dist/<file>` → bytes): the release build's files, or built in memory. */
async function minifiedSizes(which) {
  const out = new Map();
  await Promise.all(
    which.map(async ({ name: _name, ...options }) => {
      const file = path.relative(root, path.resolve(root, options.outfile)).split(path.sep).join('/');
      if (release) {
        out.set(file, fs.statSync(path.join(root, file)).size);
        return;
      }
      const result = await esbuild.build({ ...options, minify: true, sourcemap: false, write: false });
      out.set(file, result.outputFiles.find((f) => f.path.endsWith('.js')).contents.length);
    }),
  );
  return out;
}

/** The P4 budget of dist/extension.js, in one line; with --sizes every bundle's size first. */
async function report() {
  const all = bundleFiles();
  const measured = await minifiedSizes(sizes ? all : all.filter((b) => b.name === 'extension'));
  if (sizes) {
    for (const [file, minified] of measured) {
      const size = fs.statSync(path.join(root, file)).size;
      console.log(`  ${file.padEnd(20)} ${kb(size).padStart(10)}${release ? '' : `  (minified ${kb(minified)})`}`);
    }
  }
  const shell = measured.get('dist/extension.js');
  if (shell > EXTENSION_BUDGET) {
    console.error(`build: dist/extension.js is ${kb(shell)} minified, over the ${kb(EXTENSION_BUDGET)} budget (docs/performance.md, P4)`);
    return false;
  }
  return `dist/extension.js ${kb(shell)} minified (budget ${kb(EXTENSION_BUDGET)})`;
}

/**
 * Deletes what an earlier build left in the output folders and this one did not write: a release build must not
 * ship a stale .map, nor the suite run a deleted test. (Not an upfront wipe: a VS Code run that is starting in the
 * same tree must never find dist/extension.js missing.) A bundle that failed keeps its previous output.
 */
function removeStale(results) {
  if (results.some((r) => r.status === 'rejected')) return;
  const written = new Set([...results.flatMap((r) => Object.keys(r.value.metafile.outputs)), BUILTINS].map((f) => path.resolve(root, f)));
  for (const dir of ['dist', 'out/test/integration']) {
    const abs = path.join(root, dir);
    if (!fs.existsSync(abs)) continue;
    for (const f of fs.readdirSync(abs, { recursive: true, encoding: 'utf8' })) {
      const file = path.join(abs, f);
      if (fs.statSync(file).isFile() && !written.has(file)) fs.rmSync(file);
    }
  }
}

async function finishDist() {
  const cli = path.join(root, 'dist/cli.js');
  if (fs.existsSync(cli)) fs.chmodSync(cli, 0o755);
}

/** A TypeScript script of the build in a child process (tsx), while esbuild bundles; resolves whether it succeeded. */
function tsxScript(what, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(`build: cannot ${what}: ${err.message}`);
      resolve(false);
    });
    child.on('exit', (code) => resolve(code === 0));
  });
}

/** dist/builtins.json: the built-in profiles and registry as parsed data (scripts/builtinData.ts). */
const BUILTINS = 'dist/builtins.json';
const writeBuiltins = () => tsxScript('write dist/builtins.json', ['scripts/builtinData.ts', BUILTINS]);

const all = configs();
const started = Date.now();

if (watch) {
  // The extension and the CLI only: the integration tests are built by the runs that need them. One
  // "[watch] build started" … "[watch] build finished" pair per round of rebuilds, which is what the background
  // problem matcher of .vscode/tasks.json waits for (F5 starts the Extension Development Host after the first pair).
  let active = 0;
  let errors = 0;
  for (const { name: _name, ...options } of all.filter((c) => c.name !== 'integration tests')) {
    const ctx = await esbuild.context({
      ...options,
      plugins: [
        ...(options.plugins ?? []),
        {
          name: 'report',
          setup(build) {
            build.onStart(() => {
              if (active++ === 0) {
                errors = 0;
                console.log('[watch] build started');
              }
            });
            build.onEnd(async (result) => {
              errors += result.errors.length;
              if (result.errors.length === 0) await finishDist();
              if (--active === 0) {
                const when = new Date().toLocaleTimeString();
                console.log(`[watch] build finished ${when}${errors > 0 ? ` with ${errors} error${errors > 1 ? 's' : ''}` : ''}`);
              }
            });
          },
        },
      ],
    });
    await ctx.watch();
  }
  if (!(await writeBuiltins())) console.error('build: warning: no dist/builtins.json; the CLI parses the built-in profiles at run time');
  console.log('[watch] watching for changes (Ctrl+C to stop)');
} else {
  // Independent bundles: one broken entry point must not hide the state of the others.
  const schemas = tsxScript('generate the JSON Schemas', ['scripts/schemas/generate.ts']);
  const lmTools = tsxScript("write package.json's language-model tools and settings", ['scripts/languageModelTools.ts']);
  const builtins = writeBuiltins();
  const results = await Promise.allSettled(all.map(({ name: _name, ...options }) => esbuild.build({ ...options, metafile: true })));
  const failed = all.filter((_, i) => results[i].status === 'rejected').map((c) => c.name);
  if (!(await schemas)) failed.push('JSON Schemas');
  if (!(await lmTools)) failed.push('package.json languageModelTools and settings');
  if (!(await builtins)) failed.push(BUILTINS);
  removeStale(results);
  await finishDist();
  if (failed.length > 0) {
    // esbuild has already printed each error with its file and line.
    console.error(`build: failed: ${failed.join(', ')}`);
    process.exit(1);
  }
  const budget = await report();
  if (!budget) process.exit(1);
  console.log(`build: ${release ? 'release' : 'development'} build in ${Date.now() - started} ms; ${budget}`);
}
