// Rewind, edit-target and Back (docs/steps.md › Rewind and Back, R-EDT-*).
import assert from 'node:assert/strict';
import type { WizardState } from '../../../src/core/types';
import * as E from '../../../src/core/wizard/engine';
import { STEP_BY_ID } from '../../../src/core/wizard/steps';
import { currentStep, docOf, drive, fresh, refusal, type Answers } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';

const EA = { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' };

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  assert.ok(r.ok, `not ok: ${JSON.stringify(r)}`);
  return r as Extract<T, { ok: true }>;
}

function at(step: string, answers: Answers = EA, opts = projectOptions()) {
  const fx = fakeContext(opts);
  const d = drive(fx.ctx, fresh(), answers, step);
  return { ...fx, state: d.state, d };
}

const FLOWS: Record<string, Answers> = {
  'requirements-discovery': {
    'task-pick': 'new',
    'task-new': 'billing/invoices',
    'related-tasks-pick': 'choose',
    'related-tasks': 'payments/impl',
  },
  'error-analysis': {
    ...EA,
    'reuse-previous': 'run:2026-11-18-1',
    'role-add:critic': '1',
    'clarification-pick': 'path',
    clarification: 'docs/answers.md',
  },
  'implementation-planning': {
    'task-pick': 'payments/refund-timeout',
    brief: 'path',
    'brief-path': 'docs/other-brief.md',
    'directive-pick': 'write',
    directive: 'small',
  },
  implementation: { 'task-pick': 'payments/impl', 'role-add:critic': '2' },
  'implementation (fix cycle)': { 'task-pick': 'payments/fixme', 'task-type': 'implementation' },
  'final-verification': { 'task-pick': 'payments/verify' },
  'release-handoff': {
    'task-pick': 'release/v2',
    brief: 'none',
    'pr-template-pick': 'path',
    'pr-template': 'docs/refunds.md',
    'pr-template-scope': 'project',
  },
};

