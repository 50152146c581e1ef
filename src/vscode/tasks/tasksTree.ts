// What the `okstra.tasks` view shows, behind the window seam (host/window.ts TreeSource): the rows of the board
// (boardTree.ts) as tree items, the filter, the file watcher and the poll that keep the rows in step with the disk.
// Plain Node: unit-tested with the fake window (test/unit/vscode/tasksView.test.ts). The board, the workspace layer
// and the engine are loaded when the view first asks for rows, not at activation (P4).

import { CONTEXT_KEYS, TASKS_COMMAND_IDS } from '../commandIds';
import { Emitter } from '../host/emitter';
import type { Disposable, HostWindow, Log, TreeItemModel, TreeSource } from '../host/window';
import type { BoardTree } from './boardTree';
import type { BoardFolder, StampPoller } from './taskBoard';
import type { BoardRow, TaskFilter, TaskRow, TaskRowTexts } from './taskBoardModel';
import type { RunRow, RunRowTexts } from './runRows';

/** A task's or a run's row (the rows with an icon of their own) as a tree item; whether it opens is the caller's. */
function iconRowItem(row: TaskRow | RunRow, collapsible: TreeItemModel['collapsible']): TreeItemModel {
  return {
    label: row.label,
    id: row.id,
    description: row.description,
    tooltip: row.tooltip,
    icon: row.icon,
    iconColor: row.iconColor,
    collapsible,
    contextValue: row.contextValue,
  };
}

/** The board's tree and what drops the wizard marks' cached reads; made on the view's first request. */
export interface BoardParts {
  tree: BoardTree;
  invalidate(absPath: string): void;
}

interface TasksTreeDeps {
  host: HostWindow;
  log: Log;
  /** Loads the board over these folders (tasksView.ts: the lazily required modules). */
  openBoard(folders: BoardFolder[], texts: TaskRowTexts, runTexts: RunRowTexts): BoardParts;
  /** Loads the poll's stamp keeper. */
  openPoller(): StampPoller;
}

function rowTexts(t: HostWindow['t']): TaskRowTexts {
  return {
    next: (cell) => t('next: {0}', cell),
    verdict: (o) => t('verdict: {0}', o),
    wizardAt: (step, n, total) => t('wizard at {0} ({1} of {2})', step, n, total),
    wizardAtStep: (step) => t('wizard at {0}', step),
    wizardUnfinished: t('unfinished wizard'),
    wizardUnreadable: t('wizard file unreadable'),
    exit: (c) => (c === null ? t('exit ?') : t('exit {0}', c)),
    running: (elapsed) => (elapsed ? t('running {0}', elapsed) : t('running')),
    stopped: t('stopped'),
    unreadableManifest: (e) => t('unreadable manifest: {0}', e),
    tasks: (n) => (n === 1 ? t('1 task') : t('{0} tasks', n)),
    groups: (n) => (n === 1 ? t('1 group') : t('{0} groups', n)),
    unfinishedCount: (n) => (n === 1 ? t('1 unfinished wizard') : t('{0} unfinished wizards', n)),
    tipTask: t('Task'),
    tipPhase: t('Current phase'),
    tipNext: t('Next recommended phase'),
    tipVerdict: t("Reviewer's verdict"),
    tipWizard: t('Wizard'),
    tipLastRun: (c, at) => (c === null ? t('Last run: started {0}, exit code unknown', at) : t('Last run: exit {0} ({1})', c, at)),
  };
}

/** The run rows' words in the UI's language: the Tasks view's, and the rows of Reuse a previous run (promptLoop.ts). */
export function runTexts(t: HostWindow['t']): RunRowTexts {
  return {
    roleCount: (role, n) => t('{0} {1}s', n, role),
    unknownAgents: t('agents not known'),
    noInputs: t('no inputs.json'),
    badInputs: t('inputs.json unreadable'),
    legacyAgents: t('version-1 selection'),
    chain: (stages) => t('chain {0}', stages),
    tipRun: t('Run'),
    tipType: t('Run type'),
    tipStage: t('Stage'),
    tipStatus: t('Status'),
    tipOutcome: t('Outcome'),
    tipTeam: t('Team'),
    tipAgents: t('Agents'),
    tipNoAgents: t('none'),
    tipInputs: t('Inputs'),
    tipProblem: t('Problem'),
  };
}

export class TasksTree implements TreeSource<BoardRow>, Disposable {
  private parts: BoardParts | undefined;
  private readonly changedEmitter = new Emitter<BoardRow | undefined>();
  readonly onDidChangeTreeData = this.changedEmitter.event;
  private readonly computedEmitter = new Emitter<void>();
  /** Fires after rows were computed for the view (the view's message follows; tests wait on it). */
  readonly onDidComputeRows = this.computedEmitter.event;
  private watchers: Disposable[] = [];
  private readonly pending = new Set<string>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  /** How many top rows the view showed last (0: the welcome, or the "no match" message with a filter). */
  lastRootCount = -1;
  /** Groups expanded in the view: the poll stats their manifests too. */
  readonly expanded = new Map<string, { rootAbs: string; group: string }>();
  private poller: StampPoller | undefined;
  private polling = false;

  constructor(private readonly deps: TasksTreeDeps) {}

