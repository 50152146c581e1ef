// `outcome` re-reconciles and re-checks files every time (src/core/wizard/outcomeCheck.ts):
// a confirmed wizard whose selection, files or identity changed is refused with `not-runnable`.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanupTemp, cli, copyFixture, driveInProcess, fullMachine, statePathIn } from './cliHarness';
import { ErrorDocSchema, OutcomeDocSchema } from '../../../src/host/documentSchemas';

describe('cli: outcome is checked again every time', function () {
  this.timeout(120_000);
  let env: NodeJS.ProcessEnv;
  before(() => {
    ({ env } = fullMachine());
  });
  after(cleanupTemp);

  async function confirmedWizard(): Promise<{ root: string; state: string }> {
    const root = copyFixture('okstra-project');
    const state = statePathIn(root, 'payments', 'refund-timeout.recheck');
    const init = await cli(['init', '--state', state, '--project-root', root, '--task', 'payments/refund-timeout'], { env });
    assert.equal(init.code, 0, init.stdout);
    await driveInProcess(state, init.json.next, { 'role-count:analyser': '2' }, env);
    const o = await cli(['outcome', '--state', state], { env });
    OutcomeDocSchema.parse(o.json);
    assert.ok(
      o.json.renderArgv.includes('analyser=codex/gpt-5.1-codex') || o.json.renderArgv.some((a: string) => a.includes('codex/')),
      o.stdout,
    );
    return { root, state };
  }

  async function refused(state: string, pattern: RegExp): Promise<any> {
    const r = await cli(['outcome', '--state', state], { env });
    assert.equal(r.code, 0, r.stdout);
    ErrorDocSchema.parse(r.json);
    assert.equal(r.json.code, 'not-runnable', r.stdout);
    assert.match(r.json.error, pattern);
    return r.json;
  }

  it('a provider disabled after confirming: refused, naming the removed model and a role step to edit', async () => {
    const { root, state } = await confirmedWizard();
    fs.appendFileSync(path.join(root, '.okstra', 'config.yaml'), 'providers:\n  codex:\n    enabled: false\n');
    const doc = await refused(
      state,
      /^the confirmed wizard cannot run: the role selection changed since it was confirmed: removed model 'codex\/gpt-5\.1-codex' from role 'analyser' #2: .*; edit step 'role-[a-z-]+:analyser'$/,
    );
    assert.ok(
      doc.notices?.some((n: string) => n.includes("removed model 'codex/gpt-5.1-codex'")),
      'the notice says what changed too',
    );
  });

  it('the brief deleted after confirming: refused, naming the file, its field and step brief', async () => {
    const { root, state } = await confirmedWizard();
    fs.rmSync(path.join(root, '.okstra', 'tasks', 'payments', 'refund-timeout', 'brief.md'));
    await refused(
      state,
      /'\.okstra\/tasks\/payments\/refund-timeout\/brief\.md' \(state field 'brief_path'\) is not a file any more; edit step 'brief'$/,
    );
  });

  it('T7: `step` on a confirmed wizard that can no longer run is refused (not-runnable), never `done`; while it can, `done`', async () => {
    const { root, state } = await confirmedWizard();
    const ok = await cli(['step', '--state', state], { env });
    assert.equal(ok.json?.ok, true, ok.stdout);
    assert.equal(ok.json.current.kind, 'done');
    fs.rmSync(path.join(root, '.okstra', 'tasks', 'payments', 'refund-timeout', 'brief.md'));
    const r = await cli(['step', '--state', state], { env });
    ErrorDocSchema.parse(r.json);
    assert.equal(r.json.ok, false, r.stdout);
    assert.equal(r.json.code, 'not-runnable', r.stdout);
    assert.match(r.json.error, /is not a file any more; edit step 'brief'$/);
  });

  it('the task folder deleted after confirming: refused, edit step task-pick', async () => {
    const { root, state } = await confirmedWizard();
    const moved = path.join(root, 'elsewhere.wizard.json');
    fs.copyFileSync(state, moved);
    fs.rmSync(path.join(root, '.okstra', 'tasks', 'payments', 'refund-timeout'), { recursive: true });
    await refused(moved, /task 'payments\/refund-timeout' is gone or unreadable .*; edit step 'task-pick'$/);
  });

  /** A confirmed implementation wizard on search/ranking-v2 with no stage done yet (the whole plan is the chain). */
  async function confirmedImplementation(): Promise<{ root: string; state: string; plan: string; manifest: string; stages: string }> {
    const root = copyFixture('okstra-project');
    const task = path.join(root, '.okstra', 'tasks', 'search', 'ranking-v2');
    const manifest = path.join(task, 'task-manifest.json');
    const m = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    m.workflow.completedStages = [];
    m.runs = m.runs.filter((r: { status: string }) => r.status !== 'failed');
    fs.writeFileSync(manifest, JSON.stringify(m, null, 2));
    const state = statePathIn(root, 'search', 'ranking-v2.c4');
    const init = await cli(['init', '--state', state, '--project-root', root, '--task', 'search/ranking-v2'], { env });
    assert.equal(init.code, 0, init.stdout);
    await driveInProcess(state, init.json.next, { 'task-type': 'implementation', 'reuse-worktree': 'new' }, env);
    const o = await cli(['outcome', '--state', state], { env });
    OutcomeDocSchema.parse(o.json);
    return { root, state, plan: path.join(task, 'plan', 'approved-plan.md'), manifest, stages: String(o.json.renderArgs.stages) };
  }

  it('C4: the chosen plan stage renamed in the approved plan after confirming: refused, edit the plan step', async () => {
    const { state, plan, stages } = await confirmedImplementation();
    assert.match(stages, /migrate-index/);
    fs.writeFileSync(plan, fs.readFileSync(plan, 'utf8').replace(/migrate-index/g, 'migrate-index-v2'));
    await refused(
      state,
      /^the confirmed wizard cannot run: the approved plan changed since it was confirmed: stage 'migrate-index' is no longer a stage to run; edit step 'handoff-stage-pick'$/,
    );
  });

  it('C4: a chosen stage marked done after confirming: refused', async () => {
    const { state, manifest } = await confirmedImplementation();
    const m = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    m.workflow.completedStages = ['migrate-index'];
    fs.writeFileSync(manifest, JSON.stringify(m, null, 2));
    await refused(
      state,
      /the approved plan changed since it was confirmed: stage 'migrate-index' is no longer a stage to run; edit step 'handoff-stage-pick'$/,
    );
  });

  it('C4: the plan set to approved: false after confirming: refused', async () => {
    const { state, plan } = await confirmedImplementation();
    fs.writeFileSync(plan, fs.readFileSync(plan, 'utf8').replace('approved: true', 'approved: false'));
    await refused(
      state,
      /the approved plan changed since it was confirmed: approved plan is not approved: set approved: true; edit step 'handoff-stage-pick'$/,
    );
  });

  it('confirmed: true with nothing answered is refused (no --task-group "")', async () => {
    const root = copyFixture('okstra-project');
    const state = statePathIn(root, 'payments', 'empty.recheck');
    const init = await cli(['init', '--state', state, '--project-root', root], { env });
    assert.equal(init.code, 0);
    const text = fs.readFileSync(state, 'utf8').replace('"confirmed": null', '"confirmed": true');
    fs.writeFileSync(state, text);
    await refused(state, /^the confirmed wizard cannot run: no task is chosen; edit step 'task-pick'$/);
  });
});
