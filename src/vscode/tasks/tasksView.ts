// The `okstra.tasks` view: every task of every `.okstra` folder of the
// workspace, grouped by task group (boardTree.ts), with New Run, Resume, Open
// Brief and Reveal in Explorer on each task, and a filter. It follows the disk
// through a file watcher; a change re-reads only what lies under it.
// Registered from extension.ts; cheap at activation (P4): the board, the
// workspace layer and the engine are loaded when the view first asks for rows.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BoardTree } from './boardTree';
import type { BoardFolder } from './taskBoard';
import type { BoardRow, FilterTexts, TaskFilter, TaskRow, TaskRowTexts } from './taskBoardModel';

const t = vscode.l10n.t;
/** How often the view checks the disk for what the watcher may have missed (while it is visible). */
const POLL_MS = 2000;

const rowTexts: TaskRowTexts = {
  next: (cell) => t('next: {0}', cell),
  verdict: (o) => t('verdict: {0}', o),
  wizardAt: (step, n, total) => t('wizard at {0} ({1} of {2})', step, n, total),
  wizardUnfinished: t('unfinished wizard'),
  wizardUnreadable: t('wizard file unreadable'),
  exit: (c) => (c === null ? t('exit ?') : t('exit {0}', c)),
  unreadableManifest: (e) => t('unreadable manifest: {0}', e),
  tasks: (n) => (n === 1 ? t('1 task') : t('{0} tasks', n)),
  unfinishedCount: (n) => (n === 1 ? t('1 unfinished wizard') : t('{0} unfinished wizards', n)),
  tipTask: t('Task'),
  tipPhase: t('Current phase'),
  tipNext: t('Next recommended phase'),
  tipVerdict: t("Reviewer's verdict"),
  tipWizard: t('Wizard'),
  tipLastRun: (c, at) => (c === null ? t('Last run: started {0}, exit code unknown', at) : t('Last run: exit {0} ({1})', c, at)),
};

const filterTexts: FilterTexts = {
  text: (s) => t('“{0}”', s),
  phase: (p) => t('phase {0}', p),
  unfinished: t('unfinished wizards'),
};

/** What the integration tests reach (extension.exports.features.tasks). */
export interface TasksViewApi {
  readonly view: vscode.TreeView<BoardRow>;
  readonly provider: TasksTreeProvider;
}

export class TasksTreeProvider implements vscode.TreeDataProvider<BoardRow>, vscode.Disposable {
  private treeValue: BoardTree | undefined;
  private readonly changedEmitter = new vscode.EventEmitter<BoardRow | undefined>();
  readonly onDidChangeTreeData = this.changedEmitter.event;
  private readonly refreshedEmitter = new vscode.EventEmitter<void>();
  /** Fires after rows were computed for the view (tests wait on it). */
  readonly onDidComputeRows = this.refreshedEmitter.event;
  private watchers: vscode.Disposable[] = [];
  private readonly pending = new Set<string>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private probe: { invalidate(p: string): void } | undefined;
  /** How many top rows the view showed last (0: the welcome, or the "no match" message with a filter). */
  lastRootCount = -1;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** The board and its tree, created on first use (the workspace layer is loaded then, not at activation). */
  get tree(): BoardTree {
    if (!this.treeValue) {
      /* eslint-disable @typescript-eslint/no-require-imports */
      const { TaskBoard } = require('./taskBoard') as typeof import('./taskBoard');
      const { BoardTree: Tree } = require('./boardTree') as typeof import('./boardTree');
      const { EngineWizardProbe } = require('./wizardProbe') as typeof import('./wizardProbe');
      const { textsFor } = require('../../core/text') as typeof import('../../core/text');
      const { createEnvironment } = require('../../workspace/environment') as typeof import('../../workspace/environment');
      /* eslint-enable @typescript-eslint/no-require-imports */
      const probe = new EngineWizardProbe({
        builtinProfilesDir: path.join(this.context.extensionPath, 'profiles'),
        texts: () => textsFor(vscode.env.language),
        environment: (rootAbs) => {
          // The same inputs as the wizard's own prompts (engineSession.ts): provider paths only when trusted.
          const config = vscode.workspace.getConfiguration('okstra', vscode.Uri.file(rootAbs));
          const providers = vscode.workspace.isTrusted ? config.get<Record<string, { path?: string }>>('providers', {}) : {};
          const settingPaths: Record<string, string | undefined> = {};
          for (const [id, p] of Object.entries(providers ?? {})) settingPaths[id] = p?.path;
          const defaults = config.get<Record<string, string[]>>('modelDefaults', {}) ?? {};
          return createEnvironment({
            env: process.env,
            settingPaths,
            terminalBackend: 'vscode-terminal',
            userModelDefaults: Object.keys(defaults).length > 0 ? { source: { kind: 'setting' }, defaults } : null,
          });
        },
      });
      this.probe = probe;
      this.treeValue = new Tree(new TaskBoard(folders(), probe.probe), rowTexts);
      this.watch();
    }
    return this.treeValue;
  }

