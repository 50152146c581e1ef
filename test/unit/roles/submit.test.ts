import assert from 'node:assert/strict';
import * as R from '../../../src/core/roles';
import { cloneState, type Prompt } from '../../../src/core/types';
import { makeContext, makeState, profileText, registryText } from './fixtures';
import { next, throwsMessage } from './helpers';

const P = profileText('error-analysis', [
  { role: 'analyser', min: 1, max: 3, recommended: 2 },
  { role: 'critic', min: 0, max: 2 },
  { role: 'report-writer', min: 1, max: 1 },
]);
const ctxP = () => makeContext({ builtinProfiles: { 'error-analysis': P } }).ctx;

function submit(ctx = ctxP(), state = makeState(), value: string, prompt?: Prompt) {
  const session = R.openRoleSession(ctx, state);
  const p = prompt ?? R.nextRolePrompt(session, state)!;
  return R.submitRolePrompt(session, state, p, value);
}

describe('roles: submit', () => {
  it("R-SUB-1: leader-session accepts only 'continue' and writes nothing", () => {
    const state = makeState({ host_entry_mode: 'current-session' });
    assert.equal(
      throwsMessage(() => submit(ctxP(), state, 'go')),
      "leader session step accepts only 'continue'",
    );
    const before = JSON.stringify(state);
    assert.equal(submit(ctxP(), state, 'continue'), 'leader-session: continue');
    assert.equal(JSON.stringify(state), before);
  });

  it('R-SUB-2: role-count stores the count and discards the role models', () => {
    const state = makeState({ role_models: { analyser: ['claude/opus-4.5'] }, role_selection_order: ['role-model:analyser:1'] });
    assert.equal(submit(ctxP(), state, '3'), 'role-count: analyser=3');
    assert.deepEqual(state.role_counts, { analyser: 3 });
    assert.deepEqual(state.role_models, {});
    assert.deepEqual(state.role_selection_order, ['role-model:analyser:1']);
  });

  it('R-SUB-2: a count must be an offered value; non-canonical → `must be an integer` (with the range and the answer), out of range → `must be in <min>..<max>`', () => {
    for (const v of [' 2', '+2', '02', '2.0', 'two', '', '٢']) {
      assert.equal(
        throwsMessage(() => submit(ctxP(), makeState(), v)),
        `role 'analyser' count must be an integer in 1..3, not ${v === '' ? 'an empty answer' : `'${v}'`}`,
        v,
      );
    }
    assert.equal(
      throwsMessage(() => submit(ctxP(), makeState(), '4')),
      "role 'analyser' count must be in 1..3: 4",
    );
    assert.equal(
      throwsMessage(() => submit(ctxP(), makeState(), '-1')),
      "role 'analyser' count must be in 1..3: -1",
    );
  });

  it('R-SUB-2: a count for a role without a count prompt is `does not accept a count selection`', () => {
    const p: Prompt = { step: 'role-count:report-writer', kind: 'pick', label: '', options: [], echo_template: '' };
    assert.equal(
      throwsMessage(() => submit(ctxP(), makeState(), '1', p)),
      "role 'report-writer' does not accept a count selection",
    );
  });

  it('R-SUB-3: role-add stores 0 ("not added"), and refuses non-options with `add selection must be one of`', () => {
    const state = makeState({ role_counts: { analyser: 2 }, role_models: { critic: ['claude/opus-4.5'] } });
    assert.equal(
      throwsMessage(() => submit(ctxP(), cloneState(state), '5')),
      "role 'critic' add selection must be one of ['0', '1', '2']: 5",
    );
    assert.equal(submit(ctxP(), state, '0'), 'role-add: critic=0');
    assert.deepEqual(state.role_counts, { analyser: 2, critic: 0 });
    assert.equal(state.role_models.critic, undefined);
    const p: Prompt = { step: 'role-add:analyser', kind: 'pick', label: '', options: [], echo_template: '' };
    assert.equal(
      throwsMessage(() => submit(ctxP(), makeState(), '1', p)),
      "role 'analyser' does not accept an optional add",
    );
  });

  it('R-SUB-4: a model must be an offered option (`not a compatible candidate`) and in order (`out of order`)', () => {
    const state = makeState({ role_counts: { analyser: 2, critic: 0 }, role_models: { leader: ['claude/opus-4.5'] } });
    assert.equal(
      throwsMessage(() => submit(ctxP(), cloneState(state), 'nope/x')),
      "model 'nope/x' is not a compatible candidate for role 'analyser'",
    );
    const session = R.openRoleSession(ctxP(), state);
    const p = R.nextRolePrompt(session, state)!;
    const stale = { ...p, step: 'role-model:analyser:2' };
    const copy = cloneState(state);
    assert.equal(
      throwsMessage(() => R.submitRolePrompt(session, copy, stale, 'claude/opus-4.5')),
      "role 'analyser' model selection is out of order at ordinal 2",
    );
    assert.equal(copy.role_models.analyser, undefined, 'no empty list is left behind');
    assert.equal(R.submitRolePrompt(session, state, p, 'codex/gpt-5.1-codex'), 'role-model: analyser#1=codex/gpt-5.1-codex');
    assert.deepEqual(state.role_models.analyser, ['codex/gpt-5.1-codex']);
  });

  it('R-SUB-5: a model that leaves no completion is `leaves no complete role assignment` and is popped', () => {
    const reg = registryText(['a', 'b'], [{ ref: 'a/1' }, { ref: 'b/1' }]);
    const { ctx } = makeContext({
      builtinProfiles: { 'error-analysis': profileText('error-analysis', [{ role: 'x', min: 2, max: 2 }]) },
      registry: reg,
    });
    const state = makeState({ host_entry_mode: 'current-session', role_selection_order: ['leader-session'] });
    const session = R.openRoleSession(ctx, state);
    const p = R.nextRolePrompt(session, state)!;
    // Forge an option the prompt would not offer to reach the validation.
    const forged: Prompt = { ...p, options: [...p.options, { value: 'a/1' }].map((o) => ({ value: o.value, label: o.value })) };
    state.role_models.x = ['a/1'];
    const p2 = { ...forged, step: 'role-model:x:2' };
    assert.equal(
      throwsMessage(() => R.submitRolePrompt(session, state, p2, 'a/1')),
      "role 'x' uses model 'a/1' twice",
    );
    assert.deepEqual(state.role_models.x, ['a/1']);
  });

  it('R-SUB-5: an incomplete selection that cannot be completed is `leaves no complete role assignment`', () => {
    const reg = registryText(['a'], [{ ref: 'a/1' }, { ref: 'a/2' }, { ref: 'a/3' }]);
    const { ctx } = makeContext({
      builtinProfiles: { 'error-analysis': profileText('error-analysis', [{ role: 'x', min: 3, max: 3 }]) },
      registry: reg,
    });
    const state = makeState({ host_entry_mode: 'current-session', role_selection_order: ['leader-session'], role_models: { x: ['a/1'] } });
    const session = R.openRoleSession(ctx, state);
    const p = R.nextRolePrompt(session, state)!;
    assert.equal(p.step, 'role-model:x:2');
    const forged: Prompt = { ...p, options: [{ value: 'a/1', label: 'a/1' }] };
    assert.equal(
      throwsMessage(() => R.submitRolePrompt(session, state, forged, 'a/1')),
      'selected role model leaves no complete role assignment',
    );
    assert.deepEqual(state.role_models.x, ['a/1']);
  });

  it('infeasible counts are disabled with the reason and refused on submit', () => {
    const reg = registryText(['a', 'b'], [{ ref: 'a/1' }, { ref: 'a/2' }, { ref: 'b/1' }]);
    const profile = profileText('error-analysis', [{ role: 'analyser', min: 1, max: 3, recommended: 3, distinct: 'provider' }]);
    const { ctx } = makeContext({ builtinProfiles: { 'error-analysis': profile }, registry: reg });
    const state = makeState({ host_entry_mode: 'current-session', role_selection_order: ['leader-session'] });
    const p = next(ctx, state)!;
    assert.deepEqual(p.options[2], {
      value: '3',
      // R-PR-7: a count that cannot be chosen is never labelled as the recommended one.
      label: '3',
      disabled: true,
      description: "role 'analyser' needs 3 more models from distinct providers, 2 providers with an executable model left",
    });
    assert.equal(p.options.find((o) => o.default)!.value, '2', 'the nearest completable count below the recommended one');
    assert.equal(
      throwsMessage(() => submit(ctx, state, '3')),
      "role 'analyser' count 3 cannot be completed: role 'analyser' needs 3 more models from distinct providers, 2 providers with an executable model left",
    );
  });

  it('R-SUBM-1: recordRoleAnswer appends to answered and the order only when absent', () => {
    const state = makeState({ answered: ['task-pick'], role_selection_order: ['role-count:analyser'] });
    R.recordRoleAnswer(state, 'role-count:analyser');
    R.recordRoleAnswer(state, 'role-add:critic');
    assert.deepEqual(state.answered, ['task-pick', 'role-count:analyser', 'role-add:critic']);
    assert.deepEqual(state.role_selection_order, ['role-count:analyser', 'role-add:critic']);
  });
});
