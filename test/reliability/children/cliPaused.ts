// R2's stale writer: the real CLI (src/cli/main.ts runCli, the code of
// dist/cli.js) with its test seam `beforeSave` holding the process after it
// has read the state file and computed the new state, until the parent lets
// it go. Meanwhile another CLI process writes the same file.
// Usage: OKSTRA_R2_PAUSE_DIR=<dir> node cli-paused.js <cli args…>
// It creates <dir>/paused when held and waits for <dir>/go.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../../../src/cli/main';

const dir = process.env.OKSTRA_R2_PAUSE_DIR ?? '';
const sleeper = new Int32Array(new SharedArrayBuffer(4));

runCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  hooks: {
    beforeSave: () => {
      fs.writeFileSync(path.join(dir, 'paused'), String(process.pid));
      const until = Date.now() + 60_000;
      while (!fs.existsSync(path.join(dir, 'go')) && Date.now() < until) Atomics.wait(sleeper, 0, 0, 5);
    },
  },
}).then(
  (out) => {
    process.stdout.write(out.stdout);
    if (out.stderr) process.stderr.write(out.stderr);
    process.exitCode = out.exitCode;
  },
  (err: unknown) => {
    process.stdout.write(JSON.stringify({ ok: false, error: `internal error: ${(err as Error).message}` }));
    process.stderr.write(String((err as Error).stack ?? err));
    process.exitCode = 70;
  },
);
