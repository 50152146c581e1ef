// The WizardSession over the real engine, store and workspace: every engine
// call gets a fresh EngineContext (the environment is recomputed per prompt,
// docs/roles.md), every successful step is saved through the store (atomic, stale
// reads refused), and a wizard whose task is not known yet lives in workspace
// storage (docs/okstra-files.md › Roots) until place() writes it next to its task.
// No `vscode` import: settings, storage and texts come in as dependencies, so
// unit tests run this session in plain Node.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EngineContext, EnvironmentPort, WorkspacePort } from '../../core/ports';
import { textsFor } from '../../core/text';
import { WizardError, type LastRun, type Notice, type PromptDoc, type WizardErrorCode, type WizardState } from '../../core/types';
import * as engine from '../../core/wizard/engine';
import { parseState, stateToJson } from '../../core/wizard/stateCodec';
import * as store from '../../store';
import { createEnvironment } from '../../workspace/environment';
import { openWorkspace } from '../../workspace/workspace';
import type { FolderInfo, HostWindow, Log } from '../host/window';
import { bindingRefusal, type AnswerBinding } from './binding';
import type { CurrentResult, LegacyFiles, OutcomeResult, StepOutcome, TreeResult, TreeRowDoc, WizardSession } from './session';
import type { NewWizardOptions, Placement, SessionFactory, UnfinishedWizard } from './sessionFactory';
import type { WizardSettings } from './settings';

const PENDING_KEY = 'okstra.pendingWizards';

interface PendingRecord {
  rootAbs: string;
  folderName: string;
  payload: Record<string, unknown>;
  savedAt: number;
}

/** Workspace storage (vscode.Memento's shape). */
export interface KeyValueStorage {
  get<T>(key: string, fallback: T): T;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export interface EngineSessionDeps {
  storage: KeyValueStorage;
  log: Log;
  builtinProfilesDir: string;
  settings(rootAbs: string): WizardSettings;
  /** The language for the engine's texts. */
  language(): string;
  t: HostWindow['t'];
}

/** One WorkspacePort per project root: its caches make the task picker fast when warm (P3), and keep each task's details between prompts (P1). */
class WorkspaceCache {
  private readonly byRoot = new Map<string, WorkspacePort>();
  constructor(private readonly builtinProfilesDir: string) {}
  get(rootAbs: string): WorkspacePort {
    let ws = this.byRoot.get(rootAbs);
    if (!ws) {
      ws = openWorkspace(rootAbs, { builtinProfilesDir: this.builtinProfilesDir, keepTaskDetails: true });
      this.byRoot.set(rootAbs, ws);
    }
    return ws;
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The error code of a WizardError once it has one (CONTRACTS §1). */
function codeOf(err: WizardError): WizardErrorCode {
  return err.code;
}

/** Engine errors are WizardErrors (a message and a code); anything else is a bug and propagates. */
function guarded<T>(run: () => T, onError: (message: string, code?: WizardErrorCode) => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof WizardError) return onError(err.message, codeOf(err));
    throw err;
  }
}

export class EngineSessionFactory implements SessionFactory {
  private readonly workspaces: WorkspaceCache;

  constructor(private readonly deps: EngineSessionDeps) {
    this.workspaces = new WorkspaceCache(deps.builtinProfilesDir);
  }

  get t(): HostWindow['t'] {
    return this.deps.t;
  }

  log(message: string): void {
    this.deps.log.info(message);
  }

  /** A context for one operation: the environment is rebuilt so that a newly installed CLI is noticed. */
  contextFor(rootAbs: string): EngineContext {
    return { workspace: this.workspaces.get(rootAbs), environment: this.environment(rootAbs), texts: textsFor(this.deps.language()) };
  }

  private environment(rootAbs: string): EnvironmentPort {
    const settings = this.deps.settings(rootAbs);
    const defaults = settings.modelDefaults;
    return createEnvironment({
      env: process.env,
      settingPaths: settings.providerPaths,
      terminalBackend: 'vscode-terminal',
      userModelDefaults: Object.keys(defaults).length > 0 ? { source: { kind: 'setting' }, defaults } : null,
    });
  }

