// The CLI's bundles, shared by scripts/build.mjs and the bench (bench/processes.ts), so that what is measured is
// what ships (docs/performance.md › CLI start-up):
//   dist/cli.js        src/cli/launcher.ts: the executable; compiles cli-main.js from a V8 code cache
//   dist/cli-main.js   src/cli/main.ts: the commands (engine, store, workspace)
//   dist/mcp.js        src/mcp/server.ts: `okstra-wizard mcp` and the MCP SDK, loaded only by that command
// The last two hold the built-in profiles and registry parsed at build time (scripts/builtinData.mjs).
// One-shot commands never read the MCP SDK's bytes.
import path from 'node:path';
import { builtinDataPlugin } from './builtinData.mjs';
import { lazyYamlPlugin } from './lazyYaml.mjs';
import { nodeBuiltinsPlugin } from './nodeBuiltins.mjs';

/** `require('../mcp/server')` in src/cli/main.ts becomes `require('./mcp.js')`, a file of its own next to cli-main.js. */
const mcpApart = {
  name: 'mcp-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/mcp\/server$/ }, (args) =>
      args.importer.endsWith(path.join('src', 'cli', 'main.ts')) ? { path: './mcp.js', external: true } : undefined,
    );
  },
};

/** esbuild options for the three bundles, written into `outdir` (absolute, or relative to `root`). */
export function cliBundles({ root, outdir, common, release }) {
  const base = { ...common, absWorkingDir: root, minify: release, sourcemap: !release };
  return [
    {
      name: 'cli',
      ...base,
      entryPoints: ['src/cli/launcher.ts'],
      plugins: [nodeBuiltinsPlugin],
      outfile: path.join(outdir, 'cli.js'),
      banner: { js: '#!/usr/bin/env node' },
    },
    {
      name: 'cli main',
      ...base,
      entryPoints: ['src/cli/main.ts'],
      outfile: path.join(outdir, 'cli-main.js'),
      plugins: [mcpApart, builtinDataPlugin(root), lazyYamlPlugin(root), nodeBuiltinsPlugin],
    },
    {
      name: 'mcp',
      ...base,
      entryPoints: ['src/mcp/server.ts'],
      outfile: path.join(outdir, 'mcp.js'),
      plugins: [builtinDataPlugin(root), nodeBuiltinsPlugin],
    },
  ];
}
