// The Tasks view without VS Code: rows from the catalogue (taskBoardModel),
// the asynchronous board and its invalidation by watcher events (taskBoard),
// the tree with its filter and grouping (boardTree), the wizard marks (wizardProbe).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TaskEntry } from '../../../src/core/ports';
import { en } from '../../../src/core/text/en';
import { taskPickerLabel } from '../../../src/core/wizard/workspaceRules';
import { TaskCatalogue } from '../../../src/workspace/catalogue';
import { createEnvironment } from '../../../src/workspace/environment';
import { BoardTree } from '../../../src/vscode/tasks/boardTree';
import { StampPoller, TaskBoard, type WizardProbe } from '../../../src/vscode/tasks/taskBoard';
import {
  describeFilter,
  matchesFilter,
  NO_FILTER,
  phasesOf,
  taskRow,
  type GroupRow,
  type TaskRow,
  type WizardMark,
} from '../../../src/vscode/tasks/taskBoardModel';
import { EngineWizardProbe } from '../../../src/vscode/tasks/wizardProbe';
import { cleanup, PROFILES, REPO_ROOT, tmpDir, write } from '../workspace/helpers';

const folder = { rootAbs: '/p', name: 'p' };

function entry(group: string, id: string, manifest: Record<string, unknown>): TaskEntry {
  return { key: `${group}/${id}`, group, id, manifest: { taskGroup: group, taskId: id, ...manifest } };
}

function manifestText(group: string, id: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ taskKey: `${group}/${id}`, taskGroup: group, taskId: id, title: `Title of ${id}`, ...extra }, null, 2);
}

const engineProbe = (): EngineWizardProbe =>
  new EngineWizardProbe({
    builtinProfilesDir: PROFILES,
    texts: () => en,
    environment: () =>
      createEnvironment({ env: { PATH: '' }, settingPaths: {}, terminalBackend: 'vscode-terminal', userModelDefaults: null }),
  });

/** A probe that counts its calls and says "unfinished at <id>". */
function countingProbe(): { probe: WizardProbe; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    probe: async (file) => {
      calls.push(path.basename(file));
      return { statePath: file, status: 'unfinished', step: 'task-type', n: 2, total: 9 };
    },
  };
}

