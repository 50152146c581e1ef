// Enablement (R-ENA) and legacy-step gating, and the readiness rules the product
// decides differently (docs/steps.md › Role selection: only v2 is produced, the
// v1 provider steps are not part of the product, and computing never changes the state).
import assert from 'node:assert/strict';
import * as E from '../../../src/core/wizard/engine';
import { serializeState } from '../../../src/core/wizard/stateCodec';
import { drive, fresh } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';

// The seed's legacy provider steps (R-ENA-4), by the ids the seed's constants imply.
const LEGACY_STEPS = [
  'executor',
  'critic-pick',
  'critic-text',
  'defaults-or-custom',
  'workers-override',
  'workers-custom',
  'lead-model',
  'executor-model',
  'claude-model',
  'codex-model',
  'antigravity-model',
  'grok-model',
  'kimi-model',
  'report-writer-model',
];

const FLOWS: Array<Record<string, string>> = [
  { 'task-pick': 'payments/refund-timeout' },
  { 'task-pick': 'payments/impl', 'task-type': 'implementation' },
  { 'task-pick': 'payments/verify' },
  { 'task-pick': 'release/v2', brief: 'none' },
];

describe('enablement and legacy steps (R-ENA)', () => {
  it('R-ENA-3: initState writes a v2 state (executionIdentityVersion 2) whatever the dataclass default was', () => {
    const json = JSON.parse(serializeState(fresh()));
    assert.equal(json.executionIdentityVersion, 2);
    for (const k of ['execution_identity_version', 'role_counts', 'role_models', 'role_selection_order']) assert.ok(!(k in json), k);
  });

  it('R-ENA-4: no legacy provider step is ever asked, offered as an edit target, or shown in the tree', () => {
    for (const answers of FLOWS) {
      const { ctx } = fakeContext(projectOptions());
      const d = drive(ctx, fresh(), answers, 'confirm');
      for (const step of d.steps) assert.ok(!LEGACY_STEPS.includes(step), `legacy step ${step} was asked`);
      const edit = E.submit(ctx, d.state, 'edit');
      assert.ok(edit.ok);
      if (!edit.ok) continue;
      const target = E.current(ctx, edit.state).prompt!;
      assert.equal(target.step, 'edit-target');
      for (const o of target.options) assert.ok(!LEGACY_STEPS.includes(o.value), `legacy edit target ${o.value}`);
      const tree = E.tree(ctx, d.state);
      const ids = JSON.stringify(tree);
      for (const legacy of LEGACY_STEPS) assert.ok(!ids.includes(`"${legacy}"`), `legacy row ${legacy}`);
    }
  });

  it('R-ENA-5: an implementation run needs an approved plan, never an executor, before role prompts', () => {
    const { ctx } = fakeContext(projectOptions());
    const d = drive(ctx, fresh(), { 'task-pick': 'payments/impl', 'task-type': 'implementation' }, 'confirm');
    const firstRole = d.steps.findIndex((s) => s.startsWith('role-') || s === 'leader-session');
    const stage = d.steps.indexOf('handoff-stage-pick');
    assert.ok(stage >= 0 && firstRole > stage, `role prompts came before the plan stage: ${d.steps.join(', ')}`);
    assert.ok(!d.steps.includes('executor'));
  });

  it('R-ENA-6 / R-RDY-4 (changed: role selection is mandatory): without a loadable profile the wizard stops with an error instead of falling back to the legacy steps', () => {
    const { ctx, ws } = fakeContext(projectOptions());
    const d = drive(ctx, fresh(), { 'task-pick': 'payments/refund-timeout' }, 'brief');
    assert.equal(d.state.task_type, 'implementation-planning');
    const broken = ws as unknown as { profileOverride: (t: string) => unknown };
    broken.profileOverride = (t: string) =>
      t === d.state.task_type ? { path: `.okstra/prompts/profiles/${t}.md`, text: '---\nroles: [\n---\n' } : null;
    const c = E.current(ctx, d.state);
    assert.equal(c.prompt, null, 'a prompt was offered without a role profile');
    assert.match(c.error ?? '', /^no role profile for task type 'implementation-planning': /);
  });

  it('R-RDY-5 (changed: pruning is an explicit reconcile): computing prompts and readiness never changes the state (no use_defaults flip, no pruning)', () => {
    const { ctx } = fakeContext(projectOptions());
    const d = drive(ctx, fresh(), { 'task-pick': 'payments/refund-timeout' }, 'confirm');
    const before = structuredClone(d.state);
    E.current(ctx, d.state);
    E.tree(ctx, d.state);
    E.renderArgs(ctx, d.state);
    assert.deepEqual(d.state, before);
    assert.equal(d.state.use_defaults, null);
  });

  it('R-REU-4 (legacy lines): the confirmation shows role lines only, never the v1 lead / model / report-writer lines', () => {
    const { ctx } = fakeContext(projectOptions());
    const d = drive(ctx, fresh(), { 'task-pick': 'payments/refund-timeout' }, 'confirm');
    const r = E.submit(ctx, d.state, 'run');
    assert.ok(r.ok);
    const out = r.ok ? E.outcome(ctx, r.state) : null;
    assert.ok(out && out.ok);
    const text = out && out.ok ? out.confirmationText : '';
    assert.match(text, /\n {2}role {10}: planner #1 = /);
    for (const legacy of [
      '  lead          :',
      'claude-model',
      'codex-model',
      '  report-writer :',
      '  workers       :',
      '  executor      :',
      '  critic        :',
    ]) {
      assert.ok(!text.includes(legacy), `legacy line ${legacy}`);
    }
  });
});
