// The layer walls of eslint.config.mjs (`layers/imports`, docs/architecture.md › Layers): each rule is shown
// to fail by linting small sources placed at virtual paths in each layer, and the allowed imports to pass.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'layers/imports').map((m) => m.message);
}

/** What each layer may not import, as written from a file one folder deep in it. */
const FORBIDDEN: Array<[from: string, spec: string, to: string]> = [
  ['core', '../workspace/x', 'workspace'],
  ['core', '../store/x', 'store'],
  ['core', '../cli/x', 'cli'],
  ['core', '../mcp/x', 'mcp'],
  ['core', '../vscode/x', 'vscode'],
  ['workspace', '../store/x', 'store'],
  ['workspace', '../cli/x', 'cli'],
  ['workspace', '../mcp/x', 'mcp'],
  ['workspace', '../vscode/x', 'vscode'],
  ['store', '../workspace/x', 'workspace'],
  ['store', '../cli/x', 'cli'],
  ['store', '../mcp/x', 'mcp'],
  ['store', '../vscode/x', 'vscode'],
  ['cli', '../mcp/x', 'mcp'],
  ['cli', '../vscode/x', 'vscode'],
  ['vscode', '../cli/x', 'cli'],
  ['vscode', '../mcp/x', 'mcp'],
  ['mcp', '../vscode/x', 'vscode'],
  ['cli', '../store', 'store'],
  ['mcp', '../store/x', 'store'],
  ['vscode', '../store', 'store'],
  ['vscode', '../workspace/x', 'workspace'],
  ['vscode', '../io/x', 'io'],
  ['host', '../cli/x', 'cli'],
  ['host', '../mcp/x', 'mcp'],
  ['host', '../vscode/x', 'vscode'],
  ['core', '../host/x', 'host'],
  ['workspace', '../host/x', 'host'],
  ['store', '../host/x', 'host'],
  // The CLI and the MCP server reach everything through the host: the environment, the documents, the file stamps.
  ['cli', '../workspace/x', 'workspace'],
  ['cli', '../io/x', 'io'],
  ['mcp', '../cli/x', 'cli'],
  ['mcp', '../workspace/x', 'workspace'],
  ['mcp', '../io/pathStamp', 'io'],
];

/** What the host owns of a wizard session: no front end imports it (it goes through src/host). */
const HOST_OWNED: Array<[from: string, spec: string, target: string]> = [
  ['cli', '../core/wizard/engine', 'src/core/wizard/engine'],
  ['mcp', '../core/wizard/stateCodec', 'src/core/wizard/stateCodec'],
  ['vscode', '../core/wizard/engine', 'src/core/wizard/engine'],
  ['vscode', '../core/wizard/stateCodec', 'src/core/wizard/stateCodec'],
];

const ALLOWED: Array<[from: string, spec: string]> = [
  ['core', './types'],
  ['workspace', '../core/files'],
  ['store', '../core/types'],
  ['cli', '../core/types'],
  ['cli', '../host'],
  ['cli', '../host/environment'],
  ['mcp', '../core/types'],
  ['mcp', '../host/x'],
  ['vscode', '../host'],
  ['vscode', '../host/tasks'],
  ['vscode', '../core/types'],
  ['host', '../store'],
  ['host', '../workspace/workspace'],
  ['host', '../core/wizard/engine'],
];

