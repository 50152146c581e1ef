// The wizard host (docs/architecture.md › The host): the one way every front end — the CLI, the MCP server,
// the extension's session, the Tasks view and the language-model tools — reaches a wizard. It owns the
// workspaces (one per project root, with their caches), the engine context of an operation, the one load of a
// state file (store → codec → engine.prepare), a fresh wizard and a task's new wizard, and the read-only probe.
// A check added here (or in paths.ts / wizard.ts beside it) holds for all five front ends.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type {
  Audience,
  EngineContext,
  EnvironmentPort,
  ProjectConfig,
  TaskDetails,
  TaskEntry,
  UserTeams,
  WorkspacePort,
} from '../core/ports';
import { pyReprString } from '../core/pyRepr';
import { validateHost } from '../core/roles/hostRegistry';
import { configuredTeams, type Team } from '../core/roles/teams';
import type { TextCatalog } from '../core/text/catalog';
import { WizardError, type LastRun } from '../core/types';
import * as engine from '../core/wizard/engine';
import { parseState, stateToJson, type ParsedState } from '../core/wizard/stateCodec';
import {
  backupStateFile,
  createFileExclusive,
  createStateFile,
  listUnfinishedWizards,
  loadStateFile,
  probeStateFile,
  type StateFileHandle,
  type WizardFileEntry,
} from '../store';
import { openWorkspace, type FsWorkspace, type WorkspaceOptions } from '../workspace/workspace';
import { asWizardError, WizardRefusal } from './errors';
import { locateStateFile, realPathOf, refuseLinkedOut, taskStatePath } from './paths';
import { CANCELLED_BEFORE_SAVE, HostWizard, type StepOptions, type StoredRoots, type WizardContextSource } from './wizard';
import { summarizeTasks, unknownTaskMessage, type TaskList, type TaskListOptions } from './tasks';

interface HostOptions {
  builtinProfilesDir: string;
  /** The environment prompts are computed in, for a project root; a bad environment is a WizardError (`usage`). */
  environment(projectRootAbs: string): EnvironmentPort;
  texts(): TextCatalog;
  /** Workspace options beside the profiles folder (the extension's and the MCP server's caches). */
  workspace?: Omit<WorkspaceOptions, 'builtinProfilesDir'>;
  /** Called just before a state file is written (tests: a second writer). */
  beforeSave?: (statePathAbs: string) => void;
  /** Who answers this host's wizards (core/ports.ts Audience): `agent` for the CLI and the MCP server; default `person`. */
  audience?: Audience;
  /**
   * How to give the process the environment it lacks, in this front end's words (the MCP server: the `env` entry of
   * its host's configuration). Given, a wizard reports an environment in which no provider can start as an
   * `environment` notice ending with it — when the task is chosen, and at a prompt nothing can be chosen at.
   */
  environmentHint?: string;
}

interface OpenOptions {
  /** How messages name the file (default: its absolute path). */
  shownPath?: string;
  /** Remove a dead writer's leftovers first (default true; a read-only look passes false). */
  cleanStale?: boolean;
  /** The project when the file does not lie in a project's tasks folder and names none (the extension's folder). */
  fallbackRoot?: string;
  /** Who answers this wizard, when not the host's audience (the extension's language-model tools: `agent`). */
  audience?: Audience;
}

interface FreshOptions {
  hostRuntime: string;
  entryMode: string;
  availableFunctions?: string[];
  /**
   * Answers to offer as the defaults of their steps, by step id (a run's team for team-pick: the Tasks view's New
   * Run with this Team). They are remembered answers (src/core/wizard/remembered.ts): a step's default only while
   * it is a selectable option, never an answer; all of them go when the wizard moves to another task than a
   * remembered `task-pick`.
   */
  defaults?: Readonly<Record<string, string>>;
}

/** An unfinished wizard as the listing of wizards in progress shows it (WizardHost.wizardsInProgress). */
interface WizardInProgress {
  /** The task the state names (else the one its file is named after). */
  task: string;
  /** The state file, relative to the project. */
  state: string;
  status: 'unfinished' | 'unreadable';
  /** The prompt it stops at, n of total (as Resume shows it). */
  step?: string;
  n?: number;
  total?: number;
  /** When the state file was last written (ISO 8601, UTC). */
  updatedAt: string;
  /** Why the file cannot be read, or why its current prompt cannot be computed. */
  error?: string;
  legacy?: true;
}

