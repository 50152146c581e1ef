// The `okstra.tasks` view: every task of every `.okstra` folder of the workspace, grouped by task group
// (boardTree.ts, shown by tasksTree.ts), with New Run, Resume, Open Brief and Reveal in Explorer on each task, Open
// Run Folder, New Run with This Team, Compare Runs and Compare with… on its runs (compareRuns.ts), and a filter. Everything goes through the window seam (host/window.ts) and the one command registrar, so the view and
// its commands are unit-tested in plain Node with the fake window. Registered by features.ts; cheap at activation
// (P4): the board, the workspace layer and the engine are loaded when the view first asks for rows.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMMAND_IDS, CONTEXT_KEYS, TASKS_COMMAND_IDS, VIEW_IDS } from '../commandIds';
import { registerCommands, type CommandHandler } from '../host/commandRegistrar';
import type { Disposable, HostTreeView, HostWindow, Log } from '../host/window';
import type { EnvironmentSource } from '../../host/environment';
import { TasksTree, type BoardParts } from './tasksTree';
import { compareRunsCommands } from './compareRuns';
import type { BoardFolder } from './taskBoard';
import type { BoardRow, FilterTexts, TaskFilter, TaskRow, TaskRowTexts } from './taskBoardModel';
import type { RunRow, RunRowTexts } from './runRows';

/** How often the view checks the disk for what the watcher may have missed (while it is visible). */
const POLL_MS = 2000;

/** What the integration tests reach (extension.exports.features.tasks). */
export interface TasksViewApi {
  readonly view: HostTreeView<BoardRow>;
  readonly provider: TasksTree;
}

interface TasksViewDeps {
  host: HostWindow;
  log: Log;
  /** The extension's folder: the built-in profiles, and the CLI the walkthrough's button copies. */
  extensionPath: string;
  /** What the environment of a folder's wizard marks is built from (settings/settings.ts environmentSource). */
  environment(rootAbs: string): EnvironmentSource;
  /** Hears each of the view's commands as it starts (the walkthrough's check marks). */
  commandRan?(id: string): void;
}

/* eslint-disable @typescript-eslint/no-require-imports -- the board's modules load with the view's first rows (P4) */
function openBoard(deps: TasksViewDeps, folders: BoardFolder[], texts: TaskRowTexts, runTexts: RunRowTexts): BoardParts {
  const { TaskBoard } = require('./taskBoard') as typeof import('./taskBoard');
  const { BoardTree } = require('./boardTree') as typeof import('./boardTree');
  const { EngineWizardProbe } = require('./wizardProbe') as typeof import('./wizardProbe');
  const { textsFor } = require('../../core/text') as typeof import('../../core/text');
  const { EnvironmentCache } = require('../../host/environment') as typeof import('../../host/environment');
  const environments = new EnvironmentCache();
  const probe = new EngineWizardProbe({
    builtinProfilesDir: path.join(deps.extensionPath, 'profiles'),
    texts: () => textsFor(deps.host.language()),
    environment: (rootAbs) => environments.port(deps.environment(rootAbs)),
  });
  const board = new TaskBoard(folders, probe.probe, (rootAbs) => probe.teams(rootAbs));
  const tree = new BoardTree(board, texts, { texts: runTexts, language: deps.host.language() });
  return { tree, invalidate: (p) => probe.invalidate(p) };
}

function taskModel(): typeof import('./taskBoardModel') {
  return require('./taskBoardModel') as typeof import('./taskBoardModel');
}
/* eslint-enable @typescript-eslint/no-require-imports */

function isTaskRow(x: unknown): x is TaskRow {
  return typeof x === 'object' && x !== null && (x as TaskRow).kind === 'task';
}

function isRunRow(x: unknown): x is RunRow {
  return typeof x === 'object' && x !== null && (x as RunRow).kind === 'run';
}

function taskDir(row: TaskRow): string {
  return path.join(row.rootAbs, '.okstra', 'tasks', row.group, row.taskId);
}

