// The Tasks view's data: the task groups and tasks of every `.okstra` folder, read through the host's task listing
// (src/host/tasks.ts taskListing: the workspace's asynchronous catalogue — the task picker's listing rule, manifest
// reader and errors — and each task's runs) so that the extension host is never blocked by a scan of thousands of
// files. Nothing is read before it is shown: the root needs one listing per group, a group's tasks are read when it is
// expanded (or when a filter needs every task), a task's runs when its row is expanded. Everything read is kept
// until a file watcher reports a change under it (invalidate()), which drops only what lies there: one changed
// manifest costs one read. Plain Node (no vscode): the bench (P9) drives the same code.

import * as path from 'node:path';
import { STATE_FILE_SUFFIX } from '../../core/wizard/paths';
import { sortCatalogue } from '../../core/wizard/workspaceRules';
import type { TaskEntry } from '../../core/ports';
import type { Team } from '../../core/roles/teams';
import { taskListing, type CatalogueListing, type RunRecord } from '../../host/tasks';
import type { WizardMark } from './taskBoardModel';

export interface BoardFolder {
  name: string;
  rootAbs: string;
}

/** Reads what a task's state file says; the board calls it for the state files it lists. */
export type WizardProbe = (statePathAbs: string, folder: BoardFolder) => Promise<WizardMark>;

interface BoardTask {
  folder: BoardFolder;
  entry: TaskEntry;
  wizard?: WizardMark;
}

interface GroupListing {
  /** Task folders (directories and symlinks), in listing order. */
  ids: string[];
  /** Task ids that have `<id>.wizard.json`. */
  stateIds: string[];
  /** Why the group cannot be listed: a row, as the task picker lists it. */
  error?: TaskEntry;
}

interface GroupCache {
  listing?: Promise<GroupListing>;
  /** Manifest entries by task id (undefined entry: the folder has no manifest). */
  entries: Map<string, Promise<TaskEntry | undefined>>;
  wizards: Map<string, Promise<WizardMark>>;
  /** The runs of a task (read when its row is expanded), by task id. */
  runs: Map<string, Promise<RunRecord[]>>;
}

interface FolderCache {
  groups?: Promise<string[]>;
  teams?: Promise<Team[]>;
  byGroup: Map<string, GroupCache>;
}

/** What a change on disk touched, for the view to refresh only that. */
export type BoardChange = { kind: 'folder'; rootAbs: string } | { kind: 'group'; rootAbs: string; group: string } | null;

/**
 * Reads in flight at most: libuv has four threads; thousands of reads queued
 * at once are slower than a steady stream of a few (and would hold up every
 * other file operation of the extension host meanwhile).
 */
const MAX_READS = 16;
let reading = 0;
const waiting: Array<() => void> = [];

async function limited<T>(op: () => Promise<T>): Promise<T> {
  if (reading >= MAX_READS) await new Promise<void>((r) => waiting.push(r));
  reading++;
  try {
    return await op();
  } finally {
    reading--;
    waiting.shift()?.();
  }
}

export class TaskBoard {
  private folders: BoardFolder[];
  private readonly cache = new Map<string, FolderCache>();

  constructor(
    folders: BoardFolder[],
    private readonly probe: WizardProbe,
    /** The teams a folder's runs are compared with (the host's configuredTeams: config.yaml's and the okstra.teams setting's). */
    private readonly configuredTeams: (rootAbs: string) => Team[] = () => [],
  ) {
    this.folders = folders.map((f) => ({ name: f.name, rootAbs: path.resolve(f.rootAbs) }));
  }

  setFolders(folders: BoardFolder[]): void {
    this.folders = folders.map((f) => ({ name: f.name, rootAbs: path.resolve(f.rootAbs) }));
    for (const k of [...this.cache.keys()]) if (!this.folders.some((f) => f.rootAbs === k)) this.cache.delete(k);
  }

  allFolders(): BoardFolder[] {
    return this.folders;
  }

  private folderCache(rootAbs: string): FolderCache {
    let c = this.cache.get(rootAbs);
    if (!c) {
      c = { byGroup: new Map() };
      this.cache.set(rootAbs, c);
    }
    return c;
  }

  private groupCache(rootAbs: string, group: string): GroupCache {
    const fc = this.folderCache(rootAbs);
    let g = fc.byGroup.get(group);
    if (!g) {
      g = { entries: new Map(), wizards: new Map(), runs: new Map() };
      fc.byGroup.set(group, g);
    }
    return g;
  }

  private tasksDir(rootAbs: string): string {
    return taskListing.tasksDirOf(rootAbs);
  }