describe('tasks view model (taskBoardModel)', () => {
  it('R-NPH-1: a row shows the next phase as the picker does, with its status unless ready', () => {
    const pending = taskRow(
      folder,
      entry('g', 'a', {
        workflow: { currentPhase: 'implementation', nextRecommendedPhase: { phase: 'final-verification', status: 'pending' } },
      }),
      undefined,
    );
    assert.equal(pending.next, 'final-verification (pending)');
    assert.equal(pending.nextPhase, 'final-verification');
    assert.match(pending.description, /implementation {2}· {2}next: final-verification \(pending\)/);
    const ready = taskRow(folder, entry('g', 'b', { workflow: { nextRecommendedPhase: 'implementation' } }), undefined);
    assert.equal(ready.next, 'implementation');
    assert.equal(taskRow(folder, entry('g', 'c', {}), undefined).next, '--');
  });

  it("the current phase is the picker's: currentPhase, else the last run's type", () => {
    const e = entry('g', 'a', { runs: [{ runId: 'r1', taskType: 'error-analysis' }] });
    assert.equal(taskRow(folder, e, undefined).phase, 'error-analysis');
    assert.match(taskPickerLabel(e, false), /· {2}error-analysis {2}·/);
  });

  it("shows the title, the reviewer's verdict, the wizard step and the last exit code", () => {
    const wizard: WizardMark = {
      statePath: '/p/.okstra/tasks/g/a.wizard.json',
      status: 'unfinished',
      step: 'role-count',
      n: 4,
      total: 9,
      lastRun: { exitCode: 3, startedAt: '2026-11-30T10:00:00Z' },
    };
    const row = taskRow(folder, entry('g', 'a', { title: 'Refunds time out', contract: { outcome: 'revision-requested' } }), wizard);
    // The key under its group is the label (readable in a 200 px sidebar); the title leads the description.
    assert.equal(row.label, 'a');
    assert.match(row.description, /^Refunds time out {2}· {2}/);
    assert.equal(row.verdict, 'revision-requested');
    assert.match(row.description, /verdict: revision-requested {2}· {2}wizard at role-count \(4 of 9\) {2}· {2}exit 3$/);
    assert.equal(row.contextValue, 'task unfinished');
    assert.equal(row.icon, 'debug-pause');
    assert.match(row.tooltip, /Last run: exit 3/);
  });

  it('a wizard whose place is not known has no count (never "7 of 0")', () => {
    const wizard: WizardMark = { statePath: 's', status: 'unfinished', step: 'Brief', n: 7, total: 0 };
    const row = taskRow(folder, entry('g', 'a', {}), wizard);
    assert.match(row.description, /wizard at Brief$/);
  });

  it("a finished wizard is no resume mark; its last run's exit code picks the icon", () => {
    const ok = taskRow(folder, entry('g', 'a', {}), { statePath: 's', status: 'confirmed', lastRun: { exitCode: 0, startedAt: 't' } });
    assert.equal(ok.contextValue, 'task');
    assert.equal(ok.icon, 'pass');
    const failed = taskRow(folder, entry('g', 'a', {}), { statePath: 's', status: 'confirmed', lastRun: { exitCode: 1, startedAt: 't' } });
    assert.equal(failed.icon, 'error');
    assert.match(
      taskRow(folder, entry('g', 'a', {}), { statePath: 's', status: 'confirmed', lastRun: { exitCode: null, startedAt: 't' } })
        .description,
      /exit \?$/,
    );
  });

  it('an unreadable manifest is a row with its error, without New Run', () => {
    const row = taskRow(
      folder,
      { key: 'g/bad', group: 'g', id: 'bad', manifest: null, error: 'bad.json: line 1: unexpected end' },
      undefined,
    );
    assert.equal(row.contextValue, 'task unreadable');
    assert.match(row.description, /unreadable manifest: bad\.json/);
    assert.equal(row.icon, 'error');
  });

  it('filters by words (all of them), by current phase, by an unfinished wizard', () => {
    const rows: TaskRow[] = [
      taskRow(folder, entry('pay', 'refund-timeout', { title: 'Refunds time out', workflow: { currentPhase: 'error-analysis' } }), {
        statePath: 's',
        status: 'unfinished',
        step: 'brief',
      }),
      taskRow(folder, entry('pay', 'refund-queue', { title: 'Queue refunds', workflow: { currentPhase: 'implementation' } }), undefined),
      taskRow(folder, entry('ledger', 'fx', { title: 'FX cache', workflow: { currentPhase: 'implementation' } }), {
        statePath: 's',
        status: 'aborted',
      }),
    ];
    const keys = (f: Partial<typeof NO_FILTER>) => rows.filter((r) => matchesFilter(r, { ...NO_FILTER, ...f })).map((r) => r.key);
    assert.deepEqual(keys({}), ['pay/refund-timeout', 'pay/refund-queue', 'ledger/fx']);
    assert.deepEqual(keys({ text: 'REFUND queue' }), ['pay/refund-queue']);
    assert.deepEqual(keys({ phase: 'implementation' }), ['pay/refund-queue', 'ledger/fx']);
    assert.deepEqual(keys({ unfinishedOnly: true }), ['pay/refund-timeout']);
    assert.deepEqual(keys({ text: 'refund', phase: 'implementation' }), ['pay/refund-queue']);
    assert.deepEqual(phasesOf(rows), ['error-analysis', 'implementation']);
    assert.equal(
      describeFilter({ text: ' refund ', phase: 'implementation', unfinishedOnly: true }),
      '“refund” · phase implementation · unfinished wizards',
    );
    assert.equal(describeFilter(NO_FILTER), '');
  });
});

