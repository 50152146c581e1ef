// The Tasks view's tree without vscode: root rows (folders of a multi-root
// workspace, else task groups), a group's tasks (read when it is expanded),
// the filter, and what a change on disk refreshes. tasksView.ts turns these
// rows into TreeItems; the bench (P9) times the same calls.

import * as path from 'node:path';
import type { BoardChange, BoardFolder, TaskBoard } from './taskBoard';
import {
  ENGLISH_ROW_TEXTS,
  folderRow,
  groupRow,
  isFiltering,
  isUnfinished,
  matchesFilter,
  NO_FILTER,
  taskRow,
  type BoardRow,
  type GroupRow,
  type TaskFilter,
  type TaskRow,
  type TaskRowTexts,
} from './taskBoardModel';
import { elapsedText } from '../../core/run/elapsed';
import type { Team } from '../../core/roles/teams';
import type { RunRecord } from '../../host/tasks';
import { ENGLISH_RUN_TEXTS, runningRunRow, runRows, type RunRow, type RunRowTexts } from './runRows';

/** What the run rows are worded in (the view's translations and language; English in tests and the bench). */
interface RunRowOptions {
  texts: RunRowTexts;
  language: string;
}

export class BoardTree {
  private filterValue: TaskFilter = NO_FILTER;
  /** Group rows by id, so that a refresh of one group reuses the element the view holds. */
  private readonly groupRows = new Map<string, GroupRow>();
  /** Unfinished wizards per group id, once its state files have been read. */
  private readonly unfinished = new Map<string, number>();
  /** With a filter on: the matching rows of every group, by group id (computed on the root call). */
  private matches: Map<string, TaskRow[]> | null = null;

  constructor(
    readonly board: TaskBoard,
    private readonly texts: TaskRowTexts = ENGLISH_ROW_TEXTS,
    private readonly runOptions: RunRowOptions = { texts: ENGLISH_RUN_TEXTS, language: 'en' },
  ) {}

  get filter(): TaskFilter {
    return this.filterValue;
  }

  setFilter(f: TaskFilter): void {
    this.filterValue = { text: f.text.trim(), phase: f.phase, unfinishedOnly: f.unfinishedOnly };
    this.matches = null;
  }

  /** The folders shown: every workspace folder that has a task group. */
  private async foldersWithTasks(): Promise<Array<{ folder: BoardFolder; groups: string[] }>> {
    const all = await Promise.all(this.board.allFolders().map(async (folder) => ({ folder, groups: await this.board.groups(folder) })));
    return all.filter((f) => f.groups.length > 0);
  }

  /** The top rows: groups (one folder) or folders (several folders with tasks). Empty: the view shows its welcome. */
  async roots(): Promise<BoardRow[]> {
    const folders = await this.foldersWithTasks();
    if (isFiltering(this.filterValue)) await this.computeMatches();
    if (folders.length === 1) return this.groupsOf(folders[0]!.folder, folders[0]!.groups);
    if (!isFiltering(this.filterValue)) return folders.map((f) => folderRow(f.folder, f.groups.length, this.texts));
    const shown: BoardRow[] = [];
    for (const f of folders) {
      const groups = await this.groupsOf(f.folder, f.groups);
      if (groups.length > 0) shown.push(folderRow(f.folder, groups.length, this.texts));
    }
    return shown;
  }

  async children(row: BoardRow | undefined): Promise<BoardRow[]> {
    if (!row) return this.roots();
    if (row.kind === 'folder') {
      const folder = this.folderOf(row.rootAbs);
      return folder ? this.groupsOf(folder, await this.board.groups(folder)) : [];
    }
    if (row.kind === 'group') return this.tasksOf(row);
    if (row.kind === 'task') return this.runsOf(row);
    return [];
  }

