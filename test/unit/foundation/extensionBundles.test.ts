// The product's bundles (scripts/bundles.mjs, docs/performance.md P4): dist/extension.js is the shell that activation
// evaluates and holds no engine; everything the shell reaches lazily is in dist/engine.js, which its lazy
// `require()`s load at run time; the CLI's commands load dist/mcp.js only for `mcp`. No plugin rewrites source text.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as esbuildTypes from 'esbuild';
import { extensionBundles, LAZY_ENTRIES, LAZY_REQUIRES, NODE_BUNDLE, productBundles } from '../../../scripts/bundles.mjs';
import { contentProblems } from '../../../scripts/packaging';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const esbuild = require('esbuild') as typeof esbuildTypes;
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const BUDGET = 400 * 1024;
const common: esbuildTypes.BuildOptions = { ...NODE_BUNDLE, logLevel: 'silent' };

/**
 * What the shell may not hold: the engine (src/core/wizard: its step table, codec, engine; only the answer-binding
 * check and the task-phase rules of the Tasks view are shared), the role flows and file readers of src/core, the
 * store, the workspace and io layers, the CLI and MCP, and any library (yaml, zod).
 */
const NOT_IN_SHELL: Array<[RegExp, string]> = [
  [/^node_modules\//, 'a library'],
  // The host's quick look for a state file (no engine: a few directory reads) is the one module of src/host it may hold.
  [/^src\/(store|workspace|io|cli|mcp|host)\/(?!stateFileScan\.ts$)/, 'a layer the engine bundle holds'],
  [/^src\/core\/wizard\/(?!binding\.ts$|workspaceRules\.ts$|paths\.ts$)/, 'the engine'],
  [/^src\/core\/roles\/(?!roleIds\.ts$|providerCli\.ts$)/, "the engine's role flows"],
  [/^src\/core\/(files\/|lazySchema\.ts$)/, "the engine's file readers"],
];

interface Built {
  meta: esbuildTypes.Metafile;
  js: esbuildTypes.OutputFile;
  /** Inputs with bytes in the output (a module only its types were taken from has none). */
  held: string[];
}

/** Builds in memory; the metafile, the one .js output and the modules it holds. */
async function build(options: esbuildTypes.BuildOptions): Promise<Built> {
  const r = await esbuild.build({ ...options, write: false, metafile: true });
  const js = r.outputFiles.find((f) => f.path.endsWith('.js'))!;
  const [output] = Object.values(r.metafile.outputs).filter((o) => o.entryPoint !== undefined);
  const held = Object.entries(output!.inputs)
    .filter(([, i]) => i.bytesInOutput > 0)
    .map(([f]) => f);
  return { meta: r.metafile, js, held };
}

const shellOptions = (): esbuildTypes.BuildOptions => {
  const { name: _name, ...options } = extensionBundles({ root: REPO_ROOT, outdir: 'dist', common, release: true })[0]!;
  return options;
};

/** How the shell's entry point reaches `target`, through the imports of the metafile. */
function chainTo(meta: esbuildTypes.Metafile, target: string): string {
  const entry = 'src/vscode/extension.ts';
  const prev = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const f = queue.shift()!;
    for (const imp of meta.inputs[f]?.imports ?? []) {
      if (prev.has(imp.path)) continue;
      prev.set(imp.path, f);
      queue.push(imp.path);
    }
  }
  const chain: string[] = [];
  for (let at: string | null | undefined = target; at; at = prev.get(at)) chain.unshift(at);
  return chain.join(' → ');
}

/** The value exports of a module (an ES-module build says them; `export type` leaves none). */
async function exportsOf(entry: string): Promise<Set<string>> {
  const r = await esbuild.build({
    absWorkingDir: REPO_ROOT,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    external: ['vscode'],
    write: false,
    metafile: true,
    outdir: '/tmp/unused',
    logLevel: 'silent',
  });
  return new Set(Object.values(r.metafile.outputs).flatMap((o) => o.exports));
}

