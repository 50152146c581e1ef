// An esbuild plugin of the product's bundles (scripts/cliBundles.mjs, scripts/extensionBundles.mjs): the source's
// `import * as fs from 'node:fs'` becomes `import fs = require('node:fs')` in the bundle. esbuild turns a namespace
// import of a CommonJS module into `__toESM(require(…))`, which copies every export of node:fs, node:path, … into a
// new object, once per importing module and at every start; `import … = require` is a plain `require`, which Node
// answers from its cache (docs/performance.md › CLI start-up). Only namespace imports of `node:` builtins change;
// the code that uses them is the same, and tsc still checks the source as written.
import { readFile } from 'node:fs/promises';

const NAMESPACE_IMPORT = /^import \* as ([A-Za-z_$][\w$]*) from '(node:[a-z_/]+)';$/gm;

/** The source with its namespace imports of Node builtins as `import … = require(…)`. */
export function plainBuiltinImports(source) {
  return source.replace(NAMESPACE_IMPORT, "import $1 = require('$2');");
}

export const nodeBuiltinsPlugin = {
  name: 'node-builtins-plain',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const plain = plainBuiltinImports(source);
      return plain === source ? undefined : { contents: plain, loader: 'ts' };
    });
  },
};
