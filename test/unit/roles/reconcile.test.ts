import assert from 'node:assert/strict';
import * as R from '../../../src/core/roles';
import { makeContext, makeState, profileText, registryText } from './fixtures';
import { next } from './helpers';

const P = profileText('error-analysis', [
  { role: 'analyser', min: 1, max: 3, recommended: 2, distinct: 'provider' },
  { role: 'critic', min: 0, max: 2 },
  { role: 'report-writer', min: 1, max: 1 },
]);

function reconcile(ctx: ReturnType<typeof makeContext>['ctx'], state: ReturnType<typeof makeState>) {
  return R.reconcileRoleSelection(R.openRoleSession(ctx, state), state);
}

describe('roles: reconcile', () => {
  it('R-PRN-1: a completable selection is left alone', () => {
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': P } });
    const state = makeState({
      role_counts: { analyser: 2, critic: 0 },
      role_models: { leader: ['claude/opus-4.5'], analyser: ['claude/opus-4.5'] },
    });
    const before = JSON.stringify(state);
    assert.deepEqual(reconcile(ctx, state), []);
    assert.equal(JSON.stringify(state), before);
  });

  it('R-PRN-2/4: the first prefix that cannot complete is rewound with every later role; no empty lists', () => {
    const { ctx } = makeContext({
      builtinProfiles: { 'error-analysis': P },
      config: { path: '.okstra/config.yaml', providers: { codex: { enabled: false } } },
    });
    const order = [
      'role-count:analyser',
      'role-add:critic',
      'role-model:leader:1',
      'role-model:analyser:1',
      'role-model:analyser:2',
      'role-model:report-writer:1',
    ];
    const state = makeState({
      role_counts: { analyser: 2, critic: 0 },
      role_models: {
        leader: ['claude/opus-4.5'],
        analyser: ['codex/gpt-5.1-codex', 'claude/opus-4.5'],
        'report-writer': ['claude/sonnet-4.5'],
      },
      role_selection_order: order.slice(),
      answered: ['task-pick', ...order],
    });
    const notices = reconcile(ctx, state);
    assert.deepEqual(
      notices.map((n) => n.text),
      [
        "removed model 'codex/gpt-5.1-codex' from role 'analyser' #1: provider 'codex' is disabled",
        "removed model 'claude/opus-4.5' from role 'analyser' #2: follows removed model 'codex/gpt-5.1-codex'",
        "removed model 'claude/sonnet-4.5' from role 'report-writer' #1: follows removed model 'codex/gpt-5.1-codex' of role 'analyser'",
      ],
    );
    assert.deepEqual(notices[0]!.steps, ['role-model:analyser:1']);
    assert.equal(notices[0]!.kind, 'selection');
    assert.deepEqual(state.role_models, { leader: ['claude/opus-4.5'] });
    assert.deepEqual(state.role_selection_order, ['role-count:analyser', 'role-add:critic', 'role-model:leader:1']);
    assert.deepEqual(state.answered, ['task-pick', 'role-count:analyser', 'role-add:critic', 'role-model:leader:1']);
    assert.deepEqual(state.role_counts, { analyser: 2, critic: 0 }, 'R-PRN-4.4: counts are kept');
    assert.equal(next(ctx, state)!.step, 'role-model:analyser:1');
  });

  it('R-PRN-2: more models than instances are trimmed with `has <n> models for <count> instances` as the reason', () => {
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': P } });
    const state = makeState({
      role_counts: { analyser: 1, critic: 0 },
      role_models: { analyser: ['claude/opus-4.5', 'codex/gpt-5.1-codex'] },
      role_selection_order: ['role-model:analyser:1', 'role-model:analyser:2'],
    });
    assert.deepEqual(
      reconcile(ctx, state).map((n) => n.text),
      ["removed model 'codex/gpt-5.1-codex' from role 'analyser' #2: role 'analyser' has 2 models for 1 instances"],
    );
    assert.deepEqual(state.role_models.analyser, ['claude/opus-4.5']);
    assert.deepEqual(state.role_selection_order, ['role-model:analyser:1']);
  });

  it('R-PRN-3: a failure no choice can be blamed for is not pruned', () => {
    const reg = registryText(
      ['claude'],
      [
        { ref: 'claude/a', roles: ['leader', 'analyser', 'report-writer', 'critic'] },
        { ref: 'claude/b', roles: ['leader', 'analyser', 'report-writer', 'critic'] },
      ],
    );
    const profile = profileText('error-analysis', [
      { role: 'analyser', min: 1, max: 1 },
      { role: 'worker', dynamic: true },
    ]);
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': profile }, registry: reg });
    const state = makeState({ role_models: { leader: ['claude/a'], analyser: ['claude/a'] } });
    assert.deepEqual(reconcile(ctx, state), []);
    assert.deepEqual(state.role_models, { leader: ['claude/a'], analyser: ['claude/a'] });
    assert.throws(
      () => next(ctx, state),
      /^WizardError: role selection cannot be completed: dynamic role 'worker' has no executable model \(the leader starts it at run time\)$/,
    );
  });

  it('models of roles that are not selectable are dropped with a notice', () => {
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': P } });
    const state = makeState({
      host_entry_mode: 'current-session',
      role_counts: { analyser: 1, critic: 0 },
      role_models: { ghost: ['claude/opus-4.5'], critic: ['claude/opus-4.5'], leader: ['claude/opus-4.5'] },
      role_selection_order: ['leader-session', 'role-model:ghost:1', 'role-model:critic:1'],
      answered: ['role-model:ghost:1'],
    });
    const notices = reconcile(ctx, state);
    assert.deepEqual(
      notices.map((n) => n.text),
      [
        "dropped models of role 'ghost': not selectable in the error-analysis profile",
        "dropped models of role 'critic': not selectable in the error-analysis profile",
        "dropped models of role 'leader': not selectable in the error-analysis profile",
      ],
    );
    assert.deepEqual(notices[0]!.roles, ['ghost']);
    assert.deepEqual(state.role_models, {});
    assert.deepEqual(state.role_selection_order, ['leader-session']);
    assert.deepEqual(state.answered, []);
  });

  it('an out-of-range count is removed with its models and ids, to be asked again', () => {
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': P } });
    const state = makeState({
      role_counts: { analyser: 5, critic: 0, ghost: 2 },
      role_models: { analyser: ['claude/opus-4.5'] },
      role_selection_order: ['role-count:analyser', 'role-add:critic', 'role-model:analyser:1', 'role-count:ghost'],
    });
    const notices = reconcile(ctx, state);
    assert.deepEqual(
      notices.map((n) => n.text),
      [
        "role 'analyser' count 5 is outside 1..3; it will be asked again",
        "dropped count of role 'ghost': not selectable in the error-analysis profile",
      ],
    );
    assert.deepEqual(
      notices.map((n) => n.kind),
      ['selection', 'selection'],
      'a changed selection is kind selection',
    );
    assert.deepEqual(state.role_counts, { critic: 0 });
    assert.deepEqual(state.role_models, {});
    assert.deepEqual(state.role_selection_order, ['role-add:critic']);
    assert.equal(next(ctx, state)!.step, 'role-count:analyser');
  });

  it('docs/roles.md › The environment: a kept model that cannot start here stays, with a notice', () => {
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': P }, missingClis: ['codex'] });
    const state = makeState({
      role_counts: { analyser: 2, critic: 0 },
      role_models: { leader: ['claude/opus-4.5'], analyser: ['codex/gpt-5.1-codex'] },
    });
    const notices = reconcile(ctx, state);
    assert.deepEqual(
      notices.map((n) => n.text),
      ["model 'codex/gpt-5.1-codex' for role 'analyser' #1 cannot start here: provider CLI 'codex' was not found on PATH"],
    );
    assert.deepEqual(notices[0]!.steps, ['role-model:analyser:1']);
    assert.equal(notices[0]!.kind, 'environment', 'the extension asks before Run on kind environment');
    assert.deepEqual(state.role_models.analyser, ['codex/gpt-5.1-codex']);
    assert.equal(next(ctx, state)!.step, 'role-model:analyser:2');
  });

  it('a configured default that cannot start here is left out of the defaults, with a notice', () => {
    const { ctx } = makeContext({
      builtinProfiles: { 'error-analysis': P },
      missingClis: ['codex'],
      config: { path: '.okstra/config.yaml', modelDefaults: { analyser: ['codex/gpt-5.1-codex', 'kimi/kimi-k2'] } },
    });
    const state = makeState({ role_counts: { analyser: 2, critic: 0 }, role_models: { leader: ['claude/opus-4.5'] } });
    assert.deepEqual(
      reconcile(ctx, state).map((n) => [n.kind, n.text]),
      [
        [
          'environment',
          "configured default model 'codex/gpt-5.1-codex' for role 'analyser' cannot start here: provider CLI 'codex' was not found on PATH",
        ],
      ],
    );
    const p = next(ctx, state)!;
    assert.equal(p.options.find((o) => o.default)!.value, 'kimi/kimi-k2');
  });
});
