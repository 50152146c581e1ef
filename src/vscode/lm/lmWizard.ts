// What the language-model tools do, on the wizard of the open workspace: the
// one the wizard view shows, else the folder's latest one on disk. Another
// writer of its state file, like the CLI: the state is read through the
// store, answered by the engine and saved by the store's checked write (a
// stale read is refused), so the open QuickPick, the tree and the status bar
// follow through their file watcher. Answers are bound to the prompt id and
// revision they answer. The tools' bodies are the host's (src/host/toolBodies.ts,
// shared with the MCP server); this is their scope here. Nothing here runs okstra.
// Loaded on the first tool call, not at activation (P4).

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { WizardError, type PromptDoc, type WizardErrorCode } from '../../core/types';
import { NoticeLedger, refusalDoc, runProgram, stepDisplayName, taskStatePath, type HostWizard, runEnvironmentDocument } from '../../host';
import { WIZARD_TOOLS, type ToolDefinition, type ToolKey } from '../../host/tools';
import { lmInputSchema } from '../../host/languageModelTools';
import { InvalidToolArguments, runTool } from '../../host/runTool';
import { toolBodies, type ToolScope } from '../../host/toolBodies';
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

export class LmWizard {
  /** What was reported to the model in this window, per wizard (src/host/notices.ts): a notice once, not on every call. */
  private readonly notices = new NoticeLedger();

  constructor(
    private readonly factory: WorkspaceWizards,
    /** The state file the wizard view shows, if any. */
    private readonly shownStatePath: () => string | null,
  ) {
    this.bodies = toolBodies(this.scope());
  }

  /** Every tool's body on this workspace (src/host/toolBodies.ts). */
  private readonly bodies: ReturnType<typeof toolBodies>;

  private folders(): Array<{ name: string; rootAbs: string }> {
    return (vscode.workspace.workspaceFolders ?? []).map((f) => ({ name: f.name, rootAbs: f.uri.fsPath }));
  }

  private locate(): string {
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
  private load(task?: string, clean = true): HostWizard {
    if (task !== undefined) {
      const folders = this.folders();
      if (folders.length === 0) throw new WizardError('no-prompt', vscode.l10n.t('There is no workspace folder open.'));
      const root = folders.find((f) => fs.existsSync(taskStatePath(f.rootAbs, task)))?.rootAbs ?? folders[0]!.rootAbs;
      return this.factory.host.openTask(root, task);
    }
    const statePath = this.locate();
    return this.factory.host.open(statePath, { shownPath: vscode.workspace.asRelativePath(statePath), cleanStale: clean });
  }

  private taskOf(w: HostWizard): string {
    return w.taskKey || w.shownPath;
  }

  /** The folder a new wizard of `task` is started in: the first that has the task, else the first. */
  private rootOf(task: string): string {
    const folders = this.folders();
    if (folders.length === 0) throw new WizardError('no-prompt', vscode.l10n.t('There is no workspace folder open.'));
    return folders.find((f) => this.hasTask(f.rootAbs, task))?.rootAbs ?? folders[0]!.rootAbs;
  }

  /**
   * Whether okstra and the provider CLIs can start in the extension host (wizard_run_environment): those the wizard's
   * roles need (the task's, or the wizard the view shows), else every provider of the first folder.
   */
  private runEnvironment(task: string | undefined): Record<string, unknown> {
    let w: HostWizard | undefined;
    try {
      w = this.load(task);
    } catch (err) {
      if (task !== undefined) throw err;
    }
    const folders = this.folders();
    const root = w?.projectRootAbs ?? folders[0]?.rootAbs;
    if (root === undefined) throw new WizardError('no-prompt', vscode.l10n.t('There is no workspace folder open.'));
    const folder = folders.find((f) => f.rootAbs === root) ?? { name: path.basename(root), rootAbs: root };
    return runEnvironmentDocument(this.factory.checkRunEnvironment(folder, w?.state ?? null, vscode.workspace.isTrusted)) as Record<
      string,
      unknown
    >;
  }

  /**
   * The tool bodies' view of the workspace: `task` may be left out but for init (the view's wizard, else the latest);
   * a new wizard's host runtime and entry mode are okstra.hostRuntime / okstra.hostEntryMode; every document names
   * its wizard's task; an outcome carries every notice in force.
   */
  private scope(): ToolScope {
    return {
      host: this.factory.host,
      notices: this.notices,
      roots: () => this.folders().map((f) => f.rootAbs),
      wizard: (task) => this.load(task),
      rootOf: (task) => this.rootOf(task),
      startDefaults: (root) => {
        const settings = this.factory.settings(root);
        return { hostRuntime: settings.hostRuntime, entryMode: settings.hostEntryMode };
      },
      held: () => undefined,
      noticeKey: (w) => w.statePath ?? this.taskOf(w),
      about: (doc, w) => ({ ...doc, task: this.taskOf(w) }),
      // The program Run would start, resolved as Run resolves it (okstra.command, config.yaml, PATH).
      program: (w) => runProgram(w, this.factory.settings(w.projectRootAbs).command, process.env),
      outcomeOnce: false,
      runEnvironment: (task) => this.runEnvironment(task),
    };
  }

  /**
   * One tool call through the host's dispatcher: its input checked against the tool's schema (a bad argument is the
   * refusal `usage`, with the wizard's current prompt, as the MCP server answers it), then the tool; a refusal is the
   * host's refusal document (code, error, current with its revision).
   */
  async call(key: LmToolKey, raw: unknown): Promise<LmDoc> {
    try {
      return await runTool(this.bodies, `okstra_${WIZARD_TOOLS[key].name}`, raw, {}, { prefix: 'okstra_', schema: lmInputSchema });
    } catch (err) {
      if (!(err instanceof InvalidToolArguments)) return refusalDoc(err);
      let current: PromptDoc | null = null;
      try {
        current = this.load(key !== 'init' ? err.task : undefined, false).currentPrompt();
      } catch {
        current = null;
      }
      return { ok: false, code: 'usage', error: err.message, current };
    }
  }

  /** For a confirmation (prepareInvocation, which must not change anything): the wizard a call acts on and Run's command. */
  async peek(task?: string): Promise<PeekedWizard | null> {
    try {
      const wizard = this.load(task, false);
      return { wizard, command: runProgram(wizard, this.factory.settings(wizard.projectRootAbs).command, process.env).command };
    } catch (err) {
      if (err instanceof WizardError) return null;
      throw err;
    }
  }

  /** What the chat shows while a tool that only reads runs (its definition's text in VS Code's language). */
  reading(key: LmToolKey): string | undefined {
    const texts: ToolDefinition['texts'] = WIZARD_TOOLS[key].texts;
    return (vscode.env.language.toLowerCase().startsWith('ko') ? texts.ko : texts.en).reading;
  }

  /** The step's display name (`Run type`), for a rewind's confirmation. */
  async stepName(id: string): Promise<string> {
    return stepDisplayName(this.factory.host.texts(), id);
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
}
