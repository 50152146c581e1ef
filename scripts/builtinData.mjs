// Build-time parse of the package's profiles/ (docs/performance.md, item 9): an esbuild plugin replaces
// src/cli/builtinData.ts with the parsed built-in profiles and registry, computed by the product's own parser
// (src/core/roles/builtinData.ts, bundled and evaluated here), so the CLI does not parse that YAML at run time.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

/** `parseBuiltins` and `installBuiltins` of src/core/roles/builtinData.ts, compiled from the tree at `root`. */
export async function loadBuiltinParser(root) {
  const out = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/core/roles/builtinData.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'error',
  });
  const mod = { exports: {} };
  const file = path.join(root, 'src/core/roles/builtinData.ts');
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, createRequire(file));
  return mod.exports;
}

/** The files of `<root>/profiles` that the workspace reads as built-ins: `*.md` and `registry.yaml`. */
export function builtinSources(root) {
  const dir = path.join(root, 'profiles');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md') || name === 'registry.yaml')
    .sort()
    .map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/** The parsed data as JSON; fails when the data would not survive JSON unchanged. */
export async function builtinDataJson(root) {
  const { parseBuiltins } = await loadBuiltinParser(root);
  const data = parseBuiltins(builtinSources(root));
  const json = JSON.stringify(data);
  if (!isDeepStrictEqual(JSON.parse(json), data)) throw new Error('builtinData: the parsed profiles do not survive JSON unchanged');
  return json;
}

/** The esbuild plugin: src/cli/builtinData.ts becomes `export const BUILTIN_DATA = <parsed data>`. */
export function builtinDataPlugin(root) {
  return {
    name: 'builtin-data',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]cli[\\/]builtinData\.ts$/ }, async () => {
        const dir = path.join(root, 'profiles');
        return {
          contents: `export const BUILTIN_DATA = ${await builtinDataJson(root)};\n`,
          loader: 'js',
          watchFiles: fs.readdirSync(dir).map((name) => path.join(dir, name)),
          watchDirs: [dir],
        };
      });
    },
  };
}