  /** A task's runs, newest first: its inputs are read now (when its row is expanded), once. */
  async runsOf(row: Pick<TaskRow, 'id' | 'rootAbs' | 'key' | 'group' | 'taskId'>): Promise<RunRow[]> {
    const folder = this.folderOf(row.rootAbs);
    if (!folder) return [];
    const task = (await this.board.tasks(folder, row.group)).find((t) => t.entry.id === row.taskId);
    if (!task) return [];
    const [records, teams] = await Promise.all([this.board.runs(folder, task.entry), this.board.teams(folder)]);
    const ctx = { task: row, teams, texts: this.runOptions.texts, language: this.runOptions.language };
    const last = task.wizard?.lastRun;
    // The run the wizard's Run started and okstra has not recorded yet comes first, while it runs.
    const running =
      last?.status === 'running' && last.argv
        ? [runningRunRow({ startedAt: last.startedAt, argv: last.argv, running: this.texts.running(elapsedText(last.startedAt)) }, ctx)]
        : [];
    return [...running, ...runRows(records, ctx)];
  }

  /**
   * The recorded runs of the task a run row belongs to (Compare Runs): each run's record and row, in the order of the
   * rows (newest first), and the teams its runs are compared with; null when the task is gone.
   */
  async taskRuns(
    run: Pick<RunRow, 'rootAbs' | 'taskKey'>,
  ): Promise<{ runs: Array<{ record: RunRecord; row: RunRow }>; teams: Team[] } | null> {
    const folder = this.folderOf(run.rootAbs);
    const at = run.taskKey.indexOf('/');
    if (!folder || at < 0) return null;
    const [group, taskId] = [run.taskKey.slice(0, at), run.taskKey.slice(at + 1)];
    const task = (await this.board.tasks(folder, group)).find((t) => t.entry.id === taskId);
    if (!task) return null;
    const [records, teams] = await Promise.all([this.board.runs(folder, task.entry), this.board.teams(folder)]);
    const row = taskRow(folder, task.entry, task.wizard, this.texts);
    const ctx = { task: row, teams, texts: this.runOptions.texts, language: this.runOptions.language };
    const rows = runRows(records, ctx);
    const newest = [...records].reverse();
    return { runs: rows.map((r, i) => ({ record: newest[i]!, row: r })), teams };
  }

  /** The rows of one group's tasks (filtered when a filter is on). */
  async tasksOf(row: Pick<GroupRow, 'rootAbs' | 'group' | 'id'>): Promise<TaskRow[]> {
    const folder = this.folderOf(row.rootAbs);
    if (!folder) return [];
    if (isFiltering(this.filterValue)) {
      if (!this.matches) await this.computeMatches();
      return this.matches?.get(row.id) ?? [];
    }
    const tasks = await this.board.tasks(folder, row.group);
    const rows = tasks.map((t) => taskRow(folder, t.entry, t.wizard, this.texts));
    this.unfinished.set(row.id, rows.filter((r) => isUnfinished(r.wizard)).length);
    return rows;
  }

  /**
   * Unfinished wizards of the groups shown, counted in the background (each
   * state file is read once); `onCounted` gets the group rows whose count changed.
   */
  async countUnfinished(onCounted: (rows: GroupRow[]) => void): Promise<void> {
    const changed: GroupRow[] = [];
    for (const folder of this.board.allFolders()) {
      for (const group of await this.board.groups(folder)) {
        const wizards = await this.board.wizards(folder, group);
        let n = 0;
        for (const w of wizards.values()) if (isUnfinished(w)) n++;
        const id = groupRow(folder, group, { tasks: 0, unfinished: 0 }).id;
        if ((this.unfinished.get(id) ?? 0) !== n) {
          this.unfinished.set(id, n);
          const known = this.groupRows.get(id);
          if (known) changed.push(known);
        }
      }
    }
    if (changed.length) onCounted(changed);
  }

  private folderOf(rootAbs: string): BoardFolder | undefined {
    return this.board.allFolders().find((f) => f.rootAbs === rootAbs);
  }

