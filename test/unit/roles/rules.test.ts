// The remaining role-selection rules of docs/rules.md that the other files do not pin.

import assert from 'node:assert/strict';
import * as R from '../../../src/core/roles';
import { CROSS_VERIFICATION_ROLES, legacyWorkerProviders } from '../../../src/core/roles/convertV1';
import { completedRoleModels } from '../../oracle/greedyCompletion';
import { cloneState } from '../../../src/core/types';
import { makeContext, makeState, profileText } from './fixtures';
import { next, throwsMessage } from './helpers';

const convert = (
  ctx: ReturnType<typeof makeContext>['ctx'],
  payload: Record<string, unknown>,
  patch: Parameters<typeof makeState>[0] = {},
) => {
  const state = makeState(patch);
  const notices = R.convertV1Selection(R.openRoleSession(ctx, state), state, payload);
  return { state, notices };
};

describe('roles: remaining seed rules', () => {
  it('R-ID-11: the cross-verification roles', () => {
    assert.deepEqual(CROSS_VERIFICATION_ROLES, ['analyser', 'designer', 'planner', 'verifier']);
  });

  it('R-ID-13: availability for prompts uses the host runtime and a new session', () => {
    // A codex model on a claude-code host without terminal backend cannot be offered.
    const { ctx } = makeContext({ terminalBackend: 'none' });
    const state = makeState({ role_counts: { analyser: 1, critic: 0 } });
    const p = next(ctx, state)!;
    assert.equal(p.step, 'role-model:leader:1');
    assert.ok(p.options.every((o) => o.value.startsWith('claude/')));
    assert.equal(
      p.unavailable!.find((u) => u.value === 'codex/gpt-5.1-codex')!.reason,
      "host 'claude-code' cannot start a new 'codex' session: no terminal backend",
    );
  });

  it('R-CONV-4: the first static cross role in profile order is converted, only one', () => {
    const profile = profileText('error-analysis', [
      { role: 'planner', min: 1, max: 2, recommended: 1 },
      { role: 'analyser', min: 1, max: 2, recommended: 1 },
    ]);
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': profile } });
    const { state } = convert(ctx, { workers: 'codex' }, { host_entry_mode: 'current-session' });
    assert.deepEqual(Object.keys(state.role_models), ['planner']);
  });

  it('R-CONV-7: an adjustable cross role records its count and id even without providers', () => {
    const { state } = convert(makeContext().ctx, {}, { host_entry_mode: 'current-session' });
    assert.equal(state.role_counts.analyser, 2);
    assert.equal(state.role_selection_order[0], 'role-count:analyser');
  });

  it('R-CONV-9/10: provider models come from <p>_model, an alias, or the provider default for the role', () => {
    const { state } = convert(
      makeContext().ctx,
      { workers: 'claude,kimi', claude_model: ' sonnet ', kimiModel: 'k2-thinking' },
      { host_entry_mode: 'current-session' },
    );
    assert.deepEqual(state.role_models.analyser, ['claude/sonnet-4.5', 'kimi/kimi-k2-thinking']);
    const { state: d } = convert(makeContext().ctx, { workers: 'codex' }, { host_entry_mode: 'current-session' });
    assert.deepEqual(d.role_models.analyser, ['codex/gpt-5.1-codex'], 'the provider default for the role first');
  });

  it('R-CONV-13: a static row replaces the role models with [ref] and appends role-model:<r>:1', () => {
    const { state } = convert(makeContext().ctx, { report_writer_provider: 'kimi' }, { host_entry_mode: 'current-session' });
    assert.deepEqual(state.role_models['report-writer'], ['kimi/kimi-k2']);
    assert.ok(state.role_selection_order.includes('role-model:report-writer:1'));
  });

  it('R-CONV-14: the conversion never writes answered (without the leader-session option)', () => {
    const { state } = convert(makeContext().ctx, { workers: 'claude' }, { host_entry_mode: 'current-session', answered: ['task-pick'] });
    assert.deepEqual(state.answered, ['task-pick']);
    assert.ok(!state.role_selection_order.includes('leader-session'));
  });

  it('R-REU-2: reuse-previous does not insert leader-session', () => {
    const { ctx } = makeContext();
    const state = makeState({ host_entry_mode: 'current-session' });
    R.applyPreviousRunSelection(R.openRoleSession(ctx, state), state, { workers: 'claude' });
    assert.ok(!state.role_selection_order.includes('leader-session'));
    assert.ok(!state.answered.includes('leader-session'));
  });

  it('R-REU-3: camelCase keys of inputs.json are read', () => {
    const { ctx } = makeContext();
    const state = makeState({ host_entry_mode: 'current-session' });
    R.applyPreviousRunSelection(R.openRoleSession(ctx, state), state, {
      workers: ['grok'],
      grokModel: 'grok-code-fast',
      reportWriterProvider: 'codex',
      reportWriterModel: 'gpt-5.1-codex-mini',
    });
    assert.deepEqual(state.role_models, { analyser: ['grok/grok-code-fast-1'], 'report-writer': ['codex/gpt-5.1-codex-mini'] });
  });

  it('R-FLOW-7: the query does not prune; the reconcile does', () => {
    const { ctx } = makeContext({ config: { path: '.okstra/config.yaml', providers: { kimi: { enabled: false } } } });
    const state = makeState({
      role_counts: { analyser: 2, critic: 0 },
      role_models: { leader: ['kimi/kimi-k2'] },
      role_selection_order: ['role-model:leader:1'],
    });
    const copy = cloneState(state);
    assert.match(
      throwsMessage(() => next(ctx, copy)),
      /^role selection cannot be completed: provider 'kimi' is disabled$/,
    );
    assert.deepEqual(copy, state);
    R.reconcileRoleSelection(R.openRoleSession(ctx, copy), copy);
    assert.equal(copy.role_models.leader, undefined);
    assert.equal(next(ctx, copy)!.step, 'role-model:leader:1');
  });

  it('R-PR-4: leader-session does not write role_models.leader', () => {
    const { ctx } = makeContext();
    const state = makeState({ host_entry_mode: 'current-session' });
    const session = R.openRoleSession(ctx, state);
    R.submitRolePrompt(session, state, R.nextRolePrompt(session, state)!, 'continue');
    assert.deepEqual(state.role_models, {});
  });

  it('R-CMP-5/6: can-complete needs a completion and a clean resolution; resolution messages are verbatim', () => {
    const { ctx } = makeContext();
    const state = makeState({ role_counts: { analyser: 2, critic: 0 } });
    const session = R.openRoleSession(ctx, state);
    assert.equal(
      R.canComplete(session, { counts: state.role_counts, models: { analyser: ['claude/opus-4.5', 'claude/sonnet-4.5'] } }),
      false,
    );
    assert.equal(
      R.resolveAssignments(session, { counts: state.role_counts, models: { analyser: ['claude/opus-4.5', 'claude/sonnet-4.5'] } }),
      "role 'analyser' needs distinct providers; 'claude' is used twice",
    );
    assert.equal(
      R.resolveAssignments(session, { counts: { analyser: 2, critic: 0 }, models: { analyser: ['x/y'] } }),
      "unknown model 'x/y'",
    );
    assert.equal(R.resolveAssignments(session, { counts: { ghost: 1 }, models: {} }), "role 'ghost' does not accept a count selection");
    assert.equal(
      R.resolveAssignments(session, { counts: { analyser: 1 }, models: { analyser: ['claude/opus-4.5', 'codex/gpt-5.1-codex'] } }),
      "role 'analyser' needs 1 models, got 2",
    );
    assert.equal(
      R.resolveAssignments(session, { counts: {}, models: { analyser: ['claude/opus-4.5', 'claude/opus-4.5'] } }),
      "role 'analyser' uses model 'claude/opus-4.5' twice",
    );
  });

  it('R-CMP-7: a complete selection is validated as a whole (and blocks confirm)', () => {
    const { ctx } = makeContext();
    const state = makeState({
      role_counts: { analyser: 1, critic: 0 },
      role_models: { leader: ['claude/opus-4.5'], analyser: ['codex/gpt-5.1-codex'], 'report-writer': ['claude/sonnet-4.5'] },
    });
    assert.equal(R.roleSelectionBlocker(R.openRoleSession(ctx, state), state), null);
    assert.equal(next(ctx, state), null);
    const { ctx: noInvestigator } = makeContext({
      config: {
        path: 'c',
        registry: { replaceBuiltins: true },
        providers: { claude: {} },
        models: [{ ref: 'claude/x', roles: ['leader', 'analyser', 'report-writer', 'critic'] }],
      },
    });
    const s2 = makeState({
      role_counts: { analyser: 1, critic: 0 },
      role_models: { leader: ['claude/x'], analyser: ['claude/x'], 'report-writer': ['claude/x'] },
    });
    assert.equal(
      R.roleSelectionBlocker(R.openRoleSession(noInvestigator, s2), s2),
      "role selection cannot be completed: dynamic role 'investigator' has no executable model (the leader starts it at run time)",
    );
  });
});

