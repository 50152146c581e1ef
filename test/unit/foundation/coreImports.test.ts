// The architecture rule of eslint.config.mjs: src/core imports neither vscode nor fs nor child_process nor crypto
// (hashing is the store's).
// Lints probe sources as if they lived in src/core (and, for contrast, in src/vscode).
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';
import { CORE_FORBIDDEN } from '../../../eslint.config.mjs';

const root = path.resolve(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function restrictionsIn(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('foundation: src/core stays free of vscode, fs and child_process', function () {
  this.timeout(60_000); // loading typescript-eslint takes a few seconds on a busy machine

  it('forbids at least vscode, fs, child_process and crypto, in every spelling', () => {
    for (const mod of ['vscode', 'fs', 'node:fs', 'fs/promises', 'child_process', 'node:child_process', 'crypto', 'node:crypto'])
      assert.ok(CORE_FORBIDDEN.includes(mod), mod);
  });

  for (const mod of CORE_FORBIDDEN) {
    it(`refuses import of '${mod}' in src/core`, async () => {
      const messages = await restrictionsIn('src/core/probe.ts', `import * as m from '${mod}';\nexport const x = m;\n`);
      assert.equal(messages.length, 1, `expected one restriction for '${mod}', got ${JSON.stringify(messages)}`);
      assert.match(messages[0], /src\/core is the engine/);
    });
  }

  it('refuses require() and import() in src/core', async () => {
    const messages = await restrictionsIn(
      'src/core/wizard/probe.ts',
      `export const a = require('fs');\nexport const b = import('child_process');\n`,
    );
    assert.equal(messages.length, 2, JSON.stringify(messages));
  });

  it('allows them outside src/core (src/vscode)', async () => {
    const messages = await restrictionsIn(
      'src/vscode/probe.ts',
      `import * as vscode from 'vscode';\nimport * as fs from 'node:fs';\nexport const x = [vscode, fs];\n`,
    );
    assert.deepEqual(messages, []);
  });
});
