// The long-lived side of `okstra-wizard mcp`: one project, its workspace
// (catalogue, config, built-in profiles and registry, cached by mtime inside
// src/workspace), the environment, and the wizards it has opened, each kept
// with the stat stamp of its files so that a step re-reads a state file only
// when another writer (the CLI, the extension, a hand edit) changed it.
//
// The engine, the store and the state files are the CLI's and the
// extension's: every write goes through the store's checked save (R2), so
// the stale-write guard holds between all of them. Nothing here runs okstra.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EngineContext, EnvironmentPort, TaskDetails, WorkspacePort } from '../core/ports';
import { pyReprString } from '../core/pyRepr';
import { validateHost } from '../core/roles/hostRegistry';
import type { TextCatalog } from '../core/text/catalog';
import { textsFor } from '../core/text';
import { WizardError, type Notice, type PromptDoc, type WizardErrorCode, type WizardState } from '../core/types';
import { withRevision, type ExpectedPrompt } from '../core/wizard/binding';
import * as engine from '../core/wizard/engine';
import { parseState } from '../core/wizard/stateCodec';
import {
  backupStateFile,
  createStateFile,
  loadStateFile,
  probeStateFile,
  saveStateFile,
  sha256OfFile,
  useNativeSha256,
  stateFilePathFor,
  type StateFileHandle,
} from '../store';
import { cliEnvironment } from '../cli/environment';
import { UsageError } from '../cli/args';
import { usePrebuiltBuiltins } from '../cli/prebuilt';
import { stampOfPaths } from '../io/pathStamp';
import { openWorkspace, type FsWorkspace } from '../workspace/workspace';
import { currentDocument, outcomeDocument, stepDocument, treeDocument } from '../cli/documents';
import type { CurrentDocSchema, OutcomeDocSchema, SubmitDocSchema, TreeDocSchema } from '../cli/outputSchemas';
import type { z } from 'zod';
import { TASK_KEY_PATTERN, type ToolErrorDoc } from './schemas';

export interface WizardHostOptions {
  projectRootAbs: string;
  builtinProfilesDir: string;
  env: NodeJS.ProcessEnv;
  /** Where relative OKSTRA_* paths of the environment are taken from. */
  cwd: string;
}

/** A refused or failed tool call: the document the tool error carries. */
export class ToolFailure extends Error {
  constructor(readonly doc: ToolErrorDoc) {
    super(doc.error);
    this.name = 'ToolFailure';
  }
}

type CurrentDoc = z.infer<typeof CurrentDocSchema>;
type SubmitDoc = z.infer<typeof SubmitDocSchema>;
type TreeDoc = z.infer<typeof TreeDocSchema>;
type OutcomeDoc = z.infer<typeof OutcomeDocSchema>;
export type InitDoc = SubmitDoc & { state: string };

/** One open wizard: what was read, and the stamp of the files it was read from. */
interface OpenWizard {
  statePath: string;
  handle: StateFileHandle;
  state: WizardState;
  /** Load-time notices, repeated until a successful write. */
  carried: Notice[];
  stamp: string;
}

function failure(code: WizardErrorCode, error: string, current: PromptDoc | null, notices: Notice[] = []): ToolFailure {
  const texts: string[] = [];
  for (const n of notices) if (!texts.includes(n.text)) texts.push(n.text);
  const shown = current as ToolErrorDoc['current'];
  const doc: ToolErrorDoc = texts.length
    ? { ok: false, notices: texts, code, error, current: shown }
    : { ok: false, code, error, current: shown };
  return new ToolFailure(doc);
}

/** The code an engine result or error carries, or `fallback` where it names none (yet). */
function codeOf(source: unknown, fallback: WizardErrorCode): WizardErrorCode {
  const code = (source as { code?: WizardErrorCode } | null)?.code;
  return code !== undefined && code !== 'internal' ? code : fallback;
}

/**
 * `workspace` with `task(key)` asked once (the details or the refusal) for the length of one tool call; between
 * calls the workspace keeps the details while the task's files are unchanged (src/workspace/taskDetailsCache.ts).
 */
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

export class WizardHost {
  readonly projectRootAbs: string;
  private readonly workspace: FsWorkspace;
  private readonly texts: TextCatalog;
  private readonly wizards = new Map<string, OpenWizard>();
  private environment: { stamp: string; port: EnvironmentPort } | null = null;
  private callContext: EngineContext | null = null;