  /**
   * Reads what the first prompt of a New Run needs (the task catalogue, the default task's details, the profiles)
   * into the folder's workspace caches, and writes nothing: the first task list then shows as fast as a later one
   * (with 1,000 tasks it took about a second).
   */
  warm(folder: FolderInfo, options: NewWizardOptions): void {
    const ctx = this.contextFor(folder.rootAbs);
    const state = engine.initState({ projectRootAbs: folder.rootAbs, hostRuntime: options.hostRuntime, entryMode: options.entryMode });
    guarded(
      () => engine.current(ctx, state),
      () => null,
    );
  }

  async create(folder: FolderInfo, options: NewWizardOptions): Promise<WizardSession> {
    const ctx = this.contextFor(folder.rootAbs);
    let config = null;
    try {
      config = ctx.workspace.config();
    } catch (err) {
      // A broken config.yaml blocks every prompt with its file error; the state can still be created.
      this.deps.log.warn(errorText(err));
    }
    const state = engine.initState({
      projectRootAbs: folder.rootAbs,
      hostRuntime: options.hostRuntime,
      entryMode: options.entryMode,
      availableFunctions: [],
      config,
    });
    const session = new EngineSession(this, folder, state, null, null, [], []);
    await session.savePending();
    return session;
  }

  async open(statePath: string | null, folder: FolderInfo): Promise<WizardSession> {
    if (statePath === null) {
      const pending = this.pending().find((p) => p.rootAbs === folder.rootAbs);
      if (!pending)
        throw new WizardError('file-error', this.deps.t('The unfinished wizard of {0} is no longer in workspace storage.', folder.name));
      const parsed = parseState(pending.payload);
      const prepared = engine.prepare(this.contextFor(folder.rootAbs), parsed);
      return new EngineSession(this, folder, prepared.state, null, null, prepared.notices, []);
    }
    const loaded = store.loadStateFile(statePath);
    const parsed = parseState(loaded.payload);
    const rootAbs = parsed.state.project_root || folder.rootAbs;
    const prepared = engine.prepare(this.contextFor(rootAbs), parsed, { foundInDir: path.dirname(statePath) });
    const root = prepared.state.project_root || rootAbs;
    const messages: string[] = [];
    if (loaded.sourceVersion === 1 && loaded.legacy?.resumedFrom === null) {
      messages.push(
        this.deps.t(
          '{0} is a version-1 state file: its answers were converted; the file stays as it is and the wizard is saved in {1}.',
          path.relative(root, statePath),
          path.relative(root, loaded.target),
        ),
      );
    }
    if (parsed.state.project_root && path.resolve(parsed.state.project_root) !== path.resolve(root)) {
      messages.push(
        this.deps.t(
          'This wizard was made in {0}; the project is now {1}, and its paths were moved along.',
          parsed.state.project_root,
          root,
        ),
      );
    }
    // What the store found while loading (a legacy file whose bytes changed, continued from its earlier companion): said once.
    for (const n of loaded.notices) messages.push(n.text);
    return new EngineSession(
      this,
      { name: folder.name, rootAbs: root },
      prepared.state,
      statePath,
      loaded,
      [...loaded.notices, ...prepared.notices],
      messages,
    );
  }

  async place(session: WizardSession, startOver: boolean): Promise<Placement> {
    const s = session as EngineSession;
    const dest = store.stateFilePathFor(s.projectRootAbs, s.state.task_group, s.state.task_id);
    if (fs.existsSync(dest)) {
      const existing = this.summarise(dest, s.folderName, s.projectRootAbs);
      if (existing && !startOver) return { kind: 'existing', statePath: dest, summary: existing };
      // Start over, or a finished / aborted wizard: keep the old file as a backup (docs/okstra-files.md › Roots).
      const backup = store.backupStateFile(dest, new Date());
      if (backup) this.deps.log.info(`backed up ${dest} to ${backup.backupPath}`);
    }
    const handle = store.createStateFile(dest, s.state);
    s.attach(dest, handle);
    await this.dropPending(s.projectRootAbs);
    return { kind: 'placed', statePath: dest };
  }

