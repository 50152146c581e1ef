// The Tasks view (src/vscode/tasks/) in the real extension host: its rows for tasks on disk, a change on disk
// followed through the file watcher, and its actions (New Run with the task picked, Resume, Open Brief, the
// filter, Create a Task…).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TasksViewApi } from '../../../src/vscode/tasks/tasksView';
import type { BoardRow, GroupRow, TaskRow } from '../../../src/vscode/tasks/taskBoardModel';
import { activeExtension, closePrompt, features, nextInput, stepOf, waitFor } from './wizardMoreHelpers';

const GROUP = 'board';

function tasksApi(): TasksViewApi {
  return features().tasks;
}

function writeTask(root: string, id: string, manifest: Record<string, unknown>): void {
  const dir = path.join(root, '.okstra/tasks', GROUP, id);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'task-manifest.json'),
    `${JSON.stringify({ taskKey: `${GROUP}/${id}`, taskGroup: GROUP, taskId: id, ...manifest }, null, 2)}\n`,
  );
  fs.writeFileSync(path.join(dir, 'brief.md'), `---\ntitle: ${id}\n---\n# ${id}\n`);
}

async function groupRow(): Promise<GroupRow | undefined> {
  const roots = await tasksApi().provider.getChildren();
  return roots.find((r): r is GroupRow => r.kind === 'group' && r.group === GROUP);
}

async function taskRows(): Promise<TaskRow[]> {
  const g = await groupRow();
  return g ? ((await tasksApi().provider.getChildren(g)) as TaskRow[]) : [];
}