  constructor(private readonly options: WizardHostOptions) {
    this.projectRootAbs = path.resolve(options.projectRootAbs);
    usePrebuiltBuiltins();
    // A long-lived process: node:crypto's load is paid once (src/store/atomicWrite.ts).
    useNativeSha256();
    this.workspace = openWorkspace(this.projectRootAbs, { builtinProfilesDir: options.builtinProfilesDir, keepTaskDetails: true });
    this.texts = textsFor(options.env.OKSTRA_LANG);
  }

  // ---------------------------------------------------------------- context

  /**
   * The environment, rebuilt only when what it is computed from changed: the
   * folders of PATH (installing a CLI changes its folder), the OKSTRA_*_CLI
   * files, the model-defaults file and the teams file.
   */
  private environmentPort(): EnvironmentPort {
    const env = this.options.env;
    const watched = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
    for (const [k, v] of Object.entries(env)) {
      if (v && (/^OKSTRA_[A-Z0-9_]+_CLI$/.test(k) || k === 'OKSTRA_MODEL_DEFAULTS' || k === 'OKSTRA_TEAMS'))
        watched.push(path.resolve(this.options.cwd, v));
    }
    const stamp = stampOfPaths(watched);
    if (this.environment?.stamp !== stamp) {
      let port: EnvironmentPort;
      try {
        port = cliEnvironment({ env, cwd: this.options.cwd });
      } catch (err) {
        if (err instanceof UsageError) throw failure('usage', err.message, null);
        throw err;
      }
      this.environment = { stamp, port };
    }
    return this.environment.port;
  }

  /**
   * The context of the tool call under way: one environment and one view of the workspace in which a task's
   * details (its manifest, brief front matter, plan, runs) are read once, however many engine calls the tool
   * makes (the binding check, the answer, the next prompt). Each call starts with a fresh one.
   */
  private context(): EngineContext {
    this.callContext ??= {
      workspace: memoizedTasks(this.workspace),
      environment: this.environmentPort(),
      texts: this.texts,
    };
    return this.callContext;
  }

  /** Runs one tool call with its own context. */
  private call<T>(body: () => T): T {
    this.callContext = null;
    try {
      return body();
    } finally {
      this.callContext = null;
    }
  }

  private statePathOf(task: string): string {
    if (!TASK_KEY_PATTERN.test(task) || task.split('/').some((s) => s === '.' || s === '..')) {
      throw failure('usage', `not a task key '<group>/<id>': ${pyReprString(task)}`, null);
    }
    const [group, id] = task.split('/') as [string, string];
    return stateFilePathFor(this.projectRootAbs, group, id);
  }

  private shown(statePath: string): string {
    return path.relative(this.projectRootAbs, statePath);
  }

  // ---------------------------------------------------------------- wizards

  /** The wizard of a task, read again only when its files changed since it was last read or written. */
  private open(task: string): OpenWizard {
    const statePath = this.statePathOf(task);
    const cached = this.wizards.get(statePath);
    if (cached && cached.stamp === stampOfPaths(cached.handle.expected.map((e) => e.path))) return cached;
    this.wizards.delete(statePath);
    const shownPath = this.shown(statePath);
    if (!fs.existsSync(statePath)) {
      throw failure('usage', `task '${task}' has no wizard (${shownPath}); start one with wizard_init`, null);
    }
    const ctx = this.context();
    let wizard: OpenWizard;
    let handle: StateFileHandle;
    try {
      // The store's load errors name the file.
      handle = loadStateFile(statePath, { shownPath });
    } catch (err) {
      if (!(err instanceof WizardError)) throw err;
      throw failure(codeOf(err, 'file-error'), err.message, null);
    }
    try {
      const prepared = engine.prepare(ctx, parseState(handle.payload), { foundInDir: path.dirname(statePath) });
      wizard = { statePath, handle, state: prepared.state, carried: prepared.notices, stamp: '' };
    } catch (err) {
      if (!(err instanceof WizardError)) throw err;
      throw failure(codeOf(err, 'file-error'), `${shownPath}: ${err.message}`, null);
    }
    wizard.stamp = stampOfPaths(wizard.handle.expected.map((e) => e.path));
    this.wizards.set(statePath, wizard);
    return wizard;
  }

