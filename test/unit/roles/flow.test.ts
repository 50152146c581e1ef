import assert from 'node:assert/strict';
import * as R from '../../../src/core/roles';
import { ko } from '../../../src/core/text/ko';
import { rotateDefaults } from '../../../src/core/roles/modelDefaults';
import { contextP as ctxP, makeContext, makeState, PROFILE_P as P, profileText, registryText } from './fixtures';
import { answer, next, runDefaults, throwsMessage, values } from './helpers';

// P (PROFILE_P): the shared example profile of fixtures.ts; ctxP() a context with it.

describe('roles: flow (next_role_prompt)', () => {
  it('R-FLOW-1: no task type → no role prompt, state untouched', () => {
    const state = makeState({ task_type: '' });
    const before = JSON.stringify(state);
    assert.equal(next(ctxP(), state), null);
    assert.equal(JSON.stringify(state), before);
  });

  it('R-FLOW-2: computing a prompt never changes the state (no use_defaults flip)', () => {
    const state = makeState({ role_counts: { analyser: 2 }, role_models: { analyser: ['nope/x'] } });
    const before = JSON.stringify(state);
    try {
      next(ctxP(), state);
    } catch {
      /* the prompt may fail; the state must not change */
    }
    assert.equal(JSON.stringify(state), before);
    assert.equal(state.use_defaults, null);
  });

  it('R-FLOW-3: current-session asks leader-session first, then not again', () => {
    const ctx = ctxP();
    const state = makeState({ host_entry_mode: 'current-session' });
    const p = next(ctx, state)!;
    assert.equal(p.step, 'leader-session');
    assert.deepEqual(p.options, [{ value: 'continue', label: 'Continue', default: true }]);
    assert.equal(p.label, 'Leader: this session (current-session)');
    answer(ctx, state);
    assert.equal(next(ctx, state)!.step, 'role-count:analyser');
    const viaOrder = makeState({ host_entry_mode: 'current-session', role_selection_order: ['leader-session'] });
    assert.equal(next(ctx, viaOrder)!.step, 'role-count:analyser');
  });

  it('R-FLOW-4: a broken profile is a WizardError with the task type', () => {
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': '---\ntaskType: error-analysis\nroles: []\n---\n' } });
    assert.equal(
      throwsMessage(() => next(ctx, makeState())),
      "no role profile for task type 'error-analysis': profiles/error-analysis.md:3:1: roles: must list at least one role",
    );
  });

  it('R-FLOW-4: a broken profile is an error even before the leader-session slot (docs/steps.md › Role selection over R-FLOW-3)', () => {
    const { ctx } = makeContext({ overrides: { 'error-analysis': '---\ntaskType: error-analysis\n---\n' } });
    assert.equal(
      throwsMessage(() => next(ctx, makeState({ host_entry_mode: 'current-session' }))),
      "no role profile for task type 'error-analysis': .okstra/prompts/profiles/error-analysis.md:2:1: roles: is required",
    );
  });

  it('role prompts use the catalogue of the context (Korean)', () => {
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': P } });
    const koCtx = { ...ctx, texts: ko };
    const state = makeState();
    assert.equal(next(koCtx, state)!.label, 'analyser 에이전트를 몇 개 둘까요? (1–3)');
    assert.equal(next(koCtx, state)!.options[1]!.label, '2 (추천)');
    const done = makeState({ role_counts: { analyser: 1, critic: 0 } });
    assert.equal(next(koCtx, done)!.label, 'leader #1/1의 모델');
  });

  it('R-FLOW-5: required counts come first; an out-of-range count is `count must be in <min>..<max>`', () => {
    const ctx = ctxP();
    const p = next(ctx, makeState())!;
    assert.equal(p.step, 'role-count:analyser');
    assert.deepEqual(values(p), ['1', '2', '3']);
    assert.equal(
      throwsMessage(() => next(ctx, makeState({ role_counts: { analyser: 5 } }))),
      "role 'analyser' count must be in 1..3: 5",
    );
  });

  it('R-FLOW-6: optional adds after all required counts; an out-of-range add is `count must be in 0..<max>`', () => {
    const ctx = makeContext({
      builtinProfiles: {
        'error-analysis': profileText('error-analysis', [
          { role: 'critic', min: 0, max: 2 },
          { role: 'analyser', min: 1, max: 3 },
        ]),
      },
    }).ctx;
    assert.equal(next(ctx, makeState())!.step, 'role-count:analyser');
    assert.equal(next(ctx, makeState({ role_counts: { analyser: 1 } }))!.step, 'role-add:critic');
    assert.equal(
      throwsMessage(() => next(ctx, makeState({ role_counts: { analyser: 1, critic: 3 } }))),
      "role 'critic' count must be in 0..2: 3",
    );
  });

  it('R-FLOW-8: models are asked role by role, ordinal by ordinal; spawn-process leader first', () => {
    const ctx = ctxP();
    const state = makeState();
    const steps = runDefaults(ctx, state);
    assert.deepEqual(steps, [
      'role-count:analyser',
      'role-add:critic',
      'role-model:leader:1',
      'role-model:analyser:1',
      'role-model:analyser:2',
      'role-model:report-writer:1',
    ]);
  });

  it('R-FLOW-9: a complete but infeasible selection raises with the resolver message', () => {
    const ctx = ctxP();
    const state = makeState({
      role_counts: { analyser: 1, critic: 0 },
      role_models: {
        leader: ['claude/opus-4.5'],
        analyser: ['claude/opus-4.5'],
        'report-writer': ['claude/sonnet-4.5'],
        ghost: ['claude/opus-4.5'],
      },
    });
    assert.equal(
      throwsMessage(() => next(ctx, state)),
      "role selection cannot be completed: role 'ghost' is not selectable in the error-analysis profile",
    );
    assert.equal(
      R.roleSelectionBlocker(R.openRoleSession(ctx, state), state),
      "role selection cannot be completed: role 'ghost' is not selectable in the error-analysis profile",
    );
  });

  it('R-FLOW-10: errors propagate as WizardError; the blocker is null for a pending prompt', () => {
    const ctx = ctxP();
    const state = makeState();
    assert.equal(R.roleSelectionBlocker(R.openRoleSession(ctx, state), state), null);
  });

  it('E1: native current-session flow, order, counts and render', () => {
    const ctx = ctxP();
    const state = makeState({ host_entry_mode: 'current-session' });
    const steps = runDefaults(ctx, state, ['continue', '2', '0']);
    assert.deepEqual(steps, [
      'leader-session',
      'role-count:analyser',
      'role-add:critic',
      'role-model:analyser:1',
      'role-model:analyser:2',
      'role-model:report-writer:1',
    ]);
    assert.deepEqual(state.role_selection_order, steps);
    assert.deepEqual(state.role_counts, { analyser: 2, critic: 0 });
    const args = R.renderRoleArgs(R.openRoleSession(ctx, state), state);
    assert.deepEqual(args.roleCount, ['analyser=2']);
    assert.deepEqual(args.roleModel, ['analyser=claude/opus-4.5', 'analyser=codex/gpt-5.1-codex', 'report-writer=claude/sonnet-4.5']);
  });

  it('E1.4: with critic=1 the counts and models come in profile order', () => {
    const ctx = ctxP();
    const state = makeState({ host_entry_mode: 'current-session' });
    runDefaults(ctx, state, ['continue', '2', '1']);
    const args = R.renderRoleArgs(R.openRoleSession(ctx, state), state);
    assert.deepEqual(args.roleCount, ['analyser=2', 'critic=1']);
    assert.deepEqual(
      args.roleModel.map((x) => x.split('=')[0]),
      ['analyser', 'analyser', 'critic', 'report-writer'],
    );
  });
});

