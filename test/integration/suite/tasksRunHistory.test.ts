// A task's run history in the Tasks view, in the real extension host: a task with runs opens on them (read through
// the workspace layer when it is expanded), newest first, a broken inputs.json still a row; Open Run Folder and New
// Run with This Team on a run row (the new wizard remembers the run's type and team as its defaults).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GroupRow, TaskRow } from '../../../src/vscode/tasks/taskBoardModel';
import type { RunRow } from '../../../src/vscode/tasks/runRows';
import { activeExtension, closePrompt, features, isQuickPick, nextInput, stepOf, waitFor } from './wizardMoreHelpers';

const GROUP = 'history';

describe('tasks view: run history', function () {
  this.timeout(120_000);
  let root: string;
  let dir: string;

  before(async () => {
    await activeExtension();
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    dir = path.join(root, '.okstra/tasks', GROUP, 'runs-task');
    assert.equal(fs.existsSync(path.join(root, '.okstra/tasks', GROUP)), false, `.okstra/tasks/${GROUP} is already in the workspace`);
    const runs = [
      {
        runId: '2026-11-02-1',
        taskType: 'error-analysis',
        status: 'completed',
        outcome: 'accepted',
        inputs: 'runs/2026-11-02-1/inputs.json',
      },
      { runId: '2026-11-09-1', taskType: 'error-analysis', status: 'failed', inputs: 'runs/2026-11-09-1/inputs.json' },
    ];
    fs.mkdirSync(path.join(dir, 'runs/2026-11-02-1'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'runs/2026-11-09-1'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'task-manifest.json'),
      JSON.stringify({ taskGroup: GROUP, taskId: 'runs-task', title: 'Runs task', updatedAt: '2026-11-09T00:00:00Z', runs }),
    );
    fs.writeFileSync(path.join(dir, 'brief.md'), '# Runs task\n');
    fs.writeFileSync(
      path.join(dir, 'runs/2026-11-02-1/inputs.json'),
      JSON.stringify({
        taskType: 'error-analysis',
        roleCounts: { analyser: 2, critic: 0 },
        roleModels: { analyser: ['claude/opus-4.5', 'codex/gpt-5.1-codex'] },
      }),
    );
    fs.writeFileSync(path.join(dir, 'runs/2026-11-09-1/inputs.json'), '{ not json');
    await vscode.commands.executeCommand('okstra.tasks.focus');
    await waitFor('the Tasks view to become visible', () => features().tasks.view.visible, 10_000);
  });

  after(async () => {
    await closePrompt().catch(() => undefined);
    fs.rmSync(path.join(root, '.okstra/tasks', GROUP), { recursive: true, force: true });
    for (const n of fs.readdirSync(path.join(root, '.okstra/tasks')))
      if (n.startsWith(GROUP)) fs.rmSync(path.join(root, '.okstra/tasks', n), { recursive: true, force: true });
  });

  /** The task's row, once the view lists it (the watcher saw the new group). */
  async function task(): Promise<TaskRow> {
    const provider = features().tasks.provider;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const g = (await provider.getChildren()).find((r): r is GroupRow => r.kind === 'group' && r.group === GROUP);
      const found = g ? ((await provider.getChildren(g)) as TaskRow[]).find((r) => r.taskId === 'runs-task') : undefined;
      if (found) return found;
      if (Date.now() > deadline) throw new Error('timed out waiting for the task with runs');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('a task with runs opens on them, newest first; a broken inputs.json still shows, in words', async () => {
    const t = await task();
    assert.equal(features().tasks.provider.getTreeItem(t).collapsible, 'collapsed');
    const runs = (await features().tasks.provider.getChildren(t)) as RunRow[];
    assert.deepEqual(
      runs.map((r) => [r.runId, r.description.replace(/^[^·]*· {2}/, '')]),
      [
        ['2026-11-09-1', 'inputs.json unreadable  ·  failed'],
        ['2026-11-02-1', '2 analysers  ·  accepted'],
      ],
    );
    assert.match(runs[0]!.tooltip, /invalid JSON/);
  });

  it('Open Run Folder and New Run with This Team on a run row', async () => {
    const [, run] = (await features().tasks.provider.getChildren(await task())) as RunRow[];
    await vscode.commands.executeCommand('okstra.tasks.openRunFolder', run);
    void vscode.commands.executeCommand('okstra.tasks.newRunWithTeam', run);
    const input = await nextInput();
    assert.equal(stepOf(input), 'task-type', 'the row answered task-pick');
    assert.ok(isQuickPick(input));
    assert.equal((input.activeItems[0] as { model?: { value?: string } } | undefined)?.model?.value, 'error-analysis');
    assert.equal(features().wizard.session?.wizard.state.remembered_answers?.['team-pick'], 'run:2026-11-02-1');
  });
});
