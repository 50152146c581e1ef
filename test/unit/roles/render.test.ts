import assert from 'node:assert/strict';
import * as R from '../../../src/core/roles';
import { contextP as ctx, makeState } from './fixtures';

const render = (state: ReturnType<typeof makeState>) => R.renderRoleArgs(R.openRoleSession(ctx(), state), state);

describe('roles: render and confirmation', () => {
  it('R-RND-1: counts only for adjustable roles with a count > 0, in profile order', () => {
    const state = makeState({ role_counts: { critic: 0, analyser: 3, 'report-writer': 1 } });
    assert.deepEqual(render(state).roleCount, ['analyser=3']);
    state.role_counts.critic = 2;
    assert.deepEqual(render(state).roleCount, ['analyser=3', 'critic=2']);
  });

  it('R-RND-2: models of selectable roles only, spawn-process leader first', () => {
    const state = makeState({
      role_counts: { analyser: 1, critic: 0 },
      role_models: { 'report-writer': ['R1'], ghost: ['G'], critic: ['C'], analyser: ['A1'], leader: ['L'] },
    });
    assert.deepEqual(render(state).roleModel, ['leader=L', 'analyser=A1', 'report-writer=R1']);
    state.host_entry_mode = 'current-session';
    assert.deepEqual(render(state).roleModel, ['analyser=A1', 'report-writer=R1']);
  });

  it('R-RND-3: an incomplete selection is rendered as it is', () => {
    const state = makeState({ role_counts: { analyser: 3 }, role_models: { analyser: ['A1'] } });
    assert.deepEqual(render(state), { roleCount: ['analyser=3'], roleModel: ['analyser=A1'] });
  });

  it('R-RND-4: without a task type nothing is rendered', () => {
    assert.deepEqual(render(makeState({ task_type: '' })), { roleCount: [], roleModel: [] });
  });

  it('R-CFM-2: leader line in current-session, every instance, then dynamic roles', () => {
    const state = makeState({
      host_entry_mode: 'current-session',
      role_counts: { analyser: 2, critic: 0 },
      role_models: { analyser: ['A1'], 'report-writer': [''] },
    });
    assert.deepEqual(R.roleConfirmationLines(R.openRoleSession(ctx(), state), state), [
      '  role          : leader #1 = current-session',
      '  role          : analyser #1 = A1',
      '  role          : analyser #2 = (selection required)',
      '  role          : report-writer #1 = ',
      '  role          : stage-worker (dynamic, started by the leader at run time)',
    ]);
  });
});
