// docs/okstra-files.md › config.yaml: "An error … blocks every prompt and command with its file error."
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { cleanupTemp, cli, copyFixture, bytesOf } from './cliHarness';

describe('cli: a malformed config.yaml', function () {
  this.timeout(60_000);
  after(cleanupTemp);

  it('blocks the first prompt with the file error naming the file, line and key; nothing is written', async () => {
    const root = copyFixture('broken-config');
    const state = path.join(root, 's.wizard.json');
    const r = await cli(['init', '--state', state, '--project-root', root]);
    assert.equal(r.json.ok, false, r.stdout);
    assert.match(r.json.error, /^\.okstra\/config\.yaml:\d+:\d+: .*prTemplates/);
    assert.equal(bytesOf(state), null);
  });
});