  /** Saves a new state through the store; a refusal (stale, busy, unwritable) becomes a tool error and writes nothing. */
  private save(wizard: OpenWizard, state: WizardState): OpenWizard {
    let handle: StateFileHandle;
    try {
      handle = saveStateFile(wizard.handle, state);
    } catch (err) {
      if (!(err instanceof WizardError)) throw err;
      this.wizards.delete(wizard.statePath);
      const changed = wizard.handle.expected.some((e) => sha256OfFile(e.path) !== e.sha256);
      // As the CLI: a stale or busy refusal is named by the state file; the store's other errors name their file.
      const message = err.code === 'stale-state' || err.code === 'busy' ? `${wizard.handle.shownPath}: ${err.message}` : err.message;
      let current: PromptDoc | null = null;
      try {
        current = this.currentPrompt(this.open(this.taskOf(wizard)));
      } catch {
        current = null;
      }
      throw failure(codeOf(err, changed ? 'stale-state' : 'file-error'), message, current);
    }
    return this.remember(wizard.statePath, handle, state);
  }

  private remember(statePath: string, handle: StateFileHandle, state: WizardState): OpenWizard {
    const next: OpenWizard = { statePath, handle, state, carried: [], stamp: stampOfPaths(handle.expected.map((e) => e.path)) };
    // Another writer between our write and the stamp: forget it, the next call reads the file again.
    const target = handle.expected.find((e) => e.path === handle.target);
    if (target && sha256OfFile(target.path) === target.sha256) this.wizards.set(statePath, next);
    else this.wizards.delete(statePath);
    return next;
  }

  private taskOf(wizard: OpenWizard): string {
    return `${path.basename(path.dirname(wizard.statePath))}/${path.basename(wizard.statePath).replace(/\.wizard\.json$/, '')}`;
  }

  private currentPrompt(wizard: OpenWizard): PromptDoc | null {
    const cur = engine.current(this.context(), wizard.state, wizard.carried);
    return cur.prompt ? withRevision(cur.prompt, wizard.handle.revision) : null;
  }

  /** A refused engine step (`{ok: false, error, current}`) as a tool error. */
  private refusedStep(wizard: OpenWizard, r: Extract<engine.StepResult, { ok: false }>): ToolFailure {
    const current = r.current ? withRevision(r.current, wizard.handle.revision) : null;
    return failure(codeOf(r, current ? 'refused-answer' : 'no-prompt'), r.error, current, r.notices);
  }

  /** What a step says it applies to, checked by the engine against the prompt it computes for the step. */
  private binding(wizard: OpenWizard, expected: ExpectedPrompt): engine.PromptBinding {
    return { expected, revision: wizard.handle.revision };
  }

  /** A successful step: saved, and its document's `next` carries the revision of the bytes written. */
  private stepped(wizard: OpenWizard, r: Extract<engine.StepResult, { ok: true }>): SubmitDoc {
    const saved = this.save(wizard, r.state);
    return stepDocument(r, saved.handle.revision) as unknown as SubmitDoc;
  }

  // ---------------------------------------------------------------- tools

