import { strict as assert } from 'node:assert';
import { lastRunRow, treeRowModels } from '../../../src/vscode/tree/treeModel';

const texts = { current: 'current', changed: 'changed', lastRun: (c: number | null, at: string) => `exit ${String(c)} at ${at}` };

describe('vscode tree model', () => {
  it('one row per answered step in order, an icon per group, the current prompt last', () => {
    const rows = treeRowModels(
      [
        { id: 'task-pick', group: 'task', label: 'Task', echo: 'task: billing/x', answered: true, editable: true, answer: 'task-pick: billing/x' },
        { id: 'role-model:analyser:2', group: 'roles', label: 'analyser #2 model', echo: 'role-model: analyser#2=codex/gpt-5.1-codex', answered: true, editable: true, answer: 'role-model: analyser #2 = codex/gpt-5.1-codex' },
        { id: 'directive', group: 'follow-ups', label: 'directive', echo: '', answered: false, editable: false },
      ],
      texts,
    );
    assert.deepEqual(rows.map((r) => [r.id, r.icon, r.contextValue, r.stepId]), [
      ['step:task-pick', 'briefcase', 'step editable', 'task-pick'],
      ['step:role-model:analyser:2', 'person', 'step editable', 'role-model:analyser:2'],
      ['current:directive', 'arrow-right', 'current', 'directive'],
    ]);
    assert.equal(rows[1].label, 'role-model: analyser #2 = codex/gpt-5.1-codex');
    assert.equal(rows[1].description, 'analyser #2 model');
    assert.equal(rows[1].tooltip, 'role-model: analyser#2=codex/gpt-5.1-codex');
  });

  it('rows carrying a reconcile notice are marked', () => {
    const [row] = treeRowModels(
      [{ id: 'role-model:analyser:1', group: 'roles', label: 'l', echo: 'e', answered: true, editable: true, notice: "removed model 'x' from role 'analyser' #1: gone" }],
      texts,
    );
    assert.equal(row.icon, 'warning');
    assert.match(row.description ?? '', /changed/);
    assert.match(row.tooltip, /removed model 'x'/);
  });

  it('the last run shows its exit code', () => {
    assert.equal(lastRunRow({ startedAt: 't', argv: ['okstra'], exitCode: 3 }, texts).icon, 'error');
    assert.equal(lastRunRow({ startedAt: 't', argv: ['okstra'], exitCode: 0 }, texts).icon, 'pass');
    assert.equal(lastRunRow({ startedAt: 't', argv: ['okstra'], exitCode: null }, texts).label, 'exit null at t');
  });
});
