// The engine facade: the walk, submit bookkeeping, readiness, progress,
// rendering, confirmation, outcome, abort, tree and the decisions of docs/rules.md.
import assert from 'node:assert/strict';
import type { WizardState } from '../../../src/core/types';
import * as E from '../../../src/core/wizard/engine';
import { renderArgv } from '../../../src/core/wizard/render';
import { parseState, stateToJson } from '../../../src/core/wizard/stateCodec';
import { currentStep, docOf, drive, fresh, refusal } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';
import { RENDER_ARG_KEYS } from '../../helpers/renderArgKeys';

const EA = { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' };
const M7_CONFIG = {
  path: '.okstra/config.yaml',
  models: [{ ref: 'claude/haiku-4.5', roles: ['critic'] }],
  modelDefaults: { 'report-writer': ['claude/haiku-4.5'] },
};

function at(step: string, answers: Record<string, string> = EA, opts = projectOptions()) {
  const fx = fakeContext(opts);
  const d = drive(fx.ctx, fresh(), answers, step);
  assert.equal(currentStep(fx.ctx, d.state).step, step);
  return { ...fx, state: d.state, d };
}

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  assert.ok(r.ok, `not ok: ${JSON.stringify(r)}`);
  return r as Extract<T, { ok: true }>;
}

function confirmed() {
  const fx = at('confirm');
  return { ...fx, state: ok(E.submit(fx.ctx, fx.state, 'run')).state };
}