async function pickFilter(host: HostWindow, tree: TasksTree): Promise<void> {
  const t = host.t;
  const current = tree.filter;
  type Action = 'text' | 'phase' | 'unfinished' | 'clear';
  // Icons as iconPath: in a label, a screen reader reads their ids (`search Filter by Text…`).
  const icon = (id: string) => host.themeIcon(id);
  const items: Array<{ label: string; description?: string; iconPath: ReturnType<typeof icon>; action: Action }> = [
    { label: t('Filter by Text…'), iconPath: icon('search'), description: current.text || undefined, action: 'text' },
    { label: t('Filter by Phase…'), iconPath: icon('symbol-event'), description: current.phase || undefined, action: 'phase' },
    {
      label: current.unfinishedOnly ? t('Show All Tasks') : t('Only Tasks with an Unfinished Wizard'),
      iconPath: icon('debug-pause'),
      action: 'unfinished',
    },
    { label: t('Clear Filter'), iconPath: icon('clear-all'), action: 'clear' },
  ];
  const picked = await host.showQuickPick(items, { title: t('Filter Tasks'), placeHolder: t('What the Tasks view shows') });
  if (!picked) return;
  if (picked.action === 'clear') return tree.clearFilter();
  if (picked.action === 'unfinished') return tree.setFilter({ ...current, unfinishedOnly: !current.unfinishedOnly });
  if (picked.action === 'text') {
    const text = await host.showInputBox({
      title: t('Filter Tasks by Text'),
      prompt: t('Words found in the task key, title, phases, verdict or wizard step (empty: no text filter)'),
      value: current.text,
    });
    if (text !== undefined) tree.setFilter({ ...current, text });
    return;
  }
  const any = t('(any phase)');
  const phases = taskModel().phasesOf(await tree.tree.allRows());
  const phase = await host.showQuickPick(
    [any, ...phases].map((label) => ({ label })),
    { title: t('Filter Tasks by Phase'), placeHolder: t('The current phase of the tasks to show') },
  );
  if (phase !== undefined) tree.setFilter({ ...current, phase: phase.label === any ? '' : phase.label });
}

/** A new wizard on the run's task whose team-pick offers that run's team as its default (a remembered answer). */
function newRunWithTeam(host: HostWindow, row: RunRow): Promise<unknown> {
  const defaults: Record<string, string> = { 'task-pick': row.taskKey };
  if (row.taskType) defaults['task-type'] = row.taskType;
  if (row.team) defaults['team-pick'] = row.team;
  return host.executeCommand(COMMAND_IDS.newRun, { fsPath: row.rootAbs }, row.taskKey, { defaults });
}