  async listUnfinished(folders: FolderInfo[]): Promise<UnfinishedWizard[]> {
    const out: UnfinishedWizard[] = [];
    for (const folder of folders) {
      for (const entry of store.listUnfinishedWizards(folder.rootAbs)) {
        const summary = entry.error
          ? {
              statePath: entry.path,
              projectRootAbs: folder.rootAbs,
              folderName: folder.name,
              taskKey: entry.key,
              step: entry.error,
              n: 0,
              total: 0,
              modifiedMs: entry.mtimeMs,
            }
          : this.summarise(entry.path, folder.name, folder.rootAbs);
        if (summary) out.push({ ...summary, modifiedMs: entry.mtimeMs });
      }
      const pending = this.pending().find((p) => p.rootAbs === folder.rootAbs);
      if (pending) {
        try {
          const session = await this.open(null, folder);
          const prompt = session.current().prompt;
          out.push({
            statePath: null,
            projectRootAbs: folder.rootAbs,
            folderName: folder.name,
            taskKey: '',
            step: prompt?.step ?? '',
            n: (prompt?.progress.answered ?? 0) + 1,
            total: prompt?.progress.total ?? 0,
            modifiedMs: pending.savedAt,
          });
        } catch (err) {
          this.deps.log.warn(`the wizard in workspace storage for ${folder.rootAbs} cannot be read: ${errorText(err)}`);
        }
      }
    }
    out.sort((a, b) => b.modifiedMs - a.modifiedMs);
    return out;
  }

  async latest(folders: FolderInfo[]): Promise<{ statePath: string; folder: FolderInfo } | null> {
    // The store's scan of .okstra/tasks (the one scan): the newest readable wizard that is not aborted.
    let best: { statePath: string; folder: FolderInfo; mtimeMs: number } | null = null;
    for (const folder of folders) {
      const entry = store.listUnfinishedWizards(folder.rootAbs, { includeFinished: true }).find((e) => !e.error && !e.aborted);
      if (entry && (!best || entry.mtimeMs > best.mtimeMs)) best = { statePath: entry.path, folder, mtimeMs: entry.mtimeMs };
    }
    return best ? { statePath: best.statePath, folder: best.folder } : null;
  }

  /** `<task key> — <step> (n of total)` data of an unfinished state file; null when finished or aborted. */
  private summarise(statePath: string, folderName: string, rootAbs: string): UnfinishedWizard | null {
    try {
      const loaded = store.loadStateFile(statePath, { cleanStale: false });
      const parsed = parseState(loaded.payload);
      if (parsed.state.confirmed === true || parsed.state.aborted) return null;
      const ctx = this.contextFor(parsed.state.project_root || rootAbs);
      const prepared = engine.prepare(ctx, parsed, { foundInDir: path.dirname(statePath) });
      const current = engine.current(ctx, prepared.state, prepared.notices);
      const st = fs.statSync(statePath);
      return {
        statePath,
        projectRootAbs: rootAbs,
        folderName,
        taskKey: `${parsed.state.task_group}/${parsed.state.task_id}`,
        step: current.prompt?.step ?? current.error ?? '',
        n: (current.prompt?.progress.answered ?? parsed.state.answered.length) + 1,
        total: current.prompt?.progress.total ?? 0,
        modifiedMs: st.mtimeMs,
        legacy: loaded.sourceVersion === 1,
      };
    } catch (err) {
      return {
        statePath,
        projectRootAbs: rootAbs,
        folderName,
        taskKey: path.basename(statePath),
        step: errorText(err),
        n: 0,
        total: 0,
        modifiedMs: 0,
      };
    }
  }

  private pending(): PendingRecord[] {
    return this.deps.storage.get<PendingRecord[]>(PENDING_KEY, []);
  }

  async savePending(session: EngineSession): Promise<void> {
    const others = this.pending().filter((p) => p.rootAbs !== session.projectRootAbs);
    const record: PendingRecord = {
      rootAbs: session.projectRootAbs,
      folderName: session.folderName,
      payload: stateToJson(session.state),
      savedAt: Date.now(),
    };
    await this.deps.storage.update(PENDING_KEY, [...others, record]);
  }

  async dropPending(rootAbs: string): Promise<void> {
    await this.deps.storage.update(
      PENDING_KEY,
      this.pending().filter((p) => p.rootAbs !== rootAbs),
    );
  }
}

export class EngineSession implements WizardSession {
  private handle: store.LoadedStateFile | null;
  private statePathValue: string | null;
  /** Why the file cannot be used now (it no longer parses), set by reload(). */
  private problemValue: string | null = null;
  /** Changes whenever the state held changes: the revision of a wizard in workspace storage. */
  private generation = 0;

  constructor(
    private readonly factory: EngineSessionFactory,
    private readonly folder: FolderInfo,
    private stateValue: WizardState,
    statePath: string | null,
    handle: store.LoadedStateFile | null,
    /** Load-time notices (conversion, reconcile, rebasing): repeated until the next save. */
    private carried: Notice[],
    private readonly opening: string[],
  ) {
    this.statePathValue = statePath;
    this.handle = handle;
  }

