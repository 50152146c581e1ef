// The file-system WorkspacePort (core/ports.ts) over one project folder.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CreatedTask, ProjectConfig, SourceText, TaskDetails, TaskEntry, WorkspacePort } from '../core/ports';
import { pyReprString } from '../core/pyRepr';
import { WizardError } from '../core/types';
import { TaskCatalogue, type CatalogueOptions } from './catalogue';
import { parseConfig } from './config';
import { displayPath, notRegularProblem, readFailure, relativeInside } from '../core/files';
import { readRegularFileText } from '../io/regularFile';
import { FileError } from '../core/types';
import { readTaskDetails } from './taskDetails';
import { TaskDetailsCache } from './taskDetailsCache';

export interface WorkspaceOptions {
  /**
   * The extension's built-in `profiles/` folder (`<t>.md` per task type and
   * `registry.yaml`), e.g. `path.join(__dirname, '..', 'profiles')` from dist/.
   */
  builtinProfilesDir: string;
  /** Clock for `updatedAt` of created tasks; defaults to the system clock. */
  now?: () => Date;
  /** Catalogue revalidation (catalogue.ts); the extension uses `trust` with a file watcher. */
  catalogue?: CatalogueOptions;
  /**
   * Keep each task's details between calls while none of their files changed (taskDetailsCache.ts): a workspace
   * that computes many prompts (the extension's, the MCP server's). A one-shot command reads them once anyway.
   */
  keepTaskDetails?: boolean;
  /**
   * How the workspace creates a file (a new task's manifest and brief, a clarification's answers file): only when
   * nothing is there, true when it wrote. The host passes the store's createFileExclusive (every write of the product
   * goes through src/store); without one (the workspace's own tests) a plain exclusive create (`wx`).
   */
  createFile?: (fileAbs: string, text: string, shownPath: string) => boolean;
}

