// The Tasks view in a multi-root workspace: one row per folder that has tasks, its groups under it, and New Run on a
// row starts the wizard in that row's folder, which the Wizard view and the status bar name. Runs in the runner's multi-root pass only (test/integration/index.ts).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TasksViewApi } from '../../../src/vscode/tasks/tasksView';
import type { BoardRow, TaskRow } from '../../../src/vscode/tasks/taskBoardModel';
import { activeExtension, closePrompt, features, nextInput, stepOf, waitFor } from './wizardMoreHelpers';

function tasksApi(): TasksViewApi {
  return features().tasks;
}

function writeTask(root: string, group: string, id: string, title: string): void {
  const dir = path.join(root, '.okstra/tasks', group, id);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'task-manifest.json'),
    `${JSON.stringify({ taskKey: `${group}/${id}`, taskGroup: group, taskId: id, title }, null, 2)}\n`,
  );
}

describe('multi-root workspace: tasks view', function () {
  this.timeout(60_000);
  let alpha = '';
  let beta = '';

  before(async () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    // The runner opens this suite on test/fixtures/vscode-multi-root only (test/integration/index.ts).
    assert.ok(folders.length >= 2, `a multi-root workspace is open (folders: ${folders.map((f) => f.name).join(', ')})`);
    await activeExtension();
    alpha = folders[0].uri.fsPath;
    beta = folders[1].uri.fsPath;
    writeTask(alpha, 'board-a', 'one', 'Alpha one');
    writeTask(beta, 'board-b', 'two', 'Beta two');
    tasksApi().provider.reload();
  });

  after(async () => {
    if (!alpha) return;
    await closePrompt().catch(() => undefined);
    fs.rmSync(path.join(alpha, '.okstra/tasks/board-a'), { recursive: true, force: true });
    fs.rmSync(path.join(beta, '.okstra/tasks/board-b'), { recursive: true, force: true });
  });

  it("shows a row per folder with its groups, and New Run on a row starts in that row's folder", async () => {
    const provider = tasksApi().provider;
    let roots: BoardRow[] = [];
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      roots = await provider.getChildren();
      if (roots.length === 2) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // The folder row's count says what it counts (never a bare number beside the folder's name).
    assert.deepEqual(
      roots.map((r) => [r.kind, r.label, r.description]),
      [
        ['folder', 'alpha', '1 group'],
        ['folder', 'beta', '1 group'],
      ],
    );
    const [group] = await provider.getChildren(roots[1]);
    assert.equal(group.label, 'board-b');
    const [row] = (await provider.getChildren(group)) as TaskRow[];
    assert.equal(row.key, 'board-b/two');
    assert.equal(row.rootAbs, beta);
    void vscode.commands.executeCommand('okstra.tasks.newRun', row);
    const input = await nextInput();
    assert.notEqual(stepOf(input), 'task-pick');
    await waitFor('the wizard of beta', () => features().wizard.session?.wizard.taskKey === 'board-b/two');
    assert.equal(features().wizard.session?.projectRootAbs, beta);
  });

  it("names the wizard's folder in the Wizard view's title row and in the status-bar item", async () => {
    // The wizard the previous test started in beta from its Tasks view row, its prompt open.
    await waitFor('the wizard of beta', () => features().wizard.session?.wizard.taskKey === 'board-b/two');
    await waitFor('the view names beta', () => features().wizardView.description === 'beta');
    assert.match(features().wizard.statusBar.text, /okstra: beta · board-b\/two — /);
  });
});
