// The task catalogue: every `.okstra/tasks/<group>/<id>/task-manifest.json`,
// read once and revalidated by stat (mtime, ctime, size) so that an unchanged
// manifest is never read or parsed again (docs/performance.md P3). Directory listings
// are cached by the directory's mtime too. A watcher-driven shell (the
// extension) can switch revalidation off and call invalidate() instead.
// The same catalogue is read asynchronously, a folder or a manifest at a time
// (listCatalogueFolder, readTaskEntry), by the extension's Tasks view
// (src/vscode/tasks/taskBoard.ts): one layout, one listing rule, one manifest
// reader and one wording of each error for the task picker and the view. Every file is read through src/io
// (readRegularFileStamped for a cold scan's manifest, with the stamp of the bytes read).

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TaskEntry, TaskManifest } from '../core/ports';
import { FileError } from '../core/types';
import {
  checkJsonDepth,
  displayPath,
  fsErrorProblem,
  MAX_JSON_CHARS,
  notRegularProblem,
  parseJsonFile,
  readErrorText,
  stripBom,
  validateJson,
} from '../core/files';
import { STATE_FILE_SUFFIX } from '../core/wizard/paths';
import {
  fileStampOf as stampOf,
  readRegularFileStamped,
  readRegularFileText,
  readRegularFileTextAsync,
  type FileStamp,
} from '../io/regularFile';
import { manifestPassesFastCheck, taskManifestSchema } from './schemas';

/** The file that makes a folder of `.okstra/tasks/<group>/` a task. */
export const TASK_MANIFEST = 'task-manifest.json';
const MANIFEST_TAIL = path.sep + TASK_MANIFEST;

/** `<project>/.okstra/tasks`: the groups of the catalogue. */
export function tasksDirOf(projectRootAbs: string): string {
  return path.join(projectRootAbs, '.okstra', 'tasks');
}

/** A listed name that is a task group or a task folder: a directory or a symlink, not hidden. */
function isTaskFolder(d: fs.Dirent): boolean {
  return (d.isDirectory() || d.isSymbolicLink()) && !d.name.startsWith('.');
}

function listingProblem(projectRootAbs: string, dir: string, e: unknown): string {
  return `${displayPath(projectRootAbs, dir)}: cannot list the folder: ${fsErrorProblem(e)}`;
}
function sameStamp(a: FileStamp, b: fs.Stats): boolean {
  return a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.size === b.size;
}

