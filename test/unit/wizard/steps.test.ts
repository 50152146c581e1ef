// The static steps: options, defaults, refusals (verbatim) and echoes.
import assert from 'node:assert/strict';
import * as E from '../../../src/core/wizard/engine';
import { FLOW, ROLES } from '../../../src/core/wizard/steps';
import { nextPhaseCell, slugifyTaskSegment, taskPickerLabel, autofillTaskType } from '../../../src/core/wizard/workspaceRules';
import { WizardError } from '../../../src/core/types';
import { currentStep, drive, fresh, refusal } from './drive';
import { fakeContext, type FakeTask } from './fakeWorkspace';
import { projectOptions, projectTasks } from './projects';

function at(step: string, answers: Record<string, string> = {}, opts = projectOptions()) {
  const fx = fakeContext(opts);
  const d = drive(fx.ctx, fresh(), answers, step);
  const p = currentStep(fx.ctx, d.state);
  assert.equal(p.step, step);
  return { ...fx, state: d.state, prompt: p };
}

const values = (p: { options: Array<{ value: string; default?: true }> }) => p.options.map((o) => o.value + (o.default ? '*' : ''));

describe('static steps', () => {
  it('the step table order, with team-pick and the roles position between fix-cycle and directive-pick', () => {
    assert.deepEqual(
      FLOW.map((s) => (s === ROLES ? 'roles' : s.id)),
      [
        'task-pick',
        'task-new',
        'task-type',
        'reuse-previous',
        'brief',
        'brief-path',
        'analysis-target',
        'evidence',
        'direction-pick',
        'handoff-stage-pick',
        'reuse-worktree',
        'fix-cycle',
        'team-pick',
        'roles',
        'directive-pick',
        'directive',
        'related-tasks-pick',
        'related-tasks',
        'clarification-pick',
        'clarification',
        'pr-template-pick',
        'pr-template',
        'pr-template-scope',
        'confirm',
        'edit-target',
      ],
    );
  });

  describe('task-pick', () => {
    it('R-NPH-2: labels with phase, next cell, contract and (latest); newest first; unreadable disabled; new last', () => {
      const tasks: FakeTask[] = [
        {
          group: 'a',
          id: 'old',
          manifest: {
            updatedAt: '2026-01-01T00:00:00Z',
            runs: [{ runId: 'r', taskType: 'error-analysis' }],
            contract: { outcome: 'accepted' },
          },
        },
        {
          group: 'b',
          id: 'new',
          manifest: {
            title: 'Newest',
            updatedAt: '2026-05-01T00:00:00Z',
            workflow: { currentPhase: 'implementation', nextRecommendedPhase: { phase: 'final-verification', status: 'pending' } },
          },
        },
        { group: 'a', id: 'undated', manifest: {} },
        { group: 'a', id: 'broken', unreadable: 'invalid JSON' },
      ];
      const { ctx } = fakeContext({ tasks });
      const p = currentStep(ctx, fresh());
      assert.deepEqual(p.options, [
        {
          value: 'b/new',
          label: 'b/new  ·  implementation  ·  next: final-verification (pending)  (latest)',
          description: 'Newest',
          default: true,
        },
        { value: 'a/old', label: 'a/old  ·  error-analysis  ·  next: --  ·  contract: accepted' },
        { value: 'a/undated', label: 'a/undated  ·  --  ·  next: --' },
        { value: 'a/broken', label: 'a/broken  ·  (unreadable manifest: invalid JSON)', disabled: true },
        { value: 'new', label: '+ New task…' },
      ]);
      assert.equal(refusal(ctx, fresh(), 'a/broken'), "task 'a/broken' cannot be used: invalid JSON");
    });

    it('R-NPH-1: the next-phase cell', () => {
      assert.equal(nextPhaseCell({ phase: 'final-verification', status: 'pending' }), 'final-verification (pending)');
      assert.equal(nextPhaseCell({ phase: '', status: 'blocked' }), '-- (blocked)');
      assert.equal(nextPhaseCell('implementation'), 'implementation');
      assert.equal(nextPhaseCell({ phase: 'x' }), 'x (blocked)');
    });

    it('a missing pointer is `next: --`', () => {
      assert.equal(nextPhaseCell(undefined), '--');
      assert.equal(nextPhaseCell(null), '--');
      assert.equal(
        taskPickerLabel({ key: 'a/b', group: 'a', id: 'b', manifest: { taskGroup: 'a', taskId: 'b' } }, false),
        'a/b  ·  --  ·  next: --',
      );
    });

    it('R-NPH-3: a status other than ready is written out, the phase kept', () => {
      assert.equal(nextPhaseCell({ phase: 'final-verification', status: 'pending' }), 'final-verification (pending)');
      assert.equal(autofillTaskType({ workflow: { nextRecommendedPhase: { phase: 'final-verification', status: 'pending' } } }), '');
    });

    it('R-NPH-4: picking a task autofills task_type from a ready pointer and echoes `task: <key>`', () => {
      const { ctx } = fakeContext(projectOptions());
      const r = E.submit(ctx, fresh(), 'payments/refund-timeout');
      assert.ok(r.ok);
      if (!r.ok) return;
      assert.equal(r.echo, 'task: payments/refund-timeout');
      assert.equal(r.state.task_type, 'implementation-planning');
      const blocked = E.submit(ctx, fresh(), 'payments/fixme');
      assert.ok(blocked.ok && blocked.state.task_type === '');
    });

    it('`new` is the default when no task exists; an unknown key is not an option', () => {
      const { ctx } = fakeContext();
      assert.deepEqual(values(currentStep(ctx, fresh())), ['new*']);
      assert.equal(refusal(ctx, fresh(), 'x/y'), "answer 'x/y' is not an option of step 'task-pick'");
    });
  });

  describe('task-new', () => {
    const atNew = () => at('task-new', { 'task-pick': 'new' });
    it('refuses a name that is not <group>/<name>, an existing task, NUL and an empty slug', () => {
      const { ctx, state, prompt } = atNew();
      assert.equal(prompt.kind, 'text');
      assert.equal(prompt.default, '');
      assert.equal(refusal(ctx, state, 'no-slash'), "task name must be '<group>/<name>': 'no-slash'");
      assert.equal(refusal(ctx, state, 'a/b/c'), "task name must be '<group>/<name>': 'a/b/c'");
      assert.equal(refusal(ctx, state, ''), "task name must be '<group>/<name>': ''");
      assert.equal(refusal(ctx, state, 'Payments/Impl'), "task 'payments/impl' already exists");
      assert.equal(refusal(ctx, state, 'a/\u0000'), 'task-new must not contain NUL');
      assert.equal(refusal(ctx, state, 'a/!!!'), "task segment is empty after slugify: '!!!'");
    });

    it('refuses a group or task folder name Windows reserves for a device (CON, NUL, COM1, LPT9, …), on every system', () => {
      const { ctx, state } = atNew();
      const reserved = 'is a name Windows reserves for a device (CON, PRN, AUX, NUL, COM1–COM9, LPT1–LPT9)';
      assert.equal(refusal(ctx, state, 'Con/Aux'), `task name 'Con/Aux': the group folder 'con' ${reserved}`);
      assert.equal(refusal(ctx, state, 'payments/ nul '), `task name 'payments/ nul ': the task folder 'nul' ${reserved}`);
      for (const name of ['prn', 'COM1', 'lpt9']) assert.match(refusal(ctx, state, `x/${name}`), /reserves for a device/, name);
      for (const fine of ['x/console', 'x/com10', 'x/auxiliary', 'x/lpt']) assert.equal(E.submit(ctx, state, fine).ok, true, fine);
    });

    it('slugify_task_segment', () => {
      assert.equal(slugifyTaskSegment('  New  Invoices!! '), 'new-invoices');
      assert.equal(slugifyTaskSegment('a'.repeat(63) + '-b'), 'a'.repeat(63));
      assert.throws(
        () => slugifyTaskSegment('—'),
        (e: unknown) => e instanceof WizardError && e.message === "task segment is empty after slugify: '—'",
      );
    });
  });

  describe('task-type', () => {
    it('R-NPH-5: the recommended type first, then the currentPhase re-run, then the rest', () => {
      const { prompt } = at('task-type', { 'task-pick': 'payments/refund-timeout' });
      assert.deepEqual(values(prompt), [
        'implementation-planning*',
        'error-analysis',
        'requirements-discovery',
        'implementation',
        'final-verification',
        'release-handoff',
      ]);
      assert.equal(prompt.options[0].label, 'implementation-planning (recommended)');
      assert.equal(prompt.options[1].label, 'error-analysis (re-run)');
    });

    it('R-NPH-5: a new task (no workflow) is recommended requirements-discovery', () => {
      const { prompt } = at('task-type', { 'task-pick': 'new', 'task-new': 'x/y' });
      assert.equal(prompt.options[0].value, 'requirements-discovery');
      assert.equal(prompt.options[0].default, true);
    });

    it('with nothing recommended the re-run is the default and no empty option is offered', () => {
      const { prompt } = at('task-type', { 'task-pick': 'payments/fixme' });
      assert.equal(prompt.options.length, 6);
      assert.deepEqual(prompt.options[0], { value: 'final-verification', label: 'final-verification (re-run)', default: true });
      assert.ok(prompt.options.every((o) => o.value !== ''));
    });

    it('a revision request of the last analysis run is recommended', () => {
      const tasks = projectTasks();
      tasks[0].manifest!.runs = [{ runId: 'r', taskType: 'error-analysis', outcome: 'revision-requested' }];
      const { prompt } = at('task-type', { 'task-pick': 'payments/refund-timeout' }, projectOptions({ tasks }));
      assert.equal(prompt.options[0].label, 'error-analysis (recommended)');
    });

    it('a type without a loadable profile is listed with the error and refused', () => {
      const { ctx, state, prompt } = at(
        'task-type',
        { 'task-pick': 'payments/refund-timeout' },
        projectOptions({ profiles: { 'error-analysis': null } }),
      );
      const ea = prompt.options.find((o) => o.value === 'error-analysis')!;
      assert.match(ea.description!, /^no role profile for task type 'error-analysis': /);
      assert.equal(ea.disabled, true);
      assert.equal(refusal(ctx, state, 'error-analysis'), ea.description);
    });

    it('a profile that breaks later is an error at every later prompt', () => {
      const ok = at('brief', { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' });
      const broken = fakeContext(projectOptions({ profiles: { 'error-analysis': null } }));
      const c = E.current(broken.ctx, ok.state);
      assert.equal(c.prompt, null);
      assert.match(c.error!, /^no role profile for task type 'error-analysis': /);
    });

    it('plan errors are shown on implementation and refused', () => {
      const tasks = projectTasks();
      tasks[1].plan = { approved: false, stages: [{ id: 'a' }] };
      const { ctx, state, prompt } = at('task-type', { 'task-pick': 'payments/impl' }, projectOptions({ tasks }));
      assert.equal(prompt.options[0].description, 'approved plan is not approved: set approved: true');
      assert.equal(prompt.options[0].default, undefined, 'a refused option is never the default');
      assert.equal(refusal(ctx, state, 'implementation'), 'approved plan is not approved: set approved: true');
    });
  });

  describe('plans', () => {
    function planError(plan: FakeTask['plan'], taskType = 'implementation', completed: string[] = []): string {
      const tasks = projectTasks();
      tasks[1].plan = plan;
      tasks[1].manifest!.workflow!.completedStages = completed;
      const { ctx, state } = at('task-type', { 'task-pick': 'payments/impl' }, projectOptions({ tasks }));
      return refusal(ctx, state, taskType);
    }
    it('missing, blocking, cycle, duplicate, nothing left, nothing done', () => {
      assert.equal(planError(null), "task 'payments/impl' has no approved plan (plan/approved-plan.md)");
      assert.equal(planError({ error: 'plan.md:3:1: stages: must be a list' }), 'plan.md:3:1: stages: must be a list');
      assert.equal(
        planError({ stages: [{ id: 'a' }], blocking: 'decide the index' }),
        'approved plan has unresolved blocking items: decide the index',
      );
      assert.equal(
        planError({
          stages: [
            { id: 'a', dependsOn: ['b'] },
            { id: 'b', dependsOn: ['a'] },
          ],
        }),
        'approved plan stages form a cycle: a -> b -> a',
      );
      assert.equal(planError({ stages: [{ id: 'a' }, { id: 'a' }] }), "approved plan stage id is duplicated: 'a'");
      assert.equal(planError({ stages: [{ id: 'a' }] }, 'implementation', ['a']), 'every stage of the approved plan is done');
      assert.equal(planError({ stages: [{ id: 'a' }] }, 'final-verification'), 'no stage of the approved plan is done yet');
    });

    it('the chain is in dependency order, ties in file order; singles need their dependencies done', () => {
      const tasks = projectTasks();
      tasks[1].plan = { stages: [{ id: 'c', dependsOn: ['b'] }, { id: 'b' }, { id: 'a' }, { id: 'd', dependsOn: ['a'] }] };
      tasks[1].manifest!.workflow!.completedStages = [];
      const { prompt } = at('handoff-stage-pick', { 'task-pick': 'payments/impl' }, projectOptions({ tasks }));
      assert.deepEqual(values(prompt), ['chain*', 'stage:b', 'stage:a']);
      assert.equal(prompt.options[0].label, 'All 4 in order: b → c → a → d');
    });
  });

  describe('brief and inputs', () => {
    it('brief: task* and path when brief.md exists; path and none (no default) otherwise', () => {
      assert.deepEqual(values(at('brief', { 'task-pick': 'payments/refund-timeout' }).prompt), ['task*', 'path']);
      assert.deepEqual(values(at('brief', { 'task-pick': 'release/v2' }).prompt), ['path', 'none']);
    });

    it('brief-path refusals: empty, missing file, outside the project, NUL', () => {
      const { ctx, state } = at('brief-path', { 'task-pick': 'payments/refund-timeout', brief: 'path' });
      assert.equal(refusal(ctx, state, ''), "step 'brief-path' needs a value");
      assert.equal(refusal(ctx, state, 'docs/missing.md'), "brief file not found: 'docs/missing.md'");
      assert.equal(refusal(ctx, state, '/etc/passwd'), "brief-path: path must be inside the project: '/etc/passwd'");
      assert.equal(refusal(ctx, state, '../x.md'), "brief-path: path must be inside the project: '../x.md'");
      assert.equal(refusal(ctx, state, 'a\u0000'), 'brief-path must not contain NUL');
      const r = E.submit(ctx, state, '/home/u/proj/docs/other-brief.md');
      assert.ok(r.ok && r.state.brief_path === 'docs/other-brief.md' && r.echo === 'brief-path: /home/u/proj/docs/other-brief.md');
    });

    it('analysis-target: default from the brief; NUL and a leading dash refused; empty echoes (none)', () => {
      const { ctx, state, prompt } = at('analysis-target', { 'task-pick': 'payments/refund-timeout' });
      assert.equal(prompt.default, 'services/payments');
      assert.equal(refusal(ctx, state, '--all'), "analysis-target must not start with '-' (okstra would read it as an option)");
      assert.equal(refusal(ctx, state, 'x\u0000'), 'analysis-target must not contain NUL');
      const r = E.submit(ctx, state, '');
      assert.ok(r.ok && r.echo === 'analysis-target: (none)');
    });

    it('evidence: use* / none; use stores both paths', () => {
      const { ctx, state, prompt } = at('evidence', { 'task-pick': 'payments/refund-timeout' });
      assert.deepEqual(values(prompt), ['use*', 'none']);
      const r = E.submit(ctx, state, 'use');
      assert.ok(r.ok && r.state.feature_evidence_path === 'docs/refunds.md' && r.state.project_evidence_path === 'docs/arch.md');
    });

    it("evidence: a path with ',' or outside the project is refused", () => {
      const tasks = projectTasks();
      tasks[0].brief = { frontMatter: { evidence: { feature: 'docs/a,b.md' } } };
      const { ctx, state } = at('evidence', { 'task-pick': 'payments/refund-timeout' }, projectOptions({ tasks }));
      assert.equal(refusal(ctx, state, 'use'), "evidence: path must not contain ',': 'docs/a,b.md'");
      const p = currentStep(ctx, state);
      assert.deepEqual(p.options[0].disabled, true);
      assert.equal(
        p.options.some((o) => o.default),
        false,
      );
    });

    it('direction-pick: none* then one per file', () => {
      const { prompt } = at('direction-pick', { 'task-pick': 'payments/refund-timeout' });
      assert.deepEqual(
        prompt.options.map((o) => [o.value, o.label]),
        [
          ['none', 'No particular direction'],
          ['.okstra/tasks/payments/refund-timeout/directions/a-cache.md', 'a-cache'],
          ['.okstra/tasks/payments/refund-timeout/directions/b-queue.md', 'b-queue'],
        ],
      );
    });

    it('reuse-worktree: reuse <path> (<branch>)* / new', () => {
      const { ctx, state, prompt } = at('reuse-worktree', { 'task-pick': 'payments/impl' });
      assert.deepEqual(prompt.options, [
        { value: 'reuse', label: 'reuse ../wt/impl (okstra/impl)', default: true },
        { value: 'new', label: 'New worktree from HEAD' },
      ]);
      const r = E.submit(ctx, state, 'new');
      assert.ok(r.ok && r.state.base_ref === 'HEAD' && r.state.reuse_worktree === false);
    });

    it('fix-cycle: yes* stores the failed run id, no stores ""', () => {
      const { ctx, state, prompt } = at('fix-cycle', { 'task-pick': 'payments/fixme', 'task-type': 'implementation' });
      assert.deepEqual(values(prompt), ['yes*', 'no']);
      const no = E.submit(ctx, state, 'no');
      assert.ok(no.ok && no.state.fix_cycle === '' && no.echo === 'fix-cycle: no');
    });

    it('reuse-previous: fresh* then run:<id> newest first', () => {
      const { prompt } = at('reuse-previous', { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' });
      assert.deepEqual(values(prompt), ['fresh*', 'run:2026-11-18-1']);
    });
  });

  describe('follow-ups', () => {
    const base = { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' };
    it('directive-pick: none* / write without reuse; keep* after reuse; directive refusals', () => {
      assert.deepEqual(values(at('directive-pick', base).prompt), ['none*', 'write']);
      assert.deepEqual(values(at('directive-pick', { ...base, 'reuse-previous': 'run:2026-11-18-1' }).prompt), ['keep*', 'none', 'write']);
      const { ctx, state, prompt } = at('directive', { ...base, 'directive-pick': 'write' });
      assert.equal(prompt.default, '');
      assert.equal(refusal(ctx, state, ''), "step 'directive' needs a value");
      assert.equal(refusal(ctx, state, '-x'), "directive must not start with '-' (okstra would read it as an option)");
      assert.equal(refusal(ctx, state, 'a\u0000'), 'directive must not contain NUL');
    });

    it('related-tasks: multi_pick of the other tasks; matching by value, label and #n; no choice refused', () => {
      const { ctx, state, prompt } = at('related-tasks', { ...base, 'related-tasks-pick': 'choose' });
      assert.equal(prompt.kind, 'multi_pick');
      assert.deepEqual(
        prompt.options.map((o) => o.value),
        ['payments/impl', 'payments/verify', 'payments/fixme', 'release/v2'],
      );
      assert.ok(prompt.options.every((o) => !o.default));
      assert.equal(refusal(ctx, state, ''), "step 'related-tasks' needs at least one choice");
      assert.equal(refusal(ctx, state, 'payments/impl,nope'), "answer 'nope' is not an option of step 'related-tasks'");
      const r = E.submit(ctx, state, '#4,payments/impl');
      assert.ok(r.ok && r.state.related_tasks_raw === 'release/v2,payments/impl');
    });

    it('clarification: answer-now* / path / skip; the path refusals', () => {
      const { prompt } = at('clarification-pick', base);
      assert.deepEqual(values(prompt), ['answer-now*', 'path', 'skip']);
      const { ctx, state } = at('clarification', { ...base, 'clarification-pick': 'path' });
      assert.equal(refusal(ctx, state, ''), "step 'clarification' needs a value");
      assert.equal(refusal(ctx, state, 'docs/none.md'), "answers file not found: 'docs/none.md'");
      const r = E.submit(ctx, state, 'docs/answers.md');
      assert.ok(r.ok && r.state.clarification_response_path === 'docs/answers.md');
    });

    it('clarification answer-now uses an existing answers file without rewriting it', () => {
      const tasks = projectTasks();
      tasks[0].questions![0].answersExists = true;
      const { ctx, state, ws } = at('clarification-pick', base, projectOptions({ tasks }));
      const r = E.submit(ctx, state, 'answer-now');
      assert.ok(r.ok);
      assert.equal(ws.written.size, 0);
    });

    it('pr-template-pick: config* when set, repo, path, none; pr-template refusals; scope', () => {
      const rh = { 'task-pick': 'release/v2', brief: 'none' };
      assert.deepEqual(values(at('pr-template-pick', rh).prompt), ['repo*', 'path', 'none']);
      const cfg = at('pr-template-pick', rh, projectOptions({ config: { path: '.okstra/config.yaml', prTemplate: 'docs/pr.md' } }));
      assert.deepEqual(values(cfg.prompt), ['config*', 'repo', 'path', 'none']);
      const noRepo = at('pr-template-pick', rh, projectOptions({ files: [] }));
      assert.deepEqual(values(noRepo.prompt), ['path', 'none']);
      const { ctx, state } = at('pr-template', { ...rh, 'pr-template-pick': 'path' });
      assert.equal(refusal(ctx, state, ''), "step 'pr-template' needs a value");
      assert.equal(refusal(ctx, state, 'docs/nope.md'), "PR template not found: 'docs/nope.md'");
      const scope = at('pr-template-scope', { ...rh, 'pr-template-pick': 'path', 'pr-template': 'docs/refunds.md' });
      assert.deepEqual(values(scope.prompt), ['run*', 'project']);
    });

    it('a pick answer that matches no option is refused verbatim', () => {
      const { ctx, state } = at('directive-pick', base);
      assert.equal(refusal(ctx, state, 'keep'), "answer 'keep' is not an option of step 'directive-pick'");
      assert.equal(refusal(ctx, state, '#9'), "answer '#9' is not an option of step 'directive-pick'");
    });
  });

  describe('answer matching (docs/protocol.md › Answers)', () => {
    it('exact value, then exact label, then #n', () => {
      const { ctx, state } = at('directive-pick', { 'task-pick': 'payments/refund-timeout' });
      const byLabel = E.submit(ctx, state, 'Write a directive…');
      assert.ok(byLabel.ok && byLabel.echo === 'directive-pick: write');
      const byPos = E.submit(ctx, state, '#1');
      assert.ok(byPos.ok && byPos.echo === 'directive-pick: none');
    });

    it('a bare number is only a value; role counts must be offered values', () => {
      const { ctx, state } = at('role-count:analyser', { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' });
      const byPos = E.submit(ctx, state, '#1');
      assert.ok(byPos.ok && byPos.state.role_counts.analyser === 1);
      const two = E.submit(ctx, state, '2');
      assert.ok(two.ok && two.state.role_counts.analyser === 2);
      assert.equal(refusal(ctx, state, '02'), "role 'analyser' count must be an integer in 1..3, not '02'");
      assert.equal(refusal(ctx, state, ''), "role 'analyser' count must be an integer in 1..3, not an empty answer");
      assert.equal(refusal(ctx, state, '7'), "role 'analyser' count must be in 1..3: 7");
    });
  });
});