  get projectRootAbs(): string {
    return this.folder.rootAbs;
  }
  get folderName(): string {
    return this.folder.name;
  }
  get statePath(): string | null {
    return this.statePathValue;
  }
  get state(): WizardState {
    return this.stateValue;
  }
  get taskKey(): string {
    return this.stateValue.task_group && this.stateValue.task_id ? `${this.stateValue.task_group}/${this.stateValue.task_id}` : '';
  }

  private ctx(): EngineContext {
    return this.factory.contextFor(this.projectRootAbs);
  }

  attach(statePath: string, handle: store.LoadedStateFile): void {
    this.statePathValue = statePath;
    this.handle = handle;
  }

  async savePending(): Promise<void> {
    await this.factory.savePending(this);
  }

  revision(): string {
    return this.handle ? this.handle.revision : `mem-${this.generation}`;
  }

  problem(): string | null {
    return this.problemValue;
  }

  openingMessages(): string[] {
    return [...this.opening];
  }

  watchPaths(): string[] {
    if (!this.statePathValue) return [];
    const paths = [this.statePathValue];
    if (this.handle && this.handle.target !== this.statePathValue) paths.push(this.handle.target);
    return paths;
  }

  legacy(): LegacyFiles | null {
    if (!this.handle || !this.statePathValue || this.handle.sourceVersion !== 1) return null;
    return { v1Path: this.statePathValue, companionPath: this.handle.target, companionExists: fs.existsSync(this.handle.target) };
  }

  current(): CurrentResult {
    if (this.problemValue) return { prompt: null, error: this.problemValue, notices: [] };
    const r = guarded<CurrentResult>(
      () => engine.current(this.ctx(), this.stateValue, this.carried),
      (error) => ({ prompt: null, error, notices: this.carried }),
    );
    return { prompt: r.prompt, error: r.error, notices: r.notices };
  }

  submit(answer: string, binding?: AnswerBinding): Promise<StepOutcome> {
    return this.step((ctx, state, b) => engine.submit(ctx, state, answer, this.carried, b), binding);
  }

  rewind(id: string, binding?: AnswerBinding): Promise<StepOutcome> {
    return this.step((ctx, state, b) => engine.rewind(ctx, state, id, this.carried, b), binding);
  }

  back(): Promise<StepOutcome> {
    return this.step((ctx, state) => engine.back(ctx, state, this.carried));
  }

  async abort(): Promise<void> {
    const r = await this.step((ctx, state) => engine.abort(ctx, state, this.carried));
    if (!r.ok) throw new WizardError(r.code ?? 'refused-answer', r.error);
  }

  tree(): TreeResult {
    if (this.problemValue) return { ok: false, error: this.problemValue };
    return guarded<TreeResult>(
      () => {
        const ctx = this.ctx();
        const t = engine.tree(ctx, this.stateValue, this.carried);
        if (!t.ok) return { ok: false as const, error: t.error };
        const rows: TreeRowDoc[] = t.rows.map((r) =>
          r.answered ? { ...r, answer: engine.answerLabel(ctx, this.stateValue, r.id) } : { ...r },
        );
        return { ok: true as const, rows, current: t.current };
      },
      (error) => ({ ok: false as const, error }),
    );
  }

  outcome(): OutcomeResult {
    if (this.problemValue) return { ok: false, error: this.problemValue };
    return this.outcomeOf(this.stateValue);
  }

  preview(): OutcomeResult {
    if (this.problemValue) return { ok: false, error: this.problemValue };
    if (this.stateValue.confirmed === true) return this.outcomeOf(this.stateValue);
    const ctx = this.ctx();
    const r = guarded<EngineStep>(
      () => engine.submit(ctx, this.stateValue, 'run'),
      (error) => ({ ok: false, error, current: null }),
    );
    if (!r.ok) return { ok: false, error: r.error };
    return this.outcomeOf(r.state);
  }

  private outcomeOf(state: WizardState): OutcomeResult {
    return guarded<OutcomeResult>(
      () => {
        const o = engine.outcome(this.ctx(), state, this.carried);
        if (!o.ok) return { ok: false as const, error: o.error };
        return { ok: true as const, renderArgv: o.renderArgv, persistActions: o.persistActions, confirmationText: o.confirmationText };
      },
      (error) => ({ ok: false as const, error }),
    );
  }