describe('roles: prompts', () => {
  it('R-PR-1/2/3/5: leader-session shows current-session, no effort, one option', () => {
    const p = next(ctxP(), makeState({ host_entry_mode: 'current-session' }))!;
    assert.equal(p.label, 'Leader: this session (current-session)');
    assert.equal(p.echo_template, 'leader-session: {value}');
    assert.equal(p.options.length, 1);
  });

  it('R-PR-6/7: role-count options min..max, suffix and default on the recommended count', () => {
    const p = next(ctxP(), makeState())!;
    assert.equal(p.label, 'How many analyser agents? (1–3)');
    assert.deepEqual(p.options, [
      { value: '1', label: '1' },
      { value: '2', label: '2 (recommended)', default: true },
      { value: '3', label: '3' },
    ]);
    assert.equal(p.echo_template, 'role-count: analyser={value}');
  });

  it('R-PR-8/9: role-add offers 0 (skip, default) then 1..max', () => {
    const p = next(ctxP(), makeState({ role_counts: { analyser: 2 } }))!;
    assert.equal(p.label, 'Add critic? (up to 2)');
    assert.deepEqual(p.options, [
      { value: '0', label: "Don't add (default)", default: true },
      { value: '1', label: 'Add 1' },
      { value: '2', label: 'Add 2' },
    ]);
  });

  it('R-PR-10/13/15: role-model label, candidates = defaults then pool, suffix on every default', () => {
    const p = next(ctxP(), makeState({ role_counts: { analyser: 2, critic: 0 }, role_models: { leader: ['claude/opus-4.5'] } }))!;
    assert.equal(p.step, 'role-model:analyser:1');
    assert.equal(p.label, 'Model for analyser #1 of 2');
    assert.deepEqual(values(p).slice(0, 4), ['claude/opus-4.5', 'codex/gpt-5.1-codex', 'antigravity/gemini-3-pro', 'claude/sonnet-4.5']);
    assert.equal(p.options[0]!.label, 'Claude Opus 4.5 — claude/opus-4.5 (default)');
    assert.equal(p.options[2]!.label, 'Gemini 3 Pro — antigravity/gemini-3-pro (default)');
    assert.equal(p.options[3]!.label, 'Claude Sonnet 4.5 — claude/sonnet-4.5');
    assert.equal(p.options.filter((o) => o.default).length, 1);
    assert.equal(p.options[0]!.default, true);
  });

  it('R-PR-12: defaults rotate by ordinal', () => {
    const ctx = ctxP();
    const state = makeState({
      role_counts: { analyser: 3, critic: 0 },
      role_models: { leader: ['claude/opus-4.5'], analyser: ['kimi/kimi-k2'] },
    });
    const p = next(ctx, state)!;
    assert.equal(p.step, 'role-model:analyser:2');
    assert.deepEqual(values(p).slice(0, 3), ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro', 'claude/opus-4.5']);
    assert.equal(p.options.find((o) => o.default)!.value, 'codex/gpt-5.1-codex');
    assert.deepEqual(rotateDefaults(['a', 'b', 'c'], 5), ['b', 'c', 'a']);
  });

  it('R-PR-14: options are available and completable; earlier choices of the role drop out; other roles may reuse', () => {
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': P }, missingClis: ['kimi'] });
    const state = makeState({
      role_counts: { analyser: 2, critic: 0 },
      role_models: { leader: ['claude/opus-4.5'], analyser: ['codex/gpt-5.1-codex'] },
    });
    const p = next(ctx, state)!;
    assert.ok(!values(p).includes('codex/gpt-5.1-codex'));
    assert.ok(!values(p).includes('kimi/kimi-k2'));
    assert.deepEqual(
      p.unavailable!.find((u) => u.value === 'kimi/kimi-k2'),
      { value: 'kimi/kimi-k2', label: 'Kimi K2 — kimi/kimi-k2', reason: "provider CLI 'kimi' was not found on PATH" },
    );
    assert.deepEqual(
      p.unavailable!.find((u) => u.value === 'codex/gpt-5.1-codex'),
      {
        value: 'codex/gpt-5.1-codex',
        label: 'GPT-5.1 Codex — codex/gpt-5.1-codex',
        reason: 'leaves no complete assignment',
        detail: 'codex/gpt-5.1-codex is already analyser #1',
      },
    );
    assert.ok(values(p).includes('claude/opus-4.5'), 'the leader model can serve the analyser too');
  });

  it('R-PR-16: no candidate at all, the rest of the selection feasible → `has no executable model candidates`', () => {
    // The dynamic stage-worker has a model, so the selection itself is feasible.
    const reg = registryText(
      ['claude', 'codex'],
      [{ ref: 'claude/a' }, { ref: 'codex/b', roles: ['leader', 'report-writer', 'stage-worker'] }],
    );
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': P }, registry: reg, missingClis: ['claude'] });
    const state = makeState({ role_counts: { analyser: 1, critic: 0 }, role_models: { leader: ['codex/b'] } });
    assert.equal(
      throwsMessage(() => next(ctx, state)),
      "role 'analyser' has no executable model candidates",
    );
  });

  it('R-PR-14: an unavailable model says why in words: distinct providers, with the instance that holds the provider', () => {
    const profile = profileText('implementation-planning', [
      { role: 'planner', min: 1, max: 3, recommended: 2, distinct: 'provider' },
      { role: 'report-writer', min: 1, max: 1 },
    ]);
    const reg = registryText(
      ['claude', 'codex', 'antigravity'],
      [{ ref: 'antigravity/gemini' }, { ref: 'antigravity/flash' }, { ref: 'claude/opus' }, { ref: 'codex/gpt' }],
    );
    const { ctx } = makeContext({ builtinProfiles: { 'implementation-planning': profile }, registry: reg });
    const state = makeState({
      task_type: 'implementation-planning',
      role_counts: { planner: 2 },
      role_models: { leader: ['claude/opus'], planner: ['antigravity/gemini'] },
    });
    const p = next(ctx, state)!;
    assert.equal(p.step, 'role-model:planner:2');
    const u = p.unavailable!.find((x) => x.value === 'antigravity/flash')!;
    assert.equal(u.reason, 'leaves no complete assignment', 'the protocol reason is unchanged');
    assert.equal(u.detail, 'planner agents must come from different providers; antigravity is already planner #1');
    const k = R.nextRolePrompt(R.openRoleSession({ ...ctx, texts: ko }, state), state)!;
    assert.match(k.unavailable!.find((x) => x.value === 'antigravity/flash')!.detail!, /서로 다른 제공자/);
  });

  it('R-PR-16: feasibility is checked first — a dynamic role without any model is reported, not the missing candidates of the prompted role', () => {
    // Neither the prompted analyser nor the dynamic stage-worker has an executable model.
    const reg = registryText(['claude', 'codex'], [{ ref: 'claude/a' }, { ref: 'codex/b', roles: ['leader', 'report-writer'] }]);
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': P }, registry: reg, missingClis: ['claude'] });
    const state = makeState({ role_counts: { analyser: 1, critic: 0 }, role_models: { leader: ['codex/b'] } });
    const message = throwsMessage(() => next(ctx, state));
    assert.equal(
      message,
      "role selection cannot be completed: dynamic role 'stage-worker' has no executable model (the leader starts it at run time)",
    );
  });
});
