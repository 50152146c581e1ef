// The WizardSession over the wizard host (src/host): every load, check, answer, save, task switch and
// outcome is the host's; this adapter adds what only the extension has — a wizard whose task is not known
// yet lives in workspace storage (docs/okstra-files.md › Roots) until place() writes it next to its task,
// the environment of the extension's settings (recomputed per operation, docs/roles.md), and the binding
// rule of the prompt loop (binding.ts). No `vscode` import: unit tests run it in plain Node.

import * as fs from 'node:fs';
import { stepTitle } from '../../core/wizard/readable';
import type { EngineContext, EnvironmentPort } from '../../core/ports';
import { textsFor } from '../../core/text';
import { WizardError, type LastRun } from '../../core/types';
import { stepFacts, type StepFacts } from '../../core/wizard/steps';
import { asWizardError, WizardHost, WizardRefusal, type HostWizard, type StepResult } from '../../host';
import { createEnvironment } from '../../workspace/environment';
import type { FolderInfo, HostWindow, Log } from '../host/window';
import { bindingRefusal, type AnswerBinding } from './binding';
import type { CurrentResult, LegacyFiles, OutcomeResult, StepOutcome, TreeResult, TreeRowDoc, WizardSession } from './session';
import { sessionTeams } from './sessionTeams';
import type { NewWizardOptions, Placement, SessionFactory, UnfinishedWizard } from './sessionFactory';
import { environmentInputs, type WizardSettings } from './settings';
import { PendingWizards, type KeyValueStorage } from './pendingWizards';
import { openingMessages, summariseWizard } from './unfinished';

export type { KeyValueStorage } from './pendingWizards';