/** stat, or undefined when there is nothing (or nothing stat-able) at `p`. */
function statOrUndefined(p: string): fs.Stats | undefined {
  try {
    return fs.statSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Why `p` cannot be stat'ed although something is there (a link loop, EACCES), or null. */
function statProblem(p: string): string | null {
  try {
    fs.statSync(p, { throwIfNoEntry: false });
    return null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? null : fsErrorProblem(e);
  }
}

interface DirListing {
  stamp: FileStamp;
  names: string[];
  /** Why the folder could not be listed. */
  error?: string;
}

interface ManifestCacheEntry {
  stamp: FileStamp;
  entry: TaskEntry;
}

/** Reads one manifest file into a catalogue entry; never throws for a bad file. */
export function readManifestEntry(projectRootAbs: string, group: string, id: string, fileAbs: string, text?: string): TaskEntry {
  const key = `${group}/${id}`;
  // The shown path is only needed for an error: computed then (P3 reads 10,000 good manifests).
  let shownPath: string | undefined;
  const shown = () => (shownPath ??= displayPath(projectRootAbs, fileAbs));
  try {
    const raw = text ?? readRegularFileText(fs, fileAbs, shown());
    if (raw === null) throw new FileError({ path: shown(), problem: 'not found' });
    let data: unknown;
    if (raw.length > MAX_JSON_CHARS) checkJsonDepth(raw, shown()); // too big: the size refusal
    try {
      data = JSON.parse(stripBom(raw));
    } catch {
      data = parseJsonFile(raw, shown()); // the slow path names the line and column
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      throw new FileError({ path: shown(), problem: 'manifest must be a JSON object' });
    }
    const manifest = (manifestPassesFastCheck(data) ? data : validateJson(taskManifestSchema, data, raw, shown())) as TaskManifest;
    if (manifest.taskGroup !== group || manifest.taskId !== id) {
      throw new FileError({ path: shown(), problem: 'taskGroup/taskId do not match the folder' });
    }
    return { key, group, id, manifest };
  } catch (e) {
    return { key, group, id, manifest: null, error: readErrorText(e, shown()) };
  }
}

export interface CatalogueOptions {
  /**
   * `stat` (default): every call stats each manifest and re-reads only the
   * changed ones. `trust`: cached entries are returned as they are until
   * invalidate() names them (a file watcher keeps the cache right).
   */
  revalidate?: 'stat' | 'trust';
}

export class TaskCatalogue {
  private readonly tasksDir: string;
  private readonly dirs = new Map<string, DirListing>();
  private readonly manifests = new Map<string, ManifestCacheEntry>();
  private trusted: TaskEntry[] | null = null;
  /** `trust` mode: paths reported changed since the last scan (only these and their folders are stat'ed). */
  private readonly dirty = new Set<string>();
  private allDirty = true;

  constructor(
    private readonly projectRootAbs: string,
    private readonly options: CatalogueOptions = {},
  ) {
    this.tasksDir = tasksDirOf(projectRootAbs);
  }

  /** Marks cached data stale: everything, or what lies at/under/above an absolute path (a watcher event). */
  invalidate(absPath?: string): void {
    this.trusted = null;
    if (absPath === undefined) {
      this.allDirty = true;
      this.dirs.clear();
      this.manifests.clear();
      return;
    }
    const p = path.resolve(absPath);
    this.dirty.add(p);
    // The exact entry is dropped so that a change within the same mtime tick is still re-read.
    this.manifests.delete(p);
    this.dirs.delete(p);
  }

  /** Must `p` be stat'ed in this scan? Always in `stat` mode; in `trust` mode only near a reported change. */
  private needsCheck(p: string): boolean {
    if (this.options.revalidate !== 'trust' || this.allDirty) return true;
    for (const d of this.dirty) {
      if (p === d || p.startsWith(d + path.sep) || d.startsWith(p + path.sep)) return true;
    }
    return false;
  }

  private list(dir: string): string[] {
    const known = this.dirs.get(dir);
    if (known && !this.needsCheck(dir)) return known.names;
    const st = statOrUndefined(dir);
    if (!st || !st.isDirectory()) {
      this.dirs.delete(dir);
      return [];
    }
    if (known && sameStamp(known.stamp, st)) return known.names;
    let names: string[];
    let error: string | undefined;
    try {
      names = fs
        .readdirSync(dir, { withFileTypes: true })
        .filter(isTaskFolder)
        .map((d) => d.name);
    } catch (e) {
      // Said, not skipped: the folder is listed as a task that cannot be used, with the reason.
      names = [];
      error = listingProblem(this.projectRootAbs, dir, e);
    }
    this.dirs.set(dir, { stamp: stampOf(st), names, error });
    return names;
  }

  /** An entry for a folder that could not be listed (`<group>/*`), or null. */
  private listingError(dir: string, group: string): TaskEntry | null {
    const error = this.dirs.get(dir)?.error;
    return error ? listingErrorEntry(group, error) : null;
  }

  /** Every task, unsorted; unreadable manifests are entries with `error`. */
  tasks(): TaskEntry[] {
    if (this.options.revalidate === 'trust' && this.trusted && this.dirty.size === 0 && !this.allDirty) return this.trusted;
    const out: TaskEntry[] = [];
    const seen = new Set<string>();
    const groups = this.list(this.tasksDir);
    const rootError = this.listingError(this.tasksDir, '*');
    if (rootError) out.push(rootError);
    for (const group of groups) {
      const groupDir = path.join(this.tasksDir, group);
      const ids = this.list(groupDir);
      const groupError = this.listingError(groupDir, group);
      if (groupError) out.push(groupError);
      for (const id of ids) {
        // = path.join(groupDir, id, 'task-manifest.json'): listed names hold no separator and are never `.`/`..`.
        const file = groupDir + path.sep + id + MANIFEST_TAIL;
        const known = this.manifests.get(file);
        if (known && !this.needsCheck(file)) {
          seen.add(file);
          out.push(known.entry);
          continue;
        }
        if (!known) {
          // Never seen (a cold scan): the stamp comes from the open file, no separate stat by path.
          const read = readRegularFileStamped(fs, file);
          if (read === 'missing') continue;
          if (read !== 'fallback') {
            seen.add(file);
            const entry =
              'notRegular' in read
                ? this.notRegularEntry(group, id, file, read.notRegular)
                : readManifestEntry(this.projectRootAbs, group, id, file, read.text);
            this.manifests.set(file, { stamp: read.stamp, entry });
            out.push(entry);
            continue;
          }
        }
        const entry = this.revalidated(group, id, file);
        if (!entry) continue;
        seen.add(file);
        out.push(entry);
      }
    }
    if (seen.size !== this.manifests.size) {
      for (const k of [...this.manifests.keys()]) if (!seen.has(k)) this.manifests.delete(k);
    }
    this.trusted = out;
    this.dirty.clear();
    this.allDirty = false;
    return out;
  }

  private notRegularEntry(group: string, id: string, file: string, problem: string): TaskEntry {
    return { key: `${group}/${id}`, group, id, manifest: null, error: `${displayPath(this.projectRootAbs, file)}: ${problem}` };
  }

  /** The cached entry of one task (revalidated by stat), or undefined when the task has no manifest. */
  entry(group: string, id: string): TaskEntry | undefined {
    return this.revalidated(group, id, path.join(this.tasksDir, group, id, TASK_MANIFEST));
  }

  /** The manifest at `file` by stat: the cached entry when its stamp is unchanged, else read again; undefined when it is not a file. */
  private revalidated(group: string, id: string, file: string): TaskEntry | undefined {
    const st = statOrUndefined(file);
    if (!st) {
      // A link loop or an unreadable path in the manifest's place: listed with the reason, not hidden.
      const problem = statProblem(file);
      return problem === null ? undefined : this.notRegularEntry(group, id, file, problem);
    }
    const cached = this.manifests.get(file);
    if (cached && sameStamp(cached.stamp, st)) return cached.entry;
    const entry = st.isFile()
      ? readManifestEntry(this.projectRootAbs, group, id, file)
      : this.notRegularEntry(group, id, file, notRegularProblem(st));
    this.manifests.set(file, { stamp: stampOf(st), entry });
    this.trusted = null;
    return entry;
  }
}

/** The entry of a folder that could not be listed, keyed `<group>` + `/*` (`*` for the tasks folder itself). */
function listingErrorEntry(group: string, error: string): TaskEntry {
  return { key: `${group}/*`, group, id: '*', manifest: null, error };
}

/** One folder of the catalogue (the tasks folder, or a group), listed once. */
export interface CatalogueListing {
  /** Its task groups or task folders, in listing order (the listing rule of TaskCatalogue). */
  folders: string[];
  /** In a group: the listed tasks that have a state file beside them (`<id>.wizard.json`). */
  stateIds: string[];
  /** The entry that says why the folder cannot be listed (`<group>/*`, as the task picker lists it). */
  error?: TaskEntry;
}

/**
 * Lists the tasks folder (`group` undefined) or one group without blocking: what TaskCatalogue.tasks() lists there.
 * A folder that does not exist lists nothing.
 */
export async function listCatalogueFolder(projectRootAbs: string, group?: string): Promise<CatalogueListing> {
  const dir = group === undefined ? tasksDirOf(projectRootAbs) : path.join(tasksDirOf(projectRootAbs), group);
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { folders: [], stateIds: [] };
    return { folders: [], stateIds: [], error: listingErrorEntry(group ?? '*', listingProblem(projectRootAbs, dir, e)) };
  }
  const folders = entries.filter(isTaskFolder).map((d) => d.name);
  const listed = new Set(folders);
  const stateIds: string[] = [];
  for (const d of entries) {
    if (!d.isFile() || !d.name.endsWith(STATE_FILE_SUFFIX) || d.name.startsWith('.')) continue;
    const id = d.name.slice(0, -STATE_FILE_SUFFIX.length);
    if (listed.has(id)) stateIds.push(id);
  }
  return { folders, stateIds };
}

/**
 * One task's catalogue entry without blocking, as TaskCatalogue.tasks() has it: undefined when the folder holds no
 * manifest (not a task), an entry with its error when the manifest cannot be read, is not a regular file or is
 * not valid.
 */
export async function readTaskEntry(projectRootAbs: string, group: string, id: string): Promise<TaskEntry | undefined> {
  const file = path.join(tasksDirOf(projectRootAbs), group, id, TASK_MANIFEST);
  const shown = () => displayPath(projectRootAbs, file);
  let text: string | null;
  try {
    text = await readRegularFileTextAsync(fs, file, shown);
  } catch (e) {
    return { key: `${group}/${id}`, group, id, manifest: null, error: readErrorText(e, shown()) };
  }
  return text === null ? undefined : readManifestEntry(projectRootAbs, group, id, file, text);
}
