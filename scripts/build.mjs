#!/usr/bin/env node
// Bundles the extension, the CLI and the integration test suite with esbuild.
//   node scripts/build.mjs             development: source maps, not minified
//   node scripts/build.mjs --release   minified, no source maps (what gets packaged)
//   node scripts/build.mjs --watch     development build, rebuilt on every change
// A build (not --watch) also regenerates the JSON Schemas in schemas/ from the product's zod schemas
// (scripts/schemas/generate.ts); they are committed, and a unit test fails when they are out of date.
// dist/extension.js must stay under 400 KB minified (docs/performance.md, P4): it holds only the shell that activation
// evaluates, and what the shell loads lazily is in bundles of its own (scripts/extensionBundles.mjs: dist/engine.js,
// dist/run.js, dist/tasks.js). Every build prints each bundle with its minified size (a development build minifies
// in memory just to measure) and fails when dist/extension.js is over the budget.
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliBundles } from './cliBundles.mjs';
import { extensionBundles, LAZY_BUNDLES } from './extensionBundles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const release = process.argv.includes('--release');
const watch = process.argv.includes('--watch');
const EXTENSION_BUDGET = 400 * 1024;

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  // The extension host and the CLI run on Node 20; `vscode` is provided by the extension host.
  external: ['vscode'],
};

/** Entry points that do not exist yet (other layers land later) are skipped with a warning, not an error. */
function present(entry) {
  if (fs.existsSync(path.join(root, entry))) return true;
  console.warn(`build: warning: ${entry} does not exist yet; skipping it`);
  return false;
}

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
  if (present('src/vscode/extension.ts')) out.push(...extensionBundles({ root, outdir: 'dist', common, release }));
  if (present('src/cli/main.ts')) out.push(...cliBundles({ root, outdir: 'dist', common, release }));
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

/** Every bundle with its size (and, for a development build, its minified size), then the P4 budget check. */
async function report() {
  let ok = true;
  const lazy = [...new Set(LAZY_BUNDLES.filter((b) => b.entry).map((b) => `dist/${b.file}`))];
  const files = ['dist/extension.js', ...lazy, 'dist/cli.js', 'dist/cli-main.js', 'dist/mcp.js'];
  const minifiedSizes = release ? null : await measureMinified();
  for (const file of files) {
    const abs = path.join(root, file);
    if (!fs.existsSync(abs)) continue;
    const size = fs.statSync(abs).size;
    const minified = release ? size : minifiedSizes.get(file);
    let line = `  ${file.padEnd(20)} ${kb(size).padStart(10)}`;
    if (!release && minified !== undefined) line += `  (minified ${kb(minified)}`;
    if (file === 'dist/extension.js') {
      line += release ? `  (budget ${kb(EXTENSION_BUDGET)})` : `, budget ${kb(EXTENSION_BUDGET)})`;
      if (minified > EXTENSION_BUDGET) {
        console.error(`build: ${file} is ${kb(minified)} minified, over the ${kb(EXTENSION_BUDGET)} budget (docs/performance.md, P4)`);
        ok = false;
      }
    } else if (!release && minified !== undefined) line += ')';
    console.log(line);
  }
  return ok;
}

/** A development build minifies every bundle in memory just to report its minified size. */
async function measureMinified() {
  const sizes = new Map();
  const bundles = [
    ...extensionBundles({ root, outdir: 'dist', common, release: true }),
    ...cliBundles({ root, outdir: 'dist', common, release: true }),
  ];
  await Promise.all(
    bundles.map(async ({ name: _name, ...options }) => {
      const result = await esbuild.build({ ...options, write: false });
      const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
      sizes.set(path.relative(root, js.path).split(path.sep).join('/'), js.contents.length);
    }),
  );
  return sizes;
}

/**
 * Deletes what an earlier build left in the output folders and this one did not write: a release build must not
 * ship a stale .map, nor the suite run a deleted test. (Not an upfront wipe: a VS Code run that is starting in the
 * same tree must never find dist/extension.js missing.) A bundle that failed keeps its previous output.
 */
function removeStale(results) {
  if (results.some((r) => r.status === 'rejected')) return;
  const written = new Set(results.flatMap((r) => Object.keys(r.value.metafile.outputs)).map((f) => path.resolve(root, f)));
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

/** schemas/*.json from the zod schemas, in a TypeScript child process (tsx) while esbuild bundles. */
function generateSchemas() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/schemas/generate.ts'], { cwd: root, stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(`build: cannot generate the JSON Schemas: ${err.message}`);
      resolve(false);
    });
    child.on('exit', (code) => resolve(code === 0));
  });
}

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
  console.log('[watch] watching for changes (Ctrl+C to stop)');
} else {
  // Independent bundles: one broken entry point must not hide the state of the others.
  const schemas = generateSchemas();
  const results = await Promise.allSettled(all.map(({ name: _name, ...options }) => esbuild.build({ ...options, metafile: true })));
  const failed = all.filter((_, i) => results[i].status === 'rejected').map((c) => c.name);
  if (!(await schemas)) failed.push('JSON Schemas');
  removeStale(results);
  await finishDist();
  if (failed.length > 0) {
    // esbuild has already printed each error with its file and line.
    console.error(`build: failed: ${failed.join(', ')}`);
    process.exit(1);
  }
  console.log(`build: ${release ? 'release' : 'development'} build in ${Date.now() - started} ms`);
  if (!(await report())) process.exit(1);
}
