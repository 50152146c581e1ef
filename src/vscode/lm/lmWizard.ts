// What the language-model tools do, on the wizard of the open workspace: the
// one the wizard view shows, else the folder's latest one on disk. Another
// writer of its state file, like the CLI: the state is read through the
// store, answered by the engine and saved by the store's checked write (a
// stale read is refused), so the open QuickPick, the tree and the status bar
// follow through their file watcher. Answers are bound to the prompt id and
// revision they answer. Nothing here runs okstra. Loaded on the first tool
// call, not at activation (P4).

import * as vscode from 'vscode';
import { WizardError, type Notice, type PromptDoc, type WizardErrorCode } from '../../core/types';
import { refusalDoc, stepDisplayName, WizardRefusal, type ExpectedPrompt, type HostWizard, type StepResult } from '../../host';
import type { EngineSessionFactory } from '../wizard/engineSession';

/** A refusal as the tools return it: the code, the message, and the prompt to answer now. */
export interface LmErrorDoc {
  ok: false;
  notices?: string[];
  code: WizardErrorCode;
  error: string;
  current: PromptDoc | null;
}

export type LmDoc = Record<string, unknown> | LmErrorDoc;

/** What a confirmation names: the wizard, the step (id and question) and the answer. */
export interface PromptSummary {
  taskKey: string;
  step: string;
  label: string;
}

/** `notices` (their texts, once each) when there are some: the documents' shape (docs/protocol.md). */
function noticesOf(notices: readonly Notice[]): { notices?: string[] } {
  const texts = [...new Set(notices.map((n) => n.text))];
  return texts.length > 0 ? { notices: texts } : {};
}

export class LmWizard {
  constructor(
    private readonly factory: EngineSessionFactory,
    /** The state file the wizard view shows, if any. */
    private readonly shownStatePath: () => string | null,
  ) {}

  private folders(): Array<{ name: string; rootAbs: string }> {
    return (vscode.workspace.workspaceFolders ?? []).map((f) => ({ name: f.name, rootAbs: f.uri.fsPath }));
  }

  private async locate(): Promise<string> {
    const shown = this.shownStatePath();
    if (shown) return shown;
    const latest = await this.factory.latest(this.folders());
    if (!latest)
      throw new WizardError('no-prompt', vscode.l10n.t('There is no okstra wizard in this workspace: start one with okstra: New Run…'));
    return latest.statePath;
  }

  /** `clean`: remove a dead writer's leftovers first, as every load that may write does (not for a confirmation). */
  private async load(clean = true): Promise<HostWizard> {
    const statePath = await this.locate();
    return this.factory.host.open(statePath, { shownPath: vscode.workspace.asRelativePath(statePath), cleanStale: clean });
  }

  private taskOf(w: HostWizard): string {
    return w.taskKey || w.shownPath;
  }

  /** The host's one error policy: a refusal document (code, error, current with its revision). */
  private async run(body: () => Promise<LmDoc>): Promise<LmDoc> {
    try {
      return await body();
    } catch (err) {
      return refusalDoc(err);
    }
  }

  /** The current prompt (with its revision); writes nothing. */
  currentDoc(): Promise<LmDoc> {
    return this.run(async () => {
      const w = await this.load();
      const cur = w.current();
      if (!cur.prompt) throw new WizardRefusal(cur.code ?? 'no-prompt', cur.error ?? '', null, cur.notices);
      return { ok: true, ...noticesOf(cur.notices), task: this.taskOf(w), current: cur.prompt };
    });
  }

  /** For a confirmation (prepareInvocation, which must not change anything): the wizard and its current prompt. */
  async summary(): Promise<PromptSummary | null> {
    try {
      const w = await this.load(false);
      const p = w.currentPrompt();
      return p ? { taskKey: this.taskOf(w), step: p.id, label: p.label } : null;
    } catch (err) {
      if (err instanceof WizardError) return null;
      throw err;
    }
  }

  /** The step's display name (`Run type`), for a rewind's confirmation. */
  async stepName(id: string): Promise<string> {
    return stepDisplayName(this.factory.host.texts(), id);
  }

  /** One step, bound to `expected`; saved by the host (a task switch moves the wizard with its task). */
  private step(run: (w: HostWizard) => StepResult): Promise<LmDoc> {
    return this.run(async () => {
      const w = await this.load();
      const r = run(w);
      if (!r.ok) throw new WizardRefusal(r.code, r.error, r.current, r.notices);
      return {
        ok: true,
        ...noticesOf(r.notices),
        task: this.taskOf(w),
        echo: r.echo,
        next: r.next,
        ...(r.error ? { code: r.code, error: r.error } : {}),
      };
    });
  }

  answer(answer: string, expected: ExpectedPrompt): Promise<LmDoc> {
    return this.step((w) => w.submit(answer, { expected }));
  }

  rewind(to: string, expected: ExpectedPrompt): Promise<LmDoc> {
    return this.step((w) => w.rewind(to, { expected }));
  }

  /** renderArgv and the confirmation text of a confirmed wizard; runs nothing. */
  outcome(): Promise<LmDoc> {
    return this.run(async () => {
      const w = await this.load();
      const o = w.outcome();
      if (!o.ok) throw new WizardRefusal(o.code, o.error, w.state.aborted ? null : w.currentPrompt(), o.notices);
      const { renderArgs, renderArgv, orchestration, persistActions, confirmationText } = o;
      return {
        ok: true,
        ...noticesOf(o.notices),
        task: this.taskOf(w),
        renderArgs,
        renderArgv,
        orchestration,
        persistActions,
        confirmationText,
      };
    });
  }
}
