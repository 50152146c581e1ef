// The tree's rows follow the wizard's order, after an edit and after a reload.
import assert from 'node:assert/strict';
import * as E from '../../../src/core/wizard/engine';
import { parseState, serializeState } from '../../../src/core/wizard/stateCodec';
import { drive, fresh } from './drive';
import { fakeContext } from './fakeWorkspace';
import { projectOptions } from './projects';

const PLANNING = { 'task-pick': 'payments/refund-timeout', 'task-type': 'implementation-planning', 'role-count:planner': '3' };

function rowIds(r: ReturnType<typeof E.tree>): string[] {
  return r.rows.map((x) => x.id);
}

describe('tree rows in wizard order', () => {
  it('after a role edit the rows keep the order of the first walk', () => {
    const fx = fakeContext(projectOptions());
    const done = drive(fx.ctx, fresh(), PLANNING, 'confirm').state;
    const before = rowIds(E.tree(fx.ctx, done));
    const r = E.rewind(fx.ctx, done, 'role-model:planner:2');
    assert.ok(r.ok);
    // While planner #2 is being changed it sits in its place, not after the follow-ups.
    const mid = rowIds(E.tree(fx.ctx, r.state));
    assert.ok(mid.indexOf('role-model:planner:2') < mid.indexOf('directive-pick'), mid.join(', '));
    const again = drive(fx.ctx, r.state, {}, 'confirm').state;
    assert.deepEqual(rowIds(E.tree(fx.ctx, again)), before);
    // ... and after a reload from the file.
    const reloaded = parseState(JSON.parse(serializeState(again))).state;
    assert.deepEqual(rowIds(E.tree(fx.ctx, reloaded)), before);
  });

  it('after editing a follow-up the rows keep their places', () => {
    const fx = fakeContext(projectOptions());
    const done = drive(fx.ctx, fresh(), { ...PLANNING, 'directive-pick': 'write', directive: 'x' }, 'confirm').state;
    const before = rowIds(E.tree(fx.ctx, done));
    const r = E.rewind(fx.ctx, done, 'brief');
    assert.ok(r.ok);
    const again = drive(fx.ctx, r.state, {}, 'confirm').state;
    assert.deepEqual(rowIds(E.tree(fx.ctx, again)), before);
  });
});