/** An exclusive create (`wx`): false when something is there. */
function createFileWx(fileAbs: string, text: string): boolean {
  try {
    fs.writeFileSync(fileAbs, text, { flag: 'wx' });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

/** `2026-11-20T10:00:00Z`: UTC, whole seconds. */
export function isoSecondsUtc(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The brief.md written for a new task: front matter with the title, the other keys as hints. */
export function briefTemplate(title: string): string {
  return [
    '---',
    `title: ${JSON.stringify(title)}`,
    '# taskType: error-analysis',
    '# analysisTarget: services/payments',
    '# evidence:',
    '#   feature: docs/feature.md',
    '#   project: docs/architecture.md',
    '---',
    '',
    `# ${title}`,
    '',
    '## Problem',
    '',
    '## Expected outcome',
    '',
    '## Notes',
    '',
  ].join('\n');
}

interface CachedText {
  mtimeMs: number;
  size: number;
  value: ProjectConfig | null;
}

export class FsWorkspace implements WorkspacePort {
  readonly projectRootAbs: string;
  readonly okstraDirAbs: string;
  private readonly catalogue: TaskCatalogue;
  private readonly builtinDir: string;
  private readonly builtinCache = new Map<string, SourceText | null>();
  private configCache: CachedText | null = null;
  private readonly clock: () => Date;
  private readonly taskDetails: TaskDetailsCache | null;
  private readonly createFile: NonNullable<WorkspaceOptions['createFile']>;

  constructor(projectRootAbs: string, options: WorkspaceOptions) {
    this.projectRootAbs = path.resolve(projectRootAbs);
    this.okstraDirAbs = path.join(this.projectRootAbs, '.okstra');
    this.catalogue = new TaskCatalogue(this.projectRootAbs, options.catalogue);
    this.builtinDir = path.resolve(options.builtinProfilesDir);
    this.clock = options.now ?? (() => new Date());
    this.taskDetails = options.keepTaskDetails ? new TaskDetailsCache(this.projectRootAbs) : null;
    this.createFile = options.createFile ?? createFileWx;
  }

  now(): Date {
    return this.clock();
  }

  /** Absolute path of a project-relative (or absolute) path. */
  abs(p: string): string {
    return path.resolve(this.projectRootAbs, p);
  }

  /** Project-relative display form of an absolute path. */
  rel(abs: string): string {
    return displayPath(this.projectRootAbs, abs);
  }

  /** Drops cached catalogue data at/under an absolute path (file watcher hook), or all of it. */
  invalidate(absPath?: string): void {
    this.catalogue.invalidate(absPath);
    this.taskDetails?.clear();
    if (absPath === undefined || path.resolve(absPath).startsWith(this.okstraDirAbs)) this.configCache = null;
  }

  config(): ProjectConfig | null {
    const fileAbs = path.join(this.okstraDirAbs, 'config.yaml');
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(fileAbs, { throwIfNoEntry: false });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOTDIR') throw readFailure(this.rel(fileAbs), e);
    }
    if (!st) {
      this.configCache = null;
      return null;
    }
    // A FIFO, device, socket or directory named config.yaml is refused, never read (a FIFO would block).
    if (!st.isFile()) throw new FileError({ path: this.rel(fileAbs), problem: notRegularProblem(st) });
    const c = this.configCache;
    if (c && c.mtimeMs === st.mtimeMs && c.size === st.size) return c.value;
    // A malformed config throws every time (it is not cached): the user is fixing it.
    const text = readRegularFileText(fs, fileAbs, this.rel(fileAbs));
    if (text === null) {
      this.configCache = null;
      return null;
    }
    const value = parseConfig(text, this.rel(fileAbs));
    this.configCache = { mtimeMs: st.mtimeMs, size: st.size, value };
    return value;
  }

  tasks(): TaskEntry[] {
    return this.catalogue.tasks();
  }

  task(key: string): TaskDetails {
    const parts = key.split('/');
    if (parts.length !== 2 || !parts[0] || !parts[1] || parts.some((p) => p === '.' || p === '..' || p.includes('\\'))) {
      throw new WizardError('refused-answer', `task '${key}' cannot be used: not a '<group>/<id>' task key`);
    }
    const [group, id] = parts as [string, string];
    const entry = this.catalogue.entry(group, id);
    if (!entry) throw new WizardError('file-error', `task '${key}' cannot be used: .okstra/tasks/${key}/task-manifest.json not found`);
    if (entry.manifest === null) throw new WizardError('file-error', `task '${key}' cannot be used: ${entry.error}`);
    const manifest = entry.manifest;
    const read = () => readTaskDetails(this.projectRootAbs, group, id, manifest);
    return this.taskDetails ? this.taskDetails.get(key, read) : read();
  }

  private readBuiltin(name: string): SourceText | null {
    if (this.builtinCache.has(name)) return this.builtinCache.get(name)!;
    const text = readRegularFileText(fs, path.join(this.builtinDir, name), `profiles/${name}`);
    const value: SourceText | null = text === null ? null : { path: `profiles/${name}`, text };
    this.builtinCache.set(name, value);
    return value;
  }

  builtinProfile(taskType: string): SourceText | null {
    if (!/^[a-z][a-z0-9-]*$/.test(taskType)) return null;
    return this.readBuiltin(`${taskType}.md`);
  }

  builtinRegistry(): SourceText {
    const r = this.readBuiltin('registry.yaml');
    if (!r)
      throw new WizardError(
        'file-error',
        `profiles/registry.yaml: the built-in model registry is missing from the extension (${this.builtinDir})`,
      );
    return r;
  }

  profileOverride(taskType: string): SourceText | null {
    if (!/^[a-z][a-z0-9-]*$/.test(taskType)) return null;
    const fileAbs = path.join(this.okstraDirAbs, 'prompts', 'profiles', `${taskType}.md`);
    // Never blocks: a FIFO or device is `not a regular file (…)`; EACCES and the rest name the file.
    const text = readRegularFileText(fs, fileAbs, this.rel(fileAbs));
    return text === null ? null : { path: this.rel(fileAbs), text };
  }

  /**
   * A regular file whose real path (links resolved) lies inside the project:
   * evidence, a typed brief or PR template path. A link to a file outside the
   * project is not a file of the project, so it is never offered.
   */
  isFile(p: string): boolean {
    if (!p || p.includes('\0')) return false;
    try {
      const abs = this.abs(p);
      if (!(fs.statSync(abs, { throwIfNoEntry: false })?.isFile() ?? false)) return false;
      return relativeInside(this.realRoot(), fs.realpathSync(abs)) !== null;
    } catch {
      return false;
    }
  }

  realPath(absPath: string): string | null {
    if (!absPath || absPath.includes('\0')) return null;
    try {
      return fs.realpathSync.native(absPath);
    } catch {
      return null;
    }
  }

  private realRootAbs: string | null = null;
  /** The project root with its links resolved (computed once). */
  private realRoot(): string {
    if (this.realRootAbs === null) {
      try {
        this.realRootAbs = fs.realpathSync(this.projectRootAbs);
      } catch {
        return this.projectRootAbs;
      }
    }
    return this.realRootAbs;
  }

  createTask(group: string, id: string, title: string): CreatedTask {
    const key = `${group}/${id}`;
    const segment = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
    if (!segment.test(group) || !segment.test(id))
      throw new WizardError('refused-answer', `task name must be '<group>/<name>': ${pyReprString(key)}`);
    const dirAbs = path.join(this.okstraDirAbs, 'tasks', group, id);
    if (fs.existsSync(dirAbs)) throw new WizardError('refused-answer', `task '${key}' already exists`);
    fs.mkdirSync(dirAbs, { recursive: true });
    const manifestAbs = path.join(dirAbs, 'task-manifest.json');
    const briefAbs = path.join(dirAbs, 'brief.md');
    const manifest = { taskKey: key, taskGroup: group, taskId: id, title, updatedAt: isoSecondsUtc(this.now()) };
    // Created only where nothing is: two windows creating the same task cannot overwrite each other's files.
    for (const [fileAbs, text] of [
      [manifestAbs, JSON.stringify(manifest, null, 2) + '\n'],
      [briefAbs, briefTemplate(title)],
    ] as const) {
      if (!this.createFile(fileAbs, text, this.rel(fileAbs))) throw new WizardError('refused-answer', `task '${key}' already exists`);
    }
    this.catalogue.invalidate(path.join(this.okstraDirAbs, 'tasks', group));
    this.taskDetails?.clear();
    return { key, manifestPath: this.rel(manifestAbs), briefPath: this.rel(briefAbs) };
  }

  createFileIfMissing(p: string, content: string): void {
    const fileAbs = this.abs(p);
    if (!relativeInside(this.projectRootAbs, fileAbs)) {
      throw new WizardError('refused-answer', `path must be inside the project: ${pyReprString(p)}`);
    }
    fs.mkdirSync(path.dirname(fileAbs), { recursive: true });
    this.createFile(fileAbs, content, this.rel(fileAbs));
  }
}

/** A WorkspacePort over the project at `projectRootAbs` (a VS Code workspace folder). */
export function openWorkspace(projectRootAbs: string, options: WorkspaceOptions): FsWorkspace {
  return new FsWorkspace(projectRootAbs, options);
}
