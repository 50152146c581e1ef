// A reader that closes its end early (`| head`, a failing `jq`) must not make
// the CLI crash with an unhandled EPIPE.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { buildCli } from './cliHarness';

describe('cli: stdout closed by the reader', function () {
  this.timeout(60_000);

  it('exits quietly (status 0, no stack) when stdout is closed before the document is written', () => {
    const cli = buildCli();
    // The reader closes its stdin at once and lingers, so the CLI's write meets a closed pipe.
    const script = `"${process.execPath}" "${cli}" --help | (exec 0<&-; sleep 0.3); echo "status=\${PIPESTATUS[0]}"`;
    for (let i = 0; i < 3; i++) {
      const r = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
      assert.match(r.stdout, /status=0\n$/, r.stdout + r.stderr);
      assert.doesNotMatch(r.stderr, /EPIPE|Error/, r.stderr);
    }
  });
});