/** Polls the view's rows until `probe` finds what it waits for (the watcher refreshes them asynchronously). */
async function waitForRows<T>(what: string, probe: (rows: TaskRow[]) => T | undefined | false): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = probe(await taskRows());
    if (v) return v;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}; rows: ${JSON.stringify((await taskRows()).map((r) => [r.key, r.label, r.description]))}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('tasks view', function () {
  this.timeout(120_000);
  let root: string;

  before(async () => {
    await activeExtension();
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    assert.equal(fs.existsSync(path.join(root, '.okstra/tasks', GROUP)), false, `.okstra/tasks/${GROUP} is already in the workspace`);
    writeTask(root, 'alpha', {
      title: 'Alpha refunds',
      updatedAt: '2026-11-30T10:00:00Z',
      workflow: { currentPhase: 'implementation', nextRecommendedPhase: { phase: 'final-verification', status: 'pending' } },
      contract: { outcome: 'revision-requested' },
    });
    writeTask(root, 'beta', {
      title: 'Beta ledger',
      updatedAt: '2026-11-29T10:00:00Z',
      workflow: { currentPhase: 'error-analysis', nextRecommendedPhase: 'implementation-planning' },
    });
    await vscode.commands.executeCommand('okstra.tasks.focus');
    await waitFor('the Tasks view to become visible', () => tasksApi().view.visible, 10_000);
  });

  after(async () => {
    await closePrompt().catch(() => undefined);
    tasksApi().provider.setFilter({ text: '', phase: '', unfinishedOnly: false });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(path.join(root, '.okstra/tasks', GROUP), { recursive: true, force: true });
    for (const n of fs.readdirSync(path.join(root, '.okstra/tasks')))
      if (n.startsWith(GROUP)) fs.rmSync(path.join(root, '.okstra/tasks', n), { recursive: true, force: true });
  });

  afterEach(async () => {
    await closePrompt().catch(() => undefined);
  });

  it('is contributed beside the Wizard view and shows a row per task with phase, next phase, verdict', async () => {
    const views = (
      vscode.extensions.getExtension('okstra.okstra-wizard')!.packageJSON.contributes.views.okstra as Array<{ id: string }>
    ).map((v) => v.id);
    assert.deepEqual(views, ['okstra.wizard', 'okstra.tasks']);
    const rows = await waitForRows('the two tasks', (r) => r.length === 2 && r);
    assert.deepEqual(
      rows.map((r) => r.key),
      ['board/alpha', 'board/beta'],
      'catalogue order: newest first',
    );
    const [alpha, beta] = rows;
    // The task's key is its row (readable in a narrow sidebar); its title leads the description.
    assert.equal(alpha.label, 'alpha');
    assert.match(
      alpha.description,
      /^Alpha refunds {2}· {2}implementation {2}· {2}next: final-verification \(pending\) {2}· {2}verdict: revision-requested/,
    );
    assert.match(beta.description, /error-analysis {2}· {2}next: implementation-planning/);
    const item = tasksApi().provider.getTreeItem(alpha);
    assert.equal(item.contextValue, 'task');
    assert.equal(item.command?.command, 'okstra.tasks.openBrief');
    assert.match((await groupRow())!.description, /^2 tasks/);
  });

  it('follows a change on disk (its file watcher, and a poll for what the watcher misses)', async () => {
    // The group open in the view, as a user has it.
    await tasksApi().view.reveal((await groupRow())!, { expand: true });
    await waitFor('the group to be expanded', () => tasksApi().provider.expanded.size > 0);
    // One poll of the open group takes the stamps of its files as they are now (the view polls on a timer too).
    await tasksApi().provider.poll();
    const file = path.join(root, '.okstra/tasks', GROUP, 'beta', 'task-manifest.json');
    const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    m.title = 'Beta ledger, edited';
    m.workflow = { currentPhase: 'implementation-planning', nextRecommendedPhase: { phase: 'implementation', status: 'blocked' } };
    fs.writeFileSync(file, `${JSON.stringify(m, null, 2)}\n`);
    const beta = await waitForRows('the edited title', (rows) =>
      rows.find((r) => r.key === 'board/beta' && r.description.startsWith('Beta ledger, edited')),
    );
    assert.match(beta.description, /implementation-planning {2}· {2}next: implementation \(blocked\)/);
    // A new task folder appears in its group.
    writeTask(root, 'gamma', { title: 'Gamma', updatedAt: '2026-11-01T00:00:00Z' });
    await waitForRows('the new task', (rows) => rows.some((r) => r.key === 'board/gamma'));
    assert.match((await groupRow())!.description, /^3 tasks/);
  });

  it('New Run on a row starts the wizard with that task picked; the row then shows its unfinished wizard and Resume opens it', async () => {
    const alpha = (await taskRows()).find((r) => r.key === 'board/alpha')!;
    void vscode.commands.executeCommand('okstra.tasks.newRun', alpha);
    const input = await nextInput();
    assert.notEqual(stepOf(input), 'task-pick', 'task-pick is answered by the row');
    assert.equal(features().wizard.session?.wizard.taskKey, 'board/alpha');
    const step = stepOf(input);
    await closePrompt();
    const marked = await waitForRows('the unfinished-wizard mark', (rows) =>
      rows.find((r) => r.key === 'board/alpha' && r.contextValue.includes('unfinished') && r.wizard?.step),
    );
    // In words, as the prompt's title names it (never the step's id).
    assert.equal(
      marked.wizard?.step,
      input.title
        ?.split(' › ')
        .pop()
        ?.replace(/ {2}\(.*\)$/, ''),
      `the step ${step} in words`,
    );
    assert.equal(marked.wizard?.statePath, path.join(root, '.okstra/tasks', GROUP, 'alpha.wizard.json'));
    assert.ok(marked.description.includes(`wizard at ${marked.wizard?.step} (`), marked.description);
    // Resume (an inline action of the row) opens the same wizard at the same step.
    void vscode.commands.executeCommand('okstra.tasks.resume', marked);
    const resumed = await nextInput(input);
    assert.equal(stepOf(resumed), step);
    assert.equal(features().wizard.session?.wizard.statePath, marked.wizard?.statePath);
  });

  it("Open Brief opens the task's brief.md", async () => {
    const beta = (await taskRows()).find((r) => r.key === 'board/beta')!;
    await vscode.commands.executeCommand('okstra.tasks.openBrief', beta);
    const brief = path.join(root, '.okstra/tasks', GROUP, 'beta', 'brief.md');
    await waitFor('the brief editor', () => vscode.window.activeTextEditor?.document.uri.fsPath === brief);
  });

  it('filters by text and by an unfinished wizard, and says so in its description', async () => {
    const api = tasksApi();
    api.provider.setFilter({ text: 'beta', phase: '', unfinishedOnly: false });
    await waitFor('the filter description', () => api.view.description?.includes('beta'));
    assert.deepEqual(
      (await taskRows()).map((r) => r.key),
      ['board/beta'],
    );
    api.provider.setFilter({ text: '', phase: '', unfinishedOnly: true });
    const keys = (await taskRows()).map((r) => r.key);
    assert.ok(keys.includes('board/alpha') && !keys.includes('board/beta'), keys.join(', '));
    api.provider.setFilter({ text: 'no task is called like this', phase: '', unfinishedOnly: false });
    const roots: BoardRow[] = await api.provider.getChildren();
    assert.deepEqual(roots, []);
    await waitFor('the no-match message', () => api.view.message);
    await vscode.commands.executeCommand('okstra.tasks.clearFilter');
    await waitFor('the description to clear', () => api.view.description === undefined || api.view.description === '');
    assert.equal((await taskRows()).length, 3);
  });

  it("Create a Task… (the welcome's button) starts New Run at + New task…", async () => {
    void vscode.commands.executeCommand('okstra.tasks.createTask');
    const input = await nextInput();
    assert.equal(stepOf(input), 'task-new');
  });
});
