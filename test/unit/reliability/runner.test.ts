// The reliability script's options (test/reliability/main.ts): it runs the targets it knows and refuses any other,
// so that `--only R7` cannot pass by running nothing.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { parseOptions } from '../../reliability/main';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

describe('the reliability script (npm run test:reliability)', () => {
  it('runs every target by default, or the ones --only names (any case), with the seed and quick flag given', () => {
    const all = parseOptions([]);
    assert.ok(typeof all !== 'string');
    assert.deepEqual(all.only, ['R1', 'R2', 'R3', 'R5', 'R4', 'R8', 'R9', 'R10']);
    assert.equal(all.quick, false);
    assert.deepEqual(parseOptions(['--only', 'r4, R10', '--seed', '7', '--quick']), { only: ['R4', 'R10'], seed: 7, quick: true });
  });

  it('refuses an unknown target, a target the integration suite checks, an unknown option and a seed that is not an integer', () => {
    assert.match(String(parseOptions(['--only', 'R77'])), /^unknown target "R77"; targets: R1, R2, R3, R5, R4, R8, R9, R10\n/);
    assert.match(String(parseOptions(['--only', 'R1,R7'])), /^R7 is checked in the extension host by the integration suite/);
    assert.match(String(parseOptions(['--only', ''])), /^unknown target ""/);
    assert.match(String(parseOptions(['--fast'])), /Unknown option '--fast'/);
    assert.match(String(parseOptions(['--seed', 'x'])), /^--seed must be an integer, got "x"/);
  });

  it('exits 2 with the reason for a target it does not run, before running anything', () => {
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'reliability.mjs'), '--only', 'R7'], { encoding: 'utf8' });
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /R7 is checked in the extension host/);
    assert.doesNotMatch(r.stdout, /targets met/);
  });
});
