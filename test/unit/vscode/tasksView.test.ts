// The Tasks view (src/vscode/tasks/tasksView.ts, tasksTree.ts) in plain Node with the fake window: its rows as tree
// items, the watcher that keeps them in step with the disk, its commands (registered through the one registrar)
// and the filter, and no synchronous file read while it computes the rows a person sees first (P9).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMMAND_IDS, CONTEXT_KEYS, TASKS_COMMAND_IDS, VIEW_IDS } from '../../../src/vscode/commandIds';
import type { BoardRow, GroupRow, TaskRow } from '../../../src/vscode/tasks/taskBoardModel';
import { cleanup, tmpDir, write } from '../workspace/helpers';
import { until } from './fakeWindow';
import { EXTENSION, openTasksView, type TasksView, useTasksView } from './tasksViewHarness';

function manifest(group: string, id: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ taskKey: `${group}/${id}`, taskGroup: group, taskId: id, title: `Title of ${id}`, ...extra }, null, 2);
}

function project(): string {
  const root = tmpDir('okstra-tasks-view-');
  write(root, '.okstra/config.yaml', 'projectId: p\n');
  write(root, '.okstra/tasks/pay/a/task-manifest.json', manifest('pay', 'a', { updatedAt: '2026-11-01T00:00:00Z' }));
  write(root, '.okstra/tasks/pay/a/brief.md', '# a\n');
  write(root, '.okstra/tasks/pay/b/task-manifest.json', manifest('pay', 'b', { updatedAt: '2026-11-20T00:00:00Z' }));
  write(root, '.okstra/tasks/ops/c/task-manifest.json', manifest('ops', 'c', { workflow: { currentPhase: 'implementation' } }));
  return root;
}

const openView = (root = project()): TasksView => openTasksView(root);

async function groups(v: TasksView): Promise<GroupRow[]> {
  return (await v.api.provider.getChildren()) as GroupRow[];
}

async function tasksOf(v: TasksView, group: string): Promise<TaskRow[]> {
  const g = (await groups(v)).find((r) => r.group === group)!;
  return (await v.api.provider.getChildren(g)) as TaskRow[];
}

