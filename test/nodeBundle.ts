// One esbuild recipe for the test code that starts a TypeScript entry point as plain node, many times over
// (the CLI of the unit tests' black-box harness, the reliability script's child processes): bundled and
// minified as the release build bundles dist/cli.js, so that each process starts without a TypeScript loader
// and has less to compile.
import * as path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..');

/** Bundles `entry` (repo-relative) into `outfile`; `define` replaces expressions at build time. Returns `outfile`. */
export function bundleForNode(entry: string, outfile: string, define?: Record<string, string>): string {
  const esbuild = require('esbuild') as typeof import('esbuild');
  esbuild.buildSync({
    entryPoints: [path.join(REPO_ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    minify: true,
    logLevel: 'error',
    define,
  });
  return outfile;
}
