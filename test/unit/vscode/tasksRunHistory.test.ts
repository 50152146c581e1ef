// The run history of the Tasks view (src/vscode/tasks/boardTree.ts runsOf, runRows.ts, tasksView.ts) in plain Node
// with the fake window: a task with runs opens on them, newest first, each with the team it used; its inputs are read
// only when the task is expanded; a broken or missing inputs.json still gives a row; Open Run Folder and New Run with
// This Team on a run row.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
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
      planner: [codex/gpt-5.1-codex, antigravity/gemini-3-pro]
      critic: []
`;

function inputs(models: Record<string, string[]>, counts: Record<string, number> = {}): string {
  return JSON.stringify({ taskType: 'implementation-planning', roleCounts: counts, roleModels: models });
}

function project(): string {
  const root = tmpDir('okstra-run-history-');
  write(root, '.okstra/config.yaml', CONFIG);
  const runs = [
    {
      runId: '2026-11-01-1',
      taskType: 'implementation-planning',
      status: 'completed',
      outcome: 'approved',
      inputs: 'runs/2026-11-01-1/inputs.json',
    },
    { runId: '2026-11-05-1', taskType: 'implementation-planning', status: 'failed', inputs: 'runs/2026-11-05-1/inputs.json' },
    { runId: '2026-11-09-1', taskType: 'implementation', status: 'prepared', inputs: 'runs/2026-11-09-1/inputs.json' },
    { runId: '2026-11-12-1', taskType: 'implementation', status: 'completed' },
  ];
  write(root, '.okstra/tasks/pay/a/task-manifest.json', JSON.stringify({ taskGroup: 'pay', taskId: 'a', title: 'A', runs }));
  write(
    root,
    '.okstra/tasks/pay/a/runs/2026-11-01-1/inputs.json',
    inputs({ leader: ['claude/opus-4.5'], planner: ['codex/gpt-5.1-codex', 'antigravity/gemini-3-pro'] }, { planner: 2, critic: 0 }),
  );
  write(root, '.okstra/tasks/pay/a/runs/2026-11-05-1/inputs.json', inputs({ leader: ['claude/opus-4.5'], planner: ['claude/opus-4.5'] }));
  write(root, '.okstra/tasks/pay/a/runs/2026-11-09-1/inputs.json', '{ "taskType": ');
  fs.mkdirSync(path.join(root, '.okstra/tasks/pay/a/runs/2026-11-12-1'), { recursive: true });
  write(root, '.okstra/tasks/pay/b/task-manifest.json', JSON.stringify({ taskGroup: 'pay', taskId: 'b', title: 'B' }));
  return root;
}

async function tasks(v: TasksView): Promise<TaskRow[]> {
  const [g] = (await v.api.provider.getChildren()) as GroupRow[];
  return (await v.api.provider.getChildren(g)) as TaskRow[];
}

async function runsOf(v: TasksView, task: TaskRow): Promise<RunRow[]> {
  return (await v.api.provider.getChildren(task)) as RunRow[];
}

describe('tasks view: run history (fake window)', () => {
  let v: TasksView;
  useTasksView(project, (opened) => (v = opened));

  it('a task with runs opens on them; one without has no twistie', async () => {
    const [a, b] = await tasks(v);
    assert.equal(a!.taskId, 'a');
    assert.equal(v.api.provider.getTreeItem(a!).collapsible, 'collapsed');
    assert.equal(v.api.provider.getTreeItem(b!).collapsible, 'none');
  });

  it('lists the runs newest first, each with its type and date, the team it used and its status', async () => {
    const [a] = await tasks(v);
    const rows = await runsOf(v, a!);
    const year = new Date().getFullYear() === 2026 ? '' : ', 2026';
    assert.deepEqual(
      rows.map((r) => [r.label, r.description]),
      [
        ['implementation', `Nov 12${year}  ·  no inputs.json  ·  completed`],
        ['implementation', `Nov 9${year}  ·  inputs.json unreadable  ·  prepared`],
        ['implementation-planning', `Nov 5${year}  ·  leader opus-4.5 · planner  ·  failed`],
        ['implementation-planning', `Nov 1${year}  ·  usual-panel  ·  approved`],
      ],
    );
    const item = v.api.provider.getTreeItem(rows[3]!);
    assert.equal(item.contextValue, 'run team');
    assert.equal(item.collapsible, 'none');
    assert.match(String(item.tooltip), /- planner: `codex\/gpt-5\.1-codex`, `antigravity\/gemini-3-pro`/);
    assert.equal(v.api.provider.getTreeItem(rows[0]!).contextValue, 'run', 'no agents to start again with');
    assert.match(rows[0]!.tooltip, /\*\*Problem:\*\* .*2026\\-11\\-12\\-1\/inputs\\\.json is missing/);
    assert.match(rows[1]!.tooltip, /inputs\\\.json:1:15: invalid JSON/);
  });

  it('reads no inputs.json before a task is expanded', async () => {
    const read: string[] = [];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nodeFs = require('node:fs') as Record<string, unknown>;
    const real = nodeFs.open as (...a: unknown[]) => unknown;
    nodeFs.open = (...args: unknown[]) => {
      read.push(String(args[0]));
      return real(...args);
    };
    try {
      const [a] = await tasks(v);
      assert.deepEqual(
        read.filter((f) => f.endsWith('inputs.json')),
        [],
      );
      await runsOf(v, a!);
      assert.equal(read.filter((f) => f.endsWith('inputs.json')).length, 4);
    } finally {
      nodeFs.open = real;
    }
  });

  it('reads a run’s inputs again when they change on disk (the watcher)', async () => {
    const [a] = await tasks(v);
    assert.match((await runsOf(v, a!))[1]!.description, /inputs\.json unreadable/);
    const file = write(v.root, '.okstra/tasks/pay/a/runs/2026-11-09-1/inputs.json', inputs({ leader: ['claude/opus-4.5'] }));
    v.win.pathChanged(file);
    await v.api.provider.flush();
    assert.match((await runsOf(v, a!))[1]!.description, /^Nov 9(, 2026)? {2}· {2}leader opus-4\.5 {2}· {2}prepared$/);
  });

  it('Open Run Folder reveals runs/<id> in the Explorer, or says the run has no folder', async () => {
    const [a] = await tasks(v);
    const rows = await runsOf(v, a!);
    await v.win.runCommand(TASKS_COMMAND_IDS.openRunFolder, rows[3]);
    assert.deepEqual(v.win.revealed, [path.join(v.root, '.okstra/tasks/pay/a/runs/2026-11-01-1')]);
    fs.rmSync(path.join(v.root, '.okstra/tasks/pay/a/runs/2026-11-05-1'), { recursive: true });
    await v.win.runCommand(TASKS_COMMAND_IDS.openRunFolder, rows[2]);
    assert.equal(v.win.revealed.length, 1);
    assert.equal(v.win.messages.at(-1)?.message, 'Run 2026-11-05-1 of pay/a has no folder on disk.');
  });

  it('New Run with This Team starts New Run on the task with the run’s type and team as the defaults', async () => {
    const [a] = await tasks(v);
    const rows = await runsOf(v, a!);
    await v.win.runCommand(TASKS_COMMAND_IDS.newRunWithTeam, rows[3]);
    await v.win.runCommand(TASKS_COMMAND_IDS.newRunWithTeam, rows[2]);
    assert.deepEqual(v.win.commands, [
      {
        id: COMMAND_IDS.newRun,
        args: [
          { fsPath: v.root },
          'pay/a',
          { defaults: { 'task-pick': 'pay/a', 'task-type': 'implementation-planning', 'team-pick': 'usual-panel' } },
        ],
      },
      {
        id: COMMAND_IDS.newRun,
        args: [
          { fsPath: v.root },
          'pay/a',
          { defaults: { 'task-pick': 'pay/a', 'task-type': 'implementation-planning', 'team-pick': 'run:2026-11-05-1' } },
        ],
      },
    ]);
  });
});