describe('tasks view board (taskBoard, boardTree)', () => {
  afterEach(cleanup);

  function project(): string {
    const root = tmpDir('okstra-board-');
    write(root, '.okstra/config.yaml', 'projectId: p\n');
    write(root, '.okstra/tasks/pay/a/task-manifest.json', manifestText('pay', 'a', { updatedAt: '2026-11-01T00:00:00Z' }));
    write(root, '.okstra/tasks/pay/b/task-manifest.json', manifestText('pay', 'b', { updatedAt: '2026-11-20T00:00:00Z' }));
    write(root, '.okstra/tasks/pay/bad/task-manifest.json', '{ "taskGroup": ');
    fs.mkdirSync(path.join(root, '.okstra/tasks/pay/no-manifest'), { recursive: true });
    write(root, '.okstra/tasks/ops/c/task-manifest.json', manifestText('ops', 'c'));
    return root;
  }

  it("lists the same tasks, in the same order and with the same errors, as the task picker's catalogue", async () => {
    const root = project();
    const board = new TaskBoard([{ name: 'p', rootAbs: root }], countingProbe().probe);
    const f = board.allFolders()[0]!;
    assert.deepEqual(await board.groups(f), ['ops', 'pay']);
    const tasks = await board.tasks(f, 'pay');
    const catalogue = new TaskCatalogue(root).tasks().filter((e) => e.group === 'pay');
    assert.deepEqual(
      tasks.map((t) => t.entry.key),
      ['pay/b', 'pay/a', 'pay/bad'],
    );
    assert.deepEqual(
      tasks.map((t) => t.entry),
      ['pay/b', 'pay/a', 'pay/bad'].map((k) => catalogue.find((e) => e.key === k)),
    );
  });

  it("lists what the picker's catalogue lists: a folder or a FIFO named task-manifest.json, with why; reads a manifest bigger than its buffer", async function () {
    const root = project();
    fs.mkdirSync(path.join(root, '.okstra/tasks/pay/dir-manifest/task-manifest.json'), { recursive: true });
    const fifo = path.join(root, '.okstra/tasks/pay/fifo/task-manifest.json');
    fs.mkdirSync(path.dirname(fifo), { recursive: true });
    const made = spawnSync('mkfifo', [fifo]);
    write(root, '.okstra/tasks/pay/big/task-manifest.json', manifestText('pay', 'big', { notes: 'x'.repeat(100_000) }));
    const board = new TaskBoard([{ name: 'p', rootAbs: root }], countingProbe().probe);
    const keys = (await board.tasks(board.allFolders()[0]!, 'pay')).map((t) => t.entry.key).sort();
    const catalogue = new TaskCatalogue(root)
      .tasks()
      .filter((e) => e.group === 'pay')
      .map((e) => e.key)
      .sort();
    assert.deepEqual(keys, catalogue);
    const byKey = new Map((await board.tasks(board.allFolders()[0]!, 'pay')).map((t) => [t.entry.key, t.entry]));
    assert.ok(keys.includes('pay/big'));
    assert.match(byKey.get('pay/dir-manifest')!.error ?? '', /task-manifest\.json: not a regular file \(a directory\)/);
    if (made.status === 0) assert.match(byKey.get('pay/fifo')!.error ?? '', /not a regular file/);
  });

  it('reads a group only when it is expanded, and a state file only when it exists', async () => {
    const root = project();
    write(root, '.okstra/tasks/pay/a.wizard.json', '{}');
    const { probe, calls } = countingProbe();
    const tree = new BoardTree(new TaskBoard([{ name: 'p', rootAbs: root }], probe));
    const roots = (await tree.children(undefined)) as GroupRow[];
    assert.deepEqual(
      roots.map((r) => [r.label, r.description]),
      [
        ['ops', '1 task'],
        ['pay', '4 tasks'],
      ],
    );
    assert.deepEqual(calls, []);
    const rows = (await tree.children(roots[1])) as TaskRow[];
    assert.deepEqual(
      rows.map((r) => [r.key, r.contextValue]),
      [
        ['pay/b', 'task'],
        ['pay/a', 'task unfinished'],
        ['pay/bad', 'task unreadable'],
      ],
    );
    assert.deepEqual(calls, ['a.wizard.json']);
    await tree.children(roots[1]);
    assert.deepEqual(calls, ['a.wizard.json'], 'read once');
  });

  it('follows the disk: what a watcher reports is read again, nothing else', async () => {
    const root = project();
    const { probe, calls } = countingProbe();
    const tree = new BoardTree(new TaskBoard([{ name: 'p', rootAbs: root }], probe));
    const [, pay] = (await tree.children(undefined)) as GroupRow[];
    await tree.children(pay);
    const file = write(root, '.okstra/tasks/pay/a/task-manifest.json', manifestText('pay', 'a', { title: 'Edited' }));
    // Without a watcher event the cached row stays (the view's watcher keeps it right).
    assert.ok(!((await tree.children(pay)) as TaskRow[]).some((r) => r.title === 'Edited'));
    const refreshed = await tree.changed(file);
    assert.equal(refreshed, pay, 'the same group row, refreshed in place');
    assert.ok(((await tree.children(pay)) as TaskRow[]).some((r) => r.title === 'Edited'));
    // A new task folder: the group's count changes.
    write(root, '.okstra/tasks/pay/d/task-manifest.json', manifestText('pay', 'd'));
    assert.equal(await tree.changed(path.join(root, '.okstra/tasks/pay/d')), pay);
    assert.equal(pay.description, '5 tasks');
    // A wizard file appears: its mark, and the group's count of unfinished wizards.
    const state = write(root, '.okstra/tasks/pay/d.wizard.json', '{}');
    await tree.changed(state);
    assert.equal(pay.description, '5 tasks  ·  1 unfinished wizard');
    assert.deepEqual(calls, ['d.wizard.json']);
    // A brief or a run folder changes nothing shown; a new group refreshes the whole view.
    assert.equal(await tree.changed(path.join(root, '.okstra/tasks/pay/a/brief.md')), null);
    assert.equal(await tree.changed(path.join(root, '.okstra/tasks/new-group')), undefined);
  });

  it("the poll catches what a watcher missed: a new state file or task folder through the group folder's stamp, an edited manifest of an open group", async () => {
    const root = project();
    const { probe, calls } = countingProbe();
    const tree = new BoardTree(new TaskBoard([{ name: 'p', rootAbs: root }], probe));
    const [, pay] = (await tree.children(undefined)) as GroupRow[];
    await tree.children(pay);
    const poller = new StampPoller();
    const targets = () => tree.board.pollTargets([{ rootAbs: root, group: 'pay' }]);
    assert.ok(targets().includes(path.join(root, '.okstra/tasks/pay/a/task-manifest.json')), "the open group's manifests are polled");
    assert.ok(!targets().some((t) => t.includes(`${path.sep}ops${path.sep}`)), "a closed group's manifests are not");
    assert.deepEqual(await poller.changed(targets()), [], 'the first poll takes the stamps');
    // A state file appears (the store writes it by rename: the group folder's stamp changes) and a manifest is
    // edited; their times are set a minute ahead, so that the stamps differ whatever the clock's resolution.
    write(root, '.okstra/tasks/pay/b.wizard.json', '{}');
    const manifest = write(root, '.okstra/tasks/pay/a/task-manifest.json', manifestText('pay', 'a', { title: 'Polled' }));
    const later = new Date(Date.now() + 60_000);
    for (const p of [path.join(root, '.okstra/tasks/pay'), manifest]) fs.utimesSync(p, later, later);
    const changed = await poller.changed(targets());
    assert.deepEqual(changed, [path.join(root, '.okstra/tasks/pay'), manifest].sort());
    for (const p of changed) await tree.polled(p);
    const rows = (await tree.children(pay)) as TaskRow[];
    assert.ok(
      rows.some((r) => r.key === 'pay/b' && r.contextValue === 'task unfinished'),
      'the new wizard mark',
    );
    assert.ok(
      rows.some((r) => r.title === 'Polled'),
      'the edited manifest',
    );
    assert.deepEqual(calls, ['b.wizard.json']);
    assert.equal(pay.description, '4 tasks  ·  1 unfinished wizard');
  });

  it('a filter shows the matching tasks of every group, expanded, and hides the others', async () => {
    const root = project();
    const tree = new BoardTree(new TaskBoard([{ name: 'p', rootAbs: root }], countingProbe().probe));
    tree.setFilter({ text: 'title of c', phase: '', unfinishedOnly: false });
    const roots = (await tree.children(undefined)) as GroupRow[];
    assert.deepEqual(
      roots.map((r) => [r.label, r.description, r.filtered]),
      [['ops', '1/1', true]],
    );
    assert.deepEqual(
      ((await tree.children(roots[0])) as TaskRow[]).map((r) => r.key),
      ['ops/c'],
    );
    tree.setFilter({ text: 'nothing like this', phase: '', unfinishedOnly: false });
    assert.deepEqual(await tree.children(undefined), []);
  });

  it('a multi-root workspace shows one row per folder that has tasks', async () => {
    const a = project();
    const b = tmpDir('okstra-board-b-');
    const c = tmpDir('okstra-board-c-');
    write(b, '.okstra/tasks/web/x/task-manifest.json', manifestText('web', 'x'));
    const tree = new BoardTree(
      new TaskBoard(
        [
          { name: 'a', rootAbs: a },
          { name: 'b', rootAbs: b },
          { name: 'c', rootAbs: c },
        ],
        countingProbe().probe,
      ),
    );
    const roots = await tree.children(undefined);
    assert.deepEqual(
      roots.map((r) => [r.kind, r.label]),
      [
        ['folder', 'a'],
        ['folder', 'b'],
      ],
    );
    assert.deepEqual(
      (await tree.children(roots[1])).map((r) => r.label),
      ['web'],
    );
  });

  it('an empty project has no rows (the view shows its welcome)', async () => {
    const tree = new BoardTree(new TaskBoard([{ name: 'e', rootAbs: tmpDir('okstra-empty-') }], countingProbe().probe));
    assert.deepEqual(await tree.children(undefined), []);
  });

  it("the demo's unfinished wizard is marked with the step Resume would show", async () => {
    const root = tmpDir('okstra-demo-');
    fs.cpSync(path.join(REPO_ROOT, 'demo'), root, { recursive: true });
    const probe = engineProbe();
    const board = new TaskBoard([{ name: 'demo', rootAbs: root }], probe.probe);
    const tasks = await board.tasks(board.allFolders()[0]!, 'payments');
    const timeout = tasks.find((t) => t.entry.id === 'refund-timeout');
    assert.equal(timeout?.wizard?.status, 'unfinished');
    // In words, as the prompt's title names it (was the step's id, `role-add:critic`).
    assert.match(timeout?.wizard?.step ?? '', /^[A-Z]/);
    assert.doesNotMatch(timeout?.wizard?.step ?? '', /^[a-z-]+(:[a-z-]+)?$/);
    assert.ok((timeout?.wizard?.n ?? 0) > 0 && (timeout?.wizard?.total ?? 0) >= (timeout?.wizard?.n ?? 0));
    assert.ok(tasks.filter((t) => t.entry.id !== 'refund-timeout').every((t) => t.wizard === undefined));
    const bytes = fs.readFileSync(path.join(root, '.okstra/tasks/payments/refund-timeout.wizard.json'));
    assert.deepEqual(fs.readFileSync(path.join(REPO_ROOT, 'demo/.okstra/tasks/payments/refund-timeout.wizard.json')), bytes, 'read only');
  });

  it('an unreadable state file is a mark with its error, not a failure', async () => {
    const root = project();
    write(root, '.okstra/tasks/pay/a.wizard.json', '{ not json');
    const mark = engineProbe().mark(path.join(root, '.okstra/tasks/pay/a.wizard.json'), { name: 'p', rootAbs: root });
    assert.equal(mark.status, 'unreadable');
    assert.match(mark.error ?? '', /a\.wizard\.json/);
  });
});
