// What the language-model tools do, on the wizard of the open workspace: the
// one the wizard view shows, else the folder's latest one on disk. Another
// writer of its state file, like the CLI: the state is read through the
// store, answered by the engine and saved by the store's checked write (a
// stale read is refused), so the open QuickPick, the tree and the status bar
// follow through their file watcher. Answers are bound to the prompt id and
// revision they answer. Nothing here runs okstra. Loaded on the first tool
// call, not at activation (P4).

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { EngineContext } from '../../core/ports';
import { WizardError, type Notice, type PromptDoc, type WizardErrorCode, type WizardState } from '../../core/types';
import { withRevision, type ExpectedPrompt } from '../../core/wizard/binding';
import * as engine from '../../core/wizard/engine';
import { parseState } from '../../core/wizard/stateCodec';
import * as store from '../../store';
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

interface Loaded {
  statePath: string;
  taskKey: string;
  ctx: EngineContext;
  handle: store.StateFileHandle;
  state: WizardState;
  carried: Notice[];
}

/** What a confirmation names: the wizard, the step (id and question) and the answer. */
export interface PromptSummary {
  taskKey: string;
  step: string;
  label: string;
}

/** `notices` (their texts, once each) when there are some: the documents' shape (docs/protocol.md). */
function noticesOf(notices: Notice[]): { notices?: string[] } {
  const texts = [...new Set(notices.map((n) => n.text))];
  return texts.length > 0 ? { notices: texts } : {};
}

function errorDoc(code: WizardErrorCode, error: string, current: PromptDoc | null, notices: Notice[] = []): LmErrorDoc {
  const texts = [...new Set(notices.map((n) => n.text))];
  return texts.length ? { ok: false, notices: texts, code, error, current } : { ok: false, code, error, current };
}

/** The code an engine result or error carries, or `fallback` where it names none (yet). */
function codeOf(source: unknown, fallback: WizardErrorCode): WizardErrorCode {
  const code = (source as { code?: WizardErrorCode } | null)?.code;
  return code !== undefined && code !== 'internal' ? code : fallback;
}