describe('engine', () => {
  it('R-ID-5: role step ids are grouped as roles, others by their step', () => {
    assert.equal(E.stepGroup('leader-session'), 'roles');
    assert.equal(E.stepGroup('role-count:analyser'), 'roles');
    assert.equal(E.stepGroup('role-model:analyser:2'), 'roles');
    assert.equal(E.stepGroup('role-add:critic'), 'roles');
    assert.equal(E.stepGroup('brief'), 'inputs');
    assert.equal(E.stepGroup('task-type'), 'task');
    assert.equal(E.stepGroup('directive'), 'follow-ups');
    assert.equal(E.stepGroup('confirm'), 'confirm');
  });

  it('R-NXT-1: a confirmed state is done; role prompts sit between the inputs and the follow-ups', () => {
    const { d, ctx, state } = confirmed();
    assert.equal(currentStep(ctx, state).kind, 'done');
    const firstRole = d.steps.findIndex((s) => s.startsWith('role-'));
    assert.equal(d.steps[firstRole - 1], 'evidence');
    assert.equal(
      d.steps.slice(firstRole).find((s) => !s.startsWith('role-')),
      'directive-pick',
    );
  });

  it('R-NXT-2: an earlier unanswered step comes before the role prompts', () => {
    const { ctx, state } = at('directive-pick');
    const w: WizardState = structuredClone(state);
    w.answered = w.answered.filter((id) => id !== 'evidence');
    assert.equal(currentStep(ctx, w).step, 'evidence');
  });

  it('R-NXT-3: once the roles are settled the follow-ups come, then confirm', () => {
    const { d } = at('confirm');
    assert.deepEqual(d.steps.slice(-3), ['directive-pick', 'related-tasks-pick', 'clarification-pick']);
  });

  it('R-SUBM-1: a role answer is appended to answered and to the order; an id already there keeps its place', () => {
    const { ctx, state } = at('role-count:analyser');
    const r = ok(E.submit(ctx, state, '2'));
    assert.equal(r.echo, 'role-count: analyser=2');
    assert.equal(r.state.answered.at(-1), 'role-count:analyser');
    assert.deepEqual(r.state.role_selection_order, ['role-count:analyser']);
    assert.deepEqual(Object.keys(docOf(r)), ['ok', 'echo', 'next']);
  });

  it('R-SUBM-2: the prompt answered is the one computed at submit time', () => {
    const { ctx, state } = at('role-model:analyser:1');
    const p = currentStep(ctx, state);
    const notOffered = p.unavailable?.[0]?.value ?? 'no/such-model';
    assert.match(refusal(ctx, state, notOffered), /is not a compatible candidate|leaves no complete/);
  });

  it('R-SUBM-3: a refused role answer appends nothing', () => {
    const { ctx, state } = at('role-count:analyser');
    refusal(ctx, state, '9'); // refusal() asserts the state is unchanged
  });

  it('R-SIM-1: progress counts the role prompts the defaults would show, up to confirm', () => {
    const { ctx, d } = at('confirm');
    const first = d.prompts[0];
    assert.equal(first.progress.answered, 0);
    assert.equal(first.progress.total, d.steps.length + 1, 'every prompt shown plus confirm');
    d.prompts.forEach((p, i) => assert.equal(p.progress.answered, i));
    const c = currentStep(ctx, d.state);
    assert.deepEqual(c.progress, { answered: d.steps.length, total: d.steps.length + 1 });
  });

  it('progress goes on past a pick without a default (its first option) and never writes files', () => {
    const { ctx, ws } = fakeContext(projectOptions());
    const s = ok(E.submit(ctx, fresh(), 'release/v2')).state;
    const p = currentStep(ctx, s);
    assert.equal(p.step, 'task-type');
    // release/v2: brief has no default (no brief.md) → the simulation takes the first option, as Enter would,
    // and counts the path on to confirm.
    const walked = drive(ctx, s, { brief: 'path', 'brief-path': 'docs/refunds.md', 'pr-template-pick': 'repo' }, 'confirm');
    assert.deepEqual(p.progress, { answered: 1, total: 1 + walked.steps.length + 1 });
    const ea = at('clarification-pick');
    assert.equal(ea.ws.written.size, 0, 'the simulation never creates the answers sidecar');
    assert.equal(ws.created.length, 0);
  });

  it('R-RDY-1: confirm is not offered while a role prompt is pending', () => {
    const { d } = at('confirm');
    const idx = d.steps.indexOf('directive-pick');
    assert.ok(d.steps.slice(0, idx).some((s) => s.startsWith('role-model:')));
  });

  it('R-RDY-2: a failing role selection is not ready; the error is shown instead of confirm', () => {
    const { ctx, state } = at('role-add:critic', EA, projectOptions({ config: M7_CONFIG }));
    const r = ok(E.submit(ctx, state, '0'));
    assert.equal(r.next, null);
    assert.match(r.error!, /^configured default model 'claude\/haiku-4.5' is unavailable for role 'report-writer'/);
  });

  it('the valid answer is kept when the next prompt fails', () => {
    const { ctx, state } = at('role-add:critic', EA, projectOptions({ config: M7_CONFIG }));
    const r = ok(E.submit(ctx, state, '0'));
    assert.deepEqual(Object.keys(docOf(r)), ['ok', 'echo', 'next', 'code', 'error']);
    assert.equal(r.state.role_counts.critic, 0);
    assert.ok(r.state.answered.includes('role-add:critic'));
    assert.equal(docOf(E.current(ctx, r.state)).ok, false);
  });

  it('R-RDY-3: confirm waits while a follow-up applies', () => {
    const { ctx, state } = at('directive', { ...EA, 'directive-pick': 'write' });
    assert.equal(currentStep(ctx, state).step, 'directive');
  });

  it('computing a prompt, the tree or render-args never changes the state', () => {
    const { ctx, state } = at('role-model:analyser:2');
    const before = structuredClone(state);
    E.current(ctx, state);
    E.tree(ctx, state);
    E.renderArgs(ctx, state);
    assert.deepEqual(state, before);
    assert.equal(state.use_defaults, null, 'use_defaults is never flipped');
  });

  it('a refusal reports `current` from the unchanged state and nothing else', () => {
    const { ctx, state } = at('directive-pick');
    const r = E.submit(ctx, state, 'nope');
    assert.ok(!r.ok);
    if (r.ok) return;
    assert.deepEqual(Object.keys(docOf(r)), ['ok', 'code', 'error', 'current']);
    assert.equal(r.current?.step, 'directive-pick');
    assert.deepEqual(r.current, currentStep(ctx, state));
  });

  it('every successful answer has the one shape {ok, echo, next}', () => {
    const { ctx, state } = at('brief');
    assert.deepEqual(Object.keys(docOf(ok(E.submit(ctx, state, 'task')))), ['ok', 'echo', 'next']);
    const role = at('role-add:critic');
    assert.deepEqual(Object.keys(docOf(ok(E.submit(role.ctx, role.state, '0')))), ['ok', 'echo', 'next']);
  });

  it('a done wizard refuses answers with the done prompt as current', () => {
    const { ctx, state } = confirmed();
    const r = E.submit(ctx, state, 'run');
    assert.ok(!r.ok);
    if (r.ok) return;
    assert.equal(r.error, 'wizard is complete — no prompt to answer');
    assert.deepEqual(r.current, {
      id: 'done',
      step: 'done',
      kind: 'done',
      label: '',
      options: [],
      echo_template: '',
      progress: r.current!.progress,
      ended: 'confirmed',
    });
    assert.equal(r.current!.progress.total, r.current!.progress.answered);
  });

  describe('rendering', () => {
    it('R-RND-1…4: role counts of adjustable roles only, every count before every model', () => {
      const { ctx, state } = confirmed();
      const r = ok(E.renderArgs(ctx, state));
      assert.deepEqual(r.renderArgs['role-count'], ['analyser=2']);
      const argv = r.renderArgv;
      const lastCount = argv.lastIndexOf('--role-count');
      const firstModel = argv.indexOf('--role-model');
      assert.ok(lastCount >= 0 && lastCount < firstModel);
      assert.ok(!argv.includes('report-writer=1'), 'fixed roles have no count');
    });

    it('R-RND-3: an incomplete selection is rendered as it is', () => {
      const { ctx, state } = at('role-model:analyser:2');
      const r = ok(E.renderArgs(ctx, state));
      assert.deepEqual(r.renderArgs['role-model'], ['leader=claude/opus-4.5', 'analyser=claude/opus-4.5']);
    });

    it('R-RND-5: render-args of an aborted wizard is refused', () => {
      const { ctx, state } = at('brief');
      const aborted = ok(E.abort(ctx, state)).state;
      const r = E.renderArgs(ctx, aborted);
      assert.deepEqual(docOf(r), { ok: false, code: 'aborted', error: 'wizard was aborted by the user — render-args is unavailable' });
    });

    it('R-RND-6: the keys in order, task-id and task-type after task-group, nothing hidden before pr-template-path', () => {
      const { ctx, state } = confirmed();
      assert.deepEqual(Object.keys(ok(E.renderArgs(ctx, state)).renderArgs), RENDER_ARG_KEYS);
    });

    it('R-RND-7: the removed v1 keys are never emitted', () => {
      const { ctx, state } = confirmed();
      const keys = Object.keys(ok(E.renderArgs(ctx, state)).renderArgs);
      for (const k of [
        'executor',
        'critic',
        'workers',
        'lead-provider',
        'lead-model',
        'claude-model',
        'codex-model',
        'antigravity-model',
        'worker-model',
        'report-writer-provider',
        'report-writer-model',
      ]) {
        assert.ok(!keys.includes(k), k);
      }
    });

    it('R-RND-8: an unregistered host runtime is an error', () => {
      const { ctx, state } = confirmed();
      const r = E.renderArgs(ctx, { ...state, host_runtime: 'no-such-host' });
      assert.equal(r.ok, false);
      assert.match(r.ok ? '' : r.error, /no-such-host/);
    });

    it('R-RND-9: the argv starts with --lead-runtime <host_runtime>', () => {
      const { ctx, state } = confirmed();
      assert.deepEqual(ok(E.renderArgs(ctx, state)).renderArgv.slice(0, 2), ['--lead-runtime', 'claude-code']);
    });

    it('R-RND-10: a list repeats its flag; an empty list emits nothing', () => {
      assert.deepEqual(renderArgv({ a: ['1', '2'], b: [], c: 'x' }, 'h'), ['--lead-runtime', 'h', '--a', '1', '--a', '2', '--c', 'x']);
    });

    it('R-RND-11: a non-string value is refused', () => {
      assert.throws(() => renderArgv({ 'fix-cycle': 3 as unknown as string }, 'h'), {
        message: 'wizard render arg --fix-cycle must be a string',
      });
      assert.throws(() => renderArgv({ x: [null as unknown as string] }, 'h'), { message: 'wizard render arg --x must be a string' });
    });

    it('R-RND-12: empty values are kept', () => {
      const { ctx, state } = confirmed();
      const argv = ok(E.renderArgs(ctx, state)).renderArgv;
      const i = argv.indexOf('--fix-cycle');
      assert.equal(argv[i + 1], '');
      assert.equal(argv[argv.indexOf('--base-ref') + 1], '');
    });

    it('base-ref: HEAD for implementation without a reused worktree, "" otherwise', () => {
      const impl = at('confirm', { 'task-pick': 'payments/impl', 'reuse-worktree': 'reuse' });
      assert.equal(ok(E.renderArgs(impl.ctx, impl.state)).renderArgs['base-ref'], '');
      const fix = at('confirm', { 'task-pick': 'payments/fixme', 'task-type': 'implementation' });
      assert.equal(ok(E.renderArgs(fix.ctx, { ...fix.state, base_ref: '' })).renderArgs['base-ref'], 'HEAD');
    });
  });

  describe('confirmation and outcome', () => {
    it('R-CFM-1 / R-CFM-3 / R-CFM-5: no executor, workers, lead, model or critic lines', () => {
      const { ctx, state } = confirmed();
      const text = E.confirmationText(ctx, state);
      for (const k of ['executor', 'workers', 'lead ', 'claude-model', 'codex-model', 'report-writer :', 'critic        :'])
        assert.ok(!text.includes(k), k);
    });

    it('R-CFM-2: one line per static instance, "(selection required)" when missing, dynamic roles last', () => {
      const { ctx, state } = at('role-model:analyser:2');
      const lines = E.confirmationText(ctx, state)
        .split('\n')
        .filter((l) => l.startsWith('  role'));
      assert.deepEqual(lines, [
        '  role          : leader #1 = claude/opus-4.5',
        '  role          : analyser #1 = claude/opus-4.5',
        '  role          : analyser #2 = (selection required)',
        '  role          : report-writer #1 = (selection required)',
        '  role          : investigator (dynamic, started by the leader at run time)',
      ]);
    });

    it('R-CFM-4: directive always, related-tasks when set, approved-plan for stage-scoped types', () => {
      const { ctx, state } = confirmed();
      const text = E.confirmationText(ctx, state);
      assert.ok(text.includes('  directive     : (none)'));
      assert.ok(!text.includes('related-tasks'));
      assert.ok(!text.includes('approved-plan'));
      const impl = at('confirm', { 'task-pick': 'payments/impl', 'related-tasks-pick': 'choose', 'related-tasks': 'payments/verify' });
      const t2 = E.confirmationText(impl.ctx, impl.state);
      assert.ok(t2.includes('  related-tasks : payments/verify'));
      assert.ok(t2.includes('  approved-plan : .okstra/tasks/payments/impl/plan/approved-plan.md'));
    });

    it('R-CFM-6: the worktree line, then the role lines, then directive, related-tasks, approved-plan', () => {
      const impl = at('confirm', { 'task-pick': 'payments/impl', 'related-tasks-pick': 'choose', 'related-tasks': 'payments/verify' });
      const lines = E.confirmationText(impl.ctx, impl.state).split('\n');
      const idx = (p: string) => lines.findIndex((l) => l.startsWith(p));
      assert.deepEqual(lines.slice(0, 5), [
        'okstra render-bundle — payments/impl',
        '  task-type     : implementation',
        '  brief         : .okstra/tasks/payments/impl/brief.md',
        '  stages        : chain: api-timeout,docs',
        '  worktree      : reuse ../wt/impl (okstra/impl)',
      ]);
      assert.ok(idx('  worktree') < idx('  role') && idx('  role') < idx('  directive'));
      assert.ok(idx('  directive') < idx('  related-tasks') && idx('  related-tasks') < idx('  approved-plan'));
      assert.ok(!lines.at(-1)!.endsWith('\n'));
    });

    it('confirmation text in Korean when the catalogue is Korean', () => {
      const { state } = confirmed();
      const ko = fakeContext(projectOptions({ lang: 'ko' }));
      const text = E.confirmationText(ko.ctx, state);
      assert.ok(text.startsWith('okstra render-bundle — payments/refund-timeout\n  실행 종류     : error-analysis'));
    });

    it('R-OUT-1: an aborted or unconfirmed wizard has no outcome', () => {
      const { ctx, state } = at('confirm');
      assert.deepEqual(docOf(E.outcome(ctx, state)), {
        ok: false,
        code: 'not-complete',
        error: 'wizard is not complete — outcome is unavailable',
      });
      assert.deepEqual(docOf(E.outcome(ctx, { ...state, confirmed: false })), {
        ok: false,
        code: 'not-complete',
        error: 'wizard is not complete — outcome is unavailable',
      });
      const aborted = ok(E.submit(ctx, state, 'abort')).state;
      assert.deepEqual(docOf(E.outcome(ctx, aborted)), {
        ok: false,
        code: 'aborted',
        error: 'wizard was aborted by the user — outcome is unavailable',
      });
    });

    it('R-OUT-2: the outcome keys, computed from one render', () => {
      const { ctx, state } = confirmed();
      const o = ok(E.outcome(ctx, state));
      // The engine's outcome is R-OUT-2's; its document ends with the program Run would start, which the host adds.
      assert.deepEqual(Object.keys(docOf(o)), [
        'ok',
        'renderArgs',
        'renderArgv',
        'orchestration',
        'persistActions',
        'confirmationText',
        'program',
      ]);
      assert.deepEqual(o.renderArgv, ok(E.renderArgs(ctx, state)).renderArgv);
      assert.equal(o.confirmationText, E.confirmationText(ctx, state));
    });
  });

  describe('abort', () => {
    it('abort at any time: done next, rewind refused, render refused', () => {
      const { ctx, state } = at('brief');
      const r = ok(E.abort(ctx, state));
      assert.equal(r.echo, 'abort');
      assert.equal(r.next?.kind, 'done');
      assert.deepEqual(Object.keys(docOf(r)), ['ok', 'echo', 'next']);
      assert.equal(currentStep(ctx, r.state).kind, 'done');
      const rw = E.rewind(ctx, r.state, 'task-type');
      assert.equal(rw.ok ? '' : rw.error, 'wizard was aborted by the user — it cannot be edited');
      assert.equal(state.aborted, false, 'abort does not mutate its input');
    });

    it('confirm abort sets aborted and ends the wizard', () => {
      const { ctx, state } = at('confirm');
      const r = ok(E.submit(ctx, state, 'abort'));
      assert.equal(r.state.aborted, true);
      assert.equal(r.next?.kind, 'done');
    });
  });

  describe('notices and tree', () => {
    it('carried notices come right after ok in every document', () => {
      const { ctx, state } = at('brief');
      const carried = [{ kind: 'moved' as const, text: "project moved: '/a' -> '/b'" }];
      assert.deepEqual(Object.keys(docOf(E.current(ctx, state, carried))), ['ok', 'notices', 'current']);
      assert.deepEqual(Object.keys(docOf(E.submit(ctx, state, 'task', carried))), ['ok', 'notices', 'echo', 'next']);
      assert.deepEqual(Object.keys(docOf(E.tree(ctx, state, carried))), ['ok', 'notices', 'rows', 'current', 'revision']);
      assert.deepEqual(docOf(E.current(ctx, state, carried)).notices, ["project moved: '/a' -> '/b'"]);
    });

    it('tree rows: the edit targets with groups and echoes, then the current prompt', () => {
      const { ctx, state } = at('role-model:analyser:2');
      const t = ok(E.tree(ctx, state));
      assert.equal(t.current, 'role-model:analyser:2');
      assert.deepEqual(
        t.rows.map((r) => [r.id, r.group, r.echo, r.answered, r.editable]),
        [
          ['task-pick', 'task', 'task: payments/refund-timeout', true, true],
          ['task-type', 'task', 'task-type: error-analysis', true, true],
          ['reuse-previous', 'task', 'reuse-previous: fresh', true, true],
          ['brief', 'inputs', 'brief: task', true, true],
          ['analysis-target', 'inputs', 'analysis-target: services/payments', true, true],
          ['evidence', 'inputs', 'evidence: use', true, true],
          ['role-count:analyser', 'roles', 'role-count: analyser=2', true, true],
          ['role-add:critic', 'roles', 'role-add: critic=0', true, true],
          ['role-model:leader:1', 'roles', 'role-model: leader#1=claude/opus-4.5', true, true],
          ['role-model:analyser:1', 'roles', 'role-model: analyser#1=claude/opus-4.5', true, true],
          ['role-model:analyser:2', 'roles', '', false, false],
        ],
      );
      assert.deepEqual(t.rows[0].label, 'Task');
      assert.deepEqual(t.rows[9].label, 'analyser #1 model');
    });

    it('a notice naming a step is attached to its row', () => {
      const { ctx, state } = at('role-model:analyser:2');
      const t = ok(E.tree(ctx, state, [{ kind: 'selection', text: 'removed something', steps: ['role-model:analyser:1'] }]));
      assert.equal(t.rows.find((r) => r.id === 'role-model:analyser:1')?.notice, 'removed something');
    });

    it('answer labels in words and display names for the VS Code UI', () => {
      const { ctx, state } = at('role-model:analyser:2');
      assert.equal(E.answerLabel(ctx, state, 'role-model:analyser:1'), 'analyser #1 = claude/opus-4.5');
      assert.equal(E.answerLabel(ctx, state, 'role-count:analyser'), 'analyser count = 2');
      // The short form of an option's label where the catalogue has one (the tree's rows fit the sidebar).
      assert.equal(E.answerLabel(ctx, state, 'brief'), "Brief = The task's brief");
      assert.equal(E.answerLabel(ctx, state, 'task-type'), 'Run type = error-analysis', 'no (recommended) marker in an answer');
      assert.equal(
        E.answerLabel(fakeContext({ ...projectOptions(), lang: 'ko' }).ctx, state, 'role-model:analyser:1'),
        'analyser #1 = claude/opus-4.5',
      );
      assert.equal(E.stepDisplayName(ctx.texts, 'task-type'), 'Run type');
      assert.equal(E.stepDisplayName(fakeContext({ lang: 'ko' }).ctx.texts, 'task-type'), '실행 종류');
    });
  });

  it('initState is v2 and writes executionIdentityVersion 2', () => {
    const s = E.initState({
      projectRootAbs: '/home/u/My Project',
      hostRuntime: 'codex',
      entryMode: 'current-session',
      availableFunctions: ['a'],
    });
    assert.equal(stateToJson(s).executionIdentityVersion, 2);
    assert.equal(s.project_id, 'my-project');
    assert.equal(s.workspace_root, '/home/u/My Project/.okstra');
    assert.equal(s.host_runtime, 'codex');
    assert.equal(s.host_entry_mode, 'current-session');
    assert.equal(E.initState({ projectRootAbs: '/p/x', config: { path: 'c', projectId: 'pay' } }).project_id, 'pay');
  });

  it('an out-of-range count at load is removed by the load-time reconcile, with a notice', () => {
    const { ctx, state } = at('directive-pick');
    const json = stateToJson(state);
    (json.roleCounts as Record<string, number>).analyser = 9;
    const { state: s, notices } = E.prepare(ctx, parseState(json));
    assert.ok(notices.some((n) => n.text === "role 'analyser' count 9 is outside 1..3; it will be asked again"));
    assert.equal(currentStep(ctx, s).step, 'role-count:analyser');
  });
});