describe('tasks view (fake window)', () => {
  let v: TasksView;
  useTasksView(project, (opened) => (v = opened));

  it('is the okstra.tasks tree view, registers every command of TASKS_COMMAND_IDS and nothing else', () => {
    assert.equal(v.win.tree(VIEW_IDS.tasks).source, v.api.provider);
    assert.deepEqual([...v.win.registered.keys()].sort(), Object.values(TASKS_COMMAND_IDS).sort());
    v.close();
    assert.deepEqual([...v.win.registered.keys()], [], 'disposed with the view');
  });

  it('shows the groups, then their tasks as tree items that open the brief', async () => {
    const roots = await groups(v);
    assert.deepEqual(
      roots.map((r) => [r.label, r.description]),
      [
        ['ops', '1 task'],
        ['pay', '2 tasks'],
      ],
    );
    assert.equal(v.win.contextKeys.get(CONTEXT_KEYS.tasksEmpty), false);
    assert.deepEqual(v.api.provider.getTreeItem(roots[1]!), {
      label: 'pay',
      id: roots[1]!.id,
      description: '2 tasks',
      contextValue: 'group',
      icon: 'folder',
      collapsible: 'collapsed',
    });
    const [b, a] = await tasksOf(v, 'pay');
    assert.deepEqual([b!.key, a!.key], ['pay/b', 'pay/a']);
    const item = v.api.provider.getTreeItem(a!);
    assert.equal(item.collapsible, 'none');
    assert.equal(item.contextValue, 'task');
    assert.deepEqual(item.command, { command: TASKS_COMMAND_IDS.openBrief, title: 'Open Brief', arguments: [a] });
  });

  it('follows the disk through its folder watcher: the changed group is refreshed, nothing else', async () => {
    assert.deepEqual(v.win.folderWatches(), [], 'nothing is watched before the first rows');
    await tasksOf(v, 'pay');
    assert.deepEqual(v.win.folderWatches(), [{ folderAbs: v.root, glob: '.okstra/**' }]);
    const fired: Array<BoardRow | undefined> = [];
    v.api.provider.onDidChangeTreeData((r) => fired.push(r));
    const file = write(v.root, '.okstra/tasks/pay/a/task-manifest.json', manifest('pay', 'a', { title: 'Edited' }));
    v.win.pathChanged(file);
    await v.api.provider.flush();
    const pay = (await groups(v)).find((r) => r.group === 'pay');
    assert.deepEqual(fired, [pay]);
    assert.ok((await tasksOf(v, 'pay')).some((r) => r.title === 'Edited'));
  });

  it('New Run and Resume on a row start the wizard commands with that task; without a row, as the palette does', async () => {
    const [b] = await tasksOf(v, 'pay');
    await v.win.runCommand(TASKS_COMMAND_IDS.newRun, b);
    await v.win.runCommand(TASKS_COMMAND_IDS.resume, { ...b, wizard: { statePath: '/s.wizard.json', status: 'unfinished' } });
    await v.win.runCommand(TASKS_COMMAND_IDS.newRun);
    await v.win.runCommand(TASKS_COMMAND_IDS.createTask);
    assert.deepEqual(v.win.commands, [
      { id: COMMAND_IDS.newRun, args: [{ fsPath: v.root }, 'pay/b'] },
      { id: COMMAND_IDS.resume, args: ['/s.wizard.json'] },
      { id: COMMAND_IDS.newRun, args: [] },
      { id: COMMAND_IDS.newRun, args: [{ fsPath: v.root }, 'new'] },
    ]);
  });

  it('Open Brief opens brief.md, or says there is none; Reveal shows the task folder', async () => {
    const [b, a] = await tasksOf(v, 'pay');
    await v.win.runCommand(TASKS_COMMAND_IDS.openBrief, a);
    assert.deepEqual(v.win.opened, [{ file: path.join(v.root, '.okstra/tasks/pay/a/brief.md'), preview: true, preserveFocus: false }]);
    await v.win.runCommand(TASKS_COMMAND_IDS.openBrief, b);
    assert.equal(v.win.messages.at(-1)?.message, 'pay/b has no brief.md yet.');
    await v.win.runCommand(TASKS_COMMAND_IDS.reveal, b);
    assert.deepEqual(v.win.revealed, [path.join(v.root, '.okstra/tasks/pay/b')]);
  });

  it('filters by text from its QuickPick, says so in its description and clears', async () => {
    v.win.quickPickAnswer = (items) => items[0];
    v.win.inputBoxAnswer = () => 'title of c';
    await v.win.runCommand(TASKS_COMMAND_IDS.filter);
    const view = v.win.tree(VIEW_IDS.tasks);
    assert.equal(view.description, '“title of c”');
    assert.equal(v.win.contextKeys.get(CONTEXT_KEYS.tasksFiltered), true);
    assert.deepEqual(
      (await groups(v)).map((r) => r.label),
      ['ops'],
    );
    v.api.provider.setFilter({ text: 'nothing is called so', phase: '', unfinishedOnly: false });
    assert.deepEqual(await groups(v), []);
    assert.equal(view.message, 'No task matches the filter.');
    await v.win.runCommand(TASKS_COMMAND_IDS.clearFilter);
    assert.equal(view.description, undefined);
    assert.equal(v.win.contextKeys.get(CONTEXT_KEYS.tasksFiltered), false);
    assert.equal((await groups(v)).length, 2);
    assert.equal(view.message, undefined);
  });

  it('filters by phase, from the phases of the tasks', async () => {
    v.win.quickPickAnswer = (items) => (items.length === 4 ? items[1] : items.find((i) => i.label === 'implementation'));
    await v.win.runCommand(TASKS_COMMAND_IDS.filter);
    assert.deepEqual(v.api.provider.filter, { text: '', phase: 'implementation', unfinishedOnly: false });
    assert.deepEqual(
      v.win.quickPicks[1]!.items.map((i) => i.label),
      ['(any phase)', 'implementation'],
    );
  });

  it('keeps the expanded groups for its poll', async () => {
    const [, pay] = await groups(v);
    const view = v.win.tree<BoardRow>(VIEW_IDS.tasks);
    view.expand(pay!);
    assert.deepEqual([...v.api.provider.expanded.values()], [{ rootAbs: v.root, group: 'pay' }]);
    assert.equal(v.api.provider.getTreeItem(pay!).collapsible, 'expanded');
    view.collapse(pay!);
    assert.equal(v.api.provider.expanded.size, 0);
  });

  it('copies the command line of the CLI it ships (the walkthrough)', async () => {
    await v.win.runCommand(TASKS_COMMAND_IDS.copyCliCommand);
    assert.equal(v.win.clipboard, `node ${JSON.stringify(path.join(EXTENSION, 'dist', 'cli.js'))}`);
    assert.match(v.win.messages.at(-1)!.message, /^Copied node /);
  });

  it('a command that fails shows its message (the registrar), never a raw exception', async () => {
    fs.rmSync(v.root, { recursive: true, force: true });
    const failing = { kind: 'task', key: 'x/y', rootAbs: v.root, group: 'x', taskId: 'y' };
    v.win.showTextDocument = async () => {
      throw new Error('the editor is gone');
    };
    write(v.root, '.okstra/tasks/x/y/brief.md', '#\n');
    const result = await v.win.runCommand(TASKS_COMMAND_IDS.openBrief, failing);
    assert.equal(result, undefined);
    assert.deepEqual(v.win.messages.at(-1), {
      severity: 'error',
      message: 'the editor is gone',
      modal: false,
      detail: undefined,
      buttons: [],
    });
  });

  it('P9: computes the rows a person sees first without a synchronous read of the disk', async () => {
    await tasksOf(v, 'pay'); // the board's modules are loaded now
    const fresh = openView(v.root);
    const calls: string[] = [];
    // The module object itself (an `import * as fs` binding reads through to it).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nodeFs = require('node:fs') as Record<string, unknown>;
    const saved = ['readdirSync', 'readFileSync', 'openSync', 'readSync', 'statSync', 'lstatSync', 'fstatSync'].map(
      (name) => [name, nodeFs[name]] as const,
    );
    try {
      for (const [name, real] of saved)
        nodeFs[name] = (...args: unknown[]) => {
          calls.push(`${name} ${String(args[0])}`);
          return (real as (...a: unknown[]) => unknown)(...args);
        };
      const roots = await groups(fresh);
      await fresh.api.provider.getChildren(roots[1]);
    } finally {
      for (const [name, real] of saved) nodeFs[name] = real;
      fresh.close();
    }
    assert.deepEqual(calls, []);
  });
});

