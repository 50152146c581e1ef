// docs/protocol.md covers the whole command line: every command and option of the usage text, and every error code
// of src/core/types.ts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMMAND_NAMES, USAGE } from '../../../src/cli/args';
import * as types from '../../../src/core/types';
import { REPO_ROOT } from '../../helpers/tempDirs';

const page = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'protocol.md'), 'utf8');

describe('docs/protocol.md', () => {
  it('documents every command and every option of the usage text', () => {
    // Every command but `mcp` and `doctor` works on one state file; those two take a project.
    const synopsis: Record<string, string> = { mcp: '`mcp [--project-root DIR]`', doctor: '`doctor [--project-root DIR] [--state FILE]`' };
    for (const cmd of COMMAND_NAMES) assert.ok(page.includes(synopsis[cmd] ?? `\`${cmd} --state FILE`), `command ${cmd}`);
    const options = new Set([...USAGE.matchAll(/--[a-z][a-z-]+/g)].map((m) => m[0]));
    assert.ok(options.size > 8, [...options].join(' '));
    for (const option of options) assert.ok(page.includes(option), `option ${option}`);
  });

  it('documents every error code, each in the table of codes', () => {
    const codes = (types as { WIZARD_ERROR_CODES?: readonly string[] }).WIZARD_ERROR_CODES;
    const table = page.slice(page.indexOf('## Error codes'), page.indexOf('## Exit status'));
    const documented = [...table.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    assert.ok(documented.length >= 12, documented.join(', '));
    // The codes are defined once, in src/core/types.ts; before they exist there, the table is checked on its own.
    if (codes) assert.deepEqual([...documented].sort(), [...codes].sort());
  });
});