describe('roles: one test per remaining [K] rule', () => {
  const P = profileText('error-analysis', [
    { role: 'analyser', min: 1, max: 3, recommended: 2 },
    { role: 'critic', min: 0, max: 2 },
    { role: 'report-writer', min: 1, max: 1 },
  ]);
  const ctxP = () => makeContext({ builtinProfiles: { 'error-analysis': P } }).ctx;

  it('R-ID-12: the spawn-process leader is RoleRequirement("leader", 1, 1, 1, "lead")', () => {
    const r = R.LEADER_REQUIREMENT;
    assert.deepEqual([r.role, r.min, r.max, r.recommended, r.duty, r.dynamic], ['leader', 1, 1, 1, 'lead', false]);
  });

  it('R-CONV-2: the conversion uses the merged pool of the session', () => {
    const ctx = makeContext({ config: { path: 'c', providers: { newco: {} }, models: [{ ref: 'newco/n1', aliases: ['n1'] }] } }).ctx;
    const { state } = convert(ctx, { workers: 'newco' }, { host_entry_mode: 'current-session' });
    assert.deepEqual(state.role_models.analyser, ['newco/n1']);
  });

  it('R-CONV-5: worker providers are stripped, lower-cased, non-empty, without report-writer, order and duplicates kept', () => {
    assert.deepEqual(legacyWorkerProviders(' Codex , ,claude,report-writer,codex'), ['codex', 'claude', 'codex']);
    assert.deepEqual(legacyWorkerProviders(['Kimi', 3, null, ' ']), ['kimi']);
    assert.deepEqual(legacyWorkerProviders({ a: 1 }), []);
  });

  it('R-CONV-8: without legacy workers the providers of pool.default_candidates(role) are used', () => {
    const { state } = convert(makeContext().ctx, {}, { host_entry_mode: 'current-session' });
    assert.deepEqual(state.role_models.analyser, ['claude/opus-4.5', 'codex/gpt-5.1-codex']);
  });

  it('R-CONV-10: an unknown alias or an unavailable model skips the provider', () => {
    const ctx = makeContext({ config: { path: 'c', providers: { kimi: { enabled: false } } } }).ctx;
    const { state, notices } = convert(ctx, { workers: 'kimi,claude', claude_model: 'haiku' }, { host_entry_mode: 'current-session' });
    assert.deepEqual(
      notices.map((n) => n.text),
      [
        "legacy provider 'kimi' for role 'analyser' was skipped: provider 'kimi' is disabled",
        "legacy provider 'claude' for role 'analyser' was skipped: unknown model 'haiku' for provider 'claude'",
      ],
    );
    assert.equal(state.role_models.analyser, undefined);
    assert.equal(state.role_counts.analyser, 1);
  });

  it('R-CONV-12: static rows convert only roles with min > 0 (plus the spawn-process leader and an optional critic)', () => {
    const profile = profileText('error-analysis', [
      { role: 'analyser', min: 1, max: 1 },
      { role: 'report-writer', min: 0, max: 1 },
    ]);
    const ctx = makeContext({ builtinProfiles: { 'error-analysis': profile } }).ctx;
    const { state } = convert(ctx, { report_writer_provider: 'codex' }, { host_entry_mode: 'current-session' });
    assert.equal(state.role_models['report-writer'], undefined);
  });

  it('R-PR-2/R-PR-3: the leader label has no effort suffix; the option is "continue"', () => {
    const p = next(ctxP(), makeState({ host_entry_mode: 'current-session' }))!;
    assert.equal(p.label, 'Leader: this session (current-session)');
    assert.deepEqual(
      p.options.map((o) => [o.value, o.label]),
      [['continue', 'Continue']],
    );
  });

  it('R-PR-7: the default suffix follows recommended_count, not a previous answer', () => {
    const state = makeState({ role_counts: {}, role_selection_order: [] });
    const p = next(ctxP(), state)!;
    assert.deepEqual(
      p.options.map((o) => o.label),
      ['1', '2 (recommended)', '3'],
    );
  });

  it('R-PR-9: role-add "0" always carries the default suffix; adds have none', () => {
    const p = next(ctxP(), makeState({ role_counts: { analyser: 1 } }))!;
    assert.deepEqual(
      p.options.map((o) => o.label),
      ["Don't add (default)", 'Add 1', 'Add 2'],
    );
  });

  it('R-PR-13: candidates are rotated defaults then pool.list(role), de-duplicated', () => {
    const p = next(ctxP(), makeState({ role_counts: { analyser: 1, critic: 0 }, role_models: { leader: ['claude/opus-4.5'] } }))!;
    const v = p.options.map((o) => o.value);
    assert.equal(new Set(v).size, v.length);
    assert.deepEqual(v.slice(0, 3), ['claude/opus-4.5', 'codex/gpt-5.1-codex', 'antigravity/gemini-3-pro']);
    assert.equal(v.length, 10);
  });

  it('R-PR-15: option label = display — ref + suffix for every default', () => {
    const p = next(ctxP(), makeState({ role_counts: { analyser: 1, critic: 0 }, role_models: { leader: ['claude/opus-4.5'] } }))!;
    assert.deepEqual(
      p.options.filter((o) => o.label.endsWith(' (default)')).map((o) => o.value),
      ['claude/opus-4.5', 'codex/gpt-5.1-codex', 'antigravity/gemini-3-pro'],
    );
    assert.equal(p.options.find((o) => o.value === 'kimi/kimi-k2')!.label, 'Kimi K2 — kimi/kimi-k2');
  });

  it('R-PRN-4: a rewind keeps counts, count ids and roles outside the requirements', () => {
    const ctx = makeContext({
      builtinProfiles: { 'error-analysis': P },
      config: { path: 'c', providers: { kimi: { enabled: false } } },
    }).ctx;
    const state = makeState({
      role_counts: { analyser: 2, critic: 0 },
      role_models: { leader: ['claude/opus-4.5'], analyser: ['claude/opus-4.5', 'kimi/kimi-k2'] },
      role_selection_order: [
        'role-count:analyser',
        'role-add:critic',
        'role-model:leader:1',
        'role-model:analyser:1',
        'role-model:analyser:2',
      ],
    });
    R.reconcileRoleSelection(R.openRoleSession(ctx, state), state);
    assert.deepEqual(state.role_models, { leader: ['claude/opus-4.5'], analyser: ['claude/opus-4.5'] });
    assert.deepEqual(state.role_selection_order, [
      'role-count:analyser',
      'role-add:critic',
      'role-model:leader:1',
      'role-model:analyser:1',
    ]);
  });

  it('R-CMP-3: the seed fills missing instances with the first unused executable candidates (oracle)', () => {
    const ctx = ctxP();
    const state = makeState({ role_counts: { analyser: 2, critic: 0 } });
    const completed = completedRoleModels(R.openRoleSession(ctx, state), state, { analyser: ['codex/gpt-5.1-codex'], ghost: ['x'] });
    assert.deepEqual(completed, {
      analyser: ['codex/gpt-5.1-codex', 'claude/opus-4.5'],
      ghost: ['x'],
      leader: ['claude/opus-4.5'],
      'report-writer': ['claude/opus-4.5'],
    });
  });

  it('R-CMP-6: resolution failures come back as messages, not exceptions', () => {
    const ctx = ctxP();
    const state = makeState();
    assert.equal(
      R.resolveAssignments(R.openRoleSession(ctx, state), { counts: { analyser: 9 }, models: {} }),
      "role 'analyser' count must be in 1..3: 9",
    );
  });
});
