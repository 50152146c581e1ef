// Compare Runs and Compare with… of the Tasks view (src/vscode/tasks/compareRuns.ts) in plain Node with the fake
// window: two selected runs of a task open one document with both, the older on the left; runs of two tasks are
// refused with a message naming both; Compare with… picks the other run; the prompt over the document starts New
// Run with This Team.
import { strict as assert } from 'node:assert';
import { COMMAND_IDS, TASKS_COMMAND_IDS } from '../../../src/vscode/commandIds';
import type { GroupRow, TaskRow } from '../../../src/vscode/tasks/taskBoardModel';
import type { RunRow } from '../../../src/vscode/tasks/runRows';
import { tmpDir, write } from '../workspace/helpers';
import { type TasksView, useTasksView } from './tasksViewHarness';

const CONFIG = `projectId: p
teams:
  usual-panel:
    roles:
      leader: [claude/opus-4.5]
      planner: [codex/gpt-5.1-codex]
`;

function inputs(models: Record<string, string[]>, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ taskType: 'implementation-planning', roleModels: models, ...extra });
}

function project(): string {
  const root = tmpDir('okstra-compare-runs-');
  write(root, '.okstra/config.yaml', CONFIG);
  const run = (runId: string, status: string) => ({
    runId,
    taskType: 'implementation-planning',
    status,
    inputs: `runs/${runId}/inputs.json`,
  });
  write(
    root,
    '.okstra/tasks/pay/a/task-manifest.json',
    JSON.stringify({ taskGroup: 'pay', taskId: 'a', runs: [run('2026-11-01-1', 'completed'), run('2026-11-05-1', 'failed')] }),
  );
  write(
    root,
    '.okstra/tasks/pay/a/runs/2026-11-01-1/inputs.json',
    inputs({ leader: ['claude/opus-4.5'], planner: ['codex/gpt-5.1-codex'] }),
  );
  write(
    root,
    '.okstra/tasks/pay/a/runs/2026-11-05-1/inputs.json',
    inputs({ leader: ['claude/opus-4.5'], planner: ['claude/opus-4.5', 'codex/gpt-5.1-codex'] }, { directive: 'again' }),
  );
  write(
    root,
    '.okstra/tasks/pay/b/task-manifest.json',
    JSON.stringify({ taskGroup: 'pay', taskId: 'b', runs: [run('2026-11-03-1', 'completed')] }),
  );
  write(root, '.okstra/tasks/pay/b/runs/2026-11-03-1/inputs.json', inputs({ leader: ['claude/opus-4.5'] }));
  return root;
}

async function runRows(v: TasksView): Promise<{ a: RunRow[]; b: RunRow[] }> {
  const [g] = (await v.api.provider.getChildren()) as GroupRow[];
  const [ta, tb] = (await v.api.provider.getChildren(g)) as TaskRow[];
  return { a: (await v.api.provider.getChildren(ta)) as RunRow[], b: (await v.api.provider.getChildren(tb)) as RunRow[] };
}

describe('tasks view: Compare Runs (fake window)', () => {
  let v: TasksView;
  useTasksView(project, (opened) => (v = opened));

  it('opens one document with both selected runs of a task, the older on the left, differences marked', async () => {
    const { a } = await runRows(v);
    // The context menu's command gets the row clicked and the rows selected.
    await v.win.runCommand(TASKS_COMMAND_IDS.compareRuns, a[0], [a[0], a[1]]);
    const [doc] = [...v.win.documents.values()];
    assert.ok(doc, 'a document is open');
    assert.match(doc, /^# Runs of pay\/a compared$/m);
    assert.match(doc, /^\| {2}\| Run \| `2026-11-01-1` \| `2026-11-05-1` \|$/m);
    assert.match(doc, /^\| ≠ \| Status \| completed \| failed \|$/m);
    assert.match(doc, /^\| {2}\| Run type \| implementation\\-planning \| implementation\\-planning \|$/m);
    assert.match(doc, /^\| ≠ \| Team \| usual\\-panel \| {2}\|$/m);
    assert.match(doc, /^\| ≠ \| planner \| `codex\/gpt-5\.1-codex` \| `claude\/opus-4\.5`, `codex\/gpt-5\.1-codex` \(2\) \|$/m);
    assert.match(doc, /^\| ≠ \| directive \| — \| again \|$/m);
  });

  it('refuses two runs of different tasks with a message naming both', async () => {
    const { a, b } = await runRows(v);
    await v.win.runCommand(TASKS_COMMAND_IDS.compareRuns, a[0], [a[0], b[0]]);
    assert.equal(v.win.documents.size, 0);
    assert.equal(
      v.win.messages.at(-1)?.message,
      'Run 2026-11-05-1 is a run of pay/a and run 2026-11-03-1 a run of pay/b: Compare Runs compares two runs of one task.',
    );
  });

  it('asks for two runs when three are selected', async () => {
    const { a, b } = await runRows(v);
    await v.win.runCommand(TASKS_COMMAND_IDS.compareRuns, a[0], [a[0], a[1], b[0]]);
    assert.equal(v.win.documents.size, 0);
    assert.match(v.win.messages.at(-1)!.message, /^Select two runs of one task/);
  });

  it('Compare with… offers the task’s other runs and compares the one picked', async () => {
    const { a, b } = await runRows(v);
    v.win.quickPickAnswer = (items) => items[0];
    await v.win.runCommand(TASKS_COMMAND_IDS.compareRunWith, a[1]);
    assert.equal(v.win.quickPicks[0]!.title, 'Compare Run 2026-11-01-1 with…');
    assert.deepEqual(
      v.win.quickPicks[0]!.items.map((i) => i.detail),
      ['2026-11-05-1'],
    );
    assert.match([...v.win.documents.values()][0]!, /\| `2026-11-01-1` \| `2026-11-05-1` \|/);
    // pay/b has one run: nothing to compare it with.
    await v.win.runCommand(TASKS_COMMAND_IDS.compareRunWith, b[0]);
    assert.equal(v.win.messages.at(-1)?.message, 'pay/b has no other run to compare run 2026-11-03-1 with.');
  });

  it('the prompt over the document starts New Run with This Team for the run picked', async () => {
    const { a } = await runRows(v);
    v.win.quickPickAnswer = (items) => items.find((i) => String(i.description).startsWith('2026-11-01-1'));
    await v.win.runCommand(TASKS_COMMAND_IDS.compareRuns, a[0], [a[0], a[1]]);
    const offer = v.win.quickPicks.at(-1)!;
    assert.equal(offer.title, 'Runs of pay/a compared');
    assert.deepEqual(
      offer.items.map((i) => i.label),
      ['New Run with This Team', 'New Run with This Team'],
    );
    assert.deepEqual(v.win.commands.at(-1), {
      id: COMMAND_IDS.newRun,
      args: [
        { fsPath: v.root },
        'pay/a',
        { defaults: { 'task-pick': 'pay/a', 'task-type': 'implementation-planning', 'team-pick': 'usual-panel' } },
      ],
    });
  });
});