  changedOnDisk(): boolean {
    if (!this.handle) return false;
    return this.handle.expected.some((e) => store.sha256OfFile(e.path) !== e.sha256);
  }

  async reload(): Promise<void> {
    if (!this.statePathValue) return;
    let loaded: store.LoadedStateFile;
    let prepared: ReturnType<typeof engine.prepare>;
    try {
      loaded = store.loadStateFile(this.statePathValue);
      prepared = engine.prepare(this.ctx(), parseState(loaded.payload), { foundInDir: path.dirname(this.statePathValue) });
    } catch (err) {
      if (!(err instanceof WizardError)) throw err;
      // A hand edit that broke the file: every answer is refused with this message until it parses again.
      this.problemValue = err.message;
      this.generation++;
      this.factory.log(`${this.statePathValue} cannot be read: ${err.message}`);
      return;
    }
    this.problemValue = null;
    this.handle = loaded;
    this.stateValue = prepared.state;
    this.carried = [...loaded.notices, ...prepared.notices];
    this.generation++;
    this.factory.log(`reloaded ${this.statePathValue}${prepared.notices.map((n) => `\n  notice: ${n.text}`).join('')}`);
  }

  async recordLastRun(lastRun: LastRun): Promise<void> {
    const next: WizardState = { ...this.stateValue, last_run: lastRun };
    await this.persist(next);
    this.stateValue = next;
    this.generation++;
  }

  configOkstraCommand(): string | string[] | null {
    try {
      return this.ctx().workspace.config()?.okstraCommand ?? null;
    } catch {
      return null;
    }
  }

  canGoBack(): boolean {
    return engine.backTarget(this.stateValue) !== null;
  }

  rewindQuestion(id: string): { title: string; detail: string } | null {
    // The engine's own rewind on a copy, nothing saved: exactly what it would clear, in words.
    return guarded(
      () => engine.rewindQuestion(this.ctx(), this.stateValue, id),
      () => null,
    );
  }

  /** One engine step; on success the new state is saved before it becomes current. */
  private async step(
    run: (ctx: EngineContext, state: WizardState, binding: engine.PromptBinding | undefined) => EngineStep,
    binding?: AnswerBinding,
  ): Promise<StepOutcome> {
    if (this.problemValue) return { ok: false, error: this.problemValue, current: null, code: 'file-error' };
    const ctx = this.ctx();
    // The engine checks the binding against the prompt it computes for the step, with the extension's rule.
    const revision = this.revision();
    const bound: engine.PromptBinding | undefined = binding && {
      expected: binding,
      revision,
      refusal: (current) => bindingRefusal(current, revision, binding),
    };
    const r = guarded<EngineStep>(
      () => run(ctx, this.stateValue, bound),
      (error, code) => ({ ok: false, error, current: null, code }),
    );
    if (!r.ok) return { ok: false, error: r.error, current: r.current ?? null, code: r.code };
    try {
      await this.persist(r.state);
    } catch (err) {
      if (err instanceof WizardError) return { ok: false, error: err.message, current: this.current().prompt, code: codeOf(err) };
      throw err;
    }
    this.stateValue = r.state;
    this.carried = [];
    this.generation++;
    return { ok: true, echo: r.echo, next: r.next, error: r.error, notices: r.notices ?? [], open: r.open ?? [] };
  }

  /** Saves to the file (moving it when the task changed), or to workspace storage before the task is known. */
  private async persist(state: WizardState): Promise<void> {
    if (!this.statePathValue || !this.handle) {
      this.stateValue = state;
      await this.factory.savePending(this);
      return;
    }
    const dest =
      state.task_group && state.task_id
        ? store.stateFilePathFor(this.projectRootAbs, state.task_group, state.task_id)
        : this.statePathValue;
    if (path.resolve(dest) !== path.resolve(this.statePathValue)) {
      // task-pick answered again with another task: the wizard moves with it (docs/steps.md › Rewind and Back).
      const moved = store.moveStateFile(this.handle, dest, state, { destKey: `${state.task_group}/${state.task_id}` });
      this.handle = moved.handle;
      this.statePathValue = dest;
      return;
    }
    this.handle = store.saveStateFile(this.handle, state);
  }
}

type EngineStep =
  | { ok: true; state: WizardState; echo: string; next: PromptDoc | null; error?: string; notices?: Notice[]; open?: string[] }
  | { ok: false; error: string; current: PromptDoc | null; code?: WizardErrorCode };