  /** A new wizard for a task, answered up to its first question (CLI `init --task`), in the task's state file. */
  init(input: { task: string; hostRuntime?: string; entryMode?: string; availableFunctions?: string[]; startOver?: boolean }): InitDoc {
    return this.call(() => {
      const statePath = this.statePathOf(input.task);
      const shownPath = this.shown(statePath);
      const hostRuntime = input.hostRuntime ?? 'claude-code';
      const entryMode = input.entryMode ?? 'spawn-process';
      try {
        validateHost(hostRuntime, entryMode);
      } catch (err) {
        if (err instanceof WizardError) throw failure('usage', err.message, null);
        throw err;
      }
      const ctx = this.context();
      let known: boolean;
      try {
        known = this.workspace.tasks().some((t) => t.key === input.task);
      } catch (err) {
        if (err instanceof WizardError) throw failure(codeOf(err, 'file-error'), err.message, null);
        throw err;
      }
      if (!known) throw failure('usage', `unknown task: ${pyReprString(input.task)}`, null);

      const probe = probeStateFile(statePath, { shownPath });
      if (probe.status === 'unfinished' || probe.status === 'unreadable') {
        if (!input.startOver) {
          const why = probe.status === 'unreadable' ? `a wizard that cannot be read (${probe.error})` : 'an unfinished wizard';
          throw failure(
            'usage',
            `task '${input.task}' already has ${why} in ${shownPath}; continue it with wizard_current, or pass startOver: true to back it up and start again`,
            null,
          );
        }
      }
      let config = null;
      try {
        config = this.workspace.config();
      } catch (err) {
        // Reported by the first prompt (its file error), as the CLI does.
        if (!(err instanceof WizardError)) throw err;
      }
      const fresh = engine.initState({
        projectRootAbs: this.projectRootAbs,
        hostRuntime,
        entryMode,
        availableFunctions: input.availableFunctions ?? [],
        config,
      });
      const r = engine.submit(ctx, fresh, input.task);
      if (!r.ok) throw failure(codeOf(r, r.current ? 'refused-answer' : 'no-prompt'), r.error, r.current, r.notices);
      this.wizards.delete(statePath);
      let handle: StateFileHandle;
      try {
        // A finished or aborted wizard, or one the caller chose to start over: kept as a backup (as New Run does).
        if (probe.status !== 'missing') backupStateFile(statePath, new Date());
        handle = createStateFile(statePath, r.state, { shownPath });
      } catch (err) {
        if (err instanceof WizardError) throw failure(codeOf(err, 'file-error'), err.message, null);
        throw err;
      }
      const saved = this.remember(statePath, handle, r.state);
      return { ...(stepDocument(r, saved.handle.revision) as unknown as SubmitDoc), state: shownPath };
    });
  }

  current(task: string): CurrentDoc {
    return this.call(() => {
      const wizard = this.open(task);
      const cur = engine.current(this.context(), wizard.state, wizard.carried);
      if (!cur.prompt) throw failure(codeOf(cur, 'no-prompt'), cur.error ?? 'no prompt', null, cur.notices);
      return currentDocument(cur, wizard.handle.revision) as unknown as CurrentDoc;
    });
  }

  answer(task: string, answer: string, expected: ExpectedPrompt): SubmitDoc {
    return this.call(() => {
      const wizard = this.open(task);
      const r = engine.submit(this.context(), wizard.state, answer, wizard.carried, this.binding(wizard, expected));
      if (!r.ok) throw this.refusedStep(wizard, r);
      return this.stepped(wizard, r);
    });
  }

  rewind(task: string, to: string, expected: ExpectedPrompt): SubmitDoc {
    return this.call(() => {
      const wizard = this.open(task);
      const r = engine.rewind(this.context(), wizard.state, to, wizard.carried, this.binding(wizard, expected));
      if (!r.ok) throw this.refusedStep(wizard, r);
      return this.stepped(wizard, r);
    });
  }

  abort(task: string, expected: ExpectedPrompt): SubmitDoc {
    return this.call(() => {
      const wizard = this.open(task);
      const r = engine.abort(this.context(), wizard.state, wizard.carried, this.binding(wizard, expected));
      if (!r.ok) throw this.refusedStep(wizard, r);
      return this.stepped(wizard, r);
    });
  }

  tree(task: string): TreeDoc {
    return this.call(() => {
      const wizard = this.open(task);
      const t = engine.tree(this.context(), wizard.state, wizard.carried);
      if (!t.ok) throw failure(codeOf(t, 'no-prompt'), t.error, null, t.notices);
      return treeDocument(t) as unknown as TreeDoc;
    });
  }

  /** renderArgv and the confirmation text of a confirmed wizard; never runs anything. */
  outcome(task: string): OutcomeDoc {
    return this.call(() => {
      const wizard = this.open(task);
      const o = engine.outcome(this.context(), wizard.state, wizard.carried);
      if (!o.ok) {
        const fallback: WizardErrorCode = wizard.state.aborted
          ? 'aborted'
          : wizard.state.confirmed !== true
            ? 'not-complete'
            : 'not-runnable';
        throw failure(codeOf(o, fallback), o.error, wizard.state.aborted ? null : this.currentPrompt(wizard), o.notices);
      }
      return outcomeDocument(o) as unknown as OutcomeDoc;
    });
  }
}
