// What the language-model tools do, on the wizard of the open workspace: the
// one the wizard view shows, else the folder's latest one on disk. Another
// writer of its state file, like the CLI: the state is read through the
// store, answered by the engine and saved by the store's checked write (a
// stale read is refused), so the open QuickPick, the tree and the status bar
// follow through their file watcher. Answers are bound to the prompt id and
// revision they answer. Nothing here runs okstra. Loaded on the first tool
// call, not at activation (P4).

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { WizardError, type PromptDoc, type WizardErrorCode } from '../../core/types';
import {
  currentDocument,
  NoticeLedger,
  outcomeDocument,
  refusalDoc,
  runProgram,
  stepDisplayName,
  stepDocument,
  taskStatePath,
  treeDocument,
  teamsDocument,
  WizardRefusal,
  type ExpectedPrompt,
  type HostWizard,
  type OutcomeResult,
  type StepResult,
  runEnvironmentDocument,
} from '../../host';
import { WIZARD_TOOLS, type ToolKey } from '../../host/tools';
import { lmInputSchema } from '../../host/languageModelTools';
import { InvalidToolArguments, runTool, type ToolBodies } from '../../host/runTool';
import type { WorkspaceWizards } from '../wizard/workspaceWizards';
import type { PeekedWizard } from './toolConfirmations';

/** A refusal as the tools return it: the code, the message, and the prompt to answer now. */
export interface LmErrorDoc {
  ok: false;
  notices?: string[];
  code: WizardErrorCode;
  error: string;
  current: PromptDoc | null;
}

export type LmDoc = Record<string, unknown> | LmErrorDoc;

/** A tool of src/host/tools.ts, as the language-model tools name it (`okstra_` + the MCP tool's name). */
export type LmToolKey = ToolKey;

/** What init reads of its input here. */
interface LmInitInput {
  startOver?: boolean;
  hostRuntime?: string;
  entryMode?: string;
  availableFunctions?: string[];
}

export class LmWizard {
  /** What was reported to the model in this window, per wizard (src/host/notices.ts): a notice once, not on every call. */
  private readonly notices = new NoticeLedger();

  constructor(
    private readonly factory: WorkspaceWizards,
    /** The state file the wizard view shows, if any. */
    private readonly shownStatePath: () => string | null,
  ) {}

  private folders(): Array<{ name: string; rootAbs: string }> {
    return (vscode.workspace.workspaceFolders ?? []).map((f) => ({ name: f.name, rootAbs: f.uri.fsPath }));
  }

  private async locate(): Promise<string> {
    const shown = this.shownStatePath();
    if (shown) return shown;
    const latest = this.factory.latestInFiles(this.folders());
    if (!latest)
      throw new WizardError('no-prompt', vscode.l10n.t('There is no okstra wizard in this workspace: start one with okstra: New Run…'));
    return latest.statePath;
  }

  /**
   * The wizard of `task` ('<group>/<id>', in the first workspace folder that has its state file), else the one the
   * view shows, else the folder's latest. `clean`: remove a dead writer's leftovers first, as every load that may
   * write does (not for a confirmation).
   */
  private async load(task?: string, clean = true): Promise<HostWizard> {
    if (task !== undefined) {
      const folders = this.folders();
      if (folders.length === 0) throw new WizardError('no-prompt', vscode.l10n.t('There is no workspace folder open.'));
      const root = folders.find((f) => fs.existsSync(taskStatePath(f.rootAbs, task)))?.rootAbs ?? folders[0]!.rootAbs;
      return this.factory.host.openTask(root, task);
    }
    const statePath = await this.locate();
    return this.factory.host.open(statePath, { shownPath: vscode.workspace.asRelativePath(statePath), cleanStale: clean });
  }

  private taskOf(w: HostWizard): string {
    return w.taskKey || w.shownPath;
  }

  /** The wizard's key in the notice ledger: its state file. */
  private keyOf(w: HostWizard): string {
    return w.statePath ?? this.taskOf(w);
  }

  /** `doc` with only the notices not reported before for wizard `w` (a step's result). */
  private once<T extends { notices?: string[] }>(w: HostWizard, doc: T): T {
    if (!doc.notices) return doc;
    const fresh = this.notices.fresh(this.keyOf(w), doc.notices);
    const { notices: _all, ...rest } = doc;
    return (fresh.length ? { ...doc, notices: fresh } : rest) as T;
  }

  /** `doc` as it is (a read that shows every notice in force), its notices recorded as reported for wizard `w`. */
  private all<T extends { notices?: string[] }>(w: HostWizard, doc: T): T {
    this.notices.seen(this.keyOf(w), doc.notices);
    return doc;
  }