/** The Tasks view's commands (TASKS_COMMAND_IDS), each a function of the view. */
function tasksCommands(deps: TasksViewDeps, tree: TasksTree): Record<keyof typeof TASKS_COMMAND_IDS, CommandHandler> {
  const { host, log } = deps;
  const t = host.t;
  return {
    newRun: (row?: unknown) =>
      isTaskRow(row) ? host.executeCommand(COMMAND_IDS.newRun, { fsPath: row.rootAbs }, row.key) : host.executeCommand(COMMAND_IDS.newRun),
    resume: (row?: unknown) =>
      isTaskRow(row) && row.wizard
        ? host.executeCommand(COMMAND_IDS.resume, row.wizard.statePath)
        : host.executeCommand(COMMAND_IDS.resume),
    openBrief: async (row?: unknown) => {
      if (!isTaskRow(row)) return;
      const brief = path.join(taskDir(row), 'brief.md');
      const exists = await fs.promises.stat(brief).then(
        () => true,
        () => false,
      );
      if (!exists) return void (await host.showMessage('info', t('{0} has no brief.md yet.', row.key), {}, []));
      await host.showTextDocument(brief, { preview: true, preserveFocus: false });
    },
    reveal: (row?: unknown) => (isTaskRow(row) ? host.revealInExplorer(taskDir(row)) : undefined),
    openRunFolder: async (row?: unknown) => {
      if (!isRunRow(row)) return;
      const dir = row.dirAbs;
      const exists =
        dir !== null &&
        (await fs.promises.stat(dir).then(
          (st) => st.isDirectory(),
          () => false,
        ));
      if (!exists) return void (await host.showMessage('info', t('Run {0} of {1} has no folder on disk.', row.runId, row.taskKey), {}, []));
      await host.revealInExplorer(dir);
    },
    newRunWithTeam: (row?: unknown) => (isRunRow(row) ? newRunWithTeam(host, row) : host.executeCommand(COMMAND_IDS.newRun)),
    ...compareRunsCommands({ host, log, tree, newRunWithTeam: (row) => newRunWithTeam(host, row) }),
    filter: () => pickFilter(host, tree),
    clearFilter: () => tree.clearFilter(),
    refresh: () => tree.reload(),
    createTask: () => {
      const only = host.workspaceFolders();
      return host.executeCommand(COMMAND_IDS.newRun, only.length === 1 ? { fsPath: only[0]!.rootAbs } : undefined, 'new');
    },
    showUnfinished: async () => {
      await host.executeCommand(`${VIEW_IDS.tasks}.focus`);
      tree.setFilter({ text: '', phase: '', unfinishedOnly: true });
    },
    // The walkthrough's agents step: the command line of the CLI this extension ships, for a terminal or an agent's config.
    copyCliCommand: async () => {
      const line = `node ${JSON.stringify(path.join(deps.extensionPath, 'dist', 'cli.js'))}`;
      await host.writeClipboard(line);
      log.info(`copied the CLI command: ${line}`);
      void host.showMessage(
        'info',
        t('Copied {0}: paste it in a terminal, then add step --state FILE, or give it to an agent.', line),
        {},
        [],
      );
    },
  };
}

/** Creates the view and its commands; returns the test hooks and what to dispose. */
export function registerTasksView(deps: TasksViewDeps): { api: TasksViewApi; disposables: Disposable[] } {
  const { host } = deps;
  const t = host.t;
  const filterTexts: FilterTexts = { text: (s) => t('“{0}”', s), phase: (p) => t('phase {0}', p), unfinished: t('unfinished wizards') };
  const tree = new TasksTree({
    host,
    log: deps.log,
    openBoard: (folders, texts, runTexts) => openBoard(deps, folders, texts, runTexts),
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    openPoller: () => new (require('./taskBoard') as typeof import('./taskBoard')).StampPoller(),
  });
  // Several rows can be selected: Compare Runs on two run rows.
  const view = host.createTreeView(VIEW_IDS.tasks, tree, { showCollapseAll: true, canSelectMany: true });
  const filtering = (f: TaskFilter) => taskModel().isFiltering(f);
  const showFilter = (): void => {
    const f = tree.filter;
    view.description = filtering(f) ? taskModel().describeFilter(f, filterTexts) : undefined;
    host.setContext(CONTEXT_KEYS.tasksFiltered, filtering(f));
  };
  // Missed watcher events are caught by a light poll while the view is visible.
  const pollTimer = setInterval(() => {
    if (view.visible) void tree.poll();
  }, POLL_MS);
  const disposables: Disposable[] = [
    tree,
    view,
    tree.onDidChangeTreeData(() => showFilter()),
    // With a filter, an empty view says so (the welcome is for a project without tasks).
    tree.onDidComputeRows(() => {
      view.message = filtering(tree.filter) && tree.lastRootCount === 0 ? t('No task matches the filter.') : undefined;
    }),
    host.onDidChangeWorkspaceFolders(() => tree.foldersChanged()),
    view.onDidExpandElement((row) => {
      if (row.kind === 'group' && !row.filtered) tree.expanded.set(row.id, { rootAbs: row.rootAbs, group: row.group });
    }),
    view.onDidCollapseElement((row) => {
      if (!(row.kind === 'group' && row.filtered)) tree.expanded.delete(row.id);
    }),
    { dispose: () => clearInterval(pollTimer) },
    ...registerCommands(host, deps.log, TASKS_COMMAND_IDS, tasksCommands(deps, tree), (id) => deps.commandRan?.(id)),
  ];
  host.setContext(CONTEXT_KEYS.tasksFiltered, false);
  return { api: { view, provider: tree }, disposables };
}
