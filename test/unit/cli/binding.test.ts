// `step --answer V --prompt ID [--revision R]` and `rewind --to ID --prompt ID`:
// an answer lands only on the prompt that was shown (src/core/wizard/binding.ts).
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildCli, cleanupTemp, cli, copyFixture, defaultAnswer, fullMachine, snapshotTree, statePathIn } from './cliHarness';
import { RefusedDocSchema, SubmitDocSchema, CurrentDocSchema } from '../../../src/host/documentSchemas';

const revisionOf = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16);

describe('cli: answer binding (--prompt, --revision)', function () {
  this.timeout(60_000);
  let env: NodeJS.ProcessEnv;
  before(() => {
    ({ env } = fullMachine());
  });
  after(cleanupTemp);

  async function started(): Promise<{ root: string; state: string; next: any }> {
    const root = copyFixture('okstra-project');
    const state = statePathIn(root, 'payments', 'refund-timeout.bind');
    const r = await cli(['init', '--state', state, '--project-root', root, '--task', 'payments/refund-timeout'], { env });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    return { root, state, next: r.json.next };
  }

  it('every prompt document carries the revision of the bytes it was computed from, as its last key', async () => {
    const { state, next } = await started();
    assert.equal(next.revision, revisionOf(state), 'init: the bytes written');
    const shown = await cli(['step', '--state', state], { env });
    CurrentDocSchema.parse(shown.json);
    assert.equal(shown.json.current.revision, revisionOf(state));
    assert.equal(Object.keys(shown.json.current).at(-1), 'revision');
    const r = await cli(['step', '--state', state, '--answer', defaultAnswer(next), '--prompt', next.id, '--revision', next.revision], {
      env,
    });
    SubmitDocSchema.parse(r.json);
    assert.equal(r.json.next.revision, revisionOf(state), 'after a write: the bytes written');
    assert.notEqual(r.json.next.revision, next.revision);
  });

  it('an answer for another prompt is refused (wrong-prompt, exit 0), names both prompts and writes nothing', async () => {
    const { root, state, next } = await started();
    const before = snapshotTree(root);
    const r = await cli(['step', '--state', state, '--answer', '1', '--prompt', 'role-count:analyser'], { env });
    assert.equal(r.code, 0);
    RefusedDocSchema.parse(r.json);
    assert.equal(r.json.code, 'wrong-prompt');
    assert.equal(r.json.error, `the current prompt is '${next.id}', not 'role-count:analyser'; nothing was written`);
    assert.equal(r.json.current.id, next.id);
    assert.deepEqual(snapshotTree(root), before);
  });

  it('an answer for the same prompt of an older revision is refused and writes nothing', async () => {
    const { root, state, next } = await started();
    // Another writer changes the state without changing the current prompt.
    const text = fs.readFileSync(state, 'utf8').replace('"related_tasks_raw": ""', '"related_tasks_raw": ""  ');
    fs.writeFileSync(state, text);
    const before = snapshotTree(root);
    const now = revisionOf(state);
    const r = await cli(['step', '--state', state, '--answer', defaultAnswer(next), '--prompt', next.id, '--revision', next.revision], {
      env,
    });
    assert.equal(r.code, 0);
    assert.equal(r.json.code, 'wrong-prompt');
    assert.equal(
      r.json.error,
      `the state changed since prompt '${next.id}' was shown (revision ${next.revision} is now ${now}); nothing was written`,
    );
    assert.deepEqual(snapshotTree(root), before);
  });

  it("a legacy v1 wizard: the revision is the v1 file's until a companion exists, then the companion's", async () => {
    const root = copyFixture('okstra-project');
    const v1 = statePathIn(root, 'payments', 'refund-timeout');
    const shown = (await cli(['step', '--state', v1], { env })).json.current;
    assert.equal(shown.revision, revisionOf(v1));
    const r = await cli(['step', '--state', v1, '--answer', defaultAnswer(shown), '--prompt', shown.id, '--revision', shown.revision], {
      env,
    });
    assert.equal(r.json.ok, true, r.stdout);
    const dir = path.dirname(v1);
    const companion = fs.readdirSync(dir).find((n) => n.startsWith('refund-timeout.wizard.json.v2.'))!;
    assert.equal(r.json.next.revision, revisionOf(path.join(dir, companion)));
    assert.equal((await cli(['step', '--state', v1], { env })).json.current.revision, revisionOf(path.join(dir, companion)));
  });

  it('without --prompt the answer goes to the current prompt as before', async () => {
    const { state, next } = await started();
    const r = await cli(['step', '--state', state, '--answer', defaultAnswer(next)], { env });
    assert.equal(r.json.ok, true, r.stdout);
  });

  it('rewind --to takes the same guard', async () => {
    const { root, state, next } = await started();
    const a = await cli(['step', '--state', state, '--answer', defaultAnswer(next)], { env });
    assert.equal(a.json.ok, true);
    const before = snapshotTree(root);
    const bad = await cli(['rewind', '--state', state, '--to', 'task-type', '--prompt', next.id], { env });
    assert.equal(bad.json.code, 'wrong-prompt');
    assert.equal(bad.json.error, `the current prompt is '${a.json.next.id}', not '${next.id}'; nothing was written`);
    assert.deepEqual(snapshotTree(root), before);
    const good = await cli(
      ['rewind', '--state', state, '--to', 'task-type', '--prompt', a.json.next.id, '--revision', a.json.next.revision],
      {
        env,
      },
    );
    assert.equal(good.json.ok, true, good.stdout);
  });

  it('stdout that cannot be written after a save exits 3 (output-failed), not 1; the answer is saved', async () => {
    const { state, next } = await started();
    const full = fs.openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [buildCli(), 'step', '--state', state, '--answer', defaultAnswer(next), '--prompt', next.id], {
        env,
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
      });
      assert.equal(r.status, 3, r.stderr);
      assert.equal(JSON.parse(r.stderr).code, 'output-failed');
    } finally {
      fs.closeSync(full);
    }
    assert.ok(JSON.parse(fs.readFileSync(state, 'utf8')).answered.includes(next.id), 'the answer was saved');
    // A retry with --prompt is safe: it is refused, and writes nothing.
    const again = await cli(['step', '--state', state, '--answer', defaultAnswer(next), '--prompt', next.id], { env });
    assert.equal(again.json.code, 'wrong-prompt');
  });

  it('--revision needs --prompt, --prompt needs --answer (bad usage, exit 2)', async () => {
    const { state } = await started();
    const r1 = await cli(['step', '--state', state, '--answer', 'x', '--revision', 'aaaaaaaaaaaaaaaa'], { env });
    assert.equal(r1.code, 2);
    assert.equal(r1.json.error, '--revision needs --prompt ID');
    const r2 = await cli(['step', '--state', state, '--prompt', 'brief'], { env });
    assert.equal(r2.code, 2);
    assert.equal(r2.json.error, '--prompt needs --answer VALUE');
  });
});
