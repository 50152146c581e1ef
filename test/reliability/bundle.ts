// The child processes of the reliability script are bundled once with esbuild
// (as the release build bundles dist/cli.js), so each of the thousand-odd
// processes starts in plain node without a TypeScript loader. A product bundle
// (dist/run-wrapper.js) is built from scripts/bundles.mjs, as the release build makes it.
import * as path from 'node:path';
import { extensionBundles } from '../../scripts/bundles.mjs';
import { bundleForNode } from '../nodeBundle';
import { OUT, REPO_ROOT } from './lib';

const built = new Map<string, string>();

/** Bundles `entry` (repo-relative .ts) to out/reliability/<name>.js and returns its path. */
export function bundle(entry: string, name: string, define?: Record<string, string>): string {
  const cached = built.get(name);
  if (cached) return cached;
  const outfile = bundleForNode(entry, path.join(OUT, `${name}.js`), define);
  built.set(name, outfile);
  return outfile;
}

/**
 * Builds the extension's bundle `name` of scripts/bundles.mjs (`'run wrapper'`: dist/run-wrapper.js) into
 * out/reliability/, minified as in a release, and returns its path. Only a bundle without esbuild plugins (esbuild's
 * synchronous build runs none).
 */
export function extensionBundle(name: string): string {
  const key = `extension:${name}`;
  const cached = built.get(key);
  if (cached) return cached;
  const found = extensionBundles({ root: REPO_ROOT, outdir: OUT, common: { logLevel: 'error' }, release: true }).find(
    (b) => b.name === name,
  );
  if (!found) throw new Error(`scripts/bundles.mjs has no extension bundle named ${JSON.stringify(name)}`);
  const { name: _name, ...options } = found;
  if (options.plugins?.length) throw new Error(`the ${name} bundle needs esbuild plugins; build it with scripts/build.mjs`);
  const esbuild = require('esbuild') as typeof import('esbuild');
  esbuild.buildSync(options);
  const outfile = String(options.outfile);
  built.set(key, outfile);
  return outfile;
}