/** The lazy `require('…')`s of the source files under src/, each with its importer. */
function lazyRequires(): Array<{ importer: string; specifier: string; names: string[] }> {
  const out: Array<{ importer: string; specifier: string; names: string[] }> = [];
  for (const f of fs.readdirSync(path.join(REPO_ROOT, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!f.endsWith('.ts')) continue;
    const text = fs.readFileSync(path.join(REPO_ROOT, 'src', f), 'utf8');
    for (const m of text.matchAll(/(?:const \{([^}]+)\} = )?\(?require\('(\.[^']+)'\)/g)) {
      const names = (m[1] ?? '')
        .split(',')
        .map((s) => s.split(':')[0]!.trim())
        .filter(Boolean);
      out.push({ importer: `src/${f.split(path.sep).join('/')}`, specifier: m[2]!, names });
    }
  }
  return out;
}

describe('the product bundles (P4)', function () {
  this.timeout(120_000);

  it('dist/extension.js holds no engine, no store, workspace or io layer and no library (its modules, by the metafile)', async () => {
    const { meta, held } = await build(shellOptions());
    const found = held.flatMap((f) => NOT_IN_SHELL.filter(([re]) => re.test(f)).map(([, what]) => `${f} (${what}): ${chainTo(meta, f)}`));
    assert.deepEqual(found, [], 'the shell holds what belongs in dist/engine.js');
    // A sanity check of the check: the shell does hold its own modules.
    assert.ok(held.includes('src/vscode/features.ts') && held.includes('src/core/text/en.ts'), held.join(' '));
  });

  it('dist/extension.js loads ./engine.js at run time and is under 400 KB minified', async () => {
    const { js } = await build(shellOptions());
    assert.ok(js.text.includes('require("./engine.js")'), 'the shell never loads ./engine.js');
    assert.ok(js.contents.length < BUDGET, `dist/extension.js is ${js.contents.length} bytes minified (budget ${BUDGET})`);
  });

  it('one bundle per entry point (extension, CLI, MCP), plus the launcher, the one lazily loaded engine of the extension and the run wrapper', () => {
    const bundles = productBundles({ root: REPO_ROOT, outdir: 'dist', common, release: true });
    assert.deepEqual(
      bundles.map((b) => [b.name, (b.entryPoints as string[])[0], path.basename(b.outfile!)]),
      [
        ['extension', 'src/vscode/extension.ts', 'extension.js'],
        ['engine', LAZY_ENTRIES['engine.js'], 'engine.js'],
        ['run wrapper', 'src/host/runWrapper.ts', 'run-wrapper.js'],
        ['cli', 'src/cli/launcher.ts', 'cli.js'],
        ['cli main', 'src/cli/main.ts', 'cli-main.js'],
        ['mcp', LAZY_ENTRIES['mcp.js'], 'mcp.js'],
      ],
    );
  });

  it('no plugin of any bundle loads (rewrites) source text: plugins only resolve lazy requires', () => {
    for (const bundle of productBundles({ root: REPO_ROOT, outdir: 'dist', common, release: true })) {
      for (const plugin of bundle.plugins ?? []) {
        const registered: string[] = [];
        const record =
          (kind: string) =>
          (..._args: unknown[]): void => {
            registered.push(kind);
          };
        void plugin.setup({
          onResolve: record('onResolve'),
          onLoad: record('onLoad'),
          onStart: record('onStart'),
          onEnd: record('onEnd'),
          onDispose: record('onDispose'),
        } as unknown as esbuildTypes.PluginBuild);
        assert.deepEqual(registered, ['onResolve'], `${bundle.name}: plugin ${plugin.name}`);
      }
    }
  });

  it('every lazy require of the shell and the CLI names a module of its bundle, and the bundle exports what it takes', async () => {
    const rules = lazyRequires().flatMap((r) => {
      const id = path
        .relative(REPO_ROOT, path.resolve(REPO_ROOT, path.dirname(r.importer), r.specifier))
        .split(path.sep)
        .join('/')
        .replace(/\/index$/, '');
      const rule = LAZY_REQUIRES.find(
        (l) =>
          l.modules.includes(id) && l.importers.some((p) => (p.endsWith('*') ? r.importer.startsWith(p.slice(0, -1)) : r.importer === p)),
      );
      return rule ? [{ ...r, id, file: rule.file }] : [];
    });
    assert.ok(
      rules.length >= LAZY_REQUIRES.reduce((n, r) => n + r.modules.length, 0),
      'every module of LAZY_REQUIRES is required lazily somewhere',
    );
    const exported = new Map<string, Set<string>>();
    for (const [file, entry] of Object.entries(LAZY_ENTRIES)) exported.set(file, await exportsOf(entry));
    for (const r of rules) {
      const names = r.names.length > 0 ? r.names : [...(await exportsOf(`${r.id}.ts`))];
      for (const name of names)
        assert.ok(exported.get(r.file)!.has(name), `dist/${r.file} does not export ${name}, which ${r.importer} takes from ${r.specifier}`);
    }
    for (const rule of LAZY_REQUIRES) {
      for (const m of rule.modules) {
        assert.ok(
          rules.some((r) => r.id === m),
          `${m} is listed in LAZY_REQUIRES but nothing requires it lazily`,
        );
      }
    }
  });

  it('each lazily loaded bundle holds the modules it stands for', async () => {
    for (const [file, entry] of Object.entries(LAZY_ENTRIES)) {
      const { held } = await build({ ...common, absWorkingDir: REPO_ROOT, entryPoints: [entry], outfile: `/tmp/unused/${file}` });
      for (const rule of LAZY_REQUIRES.filter((r) => r.file === file)) {
        for (const m of rule.modules)
          assert.ok(held.includes(`${m}.ts`) || held.includes(`${m}/index.ts`), `dist/${file} does not hold ${m}`);
      }
    }
  });

  it('a package without the lazily loaded bundles is refused by the package check', () => {
    const manifest = { main: './dist/extension.js' };
    const base = ['extension.vsixmanifest', 'extension/package.json', 'extension/dist/extension.js', 'extension/dist/run-wrapper.js'];
    const lazy = ['extension/dist/engine.js', 'extension/dist/mcp.js'];
    assert.deepEqual(contentProblems([...base, ...lazy], manifest), []);
    assert.deepEqual(
      contentProblems(base, manifest),
      lazy.map((f) => `missing ${f}: it must not be excluded by .vscodeignore`),
    );
  });
});