  get filter(): TaskFilter {
    return this.treeValue?.filter ?? { text: '', phase: '', unfinishedOnly: false };
  }

  setFilter(f: TaskFilter): void {
    this.tree.setFilter(f);
    this.refresh();
  }

  refresh(): void {
    this.changedEmitter.fire(undefined);
  }

  /** Drops everything read (the Refresh button). */
  reload(): void {
    this.treeValue?.board.clear();
    this.refresh();
  }

  foldersChanged(): void {
    if (!this.treeValue) return;
    this.treeValue.board.setFolders(folders());
    this.watch();
    this.reload();
  }

  getTreeItem(row: BoardRow): vscode.TreeItem {
    if (row.kind !== 'task') {
      // Filtered groups open (their matches are the point); after the filter, the groups open before are open again.
      const open = row.kind === 'group' && (row.filtered || this.expanded.has(row.id));
      const state = open ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
      const item = new vscode.TreeItem(row.label, state);
      item.id = row.kind === 'group' && row.filtered ? `${row.id}\u0000filtered` : row.id;
      item.description = row.description;
      item.contextValue = row.contextValue;
      item.iconPath = new vscode.ThemeIcon(row.kind === 'folder' ? 'root-folder' : 'folder');
      return item;
    }
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = row.id;
    item.description = row.description;
    item.tooltip = new vscode.MarkdownString(row.tooltip);
    item.iconPath = new vscode.ThemeIcon(row.icon, row.iconColor ? new vscode.ThemeColor(row.iconColor) : undefined);
    item.contextValue = row.contextValue;
    item.command = { command: 'okstra.tasks.openBrief', title: t('Open Brief'), arguments: [row] };
    return item;
  }

  async getChildren(row?: BoardRow): Promise<BoardRow[]> {
    try {
      const tree = this.tree;
      const rows = await tree.children(row);
      if (!row) {
        this.lastRootCount = rows.length;
        void vscode.commands.executeCommand('setContext', 'okstra.tasks.empty', rows.length === 0);
        // The unfinished wizards of each group are counted after the rows are shown.
        void tree.countUnfinished((changed) => {
          for (const r of changed) this.changedEmitter.fire(r);
        });
      }
      this.refreshedEmitter.fire();
      return rows;
    } catch (err) {
      this.log.error('tasks view:', err instanceof Error ? (err.stack ?? err.message) : String(err));
      return [];
    }
  }

  getParent(): undefined {
    return undefined;
  }