  /** The task groups of a folder (`.okstra/tasks/<group>/`), sorted by name. */
  async groups(folder: BoardFolder): Promise<string[]> {
    const fc = this.folderCache(folder.rootAbs);
    fc.groups ??= limited(() => taskListing.listFolder(folder.rootAbs)).then((l) => l.folders.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    return fc.groups;
  }

  /** A group's task folders and state files (one directory listing). */
  async listing(folder: BoardFolder, group: string): Promise<GroupListing> {
    const gc = this.groupCache(folder.rootAbs, group);
    gc.listing ??= limited(() => taskListing.listFolder(folder.rootAbs, group)).then((l: CatalogueListing): GroupListing => ({
      ids: l.folders,
      stateIds: l.stateIds,
      error: l.error,
    }));
    return gc.listing;
  }

  /** The wizard marks of a group's state files, by task id. */
  async wizards(folder: BoardFolder, group: string): Promise<Map<string, WizardMark>> {
    const { stateIds } = await this.listing(folder, group);
    const gc = this.groupCache(folder.rootAbs, group);
    const out = new Map<string, WizardMark>();
    await Promise.all(
      stateIds.map(async (id) => {
        let p = gc.wizards.get(id);
        if (!p) {
          const file = path.join(this.tasksDir(folder.rootAbs), group, id + STATE_FILE_SUFFIX);
          p = this.probe(file, folder).catch((e: unknown) => ({
            statePath: file,
            status: 'unreadable' as const,
            error: e instanceof Error ? e.message : String(e),
          }));
          gc.wizards.set(id, p);
        }
        out.set(id, await p);
      }),
    );
    return out;
  }

  /** The tasks of one group in catalogue order (dated newest first, unreadable last), each with its wizard mark. */
  async tasks(folder: BoardFolder, group: string): Promise<BoardTask[]> {
    const [{ ids, error }, wizards] = await Promise.all([this.listing(folder, group), this.wizards(folder, group)]);
    const gc = this.groupCache(folder.rootAbs, group);
    const entries = await Promise.all(
      ids.map((id) => {
        let p = gc.entries.get(id);
        if (!p) {
          p = limited(() => taskListing.readTask(folder.rootAbs, group, id));
          gc.entries.set(id, p);
        }
        return p;
      }),
    );
    const present = entries.filter((e): e is TaskEntry => e !== undefined);
    if (error) present.push(error);
    return sortCatalogue(present).map((entry) => ({ folder, entry, wizard: wizards.get(entry.id) }));
  }

  /** A task's runs in manifest order, each with its inputs (read once, until a change under the task drops them). */
  async runs(folder: BoardFolder, entry: TaskEntry): Promise<RunRecord[]> {
    if (entry.manifest === null) return [];
    const manifest = entry.manifest;
    const gc = this.groupCache(folder.rootAbs, entry.group);
    let p = gc.runs.get(entry.id);
    if (!p) {
      p = limited(() => taskListing.readRuns(folder.rootAbs, entry.group, entry.id, manifest));
      gc.runs.set(entry.id, p);
    }
    return p;
  }

  /** The teams the runs of a folder are compared with (read once, until config.yaml changes). */
  async teams(folder: BoardFolder): Promise<Team[]> {
    const fc = this.folderCache(folder.rootAbs);
    fc.teams ??= Promise.resolve()
      .then(() => this.configuredTeams(folder.rootAbs))
      .catch(() => []);
    return fc.teams;
  }

  /** Every task of every folder (a filter needs them all): groups read a few at a time. */
  async allTasks(onGroup?: (folder: BoardFolder, group: string, tasks: BoardTask[]) => void): Promise<BoardTask[]> {
    const jobs: Array<{ folder: BoardFolder; group: string }> = [];
    for (const folder of this.folders) for (const group of await this.groups(folder)) jobs.push({ folder, group });
    const out: BoardTask[][] = new Array(jobs.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length) {
        const i = next++;
        const { folder, group } = jobs[i]!;
        out[i] = await this.tasks(folder, group);
        onGroup?.(folder, group, out[i]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(8, jobs.length) }, worker));
    return out.flat();
  }