describe('tasks view: workspace folders', () => {
  afterEach(cleanup);

  it('follows the folders of the workspace: a folder added is watched and listed', async () => {
    const v = openView();
    try {
      assert.equal((await groups(v)).length, 2);
      const other = project();
      v.win.setFolders([...v.win.folders, { name: 'q', rootAbs: other }]);
      await until('the second folder', () => v.win.folderWatches().length === 2);
      const roots = await v.api.provider.getChildren();
      assert.deepEqual(
        roots.map((r) => [r.kind, r.label, r.description]),
        [
          // The count says what it counts (it read "p 2").
          ['folder', 'p', '2 groups'],
          ['folder', 'q', '2 groups'],
        ],
      );
    } finally {
      v.close();
    }
  });

  it("a wizard's row names its step in words, with a count that fits (the demo's legacy file; a wizard without a place)", async () => {
    const root = tmpDir('okstra-tasks-demo-');
    fs.cpSync(path.join(EXTENSION, 'demo'), root, { recursive: true });
    const v = openView(root);
    try {
      const rows = await tasksOf(v, 'payments');
      const row = rows.find((r) => r.key === 'payments/refund-timeout')!;
      assert.ok(row.wizard?.status === 'unfinished', JSON.stringify(row.wizard));
      const at = /wizard at (.+?) \((\d+) of (\d+)\)/.exec(row.description);
      assert.ok(at, row.description);
      // The step as the prompt's title names it, never its id (`role-add:critic`, `brief-path`).
      assert.doesNotMatch(at[1]!, /^[a-z]+(-[a-z]+)*(:[a-z-]+)?$/, `a step id: ${at[1]}`);
      assert.ok(Number(at[2]) >= 1 && Number(at[2]) <= Number(at[3]), row.description);
    } finally {
      v.close();
    }
  });
});
