// An esbuild plugin of the CLI's bundles (scripts/cliBundles.mjs): the yaml library is evaluated on its first use,
// not when the bundle starts. `src/core/files/fileErrors.ts` imports it statically (the core loads no module
// lazily: no require in src/core), so a step that finds every YAML text in the memo (src/cli/yamlMemo.ts) still
// paid for evaluating yaml's modules at start-up. The plugin hands that import a stand-in module whose functions
// and class require the library when first called; the source stays as written (docs/performance.md, item 16).
// The commands bundle only: the MCP server and the extension, long-lived, load yaml once either way.
import path from 'node:path';

// What fileErrors.ts imports from yaml; a name it imports and this module lacks fails the build (esbuild: no
// matching export). `new LineCounter()` returns the library's own LineCounter.
const STAND_IN = `
let lib;
const yaml = () => (lib ??= require('yaml'));
export function parseDocument(...args) { return yaml().parseDocument(...args); }
export function isMap(node) { return yaml().isMap(node); }
export function isSeq(node) { return yaml().isSeq(node); }
export function isScalar(node) { return yaml().isScalar(node); }
export function LineCounter() { return new (yaml().LineCounter)(); }
`;

export function lazyYamlPlugin(root) {
  return {
    name: 'lazy-yaml',
    setup(build) {
      build.onResolve({ filter: /^yaml$/ }, (args) =>
        args.importer.endsWith(path.join('src', 'core', 'files', 'fileErrors.ts')) ? { path: 'yaml', namespace: 'lazy-yaml' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'lazy-yaml' }, () => ({ contents: STAND_IN, loader: 'js', resolveDir: root }));
    },
  };
}
