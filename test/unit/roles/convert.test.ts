import assert from 'node:assert/strict';
import * as R from '../../../src/core/roles';
import { makeContext, makeState, profileText } from './fixtures';
import { next } from './helpers';

// Profile P (PROFILE_P of fixtures.ts).
const P = profileText('error-analysis', [
  { role: 'analyser', min: 1, max: 3, recommended: 2 },
  { role: 'critic', min: 0, max: 2 },
  { role: 'report-writer', min: 1, max: 1 },
  { role: 'stage-worker', dynamic: true },
]);
const fx = (extra: Parameters<typeof makeContext>[0] = {}) => makeContext({ builtinProfiles: { 'error-analysis': P }, ...extra }).ctx;

function convert(payload: Record<string, unknown>, patch: Parameters<typeof makeState>[0] = {}, ctx = fx(), leaderSessionAnswered = true) {
  const state = makeState(patch);
  const notices = R.convertV1Selection(R.openRoleSession(ctx, state), state, payload, { leaderSessionAnswered });
  return { state, notices, ctx };
}

describe('roles: v1 → v2 conversion', () => {
  it('E2: workers, aliases, defaults, leader-session (R-CONV-5…15, R-VER-11)', () => {
    const { state, notices, ctx } = convert(
      { workers_override: 'claude,codex', claude_model: 'opus', codex_model: '', report_writer_provider: 'codex' },
      { host_entry_mode: 'current-session' },
    );
    assert.deepEqual(notices, []);
    assert.deepEqual(state.role_counts, { analyser: 2 });
    assert.deepEqual(state.role_models, {
      analyser: ['claude/opus-4.5', 'codex/gpt-5.1-codex'],
      'report-writer': ['codex/gpt-5.1-codex'],
    });
    assert.deepEqual(state.role_selection_order, [
      'leader-session',
      'role-count:analyser',
      'role-model:analyser:1',
      'role-model:analyser:2',
      'role-model:report-writer:1',
    ]);
    assert.deepEqual(state.answered, ['leader-session']);
    assert.equal(next(ctx, state)!.step, 'role-add:critic');
  });

  it('R-CONV-1: nothing happens without a task type or with a broken profile', () => {
    assert.deepEqual(convert({ workers: 'claude' }, { task_type: '' }).state.role_models, {});
    const broken = makeContext({ builtinProfiles: { 'error-analysis': 'nope' } }).ctx;
    assert.deepEqual(convert({ workers: 'claude' }, {}, broken).state.role_models, {});
  });

  it('R-CONV-3: the first non-empty of snake and camel keys wins; providers lower-cased', () => {
    const { state } = convert({ workers_override: '', workers: ['Codex', ' ', 'report-writer', 7], codexModel: 'gpt-5.1-codex-mini' });
    assert.deepEqual(state.role_models.analyser, ['codex/gpt-5.1-codex-mini']);
    assert.equal(state.role_counts.analyser, 1);
  });

  it('R-CONV-6/8: no legacy workers → recommended count, filled from the default candidates', () => {
    const { state } = convert({});
    assert.equal(state.role_counts.analyser, 2);
    assert.deepEqual(state.role_models.analyser, ['claude/opus-4.5', 'codex/gpt-5.1-codex']);
  });

  it('R-CONV-6: the count is clamped to max', () => {
    const { state } = convert({ workers: 'claude,codex,antigravity,grok,kimi' });
    assert.equal(state.role_counts.analyser, 3);
    assert.equal(state.role_models.analyser!.length, 3);
  });

  it('unresolvable and duplicate providers are skipped with a notice, not a stop', () => {
    const { state, notices } = convert({ workers: 'nobody,claude,claude,codex', codex_model: 'nope', grokModel: '' });
    assert.deepEqual(
      notices.map((n) => n.text),
      [
        "legacy provider 'nobody' for role 'analyser' was skipped: provider 'nobody' has no model for role 'analyser'",
        "legacy provider 'claude' for role 'analyser' was skipped: provider 'claude' is listed twice",
        "legacy provider 'codex' for role 'analyser' was skipped: unknown model 'nope' for provider 'codex'",
      ],
    );
    assert.deepEqual(state.role_models.analyser, ['claude/opus-4.5']);
    assert.equal(state.role_counts.analyser, 1, 'the count is computed after skipping');
  });

  it('availability as the prompts check it; environment-only failures are kept', () => {
    const ctx = fx({ missingClis: ['codex'], config: { path: '.okstra/config.yaml', providers: { antigravity: { enabled: false } } } });
    const { state, notices } = convert({ workers: 'codex,antigravity' }, {}, ctx);
    assert.deepEqual(
      notices.map((n) => n.text),
      ["legacy provider 'antigravity' for role 'analyser' was skipped: provider 'antigravity' is disabled"],
    );
    assert.deepEqual(state.role_models.analyser, ['codex/gpt-5.1-codex']);
    const after = R.reconcileRoleSelection(R.openRoleSession(ctx, state), state);
    assert.ok(
      after.some(
        (n) =>
          n.text === "model 'codex/gpt-5.1-codex' for role 'analyser' #1 cannot start here: provider CLI 'codex' was not found on PATH",
      ),
    );
  });

  it('R-CONV-11/12/16: spawn-process converts the leader; current-session does not', () => {
    const spawn = convert({ lead_provider: 'codex', leadModel: 'gpt-5.1-codex-mini' }).state;
    assert.deepEqual(spawn.role_models.leader, ['codex/gpt-5.1-codex-mini']);
    assert.ok(spawn.role_selection_order.includes('role-model:leader:1'));
    const current = convert({ lead_provider: 'codex' }, { host_entry_mode: 'current-session' }).state;
    assert.equal(current.role_models.leader, undefined);
  });

  it('R-CONV-15: every filled role gets its count id before its model ids', () => {
    const profile = profileText('implementation', [
      { role: 'implementer', min: 1, max: 2, recommended: 2 },
      { role: 'critic', min: 0, max: 2 },
      { role: 'report-writer', min: 1, max: 1 },
    ]);
    const ctx = makeContext({ builtinProfiles: { implementation: profile } }).ctx;
    const { state } = convert(
      { executor: 'Codex', codex_model: 'gpt-5.1-codex-mini', critic: 'claude', claudeModel: 'sonnet' },
      { task_type: 'implementation' },
      ctx,
    );
    assert.deepEqual(state.role_counts, { implementer: 2, critic: 1 });
    assert.deepEqual(state.role_selection_order, [
      'role-model:leader:1',
      'role-model:report-writer:1',
      'role-count:implementer',
      'role-model:implementer:1',
      'role-add:critic',
      'role-model:critic:1',
    ]);
    assert.deepEqual(state.role_models.implementer, ['codex/gpt-5.1-codex-mini']);
    assert.deepEqual(state.role_models.critic, ['claude/sonnet-4.5'], 'an optional critic converts to role-add = 1');
  });

  it('a fixed cross role uses min_count and gets no count id', () => {
    const ctx = makeContext().ctx;
    const { state } = convert({ workers: 'codex,claude' }, { task_type: 'release-handoff' }, ctx);
    assert.deepEqual(state.role_models.designer, ['codex/gpt-5.1-codex']);
    assert.equal(state.role_counts.designer, undefined);
  });

  it('R-REU-1: reuse-previous replaces the selection and clears role ids from answered', () => {
    const ctx = fx();
    const state = makeState({
      role_counts: { analyser: 3 },
      role_models: { analyser: ['kimi/kimi-k2'] },
      role_selection_order: ['role-count:analyser'],
      answered: ['task-pick', 'role-count:analyser'],
    });
    R.applyPreviousRunSelection(R.openRoleSession(ctx, state), state, { workers: 'codex', reportWriterModel: 'sonnet' });
    assert.deepEqual(state.answered, ['task-pick']);
    assert.deepEqual(state.role_counts, { analyser: 1 });
    assert.deepEqual(state.role_models['report-writer'], ['claude/sonnet-4.5']);
  });

  it('reuse-previous of a v2 run writes counts before models, like a conversion', () => {
    const ctx = fx();
    const state = makeState();
    R.applyPreviousRunSelection(R.openRoleSession(ctx, state), state, {
      roleCounts: { analyser: 2, critic: 0 },
      roleModels: { leader: ['claude/opus-4.5'], analyser: ['codex/gpt-5.1-codex', 'claude/opus-4.5'] },
    });
    assert.deepEqual(state.role_selection_order, [
      'role-model:leader:1',
      'role-count:analyser',
      'role-model:analyser:1',
      'role-model:analyser:2',
      'role-add:critic',
    ]);
    assert.deepEqual(state.answered, []);
  });
});
