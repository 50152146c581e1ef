// One open wizard as the extension's WizardSession, over the wizard host (src/host): every load, check, answer, save,
// task switch and outcome is the host's; this adapter adds the binding rule of the prompt loop (binding.ts) and keeps
// a wizard whose task is not known yet in workspace storage through the factory that opened it (engineSession.ts).
// No `vscode` import: unit tests run it in plain Node.

import * as fs from 'node:fs';
import { WizardError, type LastRun } from '../../core/types';
import { stepFacts, type StepFacts } from '../../core/wizard/steps';
import { asWizardError, WizardRefusal, type HostWizard, type StepResult, type WizardHost } from '../../host';
import type { FolderInfo } from '../host/window';
import { bindingRefusal, type AnswerBinding } from './binding';
import type { CurrentResult, LegacyFiles, OutcomeResult, StepOutcome, TreeResult, TreeRowDoc, WizardSession } from './session';
import { sessionTeams } from './sessionTeams';

/** What a session needs of the factory that opened it (EngineSessionFactory): its host, its log, its pending store. */
export interface SessionKeeper {
  readonly host: WizardHost;
  log(message: string): void;
  /** Keeps the wizard of a session whose task is not known yet in workspace storage. */
  savePending(session: EngineSession): Promise<void>;
}

export class EngineSession implements WizardSession {
  constructor(
    private readonly factory: SessionKeeper,
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