/** What a state file says, for the Tasks view and Resume: never cleans, converts or writes. */
interface WizardProbe {
  statePath: string;
  status: 'unfinished' | 'confirmed' | 'aborted' | 'unreadable';
  taskKey?: string;
  /** The step an unfinished wizard stops at, n of total, as Resume shows it. */
  step?: string;
  n?: number;
  total?: number;
  error?: string;
  lastRun?: Pick<LastRun, 'exitCode' | 'startedAt' | 'status' | 'argv' | 'runId' | 'pid'>;
  legacy?: boolean;
}

/** `workspace` with `task(key)` asked once per context (an operation asks it many times: the binding, the answer, the next prompt). */
function memoizedTasks(workspace: WorkspacePort): WorkspacePort {
  const memo = new Map<string, { details: TaskDetails } | { error: unknown }>();
  const task = (key: string): TaskDetails => {
    let hit = memo.get(key);
    if (!hit) {
      try {
        hit = { details: workspace.task(key) };
      } catch (error) {
        hit = { error };
      }
      memo.set(key, hit);
    }
    if ('error' in hit) throw hit.error;
    return hit.details;
  };
  return new Proxy(workspace, {
    get(target, prop) {
      if (prop === 'task') return task;
      if (prop === 'createTask') {
        return (...args: Parameters<WorkspacePort['createTask']>) => {
          memo.clear();
          return target.createTask(...args);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The roots a state file records, when they are not the roots it is used with (the file was moved, copied or made on
 * another machine) and its saves replace that very file: those saves keep them as they are (docs/state-file.md ›
 * Roots), so that a committed file changes only where a person changed an answer. A legacy file's first companion is
 * a new file: it gets the real roots. Null when nothing is to be kept.
 */
function keptRootsOf(handle: StateFileHandle, state: { project_root: string; workspace_root: string }): StoredRoots | null {
  if (handle.payloadPath !== handle.target) return null;
  const { project_root: projectRoot, workspace_root: workspaceRoot } = handle.payload;
  if (typeof projectRoot !== 'string' || typeof workspaceRoot !== 'string') return null;
  if (projectRoot === state.project_root && workspaceRoot === state.workspace_root) return null;
  return { project_root: projectRoot, workspace_root: workspaceRoot };
}

/** Refuses an unknown host runtime or entry mode (`usage`). */
export function checkHostRuntime(hostRuntime: string, entryMode: string): void {
  try {
    validateHost(hostRuntime, entryMode);
  } catch (err) {
    const e = asWizardError(err);
    throw e.code === 'internal' ? e : new WizardError('usage', e.message);
  }
}

export class WizardHost implements WizardContextSource {
  private readonly workspaces = new Map<string, FsWorkspace>();

  constructor(private readonly options: HostOptions) {}

  /** The workspace of a project (one per root: its caches are what make a warm picker fast). */
  workspace(projectRootAbs: string): FsWorkspace {
    const root = path.resolve(projectRootAbs);
    let ws = this.workspaces.get(root);
    if (!ws) {
      ws = openWorkspace(root, {
        ...this.options.workspace,
        builtinProfilesDir: this.options.builtinProfilesDir,
        // A new task's files through the store, as every write (docs/architecture.md › Layers).
        createFile: (fileAbs, text, shownPath) => createFileExclusive(fileAbs, text, { shownPath }),
      });
      this.workspaces.set(root, ws);
    }
    return ws;
  }

  /** A change on disk (a watcher): every workspace that holds the path forgets what it read there. */
  invalidate(absPath: string): void {
    for (const [root, ws] of this.workspaces) if (absPath === root || absPath.startsWith(root + path.sep)) ws.invalidate(absPath);
  }

  /** The context of one operation: the environment as it is now, the workspace, the texts. */
  context(projectRootAbs: string): EngineContext {
    return {
      workspace: memoizedTasks(this.workspace(projectRootAbs)),
      environment: this.options.environment(projectRootAbs),
      texts: this.options.texts(),
      audience: this.options.audience ?? 'person',
    };
  }

  texts(): TextCatalog {
    return this.options.texts();
  }

  /**
   * The teams a task's runs are compared with (the Tasks view): the project's (`teams:` of `.okstra/config.yaml`, as
   * the workspace reads it for team-pick) and the user's, without those that cannot be used. A config.yaml that cannot
   * be read gives no project team (the wizard reports it where it matters).
   */
  configuredTeams(projectRootAbs: string): Team[] {
    let config: ProjectConfig | null = null;
    try {
      config = this.workspace(projectRootAbs).config();
    } catch {
      config = null;
    }
    let user: UserTeams | null = null;
    try {
      user = this.options.environment(projectRootAbs).userTeams?.() ?? null;
    } catch {
      user = null;
    }
    return configuredTeams(config, user).filter((t) => !t.error);
  }

  beforeSave(statePathAbs: string): void {
    this.options.beforeSave?.(statePathAbs);
  }

  environmentHint(): string | undefined {
    return this.options.environmentHint;
  }

  // ------------------------------------------------------------------ the one load

  /** Reads and parses a state file (store → codec); a file that cannot be loaded is a WizardError naming it. */
  private read(statePathAbs: string, shown: string, cleanStale: boolean): { handle: StateFileHandle; parsed: ParsedState } {
    refuseLinkedOut(statePathAbs, shown);
    let handle: StateFileHandle;
    try {
      // The store's load errors name the file.
      handle = loadStateFile(statePathAbs, { shownPath: shown, cleanStale });
    } catch (err) {
      throw asWizardError(err);
    }
    try {
      return { handle, parsed: parseState(handle.payload) };
    } catch (err) {
      const e = asWizardError(err);
      throw e.code === 'internal' ? e : new WizardError(e.code, `${shown}: ${e.message}`);
    }
  }

  /**
   * The wizard of a state file: loaded, parsed and prepared (v1 conversion, rebasing to the project it lies in —
   * judged on its real path — and the load-time reconcile). Throws WizardError naming the file.
   */
  open(statePathAbs: string, options: OpenOptions = {}): HostWizard {
    const shown = options.shownPath ?? statePathAbs;
    const { handle, parsed } = this.read(statePathAbs, shown, options.cleanStale !== false);
    const { lyingIn, root } = this.rootOf(statePathAbs, parsed, options.fallbackRoot);
    if (root === '' || !path.isAbsolute(root)) {
      throw new WizardError('file-error', `${shown}: wizard state field 'project_root' must be an absolute path: ${pyReprString(root)}`);
    }
    const ctx = this.context(root);
    let prepared: engine.PrepareResult;
    try {
      prepared = engine.prepare(ctx, parsed, lyingIn === null ? {} : { root: lyingIn });
    } catch (err) {
      const e = asWizardError(err);
      throw e.code === 'internal' ? e : new WizardError(e.code, `${shown}: ${e.message}`);
    }
    // What loading found (a legacy file whose continuation was found again) is said first.
    const carried = [...handle.notices, ...prepared.notices];
    const storedRoots = keptRootsOf(handle, prepared.state);
    const wizard = new HostWizard(
      this,
      prepared.state.project_root || root,
      prepared.state,
      carried,
      { statePath: statePathAbs, shownPath: shown, handle, ...(storedRoots ? { storedRoots } : {}) },
      handle.notices,
    );
    if (options.audience) wizard.audience = options.audience;
    return wizard;
  }

  /**
   * The project a state file belongs to, judged as open() judges it: the project whose tasks folder holds its real
   * path (its stored roots are rebased onto it: `lyingIn`), else the root the file names, else `fallbackRoot`. A
   * stored root that is a link to the project the file lies in names that same project: it is kept (it did not move).
   */
  private rootOf(statePathAbs: string, parsed: ParsedState, fallbackRoot: string | undefined): { lyingIn: string | null; root: string } {
    const { projectRoot } = locateStateFile(statePathAbs);
    const stored = parsed.state.project_root;
    const lyingIn =
      projectRoot !== null && stored !== '' && path.isAbsolute(stored) && realPathOf(stored) === projectRoot ? stored : projectRoot;
    return { lyingIn, root: lyingIn ?? (stored || fallbackRoot || '') };
  }

  /** `wizard` read again from its file (another writer); a file that stopped parsing becomes its problem. */
  reload(wizard: HostWizard): void {
    if (!wizard.statePath) return;
    try {
      wizard.replace(this.open(wizard.statePath, { shownPath: wizard.shownPath, fallbackRoot: wizard.projectRootAbs }));
    } catch (err) {
      const e = asWizardError(err);
      if (e.code === 'internal') throw e;
      wizard.replace({ problem: e.message });
    }
  }

  /** `wizard`'s file read again as it is now, not cleaning a writer's leftovers (a refusal's `current`); or why it cannot be. */
  reread(wizard: HostWizard): HostWizard | { problem: string } {
    if (!wizard.statePath) return { problem: 'the wizard has no state file' };
    try {
      const now = this.open(wizard.statePath, { shownPath: wizard.shownPath, fallbackRoot: wizard.projectRootAbs, cleanStale: false });
      if (wizard.audience) now.audience = wizard.audience;
      return now;
    } catch (err) {
      const e = asWizardError(err);
      if (e.code === 'internal') throw e;
      return { problem: e.message };
    }
  }

  /** The wizard of a task of the project (`<group>/<id>`); refused with `usage` when it has none. */
  openTask(projectRootAbs: string, task: string): HostWizard {
    const statePath = taskStatePath(projectRootAbs, task);
    const shown = path.relative(projectRootAbs, statePath);
    if (!fs.existsSync(statePath)) {
      let known = true;
      try {
        known = this.workspace(projectRootAbs)
          .tasks()
          .some((t) => t.key === task);
      } catch {
        known = true;
      }
      if (!known) throw this.unknownTask(projectRootAbs, task);
      throw new WizardError('usage', `task '${task}' has no wizard (${shown}); start one with wizard_init`);
    }
    return this.open(statePath, { shownPath: shown });
  }

  /** The project's config, or null while it cannot be read (the first prompt reports its file error). */
  private configOf(ctx: EngineContext): ReturnType<WorkspacePort['config']> {
    try {
      return ctx.workspace.config();
    } catch (err) {
      if (!(err instanceof WizardError)) throw asWizardError(err);
      return null;
    }
  }

  /**
   * A fresh wizard for a project, nothing written: with `file`, its first save creates that file (CLI `init`);
   * without, it lives in memory until its front end places it (the extension, before the task is chosen).
   * An unknown host or entry mode is refused (`usage`).
   */
  fresh(
    projectRootAbs: string,
    options: FreshOptions,
    file: { statePath: string; shownPath: string; force?: boolean } | null = null,
  ): HostWizard {
    checkHostRuntime(options.hostRuntime, options.entryMode);
    const ctx = this.context(projectRootAbs);
    const state = engine.initState({
      projectRootAbs,
      hostRuntime: options.hostRuntime,
      entryMode: options.entryMode,
      availableFunctions: options.availableFunctions ?? [],
      config: this.configOf(ctx),
    });
    if (options.defaults && Object.keys(options.defaults).length > 0) state.remembered_answers = { ...options.defaults };
    return new HostWizard(this, projectRootAbs, state, [], {
      statePath: file?.statePath ?? null,
      shownPath: file?.shownPath ?? '',
      handle: null,
      force: file?.force,
    });
  }

  /** A wizard kept elsewhere than a file (the extension's workspace storage), from its encoded payload. */
  fromPayload(projectRootAbs: string, payload: Record<string, unknown>): HostWizard {
    const ctx = this.context(projectRootAbs);
    // Rebased onto the folder it is opened in, as a state file is onto the project it lies in: a wizard stored for
    // another folder is judged and run with this one (a moved notice), never with the root it was saved with.
    const prepared = engine.prepare(ctx, parseState(payload), { root: projectRootAbs });
    return new HostWizard(this, projectRootAbs, prepared.state, prepared.notices, { statePath: null, shownPath: '', handle: null });
  }

  /** The payload of a wizard for storage elsewhere than a file. */
  payloadOf(wizard: HostWizard): Record<string, unknown> {
    return stateToJson(wizard.state);
  }

  /**
   * A task's new wizard, answered up to its first question (CLI `init --task`, MCP `wizard_init`), in the task's
   * state file. Refused when the task is unknown, or has an unfinished wizard (its current prompt is the
   * refusal's `current`) unless `startOver`, which backs it up first; a finished one is backed up.
   */
  startTask(
    projectRootAbs: string,
    task: string,
    options: FreshOptions & { startOver?: boolean } & StepOptions,
  ): { wizard: HostWizard; result: engine.StepResult } {
    const statePath = taskStatePath(projectRootAbs, task);
    const shown = path.relative(projectRootAbs, statePath);
    const wizard = this.fresh(projectRootAbs, options);
    const ctx = wizard.ctx();
    let known: boolean;
    try {
      known = ctx.workspace.tasks().some((t) => t.key === task);
    } catch (err) {
      throw asWizardError(err);
    }
    if (!known) throw this.unknownTask(projectRootAbs, task);
    const probe = probeStateFile(statePath, { shownPath: shown });
    if ((probe.status === 'unfinished' || probe.status === 'unreadable') && !options.startOver) {
      let current = null;
      try {
        if (probe.status === 'unfinished') current = this.open(statePath, { shownPath: shown, cleanStale: false }).currentPrompt();
      } catch {
        current = null;
      }
      const why = probe.status === 'unreadable' ? `a wizard that cannot be read (${probe.error})` : 'an unfinished wizard';
      throw new WizardRefusal(
        'usage',
        `task '${task}' already has ${why} in ${shown}; continue it with wizard_current, or pass startOver: true to back it up and start again`,
        current,
      );
    }
    const r = wizard.submit(task);
    if (!r.ok) throw new WizardRefusal(r.code, r.error, r.current, r.notices);
    if (options.cancelled?.()) throw new WizardRefusal('cancelled', CANCELLED_BEFORE_SAVE, null, r.notices);
    let handle: StateFileHandle;
    try {
      // A finished or aborted wizard, or one the caller chose to start over: kept as a backup (as New Run does).
      if (probe.status !== 'missing') backupStateFile(statePath, new Date());
      handle = createStateFile(statePath, r.state, { shownPath: shown });
    } catch (err) {
      throw asWizardError(err);
    }
    const placed = new HostWizard(this, projectRootAbs, r.state, [], { statePath, shownPath: shown, handle });
    placed.keepShown(ctx, r.next);
    return { wizard: placed, result: { ...r, next: r.next && { ...r.next, revision: handle.revision } } };
  }

  /**
   * Writes a wizard held in memory into its task's state file (the extension, once the task is chosen). When the
   * task already has an unfinished wizard nothing is written and that file is returned (unless `startOver`,
   * which backs it up first; a finished one is backed up always).
   */
  place(
    wizard: HostWizard,
    startOver: boolean,
  ): { kind: 'placed'; statePath: string; backup?: string } | { kind: 'existing'; statePath: string } {
    const task = wizard.taskKey;
    const statePath = taskStatePath(wizard.projectRootAbs, task);
    let backup: string | undefined;
    if (fs.existsSync(statePath)) {
      const existing = this.probe(statePath, wizard.projectRootAbs);
      if ((existing.status === 'unfinished' || existing.status === 'unreadable') && !startOver) return { kind: 'existing', statePath };
      backup = backupStateFile(statePath, new Date())?.backupPath;
    }
    const handle = createStateFile(statePath, wizard.state);
    wizard.replace(new HostWizard(this, wizard.projectRootAbs, wizard.state, [], { statePath, shownPath: statePath, handle }));
    return { kind: 'placed', statePath, backup };
  }

  /** The project's tasks (sorted as the task picker sorts them), each with its phase, next phase and wizard (tasks.ts). */
  listTasks(projectRootAbs: string, options: TaskListOptions = {}): TaskList {
    const root = path.resolve(projectRootAbs);
    let entries: TaskEntry[];
    try {
      entries = this.workspace(root).tasks();
    } catch (err) {
      throw asWizardError(err);
    }
    return summarizeTasks(root, entries, listUnfinishedWizards(root, { includeFinished: true }), options);
  }

  /**
   * The unfinished wizards of a project, newest first (and the state files that cannot be read, which block their
   * task's wizard_init): each probed read-only for the step it stops at.
   */
  wizardsInProgress(projectRootAbs: string): WizardInProgress[] {
    const root = path.resolve(projectRootAbs);
    return listUnfinishedWizards(root).map((w): WizardInProgress => {
      const probe = w.error === undefined ? this.probe(w.path, root) : null;
      const base = { task: probe?.taskKey ?? w.key, state: path.relative(root, w.path), updatedAt: new Date(w.mtimeMs).toISOString() };
      if (probe === null || probe.status === 'unreadable') return { ...base, status: 'unreadable', error: w.error ?? probe?.error ?? '' };
      const at = probe.step !== undefined ? { step: probe.step, n: probe.n!, total: probe.total! } : {};
      return {
        ...base,
        status: 'unfinished',
        ...at,
        ...(probe.error ? { error: probe.error } : {}),
        ...(probe.legacy ? { legacy: true } : {}),
      };
    });
  }

  /** The message for a task key that names no task of the project: the known tasks, or the nearest ones (tasks.ts). */
  unknownTask(projectRootAbs: string, task: string): WizardError {
    let known: string[] = [];
    try {
      known = this.workspace(projectRootAbs)
        .tasks()
        .map((t) => t.key);
    } catch {
      known = [];
    }
    return new WizardError('usage', unknownTaskMessage(known, task));
  }

  /** The wizards of a project's tasks folder, newest first (the store's one scan); finished ones too with `includeFinished`. */
  listWizards(projectRootAbs: string, options: { includeFinished?: boolean } = {}): WizardFileEntry[] {
    return listUnfinishedWizards(projectRootAbs, options);
  }

  /** What a state file says, read only (the Tasks view, Resume): never throws for the file's sake. */
  probe(statePathAbs: string, projectRootAbs: string): WizardProbe {
    let read: { handle: StateFileHandle; parsed: ParsedState };
    try {
      read = this.read(statePathAbs, statePathAbs, false);
    } catch (err) {
      const e = asWizardError(err);
      if (e.code === 'internal') throw e;
      return { statePath: statePathAbs, status: 'unreadable', error: e.message };
    }
    const s = read.parsed.state;
    const r = s.last_run;
    const lastRun = r
      ? {
          exitCode: r.exitCode,
          startedAt: r.startedAt,
          argv: r.argv,
          ...(r.status ? { status: r.status } : {}),
          ...(r.runId ? { runId: r.runId } : {}),
          ...(r.pid ? { pid: r.pid } : {}),
        }
      : undefined;
    const taskKey = s.task_group && s.task_id ? `${s.task_group}/${s.task_id}` : undefined;
    const legacy = read.handle.sourceVersion === 1;
    const base = { statePath: statePathAbs, taskKey, lastRun, legacy };
    if (s.aborted) return { ...base, status: 'aborted' };
    if (s.confirmed === true) return { ...base, status: 'confirmed' };
    try {
      // Judged as opening it would: in the project the file lies in (a copied or moved file is rebased onto it),
      // never in the caller's folder, nor under the roots the file records.
      const { lyingIn, root } = this.rootOf(statePathAbs, read.parsed, projectRootAbs);
      const ctx = this.context(root !== '' && path.isAbsolute(root) ? root : projectRootAbs);
      const prepared = engine.prepare(ctx, read.parsed, lyingIn === null ? {} : { root: lyingIn });
      const current = engine.current(ctx, prepared.state, prepared.notices);
      if (!current.prompt) return { ...base, status: 'unfinished', error: current.error, n: prepared.state.answered.length + 1, total: 0 };
      return {
        ...base,
        status: 'unfinished',
        step: current.prompt.step,
        n: current.prompt.progress.answered + 1,
        total: current.prompt.progress.total,
      };
    } catch (err) {
      const e = asWizardError(err);
      return { ...base, status: 'unfinished', error: e.message };
    }
  }
}