  /** The host's one error policy: a refusal document (code, error, current with its revision). */
  private async run(body: () => Promise<LmDoc>): Promise<LmDoc> {
    try {
      return await body();
    } catch (err) {
      return refusalDoc(err);
    }
  }

  /** Each tool's body here (src/host/runTool.ts): `task` may be left out but for init (the view's wizard, else the latest). */
  private readonly bodies: ToolBodies<undefined, Promise<LmDoc>> = {
    tasks: (input) => this.tasks(input),
    list: () => this.list(),
    init: (input) => this.init(input.task, input),
    current: (input) => this.currentDoc(input.task),
    answer: (input) => this.answer(input.answer, { prompt: input.prompt, revision: input.revision }, input.task),
    rewind: (input) => this.rewind(input.to, { prompt: input.prompt, revision: input.revision }, input.task),
    tree: (input) => this.tree(input.task),
    teams: (input) => this.teams(input.task),
    preview: (input) => this.preview(input.task),
    outcome: (input) => this.outcome(input.task),
    abort: (input) => this.abort({ prompt: input.prompt, revision: input.revision }, input.task),
    run_environment: (input) => this.runEnvironment(input.task),
  };

  /**
   * One tool call through the host's dispatcher: its input checked against the tool's schema (a bad argument is the
   * refusal `usage`, with the wizard's current prompt, as the MCP server answers it), then the tool.
   */
  async call(key: LmToolKey, raw: unknown): Promise<LmDoc> {
    try {
      return await runTool(this.bodies, `okstra_${WIZARD_TOOLS[key].name}`, raw, undefined, { prefix: 'okstra_', schema: lmInputSchema });
    } catch (err) {
      if (!(err instanceof InvalidToolArguments)) return refusalDoc(err);
      let current: PromptDoc | null = null;
      try {
        current = (await this.load(key !== 'init' ? err.task : undefined, false)).currentPrompt();
      } catch {
        current = null;
      }
      return { ok: false, code: 'usage', error: err.message, current };
    }
  }

  /** The tasks of every workspace folder (the MCP server's wizard_tasks; the limit applies per folder). */
  tasks(options: { group?: string; query?: string; limit?: number }): Promise<LmDoc> {
    return this.run(async () => {
      const lists = this.folders().map((f) => this.factory.host.listTasks(f.rootAbs, options));
      return { ok: true, tasks: lists.flatMap((l) => l.tasks), total: lists.reduce((n, l) => n + l.total, 0) };
    });
  }

  /** The unfinished wizards of every workspace folder (the MCP server's wizard_list). */
  list(): Promise<LmDoc> {
    return this.run(async () => ({ ok: true, wizards: this.folders().flatMap((f) => this.factory.host.wizardsInProgress(f.rootAbs)) }));
  }

  /** The current prompt (with its revision): the MCP server's wizard_current document; writes nothing. */
  currentDoc(task?: string): Promise<LmDoc> {
    return this.run(async () => {
      const w = await this.load(task);
      const cur = w.current();
      if (!cur.prompt) throw new WizardRefusal(cur.code ?? 'no-prompt', cur.error ?? '', null, cur.notices);
      return { ...this.all(w, currentDocument(cur, w.fileRevision) as { notices?: string[] }), task: this.taskOf(w) };
    });
  }

  /** For a confirmation (prepareInvocation, which must not change anything): the wizard a call acts on and Run's command. */
  async peek(task?: string): Promise<PeekedWizard | null> {
    try {
      const wizard = await this.load(task, false);
      return { wizard, command: runProgram(wizard, this.factory.settings(wizard.projectRootAbs).command, process.env).command };
    } catch (err) {
      if (err instanceof WizardError) return null;
      throw err;
    }
  }

  /** The step's display name (`Run type`), for a rewind's confirmation. */
  async stepName(id: string): Promise<string> {
    return stepDisplayName(this.factory.host.texts(), id);
  }

  /**
   * A new wizard for `task` in its state file, answered up to its first question (the MCP server's wizard_init): the
   * host runtime and entry mode given, else okstra.hostRuntime / okstra.hostEntryMode. An unfinished wizard of the
   * task is refused with its current prompt unless `startOver` (which backs it up).
   */
  init(task: string, input: LmInitInput): Promise<LmDoc> {
    return this.run(async () => {
      const folders = this.folders();
      if (folders.length === 0) throw new WizardError('no-prompt', vscode.l10n.t('There is no workspace folder open.'));
      const root = folders.find((f) => this.hasTask(f.rootAbs, task))?.rootAbs ?? folders[0]!.rootAbs;
      const settings = this.factory.settings(root);
      const hostRuntime = input.hostRuntime ?? settings.hostRuntime;
      const entryMode = input.entryMode ?? settings.hostEntryMode;
      const { wizard, result } = this.factory.host.startTask(root, task, {
        hostRuntime,
        entryMode,
        availableFunctions: input.availableFunctions ?? [],
        startOver: input.startOver === true,
      });
      this.notices.forget(this.keyOf(wizard));
      const doc = this.once(wizard, stepDocument(result, wizard.fileRevision) as { notices?: string[] });
      return { ...doc, task: this.taskOf(wizard), state: wizard.shownPath, hostRuntime, entryMode };
    });
  }

