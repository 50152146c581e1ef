// The extension's bundles (scripts/extensionBundles.mjs, docs/performance.md P4): dist/extension.js is the shell
// that activation evaluates; the engine session with the language-model tools, Run and the Tasks view's data are
// bundles of their own that the shell's lazy `require()`s reach at run time.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as esbuildTypes from 'esbuild';
import { extensionBundles, LAZY_BUNDLES } from '../../../scripts/extensionBundles.mjs';
import { vsixProblems } from '../../../scripts/vsixEntries.mjs';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const esbuild = require('esbuild') as typeof esbuildTypes;
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const BUDGET = 400 * 1024;
const common: esbuildTypes.BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  logLevel: 'silent',
};

interface Bundle {
  name: string;
  entryPoints: string[];
}
const bundles = (): Array<Bundle & esbuildTypes.BuildOptions> =>
  extensionBundles({ root: REPO_ROOT, outdir: 'dist', common, release: true }) as Array<Bundle & esbuildTypes.BuildOptions>;

/** Builds in memory; the metafile and the one .js output. */
async function build(options: esbuildTypes.BuildOptions): Promise<{ meta: esbuildTypes.Metafile; js: esbuildTypes.OutputFile }> {
  const r = await esbuild.build({ ...options, write: false, metafile: true });
  return { meta: r.metafile, js: r.outputFiles.find((f) => f.path.endsWith('.js'))! };
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

describe('the extension bundles (P4)', function () {
  this.timeout(60_000);

  it('dist/extension.js holds none of the lazily loaded modules, reaches each through its bundle file, and is under 400 KB minified', async () => {
    const [shell] = bundles();
    const { name: _name, ...options } = shell!;
    const { meta, js } = await build(options);
    const inputs = Object.keys(meta.inputs);
    for (const rule of LAZY_BUNDLES.filter((b) => b.entry)) {
      for (const m of rule.modules) assert.ok(!inputs.includes(`${m}.ts`), `${m}.ts is in the shell; it belongs in dist/${rule.file}`);
      assert.ok(js.text.includes(`require("./${rule.file}")`), `the shell never loads ./${rule.file}`);
    }
    assert.ok(!inputs.some((f) => f.startsWith('src/vscode/bundles/')), 'a bundle entry point is in the shell');
    assert.ok(
      !inputs.some((f) => f.startsWith('src/store/') || f === 'src/core/wizard/engine.ts'),
      'the engine or the store is in the shell',
    );
    assert.ok(js.contents.length < BUDGET, `dist/extension.js is ${js.contents.length} bytes minified (budget ${BUDGET})`);
  });

  it('every bundle exports what the shell takes from the modules it stands for', async () => {
    for (const rule of LAZY_BUNDLES) {
      const bundle = LAZY_BUNDLES.find((b) => b.file === rule.file && b.entry)!;
      assert.ok(bundle, `no entry point builds dist/${rule.file}`);
      const exported = await exportsOf(bundle.entry!);
      if (!rule.from) {
        for (const m of rule.modules) {
          for (const name of await exportsOf(`${m}.ts`))
            assert.ok(exported.has(name), `dist/${rule.file} does not export ${name} of ${m}.ts`);
        }
        continue;
      }
      // A rule for some importers only: the names those importers destructure from the lazy require.
      for (const importer of rule.from) {
        const text = fs.readFileSync(path.join(REPO_ROOT, importer), 'utf8');
        for (const m of text.matchAll(/const \{([^}]+)\} = require\('([^']+)'\)/g)) {
          const id = path
            .relative(REPO_ROOT, path.resolve(REPO_ROOT, path.dirname(importer), m[2]!))
            .split(path.sep)
            .join('/');
          if (!rule.modules.includes(id)) continue;
          for (const name of m[1]!.split(',').map((s) => s.split(':')[0]!.trim())) {
            assert.ok(exported.has(name), `dist/${rule.file} does not export ${name}, which ${importer} takes from ${m[2]}`);
          }
        }
      }
    }
  });

  it('each lazy bundle is built from its own entry point and holds the modules it stands for', async () => {
    const built = bundles().slice(1);
    assert.deepEqual(built.map((b) => b.name).sort(), [...new Set(LAZY_BUNDLES.map((b) => b.name))].sort());
    for (const b of built) {
      const { name, ...options } = b;
      const { meta } = await build({ ...options, minify: false });
      for (const rule of LAZY_BUNDLES.filter((r) => r.name === name)) {
        for (const m of rule.modules) {
          assert.ok(
            Object.keys(meta.inputs).some((f) => f === `${m}.ts` || f === `${m}/index.ts`),
            `dist/${rule.file} does not hold ${m}`,
          );
        }
      }
    }
  });

  it('a package without the lazy bundles is refused by the package check', () => {
    const manifest = { main: './dist/extension.js' };
    const base = ['extension.vsixmanifest', 'extension/package.json', 'extension/dist/extension.js'];
    const lazy = ['extension/dist/engine.js', 'extension/dist/run.js', 'extension/dist/tasks.js'];
    assert.deepEqual(
      vsixProblems(
        [...base, ...lazy].map((name) => ({ name })),
        manifest,
      ),
      [],
    );
    assert.deepEqual(
      vsixProblems(
        base.map((name) => ({ name })),
        manifest,
      ),
      lazy.map((f) => `missing ${f}: it must not be excluded by .vscodeignore`),
    );
  });
});