  /** The board and its tree, created on first use (the workspace layer is loaded then, not at activation). */
  get tree(): BoardTree {
    if (!this.parts) {
      this.parts = this.deps.openBoard(this.folders(), rowTexts(this.deps.host.t), runTexts(this.deps.host.t));
      this.watch();
    }
    return this.parts.tree;
  }

  /** The filter on (none before the first rows: the board's NO_FILTER, which loads with it). */
  get filter(): TaskFilter {
    return this.parts?.tree.filter ?? { text: '', phase: '', unfinishedOnly: false };
  }

  setFilter(f: TaskFilter): void {
    this.tree.setFilter(f);
    this.refresh();
  }

  clearFilter(): void {
    this.setFilter({ text: '', phase: '', unfinishedOnly: false });
  }

  refresh(): void {
    this.changedEmitter.fire(undefined);
  }

  /** Drops everything read (the Refresh button). */
  reload(): void {
    this.parts?.tree.board.clear();
    this.refresh();
  }

  foldersChanged(): void {
    if (!this.parts) return;
    this.parts.tree.board.setFolders(this.folders());
    this.watch();
    this.reload();
  }

  getTreeItem(row: BoardRow): TreeItemModel {
    if (row.kind === 'run') return iconRowItem(row, 'none');
    if (row.kind !== 'task') {
      // Filtered groups open (their matches are the point); after the filter, the groups open before are open again.
      const open = row.kind === 'group' && (row.filtered || this.expanded.has(row.id));
      return {
        label: row.label,
        id: row.kind === 'group' && row.filtered ? `${row.id}\u0000filtered` : row.id,
        description: row.description,
        contextValue: row.contextValue,
        icon: row.kind === 'folder' ? 'root-folder' : 'folder',
        collapsible: open ? 'expanded' : 'collapsed',
      };
    }
    return {
      // A task with runs opens on them (read then); the row's click still opens its brief.
      ...iconRowItem(row, row.runs > 0 ? 'collapsed' : 'none'),
      command: { command: TASKS_COMMAND_IDS.openBrief, title: this.deps.host.t('Open Brief'), arguments: [row] },
    };
  }

  async getChildren(row?: BoardRow): Promise<BoardRow[]> {
    try {
      const tree = this.tree;
      const rows = await tree.children(row);
      if (!row) {
        this.lastRootCount = rows.length;
        this.deps.host.setContext(CONTEXT_KEYS.tasksEmpty, rows.length === 0);
        // The unfinished wizards of each group are counted after the rows are shown.
        void tree.countUnfinished((changed) => {
          for (const r of changed) this.changedEmitter.fire(r);
        });
      }
      this.computedEmitter.fire();
      return rows;
    } catch (err) {
      this.deps.log.error(`tasks view: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return [];
    }
  }

  /** The view reveals only top rows and the rows it holds (a group in a one-folder workspace): no parent is needed. */
  getParent(): undefined {
    return undefined;
  }

  private folders(): BoardFolder[] {
    return this.deps.host.workspaceFolders();
  }

  private watch(): void {
    for (const w of this.watchers) w.dispose();
    this.watchers = this.folders().map((f) => this.deps.host.watchFolder(f.rootAbs, '.okstra/**', (p) => this.onDisk(p)));
  }

  /** Watcher events are collected for a moment: a run writing many files is one refresh. */
  private onDisk(absPath: string): void {
    this.pending.add(absPath);
    this.flushTimer ??= setTimeout(() => void this.flush(), 100);
  }

  /** Applies the watcher events collected so far (tests call it instead of waiting for the timer). */
  async flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const paths = [...this.pending];
    this.pending.clear();
    await this.apply(paths, 'watcher');
  }

  private async apply(paths: string[], source: 'watcher' | 'poll'): Promise<void> {
    const parts = this.parts;
    if (!parts || paths.length === 0) return;
    const rows = new Set<BoardRow>();
    let all = false;
    for (const p of paths) {
      parts.invalidate(p);
      const r = source === 'poll' ? await parts.tree.polled(p) : await parts.tree.changed(p);
      if (r === undefined) all = true;
      else if (r) rows.add(r);
    }
    if (all) this.refresh();
    else for (const r of rows) this.changedEmitter.fire(r);
    if (all || rows.size)
      this.deps.log.debug(
        `tasks view: ${paths.length} change(s) on disk (${source}), ${all ? 'whole view' : `${rows.size} group(s)`} refreshed`,
      );
  }

  /**
   * The fallback for missed watcher events, while the view is visible: the
   * stamps of the tasks folders, of the group folders read and of the
   * manifests of the expanded groups (a few hundred async stats).
   */
  async poll(): Promise<void> {
    const parts = this.parts;
    if (!parts || this.polling) return;
    this.polling = true;
    try {
      this.poller ??= this.deps.openPoller();
      const changed = await this.poller.changed(parts.tree.board.pollTargets([...this.expanded.values()]));
      await this.apply(changed, 'poll');
    } catch (err) {
      this.deps.log.warn(`tasks view poll: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.polling = false;
    }
  }

  dispose(): void {
    for (const w of this.watchers) w.dispose();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.changedEmitter.dispose();
    this.computedEmitter.dispose();
  }
}