describe('foundation: every layer of src/ imports only what docs/architecture.md › Layers allows', function () {
  this.timeout(120_000); // loading typescript-eslint takes a few seconds on a busy machine

  for (const [from, spec, to] of FORBIDDEN) {
    it(`src/${from} must not import src/${to}`, async () => {
      const messages = await layerErrors(`src/${from}/probe.ts`, `import { x } from '${spec}';\nexport const y = x;\n`);
      assert.equal(messages.length, 1, JSON.stringify(messages));
      assert.match(messages[0], new RegExp(`src/${from} must not import src/${to}`));
    });
  }

  for (const [from, spec, target] of HOST_OWNED) {
    it(`src/${from} must not import ${target}: the host owns it`, async () => {
      const messages = await layerErrors(`src/${from}/probe.ts`, `import { x } from '${spec}';\nexport const y = x;\n`);
      assert.equal(messages.length, 1, JSON.stringify(messages));
      assert.match(messages[0], /a front end reaches a wizard through src\/host/);
    });
  }

  for (const [from, spec] of ALLOWED) {
    it(`src/${from} may import '${spec}'`, async () => {
      assert.deepEqual(await layerErrors(`src/${from}/probe.ts`, `import { x } from '${spec}';\nexport const y = x;\n`), []);
    });
  }

  it('every import form is checked: export from, import(), require(), import = require(), typeof import()', async () => {
    const code = [
      "export { a } from '../workspace/a';",
      "export * from '../workspace/b';",
      "export const c = import('../workspace/c');",
      "export const d = require('../workspace/d');",
      "import e = require('../workspace/e');",
      "export type F = typeof import('../workspace/f');",
      "export const g = require.resolve('../workspace/g');",
      "import type { H } from '../workspace/h';",
      'export { e, H };',
    ].join('\n');
    const messages = await layerErrors('src/store/probe.ts', code);
    assert.equal(messages.length, 8, JSON.stringify(messages, null, 1));
  });

  it('a path is judged by where it lands: climbing, detours through other folders, absolute paths, the package name', async () => {
    const abs = path.join(root, 'src', 'workspace', 'x').split(path.sep).join('/');
    const code = [
      "import { a } from '../../src/workspace/x';",
      "import { b } from '../core/../workspace/x';",
      "import { c } from './../workspace/x';",
      `import { d } from '${abs}';`,
      "import { e } from 'okstra-wizard/src/workspace/x';",
      "import { f } from './deep/../../workspace/x';",
      'export const y = [a, b, c, d, e, f];',
    ].join('\n');
    const messages = await layerErrors('src/store/probe.ts', code);
    assert.equal(messages.length, 6, JSON.stringify(messages, null, 1));
    for (const m of messages) assert.match(m, /src\/store must not import src\/workspace/);
  });

  it('an import() or require() whose path is not a plain string is refused in src/ (it cannot be checked)', async () => {
    const code = "const w = 'workspace';\nexport const a = import(`../${w}/x`);\nexport const b = require('../' + w);\n";
    const messages = await layerErrors('src/cli/probe.ts', code);
    assert.equal(messages.length, 2, JSON.stringify(messages));
    for (const m of messages) assert.match(m, /must be a plain string/);
  });

  it('src/ imports nothing outside src/ (tests, scripts), and only src/vscode imports vscode', async () => {
    assert.equal((await layerErrors('src/cli/probe.ts', "import { a } from '../../test/unit/x';\nexport const y = a;\n")).length, 1);
    for (const layer of ['workspace', 'store', 'cli', 'mcp']) {
      const messages = await layerErrors(`src/${layer}/probe.ts`, "import * as vscode from 'vscode';\nexport const y = vscode;\n");
      assert.equal(messages.length, 1, `${layer}: ${JSON.stringify(messages)}`);
    }
    assert.deepEqual(await layerErrors('src/vscode/probe.ts', "import * as vscode from 'vscode';\nexport const y = vscode;\n"), []);
  });

  it("the CLI's entry point is imported by no module, not even of src/cli", async () => {
    const messages = await layerErrors('src/cli/probe.ts', "import { main } from './main';\nexport const y = main;\n");
    assert.equal(messages.length, 1, JSON.stringify(messages));
    assert.match(messages[0], /entry point/);
  });

  it('the tree as it is passes the walls (src/store no longer imports src/workspace)', async () => {
    const results = await eslint.lintFiles(['src/**/*.ts']);
    const hits = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'layers/imports').map((m) => `${path.relative(root, r.filePath)}:${m.line}: ${m.message}`),
    );
    assert.deepEqual(hits, []);
  });
});