export interface EngineSessionDeps {
  storage: KeyValueStorage;
  log: Log;
  builtinProfilesDir: string;
  settings(rootAbs: string): WizardSettings;
  /** The language for the engine's texts. */
  language(): string;
  t: HostWindow['t'];
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export class EngineSessionFactory implements SessionFactory {
  readonly host: WizardHost;
  private readonly pendingStore: PendingWizards;

  constructor(private readonly deps: EngineSessionDeps) {
    this.pendingStore = new PendingWizards(deps.storage);
    this.host = new WizardHost({
      builtinProfilesDir: deps.builtinProfilesDir,
      environment: (rootAbs) => this.environment(rootAbs),
      texts: () => textsFor(deps.language()),
      // One workspace per root: its caches make the task picker fast when warm (P3) and keep task details (P1).
      workspace: { keepTaskDetails: true },
    });
  }

  get t(): HostWindow['t'] {
    return this.deps.t;
  }

  log(message: string): void {
    this.deps.log.info(message);
  }

  /** The okstra.* settings for a folder (the language-model tools' new wizards and the program they name). */
  settings(rootAbs: string): WizardSettings {
    return this.deps.settings(rootAbs);
  }

  /** A context for one operation: the environment is rebuilt so that a newly installed CLI is noticed. */
  contextFor(rootAbs: string): EngineContext {
    return this.host.context(rootAbs);
  }

  private environment(rootAbs: string): EnvironmentPort {
    return createEnvironment(environmentInputs(this.deps.settings(rootAbs)));
  }

  /**
   * Reads what the first prompt of a New Run needs (the task catalogue, the default task's details, the profiles)
   * into the folder's workspace caches, and writes nothing: the first task list then shows as fast as a later one
   * (with 1,000 tasks it took about a second).
   */
  warm(folder: FolderInfo, options: NewWizardOptions): void {
    try {
      // An in-memory wizard (host.fresh writes nothing; create() saves its pending copy itself), dropped at once.
      this.host.fresh(folder.rootAbs, { hostRuntime: options.hostRuntime, entryMode: options.entryMode }).current();
    } catch {
      // Only a read-ahead: the real New Run reports what is wrong.
    }
  }

  async create(folder: FolderInfo, options: NewWizardOptions): Promise<WizardSession> {
    const wizard = this.host.fresh(folder.rootAbs, { hostRuntime: options.hostRuntime, entryMode: options.entryMode });
    const session = new EngineSession(this, folder, wizard, []);
    await session.savePending();
    return session;
  }

  async open(statePath: string | null, folder: FolderInfo): Promise<WizardSession> {
    if (statePath === null) {
      const pending = this.pending().find((p) => p.rootAbs === folder.rootAbs);
      if (!pending)
        throw new WizardError('file-error', this.deps.t('The unfinished wizard of {0} is no longer in workspace storage.', folder.name));
      return new EngineSession(this, folder, this.host.fromPayload(folder.rootAbs, pending.payload), []);
    }
    const wizard = this.host.open(statePath, { fallbackRoot: folder.rootAbs });
    const root = wizard.projectRootAbs;
    const messages = openingMessages(this.deps.t, wizard, statePath);
    return new EngineSession(this, { name: folder.name, rootAbs: root }, wizard, messages);
  }

  async place(session: WizardSession, startOver: boolean): Promise<Placement> {
    const s = session as EngineSession;
    const placed = this.host.place(s.wizard, startOver);
    if (placed.kind === 'existing') {
      const summary = summariseWizard(this.host, placed.statePath, s.folderName, s.projectRootAbs);
      if (summary) return { kind: 'existing', statePath: placed.statePath, summary };
    }
    if (placed.kind === 'placed' && placed.backup) this.deps.log.info(`backed up ${placed.statePath} to ${placed.backup}`);
    await this.dropPending(s.projectRootAbs);
    return { kind: 'placed', statePath: placed.statePath };
  }

  async listUnfinished(folders: FolderInfo[]): Promise<UnfinishedWizard[]> {
    const out: UnfinishedWizard[] = [];
    for (const folder of folders) {
      for (const entry of this.host.listWizards(folder.rootAbs)) {
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
          : summariseWizard(this.host, entry.path, folder.name, folder.rootAbs);
        if (summary) out.push({ ...summary, modifiedMs: entry.mtimeMs });
      }
      const pending = this.pending().find((p) => p.rootAbs === folder.rootAbs);
      if (pending) {
        try {
          const prompt = (await this.open(null, folder)).current().prompt;
          out.push({
            statePath: null,
            projectRootAbs: folder.rootAbs,
            folderName: folder.name,
            taskKey: '',
            step: prompt ? stepTitle(this.host.texts(), prompt.step) : '',
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
      const entry = this.host.listWizards(folder.rootAbs, { includeFinished: true }).find((e) => !e.error && !e.aborted);
      if (entry && (!best || entry.mtimeMs > best.mtimeMs)) best = { statePath: entry.path, folder, mtimeMs: entry.mtimeMs };
    }
    return best ? { statePath: best.statePath, folder: best.folder } : null;
  }

  private pending() {
    return this.pendingStore.all();
  }

  async savePending(session: EngineSession): Promise<void> {
    await this.pendingStore.save(session.projectRootAbs, session.folderName, this.host.payloadOf(session.wizard));
  }

  async discard(session: WizardSession): Promise<void> {
    await this.dropPending(session.projectRootAbs);
  }

  async dropPending(rootAbs: string): Promise<void> {
    await this.pendingStore.drop(rootAbs);
  }
}

export class EngineSession implements WizardSession {
  constructor(
    private readonly factory: EngineSessionFactory,
    private readonly folder: FolderInfo,
    readonly wizard: HostWizard,
    private readonly opening: string[],
  ) {}

  get projectRootAbs(): string {
    return this.folder.rootAbs;
  }
  get folderName(): string {
    return this.folder.name;
  }
  get statePath(): string | null {
    return this.wizard.statePath;
  }
  get state() {
    return this.wizard.state;
  }
  get taskKey(): string {
    return this.wizard.taskKey;
  }

  async savePending(): Promise<void> {
    await this.factory.savePending(this);
  }

  revision(): string {
    return this.wizard.revision;
  }

  problem(): string | null {
    return this.wizard.problem;
  }

  openingMessages(): string[] {
    return [...this.opening];
  }

  watchPaths(): string[] {
    return this.wizard.watchPaths();
  }

  legacy(): LegacyFiles | null {
    const handle = this.wizard.handle;
    const statePath = this.wizard.statePath;
    if (!handle || !statePath || handle.sourceVersion !== 1) return null;
    return { v1Path: statePath, companionPath: handle.target, companionExists: fs.existsSync(handle.target) };
  }

  current(): CurrentResult {
    return this.wizard.current();
  }

  submit(answer: string, binding?: AnswerBinding): Promise<StepOutcome> {
    return this.step(() => this.wizard.submit(answer, this.bound(binding)));
  }

  rewind(id: string, binding?: AnswerBinding): Promise<StepOutcome> {
    return this.step(() => this.wizard.rewind(id, this.bound(binding)));
  }

  back(): Promise<StepOutcome> {
    return this.step(() => this.wizard.back());
  }

  async abort(): Promise<void> {
    const r = await this.step(() => this.wizard.abort());
    if (!r.ok) throw new WizardError(r.code, r.error);
  }

  tree(): TreeResult {
    const t = this.wizard.tree();
    if (!t.ok) return t;
    const ctx = this.wizard.ctx();
    const rows: TreeRowDoc[] = t.rows.map((r) => (r.answered ? { ...r, answer: this.wizard.answerLabel(r.id, ctx) } : { ...r }));
    return { ...t, rows };
  }

  outcome(): OutcomeResult {
    return this.wizard.outcome();
  }

  preview(): OutcomeResult {
    return this.wizard.preview();
  }

  changedOnDisk(): boolean {
    return this.wizard.changedOnDisk();
  }

  async reload(): Promise<void> {
    if (!this.wizard.statePath) return;
    this.factory.host.reload(this.wizard);
    const problem = this.wizard.problem;
    if (problem) this.factory.log(`${this.wizard.statePath} cannot be read: ${problem}`);
    else this.factory.log(`reloaded ${this.wizard.statePath}${this.wizard.carried.map((n) => `\n  notice: ${n.text}`).join('')}`);
  }

  async recordLastRun(lastRun: LastRun): Promise<void> {
    this.wizard.recordLastRun(lastRun);
    if (!this.wizard.statePath) await this.savePending();
  }

  configOkstraCommand(): string | string[] | null {
    try {
      return this.wizard.ctx().workspace.config()?.okstraCommand ?? null;
    } catch {
      return null;
    }
  }

  canGoBack(): boolean {
    return this.wizard.canGoBack();
  }

  stepFacts(id: string): StepFacts {
    return stepFacts(id);
  }

  answerText(id: string): string | null {
    return this.wizard.state.answered.includes(id) ? this.wizard.answerLabel(id) : null;
  }

  teams() {
    return sessionTeams(this.wizard);
  }

  rewindQuestion(id: string): { title: string; detail: string } | null {
    // The engine's own rewind on a copy, nothing saved: exactly what it would clear, in words.
    return this.wizard.rewindQuestion(id);
  }

  /** The extension's binding rule (binding.ts) over the engine's check. */
  private bound(binding: AnswerBinding | undefined) {
    return (
      binding && {
        expected: binding,
        refusal: (current: Parameters<typeof bindingRefusal>[0], revision: string) => bindingRefusal(current, revision, binding),
      }
    );
  }

  /** One host step (saved by the host, or kept in workspace storage before the task is known); a save refused is a refusal. */
  private async step(run: () => StepResult): Promise<StepOutcome> {
    let r: StepResult;
    try {
      r = run();
    } catch (err) {
      const e = asWizardError(err);
      if (e.code === 'internal') throw e;
      return {
        ok: false,
        code: e.code,
        error: e.message,
        notices: [],
        current: e instanceof WizardRefusal ? e.current : this.current().prompt,
      };
    }
    if (!r.ok) return r;
    if (!this.wizard.statePath) await this.savePending();
    const { state: _state, ...rest } = r;
    void _state;
    return rest;
  }
}
