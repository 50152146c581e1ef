import assert from 'node:assert/strict';
import {
  isRoleStepId,
  LEADER_SESSION_STEP,
  parseRoleStepId,
  roleAddId,
  roleCountId,
  roleModelId,
  roleOfStepId,
} from '../../../src/core/roles';

describe('roles: step ids', () => {
  it('R-ID-1: role-count:<role>', () => assert.equal(roleCountId('analyser'), 'role-count:analyser'));
  it('R-ID-2: role-add:<role>', () => assert.equal(roleAddId('critic'), 'role-add:critic'));
  it('R-ID-3: role-model:<role>:<ordinal>, 1-based decimal', () => assert.equal(roleModelId('analyser', 2), 'role-model:analyser:2'));
  it('R-ID-4: leader-session', () => assert.equal(LEADER_SESSION_STEP, 'leader-session'));
  it('R-ID-5: role steps are leader-session and the three exact prefixes, colon included', () => {
    for (const id of ['leader-session', 'role-count:a', 'role-add:a', 'role-model:a:1', 'role-count:'])
      assert.equal(isRoleStepId(id), true, id);
    for (const id of ['role-count', 'role-model', 'leader-session:1', 'directive', 'role-add-x', 'Role-count:a'])
      assert.equal(isRoleStepId(id), false, id);
  });
  it('R-ID-6: the role is everything after the first colon; model ids split into role and ordinal', () => {
    assert.deepEqual(parseRoleStepId('role-count:report-writer'), { kind: 'role-count', role: 'report-writer' });
    assert.deepEqual(parseRoleStepId('role-add:critic'), { kind: 'role-add', role: 'critic' });
    assert.deepEqual(parseRoleStepId('role-model:analyser:12'), { kind: 'role-model', role: 'analyser', ordinal: 12 });
    assert.deepEqual(parseRoleStepId('leader-session'), { kind: 'leader-session' });
    assert.equal(parseRoleStepId('role-model:analyser:x'), null);
    assert.equal(parseRoleStepId('role-model:analyser'), null);
    assert.equal(roleOfStepId('role-model:critic:1'), 'critic');
    assert.equal(roleOfStepId('leader-session'), null);
  });
});