describe('engine: prompts that cannot be computed', () => {
  it('tree, current, outcome and render-args report the error; the tree still has its rows', () => {
    const fx = fakeContext(projectOptions());
    const d = drive(fx.ctx, fresh(), EA, 'directive-pick');
    const broken = fakeContext(projectOptions({ profiles: { 'error-analysis': null } }));
    const t = E.tree(broken.ctx, d.state);
    assert.equal(t.ok, false);
    assert.deepEqual(Object.keys(docOf(t)), ['ok', 'code', 'error']);
    assert.ok(!t.ok && t.rows.length > 5);
    const c = E.current(broken.ctx, d.state);
    assert.deepEqual(Object.keys(docOf(c)), ['ok', 'code', 'error']);
    const r = E.submit(broken.ctx, d.state, 'none');
    assert.ok(!r.ok);
    assert.deepEqual(r.ok ? null : docOf(r), { ok: false, code: c.code, error: c.error, current: null });
    const rw = E.rewind(broken.ctx, d.state, 'task-type');
    assert.ok(rw.ok, 'rewind is the way out');
  });

  it('a created task is listed at once (related tasks of the same operation)', () => {
    const { ctx } = fakeContext(projectOptions());
    const s = ok(E.submit(ctx, fresh(), 'new')).state;
    const r = ok(E.submit(ctx, s, 'billing/invoices'));
    assert.equal(r.next?.step, 'task-type');
    const again = E.submit(ctx, s, 'billing/invoices');
    assert.equal(again.ok ? '' : again.error, "task 'billing/invoices' already exists");
  });
});

describe('engine: files to open', () => {
  it('task-new and clarification answer-now name the file the extension opens; the simulation opens nothing', () => {
    const { ctx } = fakeContext(projectOptions());
    const s = ok(E.submit(ctx, fresh(), 'new')).state;
    const created = ok(E.submit(ctx, s, 'billing/invoices'));
    assert.deepEqual(created.open, ['.okstra/tasks/billing/invoices/brief.md']);
    const at2 = drive(ctx, fresh(), EA, 'clarification-pick');
    const r = ok(E.submit(ctx, at2.state, 'answer-now'));
    assert.deepEqual(r.open, ['.okstra/tasks/payments/refund-timeout/clarifications/2026-11-18-1.answers.md']);
    assert.deepEqual(ok(E.submit(ctx, at2.state, 'skip')).open, []);
  });
});