  /**
   * A watcher reported a change at `absPath` (created, changed or deleted):
   * drops what was read there and says what to refresh. Files inside a task
   * folder other than its manifest and its runs (brief, plans) change nothing
   * shown; config.yaml changes the teams the runs are compared with.
   */
  invalidate(absPath: string): BoardChange {
    const abs = path.resolve(absPath);
    for (const folder of this.folders) {
      const okstra = path.join(folder.rootAbs, '.okstra');
      const tasksDir = this.tasksDir(folder.rootAbs);
      if (abs === path.join(okstra, 'config.yaml')) {
        const fc = this.cache.get(folder.rootAbs);
        if (!fc?.teams) return null;
        fc.teams = undefined;
        for (const g of fc.byGroup.values()) g.runs.clear();
        return { kind: 'folder', rootAbs: folder.rootAbs };
      }
      if (abs === folder.rootAbs || abs === okstra || abs === tasksDir) {
        this.cache.delete(folder.rootAbs);
        return { kind: 'folder', rootAbs: folder.rootAbs };
      }
      if (!abs.startsWith(tasksDir + path.sep)) continue;
      const parts = abs.slice(tasksDir.length + 1).split(path.sep);
      const group = parts[0]!;
      const fc = this.cache.get(folder.rootAbs);
      if (parts.length === 1) {
        // A group folder appeared or went.
        if (fc) {
          fc.groups = undefined;
          fc.byGroup.delete(group);
        }
        return { kind: 'folder', rootAbs: folder.rootAbs };
      }
      const gc = fc?.byGroup.get(group);
      const name = parts[1]!;
      if (parts.length === 2) {
        const stateAt = name.indexOf(STATE_FILE_SUFFIX);
        if (stateAt > 0) {
          // `<id>.wizard.json` or one of its companions / temporaries / backups: the mark of <id> is read again.
          const id = name.slice(0, stateAt);
          if (gc) {
            gc.wizards.delete(id);
            gc.listing = undefined;
          }
          return { kind: 'group', rootAbs: folder.rootAbs, group };
        }
        if (name.startsWith('.')) return null; // a temporary of an atomic write
        // A task folder appeared or went (or a file that is not a task: listed again anyway).
        if (gc) {
          gc.listing = undefined;
          gc.entries.delete(name);
        }
        return { kind: 'group', rootAbs: folder.rootAbs, group };
      }
      if (parts.length === 3 && parts[2] === taskListing.TASK_MANIFEST) {
        gc?.entries.delete(name);
        gc?.runs.delete(name);
        return { kind: 'group', rootAbs: folder.rootAbs, group };
      }
      if (parts[2] === 'runs' && gc?.runs.delete(name)) return { kind: 'group', rootAbs: folder.rootAbs, group };
      return null;
    }
    return null;
  }

  /**
   * The group's folder itself changed (its mtime: a task folder or a state
   * file was added, removed or replaced): its listing and wizard marks are
   * read again, its manifests are kept.
   */
  invalidateListing(rootAbs: string, group: string): void {
    const gc = this.cache.get(path.resolve(rootAbs))?.byGroup.get(group);
    if (!gc) return;
    gc.listing = undefined;
    gc.wizards.clear();
  }

  /**
   * What a poll stats besides the watcher (the workbench watcher was seen to
   * miss events in code-server): each folder's tasks folder, the folders of
   * the groups read so far, and the manifests of the groups in `open`.
   */
  pollTargets(open: Array<{ rootAbs: string; group: string }>): string[] {
    const out: string[] = [];
    for (const folder of this.folders) {
      const tasksDir = this.tasksDir(folder.rootAbs);
      out.push(tasksDir);
      const fc = this.cache.get(folder.rootAbs);
      if (!fc) continue;
      for (const group of fc.byGroup.keys()) out.push(path.join(tasksDir, group));
    }
    for (const { rootAbs, group } of open) {
      const gc = this.cache.get(rootAbs)?.byGroup.get(group);
      if (!gc) continue;
      const dir = path.join(this.tasksDir(rootAbs), group);
      for (const id of gc.entries.keys()) out.push(path.join(dir, id, taskListing.TASK_MANIFEST));
    }
    return out;
  }

  /** Forgets everything (Refresh). */
  clear(): void {
    this.cache.clear();
  }
}

/** File stamps between two polls: which of the paths changed (or appeared, or went) since the last call. */
export class StampPoller {
  private readonly stamps = new Map<string, string>();

  async changed(paths: string[]): Promise<string[]> {
    const out: string[] = [];
    const seen = new Set(paths);
    await Promise.all(
      paths.map(async (p) => {
        const stamp = await limited(() => taskListing.stampOfPath(p));
        const prev = this.stamps.get(p);
        this.stamps.set(p, stamp);
        if (prev !== undefined && prev !== stamp) out.push(p);
      }),
    );
    for (const k of [...this.stamps.keys()]) if (!seen.has(k)) this.stamps.delete(k);
    return out.sort();
  }
}
