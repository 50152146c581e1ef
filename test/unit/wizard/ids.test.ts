// Identifiers (R-ID) as the step flow shows them.
import assert from 'node:assert/strict';
import * as E from '../../../src/core/wizard/engine';
import { parseState } from '../../../src/core/wizard/stateCodec';
import { drive, fresh } from './drive';
import { fakeContext, ROOT } from './fakeWorkspace';
import { projectOptions } from './projects';

const EA = { 'task-pick': 'payments/refund-timeout', 'task-type': 'error-analysis' };

function steps(overrides = {}, answers: Record<string, string> = EA) {
  const { ctx } = fakeContext(projectOptions());
  return drive(ctx, { ...fresh(), ...overrides }, answers, 'confirm').steps;
}

describe('identifiers in the step flow', () => {
  it('R-ID-1: the count step of a role is role-count:<role>', () => {
    assert.ok(steps().includes('role-count:analyser'));
  });

  it('R-ID-2: the optional-add step is role-add:<role>', () => {
    assert.ok(steps().includes('role-add:critic'));
  });

  it('R-ID-3: model steps are role-model:<role>:<ordinal>, 1-based, in order', () => {
    const s = steps().filter((x) => x.startsWith('role-model:analyser:'));
    assert.deepEqual(s, ['role-model:analyser:1', 'role-model:analyser:2']);
  });

  it('R-ID-4 / R-ID-14: current-session shows leader-session first; spawn-process asks role-model:leader:1', () => {
    const cs = steps({ host_entry_mode: 'current-session' });
    assert.equal(
      cs.find((x) => x.startsWith('role-') || x === 'leader-session'),
      'leader-session',
    );
    assert.ok(!cs.includes('role-model:leader:1'));
    const sp = steps();
    assert.ok(!sp.includes('leader-session'));
  });

  it('R-ID-6: the role of an id is what follows the first colon (tree labels and echoes)', () => {
    const { ctx } = fakeContext(projectOptions());
    const d = drive(ctx, fresh(), EA, 'confirm');
    assert.equal(E.answerLabel(ctx, d.state, 'role-model:report-writer:1'), 'report-writer #1 = claude/sonnet-4.5');
    assert.equal(E.stepDisplayName(ctx.texts, 'role-count:report-writer'), 'report-writer count');
  });

  it('R-ID-11: the cross-verification role (analyser) takes the legacy workers on conversion', () => {
    const { ctx } = fakeContext(projectOptions());
    const payload = {
      project_root: ROOT,
      task_group: 'payments',
      task_id: 'refund-timeout',
      task_type: 'error-analysis',
      workers_override: 'claude,codex',
    };
    const { state } = E.prepare(ctx, parseState(payload));
    assert.equal(state.role_counts.analyser, 2);
    assert.deepEqual(state.role_selection_order.slice(0, 1), ['role-count:analyser']);
  });

  it('R-ID-12: spawn-process adds the synthetic leader, asked after the counts and before the other models', () => {
    const sp = steps();
    const i = sp.indexOf('role-model:leader:1');
    assert.ok(i > sp.indexOf('role-add:critic') && i < sp.indexOf('role-model:analyser:1'));
  });

  it('R-ID-13: the host runtime decides availability and the host-session context', () => {
    const { ctx } = fakeContext(projectOptions());
    const d = drive(ctx, { ...fresh(), host_runtime: 'codex' }, EA, 'confirm');
    const r = E.renderArgs(ctx, d.state);
    assert.ok(r.ok);
    if (!r.ok) return;
    assert.deepEqual(r.renderArgv.slice(0, 2), ['--lead-runtime', 'codex']);
    assert.match(String(r.renderArgs['host-session-context-json']), /"hostId":"codex"/);
    assert.match(String(r.renderArgs['host-session-context-json']), /"interactionSurface":"wizard"/);
  });

  it('R-ID-15 (voided by README): the profile comes from the built-ins; a missing one is an error, not legacy mode', () => {
    const { ctx } = fakeContext(projectOptions({ profiles: { 'error-analysis': null } }));
    const d = drive(ctx, fresh(), { 'task-pick': 'payments/refund-timeout' }, 'task-type');
    const r = E.submit(ctx, d.state, 'error-analysis');
    assert.match(r.ok ? '' : r.error, /^no role profile for task type 'error-analysis': /);
  });

  it('a v1 current-session state gets leader-session even before a task type is known', () => {
    const { ctx } = fakeContext();
    const { state } = E.prepare(ctx, parseState({ project_root: ROOT, host_entry_mode: 'current-session' }));
    assert.deepEqual(state.answered, ['leader-session']);
    assert.deepEqual(state.role_selection_order, ['leader-session']);
  });
});