  private hasTask(rootAbs: string, task: string): boolean {
    try {
      return this.factory.host
        .workspace(rootAbs)
        .tasks()
        .some((t) => t.key === task);
    } catch {
      return false;
    }
  }

  /** One step, bound to `expected`; saved by the host (a task switch moves the wizard with its task). */
  private step(task: string | undefined, run: (w: HostWizard) => StepResult): Promise<LmDoc> {
    return this.run(async () => {
      const w = await this.load(task);
      const r = run(w);
      if (!r.ok) throw new WizardRefusal(r.code, r.error, r.current, r.notices);
      return { ...this.once(w, stepDocument(r, w.fileRevision) as { notices?: string[] }), task: this.taskOf(w) };
    });
  }

  answer(answer: string, expected: ExpectedPrompt, task?: string): Promise<LmDoc> {
    return this.step(task, (w) => w.submit(answer, { expected }));
  }

  rewind(to: string, expected: ExpectedPrompt, task?: string): Promise<LmDoc> {
    return this.step(task, (w) => w.rewind(to, { expected }));
  }

  /** Aborts the wizard (its state file records aborted: true), bound to `expected` when given. */
  abort(expected: ExpectedPrompt, task?: string): Promise<LmDoc> {
    return this.step(task, (w) => w.abort({ expected }));
  }

  /** The answered steps, the current prompt's id and the state's revision (the MCP server's wizard_tree). */
  tree(task?: string): Promise<LmDoc> {
    return this.run(async () => {
      const w = await this.load(task);
      const t = w.tree();
      if (!t.ok) throw new WizardRefusal(t.code, t.error, null, t.notices);
      return { ...this.all(w, treeDocument(t, w.fileRevision) as { notices?: string[] }), task: this.taskOf(w) };
    });
  }

  /** The teams the wizard's task can use on its run type (the MCP server's wizard_teams); changes nothing. */
  teams(task?: string): Promise<LmDoc> {
    return this.run(async () => {
      const w = await this.load(task);
      const t = w.teams();
      if (!t.ok) throw new WizardRefusal(t.code, t.error, w.currentPrompt(), t.notices);
      return { ...teamsDocument(t), task: this.taskOf(w) };
    });
  }

  /**
   * Whether okstra and the provider CLIs can start in the extension host (the MCP server's wizard_run_environment):
   * those the wizard's roles need (the task's, or the wizard the view shows), else every provider of the first folder.
   */
  runEnvironment(task?: string): Promise<LmDoc> {
    return this.run(async () => {
      let w: HostWizard | undefined;
      try {
        w = await this.load(task);
      } catch (err) {
        if (task !== undefined) throw err;
      }
      const folders = this.folders();
      const root = w?.projectRootAbs ?? folders[0]?.rootAbs;
      if (root === undefined) throw new WizardError('no-prompt', vscode.l10n.t('There is no workspace folder open.'));
      const folder = folders.find((f) => f.rootAbs === root) ?? { name: path.basename(root), rootAbs: root };
      return runEnvironmentDocument(this.factory.checkRunEnvironment(folder, w?.state ?? null, vscode.workspace.isTrusted));
    });
  }

  /** At the confirm prompt: the outcome as it will be once confirmed (the MCP server's wizard_preview); runs nothing. */
  preview(task?: string): Promise<LmDoc> {
    return this.outcomeOf(task, (w) => w.preview());
  }

  /** renderArgv, the confirmation text and the program Run starts, of a confirmed wizard; runs nothing. */
  outcome(task?: string): Promise<LmDoc> {
    return this.outcomeOf(task, (w) => w.outcome());
  }

  private outcomeOf(task: string | undefined, compute: (w: HostWizard) => OutcomeResult): Promise<LmDoc> {
    return this.run(async () => {
      const w = await this.load(task);
      const o = compute(w);
      if (!o.ok) throw new WizardRefusal(o.code, o.error, w.state.aborted ? null : w.currentPrompt(), o.notices);
      // The program Run would start, resolved as Run resolves it (okstra.command, config.yaml, PATH).
      const program = runProgram(w, this.factory.settings(w.projectRootAbs).command, process.env);
      return { ...outcomeDocument(o, program), task: this.taskOf(w) };
    });
  }
}