  private async groupsOf(folder: BoardFolder, groups: string[]): Promise<GroupRow[]> {
    const filtering = isFiltering(this.filterValue);
    const listings = await Promise.all(groups.map((g) => this.board.listing(folder, g)));
    const out: GroupRow[] = [];
    groups.forEach((group, i) => {
      const id = groupRow(folder, group, { tasks: 0, unfinished: 0 }).id;
      const shown = filtering ? (this.matches?.get(id)?.length ?? 0) : undefined;
      if (filtering && !shown) return;
      const fresh = groupRow(
        folder,
        group,
        { tasks: listings[i]!.ids.length, shown, unfinished: this.unfinished.get(id) ?? 0 },
        this.texts,
      );
      // The same object for the same group: the view refreshes it in place.
      const known = this.groupRows.get(id);
      const row = known ? Object.assign(known, fresh) : fresh;
      this.groupRows.set(id, row);
      out.push(row);
    });
    return out;
  }

  private async computeMatches(): Promise<void> {
    const f = this.filterValue;
    const tasks = await this.board.allTasks();
    const matches = new Map<string, TaskRow[]>();
    for (const t of tasks) {
      const row = taskRow(t.folder, t.entry, t.wizard, this.texts);
      if (!matchesFilter(row, f)) continue;
      const id = groupRow(t.folder, t.entry.group, { tasks: 0, unfinished: 0 }).id;
      let list = matches.get(id);
      if (!list) matches.set(id, (list = []));
      list.push(row);
    }
    if (this.filterValue === f) this.matches = matches;
  }

  /**
   * A change on disk (a watcher event): what was read there is dropped, and
   * the row to refresh is brought up to date (a group's counts are listed
   * again): the group row, undefined for the whole view, null when nothing
   * shown changed.
   */
  async changed(absPath: string): Promise<BoardRow | undefined | null> {
    const change: BoardChange = this.board.invalidate(absPath);
    if (!change) return null;
    if (change.kind === 'folder') {
      this.matches = null;
      return undefined;
    }
    return this.refreshGroup(change.rootAbs, change.group);
  }

  /**
   * The poll found a changed stamp: a group folder's own stamp (a task folder
   * or a state file added, removed or replaced) means its listing and wizard
   * marks, its manifests are kept; any other path is what a watcher event says.
   */
  async polled(absPath: string): Promise<BoardRow | undefined | null> {
    for (const folder of this.board.allFolders()) {
      const rel = path.relative(path.join(folder.rootAbs, '.okstra', 'tasks'), absPath);
      if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel) || rel.includes(path.sep)) continue;
      this.board.invalidateListing(folder.rootAbs, rel);
      return this.refreshGroup(folder.rootAbs, rel);
    }
    return this.changed(absPath);
  }

  private async refreshGroup(rootAbs: string, group: string): Promise<BoardRow | undefined> {
    this.matches = null;
    if (isFiltering(this.filterValue)) return undefined;
    const id = groupRow({ rootAbs, name: '' }, group, { tasks: 0, unfinished: 0 }).id;
    const known = this.groupRows.get(id);
    const folder = this.folderOf(rootAbs);
    if (!known || !folder) return undefined;
    const [listing, wizards] = await Promise.all([this.board.listing(folder, group), this.board.wizards(folder, group)]);
    if (listing.ids.length === 0) return undefined; // the group is empty now: the root changes
    let n = 0;
    for (const w of wizards.values()) if (isUnfinished(w)) n++;
    this.unfinished.set(id, n);
    Object.assign(known, groupRow(folder, group, { tasks: listing.ids.length, unfinished: n }, this.texts));
    return known;
  }

  /** Every task row of every folder (the phase filter's choices). */
  async allRows(): Promise<TaskRow[]> {
    return (await this.board.allTasks()).map((t) => taskRow(t.folder, t.entry, t.wizard, this.texts));
  }
}
