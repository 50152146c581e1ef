// Where okstra-wizard's texts and order follow the original's exactly (docs/rules.md › Messages and the order of
// causes, R-MSG): a refusal whose text the original defines starts with it, byte for byte, with help after it; the
// causes no answer can fix come first; a disabled option is never the default. And a legacy provider field that is
// not text skips its row (R-CONV-13).
import assert from 'node:assert/strict';
import * as R from '../../../src/core/roles';
import { makeContext, makeState, profileText, registryText } from './fixtures';
import { next, throwsMessage } from './helpers';

const REGISTRY = registryText(
  ['claude', 'codex'],
  [
    { ref: 'claude/a', roles: ['leader', 'analyser', 'report-writer'] },
    { ref: 'codex/b', roles: ['leader', 'report-writer'] },
  ],
);
/** No provider CLI on this machine: nothing can start a new session. */
const NOTHING_STARTS = { registry: REGISTRY, missingClis: ['claude', 'codex'] };

describe('roles: the original’s texts first, and its order of causes', () => {
  it("R-MSG-1: `role '<r>' has no executable model candidates` starts with the original's text; where no provider can start, the environment's reason follows it", () => {
    const { ctx } = makeContext({
      builtinProfiles: { 'error-analysis': profileText('error-analysis', [{ role: 'analyser', min: 1, max: 1 }]) },
      ...NOTHING_STARTS,
    });
    const message = throwsMessage(() => next(ctx, makeState()));
    assert.ok(message.startsWith("role 'leader' has no executable model candidates"), message);
    assert.equal(
      message,
      "role 'leader' has no executable model candidates; no model can start a new session here: provider CLIs 'claude', 'codex' were not found on PATH (nor by OKSTRA_<PROVIDER>_CLI)",
    );
  });

  it("R-MSG-1: `dynamic role '<r>' has no executable model` is kept first where no provider can start, the reason after it", () => {
    const P = profileText('error-analysis', [
      { role: 'analyser', min: 1, max: 1 },
      { role: 'worker', dynamic: true },
    ]);
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': P }, ...NOTHING_STARTS });
    const message = throwsMessage(() => next(ctx, makeState()));
    assert.ok(message.startsWith("role selection cannot be completed: dynamic role 'worker' has no executable model"), message);
    assert.match(message, /has no executable model; no model can start a new session here: provider CLIs 'claude', 'codex' were not found/);
  });

  it('R-MSG-2: a dynamic role without a model is reported before a chosen model that does not serve its role; the reconcile removes that choice and keeps the valid ones', () => {
    const { ctx } = makeContext({
      config: {
        path: 'c',
        registry: { replaceBuiltins: true },
        providers: { claude: {} },
        models: [
          { ref: 'claude/x', roles: ['leader', 'analyser', 'report-writer', 'critic'] },
          { ref: 'claude/haiku', roles: ['leader', 'analyser'] },
        ],
      },
    });
    const state = makeState({
      role_counts: { analyser: 1, critic: 0 },
      role_models: { leader: ['claude/x'], analyser: ['claude/x'], 'report-writer': ['claude/haiku'] },
    });
    const notices = R.reconcileRoleSelection(R.openRoleSession(ctx, state), state);
    assert.deepEqual(
      notices.map((n) => n.text),
      ["removed model 'claude/haiku' from role 'report-writer' #1: model 'claude/haiku' does not serve role 'report-writer'"],
    );
    assert.deepEqual(state.role_models, { leader: ['claude/x'], analyser: ['claude/x'] });
    const message = throwsMessage(() => next(ctx, state));
    assert.ok(message.startsWith("role selection cannot be completed: dynamic role 'investigator' has no executable model"), message);
    // The resolver itself: check 6 before checks 1–5, check 7 before both.
    const session = R.openRoleSession(ctx, state);
    assert.equal(
      R.resolveAssignments(session, { counts: { analyser: 1 }, models: { 'report-writer': ['claude/haiku'] } }, false),
      "dynamic role 'investigator' has no executable model (the leader starts it at run time)",
    );
  });

  it('R-MSG-3: a disabled option is never marked default or recommended; the default moves to a count that can be completed', () => {
    const P = profileText('error-analysis', [
      { role: 'analyser', min: 1, max: 3, recommended: 2 },
      { role: 'report-writer', min: 1, max: 1 },
    ]);
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': P }, registry: REGISTRY });
    const prompt = next(ctx, makeState({ role_models: { leader: ['codex/b'] } }))!;
    assert.equal(prompt.step, 'role-count:analyser');
    const disabled = prompt.options.filter((o) => o.disabled);
    assert.deepEqual(
      disabled.map((o) => o.value),
      ['2', '3'],
    );
    for (const o of disabled) {
      assert.notEqual(o.default, true, o.value);
      assert.doesNotMatch(o.label, /recommended|default/, o.label);
    }
    assert.equal(prompt.options.find((o) => o.default)?.value, '1');
  });
});

describe('roles: legacy provider fields that are not text', () => {
  const convert = (payload: Record<string, unknown>) => {
    const { ctx } = makeContext();
    const state = makeState();
    const notices = R.convertV1Selection(R.openRoleSession(ctx, state), state, payload);
    return { state, notices };
  };

  it('R-CONV-13: a lead_provider that is not a string skips the leader row (no claude leader), with a notice', () => {
    for (const value of [5, true, ['codex'], { name: 'codex' }]) {
      const { state, notices } = convert({ lead_provider: value });
      assert.equal(state.role_models.leader, undefined, JSON.stringify(value));
      assert.ok(!state.role_selection_order.includes('role-model:leader:1'), JSON.stringify(value));
      assert.ok(
        notices.some((n) => n.text === "legacy field 'lead_provider' for role 'leader' was skipped: it is not a provider name"),
        JSON.stringify(notices),
      );
    }
    // An empty field is the original's `claude`, as before.
    assert.deepEqual(convert({ lead_provider: '' }).state.role_models.leader?.[0]?.startsWith('claude/'), true);
    assert.deepEqual(convert({ lead_provider: 0 }).state.role_models.leader?.[0]?.startsWith('claude/'), true);
  });

  it('R-CONV-13: any provider field of a static row that is not a string skips that row only', () => {
    const { state } = convert({ report_writer_provider: 7, lead_provider: 'claude' });
    assert.equal(state.role_models['report-writer'], undefined);
    assert.ok(state.role_models.leader?.[0]?.startsWith('claude/'));
  });
});
