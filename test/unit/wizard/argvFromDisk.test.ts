// Nothing read from disk reaches okstra's argv unchecked (src/core/wizard/argSafety.ts, argvGuard.ts):
// hostile names are refused at their source (listed, disabled, with the file and the reason), and the one
// guard where the argv is made refuses whatever a hand-edited state file still carries.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { WizardState } from '../../../src/core/types';
import { stateNameProblem } from '../../../src/core/wizard/argSafety';
import * as E from '../../../src/core/wizard/engine';
import { currentStep, drive, fresh } from './drive';
import { fakeContext, type FakeTask } from './fakeWorkspace';
import { projectOptions, projectTasks } from './projects';

function task(group: string, id: string, extra: Partial<FakeTask> = {}): FakeTask {
  return { group, id, manifest: { title: 'x', updatedAt: '2026-11-01T00:00:00Z' }, brief: { frontMatter: { title: 'x' } }, ...extra };
}

function optionOf(ctx: Parameters<typeof E.current>[0], state: WizardState, value: string) {
  return currentStep(ctx, state).options.find((o) => o.value === value);
}

/** A confirmed error-analysis wizard on payments/refund-timeout. */
function confirmed(opts = projectOptions()) {
  const fx = fakeContext(opts);
  const d = drive(fx.ctx, fresh(), { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis', 'reuse-previous': 'fresh' });
  assert.equal(d.state.confirmed, true);
  assert.equal(E.outcome(fx.ctx, d.state).ok, true);
  return { ...fx, state: d.state };
}

function refusedOutcome(ctx: Parameters<typeof E.current>[0], state: WizardState, pattern: RegExp): void {
  for (const r of [E.outcome(ctx, state), E.renderArgs(ctx, state)]) {
    assert.equal(r.ok, false, 'refused');
    if (!r.ok) {
      assert.equal(r.code, 'not-runnable');
      assert.match(r.error, pattern);
    }
  }
}

describe('argv from disk: refused at the source', () => {
  it('a task folder whose group or id starts with "-" is listed as unavailable, with the folder and the reason', () => {
    const { ctx } = fakeContext({ tasks: [...projectTasks(), task('--lead-runtime=codex', '--project-root=.')] });
    const s = fresh();
    const o = optionOf(ctx, s, '--lead-runtime=codex/--project-root=.');
    assert.equal(o?.disabled, true);
    assert.match(
      o?.description ?? '',
      /^cannot be used: \.okstra\/tasks\/--lead-runtime=codex\/--project-root=\.: group folder name '--lead-runtime=codex' starts with '-'/,
    );
    const r = E.submit(ctx, s, '--lead-runtime=codex/--project-root=.');
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.error, /^task '--lead-runtime=codex\/--project-root=\.' cannot be used: /);
  });

  it('a task folder with a backslash, or an invisible or bidi character, in its name is listed as unavailable, saying which', () => {
    const odd = [
      ['payments', 'we\\ird', /task folder name 'we\\\\ird' contains '\\' \(a path separator on Windows\)/],
      ['payments', 'refund\u202eeulav', /task folder name 'refund\\u202eeulav' contains the invisible character U\+202E/],
      ['pay\u200bments', 'zero', /group folder name 'pay\\u200bments' contains the invisible character U\+200B/],
      ['payments', 'bom\ufeff', /contains the invisible character U\+FEFF/],
      ['payments', 'iso\u2066late', /contains the invisible character U\+2066/],
    ] as const;
    const { ctx } = fakeContext({ tasks: [...projectTasks(), ...odd.map(([g, id]) => task(g, id))] });
    const s = fresh();
    for (const [group, id, reason] of odd) {
      const key = `${group}/${id}`;
      const o = optionOf(ctx, s, key);
      assert.equal(o?.disabled, true, key);
      assert.match(o?.description ?? '', reason);
      const r = E.submit(ctx, s, key);
      assert.equal(r.ok, false, key);
      assert.match(r.ok ? '' : r.error, reason);
    }
    // NFC and NFD spellings of one name are two folders, and two tasks: each is offered, picked by its own bytes.
    const nfc = 'caf\u00e9';
    const nfd = 'cafe\u0301';
    const twins = fakeContext({ tasks: [...projectTasks(), task('payments', nfc), task('payments', nfd)] }).ctx;
    for (const id of [nfc, nfd]) {
      assert.equal(optionOf(twins, s, `payments/${id}`)?.disabled, undefined, id);
      const r = E.submit(twins, fresh(), `payments/${id}`);
      assert.equal(r.ok ? r.echo : r.error, `task: payments/${id}`);
    }
  });

  it('a plan stage id starting with "-" is shown disabled naming the plan file, and the chain is not offered', () => {
    const tasks = projectTasks();
    const impl = tasks.find((t) => t.id === 'impl')!;
    impl.plan = {
      stages: [
        { id: '--project-root=/etc', title: 'evil' },
        { id: 'ok-stage', title: 'fine' },
      ],
    };
    const { ctx } = fakeContext({ tasks });
    const d = drive(ctx, fresh(), { 'task-pick': 'payments/impl', 'task-type': 'implementation' }, 'handoff-stage-pick');
    const p = currentStep(ctx, d.state);
    const evil = p.options.find((o) => o.value === 'stage:--project-root=/etc')!;
    assert.equal(evil.disabled, true);
    assert.match(evil.description ?? '', /plan\/approved-plan\.md: stage id '--project-root=\/etc' starts with '-'/);
    assert.equal(p.options.find((o) => o.value === 'chain')!.disabled, true);
    assert.equal(E.submit(ctx, d.state, 'stage:--project-root=/etc').ok, false);
    assert.equal(E.submit(ctx, d.state, 'stage:ok-stage').ok, true);
  });

  it('a failed run id starting with "-" is not offered as the fix cycle', () => {
    const tasks = projectTasks();
    const fixme = tasks.find((t) => t.id === 'fixme')!;
    fixme.manifest!.runs = [{ runId: '--evil-run', taskType: 'final-verification', status: 'failed' }];
    const { ctx } = fakeContext({ tasks });
    const d = drive(ctx, fresh(), { 'task-pick': 'payments/fixme', 'task-type': 'implementation' }, 'fix-cycle');
    const yes = optionOf(ctx, d.state, 'yes')!;
    assert.equal(yes.disabled, true);
    assert.match(yes.description ?? '', /task-manifest\.json: run id '--evil-run' starts with '-'/);
    assert.equal(E.submit(ctx, d.state, 'yes').ok, false);
  });

  it("a previous run's inputs.json with a directive starting with '-' cannot be reused (keep)", () => {
    const tasks = projectTasks();
    tasks[0]!.previousRuns![0]!.inputs.directive = '--project-root=/etc';
    const { ctx } = fakeContext({ ...projectOptions(), tasks });
    const d = drive(ctx, fresh(), { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' }, 'reuse-previous');
    const run = optionOf(ctx, d.state, 'run:2026-11-18-1')!;
    assert.equal(run.disabled, true);
    assert.match(run.description ?? '', /runs\/2026-11-18-1\/inputs\.json: field 'directive': '--project-root=\/etc' starts with '-'/);
    assert.equal(E.submit(ctx, d.state, 'run:2026-11-18-1').ok, false);
  });

  it('evidence named in the brief that is a symlink to a file outside the project is not offered', () => {
    const { ctx } = fakeContext({ ...projectOptions(), links: { 'docs/refunds.md': '/etc/shadow' } });
    const d = drive(
      ctx,
      fresh(),
      { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis', 'reuse-previous': 'fresh' },
      'evidence',
    );
    const use = optionOf(ctx, d.state, 'use')!;
    assert.equal(use.disabled, true);
    assert.match(use.description ?? '', /resolves outside the project \(to '\/etc\/shadow'\)/);
    assert.equal(use.default, undefined);
  });

  it('a direction that is a symlink to a folder outside is shown disabled; a typed brief path through a link is refused', () => {
    const dir = '.okstra/tasks/payments/refund-timeout/directions';
    const { ctx } = fakeContext({ ...projectOptions(), links: { [`${dir}/a-cache.md`]: '/etc/passwd', docs: '/etc' } });
    const d = drive(
      ctx,
      fresh(),
      { 'task-pick': 'payments/refund-timeout', 'task-type': 'implementation-planning', 'reuse-previous': 'fresh', evidence: 'none' },
      'direction-pick',
    );
    assert.equal(optionOf(ctx, d.state, `${dir}/a-cache.md`)!.disabled, true);
    assert.equal(optionOf(ctx, d.state, `${dir}/b-queue.md`)!.disabled, undefined);
    const b = drive(
      ctx,
      fresh(),
      { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis', 'reuse-previous': 'fresh', brief: 'path', evidence: 'none' },
      'brief-path',
    );
    const r = E.submit(ctx, b.state, 'docs/other-brief.md');
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.error, /^brief-path: path must be inside the project: 'docs\/other-brief\.md' resolves outside the project/);
  });
});

describe('argv from disk: the guard where the argv is made', () => {
  it('a state file edited to brief_path "/etc/passwd" is refused, naming the field and the step', () => {
    const { ctx, state, ws } = confirmed();
    ws.files.add('/etc/passwd');
    refusedOutcome(
      ctx,
      { ...state, brief_path: '/etc/passwd' },
      /^--task-brief '\/etc\/passwd' resolves outside the project .*state field 'brief_path'; edit step 'brief'$/,
    );
  });

  it('a state file edited to a task group starting with "-" is refused', () => {
    const { ctx, state } = confirmed();
    const r = E.renderArgs(ctx, { ...state, directive: '--project-root=/etc' });
    assert.equal(r.ok, false);
    assert.match(
      r.ok ? '' : r.error,
      /^--directive '--project-root=\/etc' starts with '-' .*state field 'directive'; edit step 'directive/,
    );
  });

  it('an in-project evidence path that became a symlink to outside is refused', () => {
    const { ctx, state, ws } = confirmed({ ...projectOptions(), links: {} });
    assert.ok(state.feature_evidence_path);
    (ws as unknown as { opts: { links: Record<string, string> } }).opts.links[state.feature_evidence_path] = '/etc/shadow';
    ws.files.add('/etc/shadow');
    refusedOutcome(ctx, state, /^--evidence-inputs 'docs\/refunds\.md' resolves outside the project \(to '\/etc\/shadow'\)/);
  });

  it('a comma inside one of the comma-joined evidence paths is refused', () => {
    const { ctx, state } = confirmed();
    const r = E.renderArgs(ctx, { ...state, feature_evidence_path: 'docs/a,../../etc/x' });
    assert.match(r.ok ? '' : r.error, /^--evidence-inputs 'docs\/a,\.\.\/\.\.\/etc\/x' contains ','/);
  });
});

describe('argv from disk: a task id too long for its state file', () => {
  it('the byte length decides, however the id is written (ASCII, Hangul, emoji, lone surrogates), at and around the limit', () => {
    const limit = 255 - ('.'.length + '.wizard.json'.length + '.lock'.length + '.tmp-'.length + 10 + '-'.length + 12);
    const unit = fc.constantFrom('a', '한', '😀', '\ud800', 'é');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 120 }), (units) => {
        const id = units.join('');
        const bytes = new TextEncoder().encode(id).length;
        const problem = stateNameProblem(id);
        assert.equal(problem === null, bytes <= limit, `${bytes} bytes`);
        if (problem) assert.match(problem, new RegExp(`\\(${bytes} bytes;`));
      }),
      { numRuns: 500 },
    );
    for (const n of [limit - 1, limit, limit + 1]) assert.equal(stateNameProblem('a'.repeat(n)) === null, n <= limit);
    assert.equal(stateNameProblem('한'.repeat(Math.floor(limit / 3))), null);
    assert.notEqual(stateNameProblem('한'.repeat(Math.floor(limit / 3) + 1)), null);
  });

  it("a project id starting with '-' (projectId in .okstra/config.yaml) is refused at the outcome, naming config.yaml", () => {
    const { ctx, state } = confirmed();
    refusedOutcome(
      ctx,
      { ...state, project_id: '-rf' },
      /^--project-id '-rf' starts with '-' .*: it comes from state field 'project_id' of the state file, set from projectId in \.okstra\/config\.yaml/,
    );
  });
});