  private watch(): void {
    for (const w of this.watchers) w.dispose();
    this.watchers = [];
    for (const f of vscode.workspace.workspaceFolders ?? []) {
      if (f.uri.scheme !== 'file') continue;
      const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(f, '.okstra/**'));
      const on = (uri: vscode.Uri): void => this.onDisk(uri.fsPath);
      w.onDidChange(on);
      w.onDidCreate(on);
      w.onDidDelete(on);
      this.watchers.push(w);
    }
  }

  /** Watcher events are collected for a moment: a run writing many files is one refresh. */
  private onDisk(absPath: string): void {
    this.pending.add(absPath);
    this.flushTimer ??= setTimeout(() => void this.flush(), 100);
  }

  private async flush(): Promise<void> {
    this.flushTimer = undefined;
    const paths = [...this.pending];
    this.pending.clear();
    await this.apply(paths, 'watcher');
  }

  private async apply(paths: string[], source: 'watcher' | 'poll'): Promise<void> {
    const tree = this.treeValue;
    if (!tree || paths.length === 0) return;
    const rows = new Set<BoardRow>();
    let all = false;
    for (const p of paths) {
      this.probe?.invalidate(p);
      const r = source === 'poll' ? await tree.polled(p) : await tree.changed(p);
      if (r === undefined) all = true;
      else if (r) rows.add(r);
    }
    if (all) this.refresh();
    else for (const r of rows) this.changedEmitter.fire(r);
    if (all || rows.size)
      this.log.debug(
        `tasks view: ${paths.length} change(s) on disk (${source}), ${all ? 'whole view' : `${rows.size} group(s)`} refreshed`,
      );
  }

  /** Groups expanded in the view: the poll stats their manifests too. */
  readonly expanded = new Map<string, { rootAbs: string; group: string }>();
  private poller: import('./taskBoard').StampPoller | undefined;
  private polling = false;

  /**
   * The fallback for missed watcher events, while the view is visible: the
   * stamps of the tasks folders, of the group folders read and of the
   * manifests of the expanded groups (a few hundred async stats).
   */
  async poll(): Promise<void> {
    const tree = this.treeValue;
    if (!tree || this.polling) return;
    this.polling = true;
    try {
      if (!this.poller) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { StampPoller } = require('./taskBoard') as typeof import('./taskBoard');
        this.poller = new StampPoller();
      }
      const changed = await this.poller.changed(tree.board.pollTargets([...this.expanded.values()]));
      await this.apply(changed, 'poll');
    } catch (err) {
      this.log.warn(`tasks view poll: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.polling = false;
    }
  }

  dispose(): void {
    for (const w of this.watchers) w.dispose();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.changedEmitter.dispose();
    this.refreshedEmitter.dispose();
  }
}

function folders(): BoardFolder[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((f) => f.uri.scheme === 'file')
    .map((f) => ({ name: f.name, rootAbs: f.uri.fsPath }));
}

function taskDirUri(row: TaskRow): vscode.Uri {
  return vscode.Uri.file(path.join(row.rootAbs, '.okstra', 'tasks', row.group, row.taskId));
}

function isTaskRow(x: unknown): x is TaskRow {
  return typeof x === 'object' && x !== null && (x as TaskRow).kind === 'task';
}

async function pickFilter(provider: TasksTreeProvider): Promise<void> {
  const current = provider.filter;
  type Item = vscode.QuickPickItem & { action: 'text' | 'phase' | 'unfinished' | 'clear' };
  const items: Item[] = [
    { label: `$(search) ${t('Filter by Text…')}`, description: current.text || undefined, action: 'text' },
    { label: `$(symbol-event) ${t('Filter by Phase…')}`, description: current.phase || undefined, action: 'phase' },
    {
      label: `$(debug-pause) ${current.unfinishedOnly ? t('Show All Tasks') : t('Only Tasks with an Unfinished Wizard')}`,
      action: 'unfinished',
    },
    { label: `$(clear-all) ${t('Clear Filter')}`, action: 'clear' },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: t('Filter Tasks'), placeHolder: t('What the Tasks view shows') });
  if (!picked) return;
  if (picked.action === 'clear') return provider.setFilter({ text: '', phase: '', unfinishedOnly: false });
  if (picked.action === 'unfinished') return provider.setFilter({ ...current, unfinishedOnly: !current.unfinishedOnly });
  if (picked.action === 'text') {
    const text = await vscode.window.showInputBox({
      title: t('Filter Tasks by Text'),
      prompt: t('Words found in the task key, title, phases, verdict or wizard step (empty: no text filter)'),
      value: current.text,
    });
    if (text !== undefined) provider.setFilter({ ...current, text });
    return;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { phasesOf } = require('./taskBoardModel') as typeof import('./taskBoardModel');
  const phases = phasesOf(await provider.tree.allRows());
  const any = t('(any phase)');
  const phase = await vscode.window.showQuickPick([any, ...phases], {
    title: t('Filter Tasks by Phase'),
    placeHolder: t('The current phase of the tasks to show'),
  });
  if (phase !== undefined) provider.setFilter({ ...current, phase: phase === any ? '' : phase });
}

/** Creates the view and its commands; returns the test hooks. */
export function registerTasksView(
  context: vscode.ExtensionContext,
  log: vscode.LogOutputChannel,
  walkthrough?: { commandRan(id: string): void },
): TasksViewApi {
  const provider = new TasksTreeProvider(context, log);
  const view = vscode.window.createTreeView('okstra.tasks', { treeDataProvider: provider, showCollapseAll: true });
  context.subscriptions.push(provider, view);

  const showFilter = (): void => {
    const f = provider.filter;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { describeFilter, isFiltering } = require('./taskBoardModel') as typeof import('./taskBoardModel');
    const filtering = isFiltering(f);
    view.description = filtering ? describeFilter(f, filterTexts) : undefined;
    void vscode.commands.executeCommand('setContext', 'okstra.tasks.filtered', filtering);
  };
  context.subscriptions.push(
    provider.onDidChangeTreeData(() => showFilter()),
    provider.onDidComputeRows(() => {
      // With a filter, an empty view says so (the welcome is for a project without tasks).
      view.message =
        provider.filter.text || provider.filter.phase || provider.filter.unfinishedOnly ? filteredMessage(provider) : undefined;
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => provider.foldersChanged()),
    view.onDidExpandElement((e) => {
      if (e.element.kind === 'group' && !e.element.filtered)
        provider.expanded.set(e.element.id, { rootAbs: e.element.rootAbs, group: e.element.group });
    }),
    view.onDidCollapseElement((e) => {
      if (!(e.element.kind === 'group' && e.element.filtered)) provider.expanded.delete(e.element.id);
    }),
  );
  // Missed watcher events are caught by a light poll while the view is visible.
  const pollTimer = setInterval(() => {
    if (view.visible) void provider.poll();
  }, POLL_MS);
  context.subscriptions.push({ dispose: () => clearInterval(pollTimer) });

  const register = (id: string, handler: (...args: never[]) => unknown): void => {
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: never[]) => {
        log.debug(`command ${id}`);
        walkthrough?.commandRan(id);
        try {
          await handler(...args);
        } catch (err) {
          log.error(`${id} failed:`, err instanceof Error ? (err.stack ?? err.message) : String(err));
          void vscode.window.showErrorMessage(err instanceof Error ? err.message : String(err));
        }
      }),
    );
  };
  register('okstra.tasks.newRun', async (row?: TaskRow) => {
    if (!isTaskRow(row)) return vscode.commands.executeCommand('okstra.newRun');
    return vscode.commands.executeCommand('okstra.newRun', vscode.Uri.file(row.rootAbs), row.key);
  });
  register('okstra.tasks.resume', async (row?: TaskRow) => {
    if (!isTaskRow(row) || !row.wizard) return vscode.commands.executeCommand('okstra.resume');
    return vscode.commands.executeCommand('okstra.resume', row.wizard.statePath);
  });
  register('okstra.tasks.openBrief', async (row?: TaskRow) => {
    if (!isTaskRow(row)) return;
    const brief = vscode.Uri.joinPath(taskDirUri(row), 'brief.md');
    try {
      await vscode.workspace.fs.stat(brief);
    } catch {
      await vscode.window.showInformationMessage(t('{0} has no brief.md yet.', row.key));
      return;
    }
    await vscode.window.showTextDocument(brief, { preview: true });
  });
  register('okstra.tasks.reveal', async (row?: TaskRow) => {
    if (!isTaskRow(row)) return;
    await vscode.commands.executeCommand('revealInExplorer', taskDirUri(row));
  });
  register('okstra.tasks.filter', () => pickFilter(provider));
  register('okstra.tasks.clearFilter', () => provider.setFilter({ text: '', phase: '', unfinishedOnly: false }));
  register('okstra.tasks.refresh', () => provider.reload());
  register('okstra.tasks.createTask', () => {
    const only = folders();
    return vscode.commands.executeCommand('okstra.newRun', only.length === 1 ? vscode.Uri.file(only[0]!.rootAbs) : undefined, 'new');
  });
  register('okstra.tasks.showUnfinished', async () => {
    await vscode.commands.executeCommand('okstra.tasks.focus');
    provider.setFilter({ text: '', phase: '', unfinishedOnly: true });
  });
  // The walkthrough's agents step: the command line of the CLI this extension ships, for a terminal or an agent's config.
  register('okstra.copyCliCommand', async () => {
    const line = `node ${JSON.stringify(path.join(context.extensionPath, 'dist', 'cli.js'))}`;
    await vscode.env.clipboard.writeText(line);
    log.info(`copied the CLI command: ${line}`);
    void vscode.window.showInformationMessage(
      t('Copied {0}: paste it in a terminal, then add step --state FILE, or give it to an agent.', line),
    );
  });
  void vscode.commands.executeCommand('setContext', 'okstra.tasks.filtered', false);
  return { view, provider };
}

function filteredMessage(provider: TasksTreeProvider): string | undefined {
  return provider.lastRootCount === 0 ? t('No task matches the filter.') : undefined;
}