describe('rewind and back', () => {
  it('R-EDT-1: edit-target offers answered ids, then order-only ids, without confirm / edit-target, no default', () => {
    const { ctx, state } = at('confirm');
    const edit = ok(E.submit(ctx, state, 'edit'));
    assert.equal(edit.next?.step, 'edit-target');
    const w: WizardState = structuredClone(edit.state);
    w.role_selection_order.push('role-model:report-writer:9');
    const p = currentStep(ctx, w);
    const ids = p.options.map((o) => o.value);
    assert.deepEqual(ids, [...state.answered, 'role-model:report-writer:9']);
    assert.ok(p.options.every((o) => o.label === o.value && !o.default));
  });

  it('R-EDT-2: edit-target rewinds, echoes `edit-target: <id> (rewinding)` and sets confirmed to null', () => {
    const { ctx, state } = at('confirm');
    const edit = ok(E.submit(ctx, state, 'edit'));
    assert.equal(edit.state.confirmed, false);
    const r = ok(E.submit(ctx, edit.state, 'brief'));
    assert.equal(r.echo, 'edit-target: brief (rewinding)');
    assert.equal(r.state.confirmed, null);
    assert.equal(r.state.edit_target, '');
    assert.equal(r.next?.step, 'brief');
    assert.ok(!r.state.answered.includes('confirm'));
  });

  it('R-EDT-2: an unknown id is `unknown step`, an unknown role id is `unknown role selection step` (not the generic refusal)', () => {
    const { ctx, state } = at('confirm');
    const edit = ok(E.submit(ctx, state, 'edit')).state;
    assert.equal(refusal(ctx, edit, 'nope'), "unknown step: 'nope'");
    assert.equal(refusal(ctx, edit, 'role-model:nobody:1'), "unknown role selection step: 'role-model:nobody:1'");
    const r = E.rewind(ctx, state, 'direction-pick');
    const targets = E.tree(ctx, state);
    assert.ok(targets.ok);
    const list = targets.rows.filter((row) => row.editable).map((row) => `'${row.id}'`);
    assert.deepEqual(docOf(r, null), {
      ok: false,
      code: 'refused-answer',
      error: `unknown step: 'direction-pick'; the steps you can go back to: ${list.join(', ')}`,
      current: currentStep(ctx, state),
    });
  });

  it('a rewind to confirm asks the confirmation again once it was answered, and is refused in words before', () => {
    const { ctx, state } = at('confirm');
    const early = E.rewind(ctx, state, 'confirm');
    assert.ok(!early.ok);
    assert.equal(early.code, 'refused-answer');
    assert.match(
      early.error,
      /^'confirm' is not answered yet: it is asked once every step before it is answered; the steps you can go back to: 'task-pick', /,
    );
    const done = ok(E.submit(ctx, state, 'run')).state;
    const again = ok(E.rewind(ctx, done, 'confirm'));
    assert.equal(again.echo, 'edit-target: confirm (rewinding)');
    assert.equal(again.next?.step, 'confirm');
    assert.equal(again.state.confirmed, null);
    assert.deepEqual(
      again.state.answered,
      done.answered.filter((id) => id !== 'confirm'),
      'nothing but the confirmation is undone',
    );
    const editing = ok(E.submit(ctx, state, 'edit')).state;
    const back = ok(E.rewind(ctx, editing, 'confirm'));
    assert.equal(back.next?.step, 'confirm');
    assert.equal(back.next?.options.find((o) => o.default)?.value, 'edit', "at Change an answer… it preselects 'edit', as Back does");
  });

  it('R-EDT-3: a role rewind keeps the ids before it and nothing else changes', () => {
    const { ctx, state } = at('confirm');
    const r = ok(E.rewind(ctx, state, 'role-model:analyser:2'));
    assert.deepEqual(r.state.role_models.analyser, ['claude/opus-4.5']);
    assert.equal(r.state.role_models['report-writer'], undefined);
    assert.equal(r.state.directive, state.directive);
    assert.ok(r.state.answered.includes('directive-pick'));
    assert.equal(r.next?.step, 'role-model:analyser:2');
    // the follow-ups stay answered: after the role prompts, confirm comes back
    const d = drive(ctx, r.state, {}, 'confirm');
    assert.deepEqual(d.steps, ['role-model:analyser:2', 'role-model:report-writer:1']);
  });

  it('R-EDT-4: rewinding above the roles clears the selection, leader-session included', () => {
    const cs = fakeContext(projectOptions());
    const s0 = { ...fresh(), host_entry_mode: 'current-session' };
    const d = drive(cs.ctx, s0, EA, 'confirm');
    assert.ok(d.state.answered.includes('leader-session'));
    const r = ok(E.rewind(cs.ctx, d.state, 'brief'));
    assert.deepEqual(r.state.role_counts, {});
    assert.deepEqual(r.state.role_models, {});
    assert.deepEqual(r.state.role_selection_order, []);
    assert.ok(!r.state.answered.some((id) => id.startsWith('role-') || id === 'leader-session'));
  });

  it('R-EDT-5: the roles position is the boundary — a follow-up rewind keeps the roles, fix-cycle clears them', () => {
    const { ctx, state } = at('confirm');
    const keep = ok(E.rewind(ctx, state, 'directive-pick'));
    assert.deepEqual(keep.state.role_selection_order, state.role_selection_order);
    assert.equal(keep.next?.step, 'directive-pick');
    const fix = at('confirm', { 'task-pick': 'payments/fixme', 'task-type': 'implementation' });
    const cleared = ok(E.rewind(fix.ctx, fix.state, 'fix-cycle'));
    assert.deepEqual(cleared.state.role_selection_order, []);
    assert.equal(cleared.state.fix_cycle, '');
  });

  it('R-EDT-6: reset fields take fresh defaults (null, {}, [], "")', () => {
    const { ctx, state } = at('confirm', { ...EA, 'reuse-previous': 'run:2026-11-18-1' });
    const r = ok(E.rewind(ctx, state, 'reuse-previous'));
    assert.equal(r.state.reuse_previous, null);
    assert.equal(r.state.directive, '');
    assert.equal(r.state.related_tasks_raw, '');
    assert.equal(r.state.feature_evidence_path, '');
    assert.deepEqual(r.state.answered, ['task-pick', 'task-type']);
  });

  it('reuse-previous clears role ids from answered; edit-target offers only ids of the order', () => {
    const { ctx, state } = at('confirm');
    const w: WizardState = structuredClone(state);
    w.answered.push('role-model:ghost:1');
    const edit = ok(E.submit(ctx, w, 'edit'));
    assert.ok(!currentStep(ctx, edit.state).options.some((o) => o.value === 'role-model:ghost:1'));
    assert.equal(refusal(ctx, edit.state, 'role-model:ghost:1'), "unknown role selection step: 'role-model:ghost:1'");
    const reuse = at('reuse-previous');
    const r = ok(E.submit(reuse.ctx, { ...reuse.state, answered: [...reuse.state.answered, 'role-count:analyser'] }, 'run:2026-11-18-1'));
    assert.ok(!r.state.answered.includes('role-count:analyser'));
  });

  it('legacy step ids in answered are not edit targets', () => {
    const { ctx, state } = at('confirm');
    const w = { ...structuredClone(state), answered: [...state.answered, 'defaults-or-custom', 'lead-model'] };
    const tree = ok(E.tree(ctx, w));
    assert.ok(!tree.rows.some((r) => r.id === 'defaults-or-custom' || r.id === 'lead-model'));
    assert.equal(
      refusal(ctx, { ...w, confirmed: false, answered: [...w.answered, 'confirm'] }, 'lead-model'),
      "unknown step: 'lead-model'",
    );
  });

  it('a reused run is filled in again when a rewind below reuse-previous clears the roles', () => {
    const { ctx, state } = at('confirm', { ...EA, 'reuse-previous': 'run:2026-11-18-1' });
    const r = ok(E.rewind(ctx, state, 'brief'));
    assert.deepEqual(r.state.role_counts, { analyser: 1 });
    assert.deepEqual(r.state.role_models.analyser, ['codex/gpt-5.1-codex']);
    const d = drive(ctx, r.state, {}, 'confirm');
    assert.ok(d.steps.includes('directive-pick'));
    const dp = d.prompts.find((p) => p.step === 'directive-pick')!;
    assert.equal(dp.options.find((o) => o.default)?.value, 'keep');
  });

  it('rewinding to a follow-up text step asks it again (its pick stays answered), the text as its default', () => {
    const { ctx, state } = at('confirm', { ...EA, 'directive-pick': 'write', directive: 'first' });
    const r = ok(E.rewind(ctx, state, 'directive'));
    assert.equal(r.next?.step, 'directive');
    assert.equal(r.next?.default, 'first');
    const again = ok(E.submit(ctx, r.state, 'second'));
    assert.equal(again.state.directive, 'second');
  });

  for (const [name, answers] of Object.entries(FLOWS)) {
    it(`rewind from every answered step: ${name}`, () => {
      const fx = fakeContext(projectOptions());
      const done = drive(fx.ctx, fresh(), answers, 'confirm');
      const state = ok(E.submit(fx.ctx, done.state, 'run')).state;
      const targets = (E.tree(fx.ctx, state) as { rows: Array<{ id: string; editable: boolean }> }).rows;
      assert.ok(targets.length > 5);
      let rewound = 0;
      for (const { id, editable } of targets) {
        assert.ok(editable, id);
        const before = structuredClone(state);
        const r = ok(E.rewind(fx.ctx, state, id));
        assert.deepEqual(state, before, 'rewind mutated its input');
        assert.equal(r.echo, `edit-target: ${id} (rewinding)`);
        assert.equal(r.state.confirmed, null);
        assert.ok(!r.state.answered.includes(id), `${id} still answered`);
        if (STEP_BY_ID.has(id)) assert.equal(r.next?.step, id, `next after rewinding to ${id}`);
        // Every rewind can be completed again with the same answers.
        const again: Answers = { ...answers };
        // The created task exists now: pick it, or create another one.
        if (answers['task-new'] && id === 'task-pick') again['task-pick'] = String(answers['task-new']);
        if (answers['task-new'] && id === 'task-new') again['task-new'] = 'billing/other';
        const re = drive(fx.ctx, r.state, again, 'confirm');
        assert.equal(currentStep(fx.ctx, re.state).step, 'confirm');
        rewound++;
      }
      assert.equal(rewound, targets.length);
      assert.ok(targets.some((t) => t.id.startsWith('role-')) && targets.some((t) => t.id === 'task-type'));
    });
  }

  it('Back rewinds to the last answered id; not offered at the start', () => {
    const { ctx, state } = at('analysis-target');
    assert.equal(E.backTarget(state), 'brief');
    const r = ok(E.back(ctx, state));
    assert.equal(r.next?.step, 'brief');
    const start = E.back(ctx, fresh());
    assert.equal(start.ok ? '' : start.error, 'there is no answer to go back to');
    assert.equal(E.backTarget(fresh()), null);
  });

  it('Back at confirm skips confirm / edit-target; Back at edit-target returns to confirm', () => {
    const { ctx, state } = at('confirm');
    assert.equal(E.backTarget(state), 'clarification-pick');
    const edit = ok(E.submit(ctx, state, 'edit')).state;
    assert.equal(E.backTarget(edit), 'confirm');
  });
});
