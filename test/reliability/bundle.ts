// The child processes of the reliability script are bundled once with esbuild
// (as the release build bundles dist/cli.js), so each of the thousand-odd
// processes starts in plain node without a TypeScript loader.
import * as path from 'node:path';
import { bundleForNode } from '../nodeBundle';
import { OUT } from './lib';

const built = new Map<string, string>();

/** Bundles `entry` (repo-relative .ts) to out/reliability/<name>.js and returns its path. */
export function bundle(entry: string, name: string, define?: Record<string, string>): string {
  const cached = built.get(name);
  if (cached) return cached;
  const outfile = bundleForNode(entry, path.join(OUT, `${name}.js`), define);
  built.set(name, outfile);
  return outfile;
}
