// Back undoes exactly one answer; Edit from Here and Back preselect the answer
// being changed and keep later answers as defaults (docs/decisions.md ›
// Wizard: remembered answers).
import assert from 'node:assert/strict';
import * as E from '../../../src/core/wizard/engine';
import { parseState, serializeState } from '../../../src/core/wizard/stateCodec';
import { currentStep, drive, fresh, type Answers } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';

const EA = { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' };

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  assert.ok(r.ok, `not ok: ${JSON.stringify((r as { doc?: unknown }).doc)}`);
  return r as Extract<T, { ok: true }>;
}

function at(step: string, answers: Answers = EA) {
  const fx = fakeContext(projectOptions());
  const d = drive(fx.ctx, fresh(), answers, step);
  return { ...fx, state: d.state };
}

const defaultOf = (p: { options: Array<{ value: string; default?: true }>; default?: string; kind: string }) =>
  p.kind === 'text'
    ? p.default
    : p.options
        .filter((o) => o.default)
        .map((o) => o.value)
        .join(',');

describe('Back and remembered answers', () => {
  it('Back from "Change an answer…" returns to the confirmation and keeps the ticked related tasks', () => {
    const { ctx, state } = at('confirm', { ...EA, 'related-tasks-pick': 'choose', 'related-tasks': 'payments/impl,release/v2' });
    const edit = ok(E.submit(ctx, state, 'edit'));
    assert.equal(edit.next?.step, 'edit-target');
    assert.equal(E.backTarget(edit.state), 'confirm');
    const back = ok(E.back(ctx, edit.state));
    assert.equal(back.next?.step, 'confirm');
    assert.equal(back.state.related_tasks_raw, 'payments/impl,release/v2');
    assert.deepEqual(back.state.answered, state.answered, 'Back undid more than the confirmation');
    assert.equal(back.state.confirmed, null);
    // Enter after Back does not run: the answer being changed ("Change an answer…") is preselected.
    assert.equal(defaultOf(back.next!), 'edit');
  });

  it('Back undoes exactly one answer: the previous prompt again, every earlier answer kept', () => {
    const { ctx, state } = at('confirm', { ...EA, 'related-tasks-pick': 'choose', 'related-tasks': 'payments/impl' });
    const back = ok(E.back(ctx, state));
    const last = state.answered[state.answered.length - 1];
    assert.equal(back.next?.step, last);
    assert.deepEqual(back.state.answered, state.answered.slice(0, -1));
  });

  it('Back to a multi-pick ticks the answer being changed', () => {
    const { ctx, state } = at('clarification-pick', { ...EA, 'related-tasks-pick': 'choose', 'related-tasks': 'payments/impl,release/v2' });
    const back = ok(E.back(ctx, state));
    assert.equal(back.next?.step, 'related-tasks');
    assert.equal(defaultOf(back.next!), 'payments/impl,release/v2');
    // Accepting the preselection answers the same, and the wizard goes on where it was.
    const again = ok(E.submit(ctx, back.state, 'payments/impl,release/v2'));
    assert.equal(again.next?.step, 'clarification-pick');
    assert.equal(again.state.remembered_answers, undefined);
  });

  it('Edit from Here on planner #2 preselects its model; later role answers stay the defaults', () => {
    const fx = fakeContext(projectOptions());
    const answers = { 'task-pick': 'payments/refund-timeout', 'task-type': 'implementation-planning', 'role-count:planner': '3' };
    const first = drive(fx.ctx, fresh(), answers, 'confirm');
    const p2 = first.prompts.find((p) => p.step === 'role-model:planner:2')!;
    const p3 = first.prompts.find((p) => p.step === 'role-model:planner:3')!;
    // Answer planner #2 and #3 with models that are not their defaults.
    const pick2 = p2.options.find((o) => !o.default)!.value;
    const d = drive(fx.ctx, fresh(), { ...answers, 'role-model:planner:2': pick2 }, 'role-model:planner:3');
    const p3b = currentStep(fx.ctx, d.state);
    const pick3 = p3b.options.find((o) => !o.default)!.value;
    const done = drive(fx.ctx, d.state, { 'role-model:planner:3': pick3 }, 'confirm').state;
    assert.equal(done.role_models.planner[1], pick2);
    const r = ok(E.rewind(fx.ctx, done, 'role-model:planner:2'));
    assert.equal(r.next?.step, 'role-model:planner:2');
    assert.equal(defaultOf(r.next!), pick2, 'the answer being changed is not preselected');
    // Accepting it: planner #3 is asked again with the earlier answer as its default.
    const n = ok(E.submit(fx.ctx, r.state, pick2));
    assert.equal(n.next?.step, 'role-model:planner:3');
    assert.equal(defaultOf(n.next!), pick3);
    assert.notEqual(p3.options.find((o) => o.default)?.value, pick3, 'the test needs a non-default answer');
    // Taking every default again gives back the same selection.
    const again = drive(fx.ctx, n.state, {}, 'confirm').state;
    assert.deepEqual(again.role_models, done.role_models);
    assert.deepEqual(again.role_counts, done.role_counts);
  });

  it('a remembered answer that is no longer an option is not a default', () => {
    const { ctx, state } = at('confirm');
    const w = structuredClone(state);
    const r = ok(E.rewind(ctx, w, 'brief'));
    const withGhost = { ...r.state, remembered_answers: { ...r.state.remembered_answers, brief: 'no-such-option' } };
    const p = currentStep(ctx, withGhost);
    assert.equal(defaultOf(p), 'task');
  });

  it('rewinding the run type keeps a typed directive and the related tasks as defaults', () => {
    const { ctx, state } = at('confirm', {
      ...EA,
      'directive-pick': 'write',
      directive: 'Focus on p99 latency',
      'related-tasks-pick': 'choose',
      'related-tasks': 'payments/impl',
    });
    const r = ok(E.rewind(ctx, state, 'task-type'));
    const d = drive(ctx, r.state, {}, 'confirm');
    assert.equal(d.state.directive, 'Focus on p99 latency');
    assert.equal(d.state.related_tasks_raw, 'payments/impl');
    assert.equal(d.state.task_type, 'error-analysis');
  });

  it('moving to another task forgets what was remembered for the old one', () => {
    const { ctx, state } = at('confirm', { ...EA, 'directive-pick': 'write', directive: 'old task' });
    const r = ok(E.rewind(ctx, state, 'task-pick'));
    assert.equal(defaultOf(r.next!), 'payments/refund-timeout');
    const other = ok(E.submit(ctx, r.state, 'payments/impl'));
    assert.equal(other.state.remembered_answers, undefined);
  });

  it('+ New task…, Back, the same name: the created task is taken again, not refused', () => {
    const { ctx, ws, state } = at('task-type', { 'task-pick': 'new', 'task-new': 'checkout/Newcomer Try' });
    assert.equal(ws.created.length, 1);
    const back = ok(E.back(ctx, state));
    assert.equal(back.next?.step, 'task-new');
    assert.equal(back.next?.default, 'checkout/newcomer-try');
    const again = ok(E.submit(ctx, back.state, 'checkout/newcomer-try'));
    assert.equal(again.next?.step, 'task-type');
    assert.equal(`${again.state.task_group}/${again.state.task_id}`, 'checkout/newcomer-try');
    assert.equal(ws.created.length, 1, 'the task was created twice');
    // Back twice (to task-pick) and the same name again works too.
    const b1 = ok(E.back(ctx, state));
    const b2 = ok(E.back(ctx, b1.state));
    assert.equal(b2.next?.step, 'task-pick');
    assert.equal(defaultOf(b2.next!), 'new');
    const pickNew = ok(E.submit(ctx, b2.state, 'new'));
    assert.equal(pickNew.next?.default, 'checkout/newcomer-try');
    ok(E.submit(ctx, pickNew.state, 'checkout/newcomer-try'));
  });

  it('another existing task typed into task-new is still refused', () => {
    const { ctx, state } = at('task-new', { 'task-pick': 'new' });
    const r = E.submit(ctx, state, 'payments/impl');
    assert.equal(r.ok ? '' : r.error, "task 'payments/impl' already exists");
  });

  it('remembered answers survive the state file (rememberedAnswers, only while non-empty)', () => {
    const { ctx, state } = at('confirm', { ...EA, 'directive-pick': 'write', directive: 'kept' });
    assert.ok(!serializeState(state).includes('rememberedAnswers'));
    const r = ok(E.rewind(ctx, state, 'directive-pick'));
    const text = serializeState(r.state);
    const json = JSON.parse(text) as Record<string, unknown>;
    assert.deepEqual(json.rememberedAnswers, r.state.remembered_answers);
    const back = parseState(json).state;
    assert.deepEqual(back.remembered_answers, r.state.remembered_answers);
    assert.equal(defaultOf(currentStep(ctx, back)), 'write');
    assert.throws(() => parseState({ ...json, rememberedAnswers: { directive: 3 } }), /rememberedAnswers/);
  });
});
