import assert from 'node:assert/strict';
import { clearRoleSelection, resetRoleSelectionFrom } from '../../../src/core/roles';
import { makeState } from './fixtures';
import { throwsMessage } from './helpers';

function e2State() {
  const order = [
    'leader-session',
    'role-count:analyser',
    'role-model:analyser:1',
    'role-model:analyser:2',
    'role-model:report-writer:1',
    'role-add:critic',
  ];
  return makeState({
    host_entry_mode: 'current-session',
    role_counts: { analyser: 2, critic: 0 },
    role_models: { analyser: ['X', 'Y'], 'report-writer': ['Z'] },
    role_selection_order: order,
    answered: ['task-pick', 'leader-session', 'role-add:critic', 'directive-pick'],
  });
}

describe('roles: rewind', () => {
  it('R-EDT-3 / E2.6: rewinding to role-model:analyser:2 keeps what came before', () => {
    const state = e2State();
    resetRoleSelectionFrom(state, 'role-model:analyser:2');
    assert.deepEqual(state.role_counts, { analyser: 2 });
    assert.deepEqual(state.role_models, { analyser: ['X'] });
    assert.deepEqual(state.role_selection_order, ['leader-session', 'role-count:analyser', 'role-model:analyser:1']);
    assert.deepEqual(state.answered, ['task-pick', 'leader-session', 'directive-pick'], 'R-EDT-3.6: other answers stay');
  });

  it('R-EDT-3.1: a target not in the order is `unknown role selection step`', () => {
    assert.equal(
      throwsMessage(() => resetRoleSelectionFrom(e2State(), 'role-model:critic:1')),
      "unknown role selection step: 'role-model:critic:1'",
    );
  });

  it('R-EDT-3: rewinding to the first id leaves no empty lists', () => {
    const state = e2State();
    resetRoleSelectionFrom(state, 'leader-session');
    assert.deepEqual(state.role_counts, {});
    assert.deepEqual(state.role_models, {});
    assert.deepEqual(state.role_selection_order, []);
  });

  it('R-EDT-3.4: a role keeps only the models whose ids 1…k are all kept', () => {
    const state = makeState({
      role_counts: { analyser: 3 },
      role_models: { analyser: ['X', 'Y', 'Z'] },
      role_selection_order: [
        'role-count:analyser',
        'role-model:analyser:2',
        'role-model:analyser:3',
        'role-add:critic',
        'role-model:analyser:1',
      ],
    });
    resetRoleSelectionFrom(state, 'role-add:critic');
    assert.deepEqual(state.role_models, {}, 'ids 2 and 3 without 1 keep nothing');
  });

  it('R-EDT-4: clearing removes every role field and every role id from answered', () => {
    const state = e2State();
    clearRoleSelection(state);
    assert.deepEqual([state.role_counts, state.role_models, state.role_selection_order], [{}, {}, []]);
    assert.deepEqual(state.answered, ['task-pick', 'directive-pick']);
  });
});
