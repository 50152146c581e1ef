// A legacy v1 state file through the CLI (docs/safety.md R3, R-IO-*):
// read, converted on every load, written only to its companion, and only by
// a successful submit; the v1 file's bytes never change.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanupTemp, cli, copyFixture, driveInProcess, fullMachine, sha256, snapshotTree, statePathIn } from './cliHarness';
import { CurrentDocSchema, OutcomeDocSchema, RefusedDocSchema, SubmitDocSchema } from '../../../src/host/documentSchemas';

describe('cli: a legacy v1 state file', function () {
  this.timeout(60_000);
  let env: NodeJS.ProcessEnv;
  before(() => {
    ({ env } = fullMachine());
  });
  after(cleanupTemp);

  function companions(dir: string): string[] {
    return fs.readdirSync(dir).filter((n) => n.startsWith('refund-timeout.wizard.json.v2.'));
  }

  it('R-CLI-1: the conversion is in the loaded state; a plain step shows it (with notices) and writes nothing', async () => {
    const root = copyFixture('okstra-project');
    const v1 = statePathIn(root, 'payments', 'refund-timeout');
    const before = snapshotTree(root);
    for (const args of [['step'], ['step', '--no-submit'], ['tree'], ['render-args'], ['outcome']]) {
      const r = await cli([args[0], '--state', v1, ...args.slice(1)], { env });
      assert.equal(r.code, 0, r.stdout);
      assert.ok(r.json.notices.includes(`project moved: '/home/dev/payments-service' -> '${root}'`), r.stdout);
    }
    const step = await cli(['step', '--state', v1], { env });
    CurrentDocSchema.parse(step.json);
    assert.deepEqual(Object.keys(step.json), ['ok', 'notices', 'current'], 'notices right after ok');
    // Converted: the v1 answers up to the evidence step carry over (the tree lists them as answered); the prompt's
    // number counts only the answers the wizard asks before it (docs/steps.md › Progress).
    const tree = await cli(['tree', '--state', v1], { env });
    const answered = (tree.json.rows as Array<{ id: string; answered: boolean }>).filter((r) => r.answered).map((r) => r.id);
    assert.ok(answered.includes('evidence') && answered.length >= 4, tree.stdout);
    assert.ok(step.json.current.progress.answered < answered.length, step.stdout);
    assert.deepEqual(snapshotTree(root), before, 'nothing written: no state file, no companion');
  });

  it('R3: resumed through its companion; every write goes there and the v1 sha256 never changes', async () => {
    const root = copyFixture('okstra-project');
    const v1 = statePathIn(root, 'payments', 'refund-timeout');
    const dir = path.dirname(v1);
    const sha = sha256(v1);
    const bytes = fs.readFileSync(v1);

    // A refused answer writes nothing, not even a companion.
    const refused = await cli(['step', '--state', v1, '--answer', 'not-an-option'], { env });
    RefusedDocSchema.parse(refused.json);
    assert.deepEqual(companions(dir), []);

    const first = (await cli(['step', '--state', v1], { env })).json.current;
    const answer = first.options.find((o: any) => o.default).value;
    const r = await cli(['step', '--state', v1, '--answer', answer], { env });
    assert.equal(r.code, 0, r.stdout);
    SubmitDocSchema.parse(r.json);
    assert.equal(sha256(v1), sha);
    const written = companions(dir);
    assert.deepEqual(written, [`refund-timeout.wizard.json.v2.${sha}.json`]);
    const companion = JSON.parse(fs.readFileSync(path.join(dir, written[0]), 'utf8'));
    assert.equal(companion.executionIdentityVersion, 2);
    assert.equal(companion.project_root, root, 'a first companion is a new file: it gets the real roots (docs/state-file.md › Roots)');
    assert.deepEqual(Object.keys(companion).at(-1), 'legacySource');
    assert.equal(companion.legacySource.sha256, sha);

    // The rebasing notice is gone once written.
    const again = await cli(['step', '--state', v1], { env });
    assert.equal(again.json.notices, undefined, again.stdout);

    // To the end, a rewind, an abort: always the same companion, the v1 bytes unchanged.
    const { last } = await driveInProcess(v1, again.json.current, {}, env);
    assert.equal(last.kind, 'done');
    const out = await cli(['outcome', '--state', v1], { env });
    OutcomeDocSchema.parse(out.json);
    assert.equal(out.json.renderArgs['project-root'], root);
    assert.equal(out.json.renderArgs['task-type'], 'error-analysis');
    const rw = await cli(['rewind', '--state', v1, '--to', 'brief'], { env });
    assert.equal(rw.json.ok, true, rw.stdout);
    const ab = await cli(['abort', '--state', v1], { env });
    assert.equal(ab.json.ok, true, ab.stdout);
    assert.deepEqual(companions(dir), written);
    assert.equal(sha256(v1), sha);
    assert.deepEqual(fs.readFileSync(v1), bytes);
  });

  it('init refuses a v1 file even with --force, and writes nothing', async () => {
    const root = copyFixture('okstra-project');
    const v1 = statePathIn(root, 'payments', 'refund-timeout');
    const before = snapshotTree(root);
    for (const extra of [[], ['--force']]) {
      const r = await cli(['init', '--state', v1, '--project-root', root, ...extra], { env });
      assert.equal(r.code, 2, r.stdout);
      assert.deepEqual(r.json, { ok: false, code: 'usage', error: `${v1}: legacy v1 state; choose another path` });
    }
    assert.deepEqual(snapshotTree(root), before);
  });
});
