// The wizard the window holds: its HostWizard (src/host: every load, check, answer, save, task switch and outcome is
// the host's; callers ask it directly, `wizard.current()`, `wizard.state`) plus the little the window adds — the
// workspace folder, what to say once when it is opened, the binding rule of the prompt loop (binding.ts), the Wizard
// view's rows in words, and a wizard whose task is not known yet kept in workspace storage through the
// WorkspaceWizards that opened it (workspaceWizards.ts). No `vscode` import: unit tests run it in plain Node.

import * as fs from 'node:fs';
import { WizardError, type LastRun } from '../../core/types';
import { stepFacts, type StepFacts } from '../../core/wizard/steps';
import { asWizardError, WizardRefusal, type HostWizard, type StepResult, type WizardHost } from '../../host';
import type { FolderInfo } from '../host/window';
import { bindingRefusal, type AnswerBinding } from './binding';
import type { LegacyFiles, StepOutcome, TreeResult, TreeRowDoc } from '../wizardResults';
import { teamSaving } from './teamSaving';
import { taskListing } from '../../host/tasks';
import { runRows, type RunRowTexts } from '../tasks/runRows';
import type { OptionRow } from '../prompt/promptRequest';

/** What a window's wizard needs of the WorkspaceWizards that opened it: its host, its log, its pending store. */
export interface WizardKeeper {
  readonly host: WizardHost;
  log(message: string): void;
  /** Keeps the wizard of a session whose task is not known yet in workspace storage. */
  savePending(wizard: WindowWizard): Promise<void>;
}

export class WindowWizard {
  constructor(
    private readonly factory: WizardKeeper,
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

  async savePending(): Promise<void> {
    await this.factory.savePending(this);
  }

  openingMessages(): string[] {
    return [...this.opening];
  }

  legacy(): LegacyFiles | null {
    const handle = this.wizard.handle;
    const statePath = this.wizard.statePath;
    if (!handle || !statePath || handle.sourceVersion !== 1) return null;
    return { v1Path: statePath, companionPath: handle.target, companionExists: fs.existsSync(handle.target) };
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

  /** The task's title from its manifest ('' when it has none or cannot be read): the confirmation shows it. */
  taskTitle(): string {
    const key = this.wizard.taskKey;
    if (!key) return '';
    try {
      return this.wizard.ctx().workspace.task(key).manifest.title ?? '';
    } catch {
      return '';
    }
  }

  stepFacts(id: string): StepFacts {
    return stepFacts(id);
  }

  answerText(id: string): string | null {
    return this.wizard.state.answered.includes(id) ? this.wizard.answerLabel(id) : null;
  }

  teams() {
    return teamSaving(this.wizard);
  }

  /**
   * The rows of Reuse a previous run, by option value (`run:<id>`): each run as the Tasks view's run history shows it
   * (its type, then date, stage, team and outcome), read by the same reader (host/tasks.ts taskListing) and compared
   * with the same configured teams. Empty when the task or its manifest cannot be read: the engine's rows stay.
   */
  async reuseRows(texts: RunRowTexts, language: string): Promise<Map<string, OptionRow>> {
    const out = new Map<string, OptionRow>();
    const { task_group: group, task_id: id } = this.wizard.state;
    if (!group || !id) return out;
    const root = this.folder.rootAbs;
    const entry = await taskListing.readTask(root, group, id).catch(() => undefined);
    if (!entry || entry.manifest === null) return out;
    const records = await taskListing.readRuns(root, group, id, entry.manifest);
    const task = { id: `${group}/${id}`, rootAbs: root, key: `${group}/${id}` };
    for (const row of runRows(records, { task, teams: this.factory.host.configuredTeams(root), texts, language })) {
      out.set(`run:${row.runId}`, { label: row.label, description: row.description });
    }
    return out;
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
        current: e instanceof WizardRefusal ? e.current : this.wizard.current().prompt,
      };
    }
    if (!r.ok) return r;
    if (!this.wizard.statePath) await this.savePending();
    const { state: _state, ...rest } = r;
    void _state;
    return rest;
  }
}
