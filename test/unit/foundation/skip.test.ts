// test/helpers/skip.ts: a test that lacks a tool fails in CI (CI=true) and says why it skips anywhere else.
import { strict as assert } from 'node:assert';
import { needTool, skipHere } from '../../helpers/skip';

/** A stand-in for mocha's context: records the skip instead of ending the test. */
function context(): { ctx: Mocha.Context; skipped: () => boolean } {
  let skipped = false;
  const ctx = {
    skip: () => {
      skipped = true;
      throw new Error('skipped');
    },
  } as unknown as Mocha.Context;
  return { ctx, skipped: () => skipped };
}

describe('test helpers: never a silent skip', () => {
  const ci = process.env.CI;
  const log = console.log;
  let printed: string[] = [];
  beforeEach(() => {
    printed = [];
    console.log = (...a: unknown[]) => void printed.push(a.join(' '));
  });
  afterEach(() => {
    console.log = log;
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
  });

  it('with CI=true a missing tool fails the test with its reason', () => {
    process.env.CI = 'true';
    const { ctx, skipped } = context();
    assert.throws(
      () => needTool(ctx, false, 'zsh is not installed'),
      /^Error: zsh is not installed \(CI=true: every tool the tests use must be installed\)$/,
    );
    assert.equal(skipped(), false);
  });

  it('elsewhere it skips and prints the reason; a tool that is there changes nothing', () => {
    delete process.env.CI;
    const { ctx, skipped } = context();
    assert.throws(() => needTool(ctx, false, 'zsh is not installed'), /skipped/);
    assert.equal(skipped(), true);
    assert.deepEqual(printed, ['      SKIPPED: zsh is not installed']);
    const other = context();
    needTool(other.ctx, true, 'unused');
    assert.equal(other.skipped(), false);
    assert.throws(() => skipHere(other.ctx, 'POSIX only'), /skipped/);
    assert.equal(printed[1], '      SKIPPED: POSIX only');
  });
});