class Refusal extends Error {
  constructor(readonly doc: LmErrorDoc) {
    super(doc.error);
  }
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
      throw new Refusal(
        errorDoc('no-prompt', vscode.l10n.t('There is no okstra wizard in this workspace: start one with okstra: New Run…'), null),
      );
    return latest.statePath;
  }

  /** `clean`: remove a dead writer's leftovers first, as every load that may write does (not for a confirmation). */
  private async load(clean = true): Promise<Loaded> {
    const statePath = await this.locate();
    const shownPath = vscode.workspace.asRelativePath(statePath);
    let handle: store.StateFileHandle;
    try {
      // The store's load errors name the file.
      handle = store.loadStateFile(statePath, { shownPath, cleanStale: clean });
    } catch (err) {
      if (!(err instanceof WizardError)) throw err;
      throw new Refusal(errorDoc(codeOf(err, 'file-error'), err.message, null));
    }
    try {
      const parsed = parseState(handle.payload);
      const root = engine.projectRootOfStateDir(path.dirname(statePath)) ?? parsed.state.project_root;
      const ctx = this.factory.contextFor(root);
      const prepared = engine.prepare(ctx, parsed, { foundInDir: path.dirname(statePath) });
      const s = prepared.state;
      const taskKey = s.task_group && s.task_id ? `${s.task_group}/${s.task_id}` : shownPath;
      return { statePath, taskKey, ctx, handle, state: s, carried: prepared.notices };
    } catch (err) {
      if (!(err instanceof WizardError)) throw err;
      throw new Refusal(errorDoc(codeOf(err, 'file-error'), `${shownPath}: ${err.message}`, null));
    }
  }

  private current(w: Loaded): PromptDoc | null {
    const cur = engine.current(w.ctx, w.state, w.carried);
    return cur.prompt ? withRevision(cur.prompt, w.handle.revision) : null;
  }

  private async run(body: () => Promise<LmDoc>): Promise<LmDoc> {
    try {
      return await body();
    } catch (err) {
      if (err instanceof Refusal) return err.doc;
      throw err;
    }
  }

  /** The current prompt (with its revision); writes nothing. */
  currentDoc(): Promise<LmDoc> {
    return this.run(async () => {
      const w = await this.load();
      const cur = engine.current(w.ctx, w.state, w.carried);
      if (!cur.prompt) return errorDoc(codeOf(cur, 'no-prompt'), cur.error ?? '', null, cur.notices);
      return { ok: true, ...noticesOf(cur.notices), task: w.taskKey, current: withRevision(cur.prompt, w.handle.revision) };
    });
  }

  /** For a confirmation (prepareInvocation, which must not change anything): the wizard and its current prompt. */
  async summary(): Promise<PromptSummary | null> {
    try {
      const w = await this.load(false);
      const p = this.current(w);
      return p ? { taskKey: w.taskKey, step: p.id, label: p.label } : null;
    } catch (err) {
      if (err instanceof Refusal) return null;
      throw err;
    }
  }

  /** The step's display name (`Run type`), for a rewind's confirmation. */
  async stepName(id: string): Promise<string> {
    const w = await this.load(false).catch(() => null);
    return w ? engine.stepDisplayName(w.ctx.texts, id) : id;
  }

  /** One step, bound to `expected` (the engine checks it against the prompt it computes for the step). */
  private step(expected: ExpectedPrompt, run: (w: Loaded, binding: engine.PromptBinding) => engine.StepResult): Promise<LmDoc> {
    return this.run(async () => {
      const w = await this.load();
      const r = run(w, { expected, revision: w.handle.revision });
      if (!r.ok) {
        const current = r.current ? withRevision(r.current, w.handle.revision) : null;
        return errorDoc(codeOf(r, current ? 'refused-answer' : 'no-prompt'), r.error, current, r.notices);
      }
      let saved: store.StateFileHandle;
      try {
        saved = store.saveStateFile(w.handle, r.state);
      } catch (err) {
        if (!(err instanceof WizardError)) throw err;
        const changed = w.handle.expected.some((e) => store.sha256OfFile(e.path) !== e.sha256);
        const now = await this.load().catch(() => null);
        return errorDoc(codeOf(err, changed ? 'stale-state' : 'file-error'), err.message, now ? this.current(now) : null);
      }
      const next = r.next ? withRevision(r.next, saved.revision) : null;
      return {
        ok: true,
        ...noticesOf(r.notices),
        task: w.taskKey,
        echo: r.echo,
        next,
        ...(r.error ? { code: r.code, error: r.error } : {}),
      };
    });
  }

  answer(answer: string, expected: ExpectedPrompt): Promise<LmDoc> {
    return this.step(expected, (w, b) => engine.submit(w.ctx, w.state, answer, w.carried, b));
  }

  rewind(to: string, expected: ExpectedPrompt): Promise<LmDoc> {
    return this.step(expected, (w, b) => engine.rewind(w.ctx, w.state, to, w.carried, b));
  }

  /** renderArgv and the confirmation text of a confirmed wizard; runs nothing. */
  outcome(): Promise<LmDoc> {
    return this.run(async () => {
      const w = await this.load();
      const o = engine.outcome(w.ctx, w.state, w.carried);
      if (o.ok) {
        const { renderArgs, renderArgv, orchestration, persistActions, confirmationText } = o;
        return {
          ok: true,
          ...noticesOf(o.notices),
          task: w.taskKey,
          renderArgs,
          renderArgv,
          orchestration,
          persistActions,
          confirmationText,
        };
      }
      const fallback: WizardErrorCode = w.state.aborted ? 'aborted' : w.state.confirmed !== true ? 'not-complete' : 'not-runnable';
      return errorDoc(codeOf(o, fallback), o.error, w.state.aborted ? null : this.current(w), o.notices);
    });
  }
}
