// One open wizard (docs/architecture.md › The host): its state as read (or made fresh), the notices of the
// load, and every operation on it — the current prompt with its revision, answer / rewind / back / abort bound
// to the prompt shown, the save (created, saved, or moved with its task on task-pick), the tree, the outcome
// re-checked from disk and the preview. Every front end holds one of these and nothing else of the engine.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Audience, EngineContext } from '../core/ports';
import { WizardError, type LastRun, type Notice, type PromptDoc, type WizardState } from '../core/types';
import { withRevision, type ExpectedPrompt } from '../core/wizard/binding';
import * as engine from '../core/wizard/engine';
import { createStateFile, moveStateFile, saveStateFile, sha256OfFile, stateFilePathFor, type StateFileHandle } from '../store';
import { STATE_FILE_SUFFIX } from '../core/wizard/paths';
import { asWizardError, WizardRefusal } from './errors';
import { taskStatePath } from './paths';

export type { ExpectedPrompt };

/** How an answer is bound to the prompt that was shown: the engine's rule by default, or the front end's own. */
interface Binding {
  expected: ExpectedPrompt;
  /** A front end's own rule (the extension's): the refusal, given the current prompt, or null to apply. */
  refusal?: (current: PromptDoc | null, revision: string) => WizardError | null;
}

/** How a step may be stopped: `cancelled()` is asked right before the save; true, nothing is written (code `cancelled`). */
export interface StepOptions {
  cancelled?: () => boolean;
}

/** The refusal of a step its caller cancelled before the save. */
export const CANCELLED_BEFORE_SAVE = 'cancelled before anything was written';

/** What the host needs of its owner to build a context. */
export interface WizardContextSource {
  context(projectRootAbs: string): EngineContext;
  /** Called just before a state file is written (tests: a second writer). */
  beforeSave?(statePathAbs: string): void;
  /** HostOptions.environmentHint: when given, an environment in which no provider can start is reported. */
  environmentHint?(): string | undefined;
  /** The wizard's state file read again as it is on disk now (another writer saved it), or why it cannot be. */
  reread?(wizard: HostWizard): HostWizard | { problem: string };
}

/** A prompt nothing can be chosen at (every option disabled), or none because none can be computed. */
function deadEnd(prompt: PromptDoc | null, code: string | undefined): boolean {
  if (prompt === null) return code === 'no-prompt';
  return (prompt.kind === 'pick' || prompt.kind === 'multi_pick') && prompt.options.length > 0 && prompt.options.every((o) => o.disabled);
}

interface WizardFile {
  /** The state file, absolute; null for a wizard kept in memory (its task is not chosen yet). */
  statePath: string | null;
  /** How messages name it. */
  shownPath: string;
  handle: StateFileHandle | null;
  /** For a fresh wizard with a path: replace an existing file (CLI `init --force`). */
  force?: boolean;
  /** The roots the file records where they are not the real ones: every save writes these (host.ts keptRootsOf). */
  storedRoots?: StoredRoots;
}

/** A state file's `project_root` and `workspace_root` as the file records them. */
export interface StoredRoots {
  project_root: string;
  workspace_root: string;
}

/** The prompt with the revision of the state it was computed from. */
function revised(p: PromptDoc | null, revision: string): PromptDoc | null {
  return p === null ? null : withRevision(p, revision);
}

export class HostWizard {
  private stateValue: WizardState;
  private carriedValue: Notice[];
  private file: WizardFile;
  private generation = 0;
  /** Why the state file cannot be used now (it stopped parsing after another writer), or null. */
  private problemValue: string | null = null;
  /** Who answers, when not the host's (OpenOptions.audience). */
  audience: Audience | null = null;
  /**
   * The prompt last shown from the bytes of `revision` (as the engine built it) and the environment it was computed
   * in: an answer bound to exactly it is matched against it rather than computing it again (engine.submit `shown`).
   * Anything else — another revision, prompt or environment — computes the prompt afresh. It is the engine's own
   * object (documents are copies with the revision added; nothing changes them), so keeping it costs nothing.
   */
  private shown: { revision: string; prompt: PromptDoc; environment: EngineContext['environment'] } | null = null;

  constructor(
    private readonly source: WizardContextSource,
    readonly projectRootAbs: string,
    state: WizardState,
    carried: Notice[],
    file: WizardFile,
    /** What loading said (a legacy file found again), for a front end that shows it once. */
    readonly loadNotices: readonly Notice[] = [],
  ) {
    this.stateValue = state;
    this.carriedValue = carried;
    this.file = file;
  }

  get state(): WizardState {
    return this.stateValue;
  }
  /** Notices of the load (conversion, rebasing, reconcile): repeated until a save. */
  get carried(): Notice[] {
    return this.carriedValue;
  }
  get statePath(): string | null {
    return this.file.statePath;
  }
  get shownPath(): string {
    return this.file.shownPath;
  }
  get handle(): StateFileHandle | null {
    return this.file.handle;
  }
  /** `<group>/<id>` once the task is chosen, else ''. */
  get taskKey(): string {
    const s = this.stateValue;
    return s.task_group && s.task_id ? `${s.task_group}/${s.task_id}` : '';
  }
  /** The revision of the bytes read or written (binding.ts); a wizard in memory has one that changes with each step. */
  get revision(): string {
    return this.file.handle?.revision ?? `mem-${this.generation}`;
  }
  /** The revision of the bytes read, null when nothing was read (a fresh wizard). */
  get fileRevision(): string | null {
    return this.file.handle?.revision ?? null;
  }
  get problem(): string | null {
    return this.problemValue;
  }

  ctx(): EngineContext {
    const ctx = this.source.context(this.projectRootAbs);
    return this.audience ? { ...ctx, audience: this.audience } : ctx;
  }

  /** The prompt to answer now, with its revision. */
  current(ctx: EngineContext = this.ctx()): engine.CurrentResult {
    if (this.problemValue) return { prompt: null, code: 'file-error', error: this.problemValue, notices: [] };
    try {
      const r = engine.current(ctx, this.stateValue, this.carriedValue);
      this.keepShown(ctx, r.prompt);
      const notices = this.withEnvironment(ctx, this.stateValue, r.notices, deadEnd(r.prompt, r.code));
      return { ...r, notices, prompt: revised(r.prompt, this.revision) };
    } catch (err) {
      const e = asWizardError(err);
      return { prompt: null, code: e.code, error: e.message, notices: this.carriedValue };
    }
  }

  /**
   * `notices` and, when `due` and the front end gave a hint (HostOptions.environmentHint), the report of an
   * environment in which no provider can start (engine.environmentReport), as an `environment` notice.
   */
  private withEnvironment(ctx: EngineContext, state: WizardState, notices: Notice[], due: boolean): Notice[] {
    const hint = due ? this.source.environmentHint?.() : undefined;
    if (hint === undefined) return notices;
    const report = engine.environmentReport(ctx, state);
    return report === null ? notices : [...notices, { kind: 'environment', text: hint ? `${report}. ${hint}` : report }];
  }

  /** The current prompt, or null (for a refusal's `current`). */
  currentPrompt(ctx?: EngineContext): PromptDoc | null {
    return this.current(ctx).prompt;
  }

  submit(answer: string, binding?: Binding, options?: StepOptions): engine.StepResult {
    return this.step((ctx, s, b) => engine.submit(ctx, s, answer, this.carriedValue, b, this.shownFor(ctx, binding)), binding, options);
  }

  /**
   * Whether `answer`, submitted now, would confirm the wizard (the confirm prompt's run answer, by value, label or
   * `#N`, as the engine reads it). Computed on a copy: nothing is written; a refused answer confirms nothing.
   */
  wouldConfirm(answer: string): boolean {
    if (this.problemValue || this.stateValue.confirmed === true || this.stateValue.aborted) return false;
    const r = this.guarded<engine.StepResult>(() => engine.submit(this.ctx(), this.stateValue, answer, this.carriedValue), {
      current: null,
    });
    return r.ok && r.state.confirmed === true;
  }

  /** Keeps the prompt a result shows, computed from the bytes of the current revision (see `shown`). */
  keepShown(ctx: EngineContext, prompt: PromptDoc | null): void {
    this.shown = prompt && this.file.handle ? { revision: this.revision, prompt, environment: ctx.environment } : null;
  }

  /** The prompt kept for an answer bound to it by id and revision, when nothing it was computed from differs. */
  private shownFor(ctx: EngineContext, binding: Binding | undefined): PromptDoc | undefined {
    const s = this.shown;
    if (!s || !binding || binding.refusal || binding.expected.prompt === undefined || binding.expected.revision === undefined)
      return undefined;
    const same =
      s.revision === this.revision &&
      binding.expected.revision === s.revision &&
      binding.expected.prompt === s.prompt.id &&
      ctx.environment === s.environment &&
      !this.problemValue;
    return same ? s.prompt : undefined;
  }

  rewind(id: string, binding?: Binding, options?: StepOptions): engine.StepResult {
    return this.step((ctx, s, b) => engine.rewind(ctx, s, id, this.carriedValue, b), binding, options);
  }

  back(): engine.StepResult {
    return this.step((ctx, s) => engine.back(ctx, s, this.carriedValue));
  }

  abort(binding?: Binding, options?: StepOptions): engine.StepResult {
    return this.step((ctx, s, b) => engine.abort(ctx, s, this.carriedValue, b), binding, options);
  }

  tree(): engine.TreeResult {
    if (this.problemValue) return { ok: false, code: 'file-error', error: this.problemValue, notices: [], rows: [] };
    return this.guarded(() => engine.tree(this.ctx(), this.stateValue, this.carriedValue), { rows: [] });
  }

  /** The teams the wizard's task can use on its run type (team-pick's options, each judged); writes nothing. */
  teams(): engine.TeamsResult {
    if (this.problemValue) return { ok: false, code: 'file-error', error: this.problemValue, notices: [] };
    return this.guarded(() => engine.teams(this.ctx(), this.stateValue, this.carriedValue), {});
  }

  /** The readable answer of an answered step (`planner #3 = claude/opus-4.5`). */
  answerLabel(id: string, ctx: EngineContext = this.ctx()): string {
    return engine.answerLabel(ctx, this.stateValue, id);
  }

  /** What a run would be, re-checked from disk (the plan stage included): refused with `not-runnable` when it would not run as confirmed. */
  outcome(): engine.OutcomeResult {
    if (this.problemValue) return { ok: false, code: 'file-error', error: this.problemValue, notices: [] };
    return this.guarded(() => engine.outcome(this.ctx(), this.stateValue, this.carriedValue), {});
  }

  /**
   * At the confirm prompt: the outcome as it will be once confirmed — the same argv and confirmation text (nothing
   * saved). A confirmed or aborted wizard: its outcome. Before the confirm prompt: refused with `not-complete`.
   */
  preview(): engine.OutcomeResult {
    if (this.problemValue) return { ok: false, code: 'file-error', error: this.problemValue, notices: [] };
    if (this.stateValue.confirmed === true || this.stateValue.aborted) return this.outcome();
    const ctx = this.ctx();
    const binding: engine.PromptBinding = { expected: { prompt: 'confirm' }, revision: null };
    const r = this.guarded<engine.StepResult>(() => engine.submit(ctx, this.stateValue, 'run', [], binding), { current: null });
    if (!r.ok) {
      if (r.code !== 'wrong-prompt') return { ok: false, code: r.code, error: r.error, notices: r.notices };
      const at = r.current ? `'${r.current.id}' (${r.current.progress.answered + 1} of ${r.current.progress.total})` : 'a prompt';
      const error = `the command line is previewed at the confirm prompt; the wizard is at ${at}`;
      return { ok: false, code: 'not-complete', error, notices: this.carriedValue };
    }
    return this.guarded(() => engine.outcome(ctx, r.state, this.carriedValue), {});
  }

  renderArgs(): engine.RenderArgsResult {
    return this.guarded(() => engine.renderArgs(this.ctx(), this.stateValue, this.carriedValue), {});
  }

  canGoBack(): boolean {
    return engine.backTarget(this.stateValue) !== null;
  }

  rewindQuestion(id: string): { title: string; detail: string } | null {
    try {
      return engine.rewindQuestion(this.ctx(), this.stateValue, id);
    } catch (err) {
      if (err instanceof WizardError) return null;
      throw asWizardError(err);
    }
  }

  /** The files whose change means "the state changed": the state file and a legacy wizard's companion. */
  watchPaths(): string[] {
    const { statePath, handle } = this.file;
    if (!statePath) return [];
    return handle && handle.target !== statePath ? [statePath, handle.target] : [statePath];
  }

  /** Did another writer change the files read since this wizard read or wrote them? */
  changedOnDisk(): boolean {
    const handle = this.file.handle;
    return handle !== null && handle.expected.some((e) => sha256OfFile(e.path) !== e.sha256);
  }

  /** Replaces what is held by what another read found (reload), or records why the file cannot be used now. */
  replace(next: HostWizard | { problem: string }): void {
    this.generation++;
    this.shown = null;
    if (!(next instanceof HostWizard)) {
      this.problemValue = next.problem;
      return;
    }
    this.problemValue = null;
    this.stateValue = next.stateValue;
    this.carriedValue = next.carriedValue;
    this.file = next.file;
  }

  /** The last Run, recorded in the state file (the confirmation stays). */
  recordLastRun(lastRun: LastRun): void {
    const next: WizardState = { ...this.stateValue, last_run: lastRun };
    this.write(next);
    this.stateValue = next;
    this.generation++;
    this.shown = null;
  }

  /**
   * Writes `state` where this wizard lives: a new file (a fresh wizard with a path), a checked save, or — when
   * task-pick was answered with another task and the wizard lives in its task's file — a move to the new task's
   * file (the old one is removed; a finished wizard there is backed up; an unfinished one refuses). A wizard in
   * memory writes nothing (its front end keeps it). Throws WizardError; on a refusal nothing is written.
   */
  write(state: WizardState): void {
    const { statePath, handle, shownPath, force, storedRoots } = this.file;
    if (statePath === null) return;
    this.source.beforeSave?.(statePath);
    // Nothing depends on the roots a file records (every load takes them from where the file lies): a file that
    // records other roots keeps them, so that only the answers change in it.
    const saved = storedRoots ? { ...state, ...storedRoots } : state;
    const kept = storedRoots ? { storedRoots } : {};
    try {
      if (handle === null) {
        // `init --state new/folder/x.json`: the folder is created, as `mkdir -p` would.
        fs.mkdirSync(path.dirname(statePath), { recursive: true });
        this.file = { statePath, shownPath, handle: createStateFile(statePath, state, { shownPath, force }) };
        return;
      }
      const dest = this.movedTo(state);
      if (dest !== null) {
        const moved = moveStateFile(handle, dest, saved, {
          destKey: `${state.task_group}/${state.task_id}`,
          shownPath: this.shownOf(dest),
        });
        this.file = { statePath: dest, shownPath: this.shownOf(dest), handle: moved.handle, ...kept };
        return;
      }
      this.file = { statePath, shownPath, handle: saveStateFile(handle, saved), ...kept };
    } catch (err) {
      const e = asWizardError(err);
      // The store names the file in its file errors; a stale read or a lock held does not.
      if (e.code === 'stale-state' || e.code === 'busy') throw new WizardError(e.code, `${shownPath}: ${e.message}`);
      throw e;
    }
  }

  /**
   * The new task's state file when `state` answers task-pick with another task than the state held, and this
   * wizard lives in the state file of a task of the project (`.okstra/tasks/<group>/<id>.wizard.json`, a known
   * task) other than the new one; else null. A file elsewhere (`init --state any.json`) stays where it is.
   */
  private movedTo(state: WizardState): string | null {
    const { statePath } = this.file;
    const was = this.stateValue;
    if (statePath === null || !state.task_group || !state.task_id) return null;
    if (was.task_group === state.task_group && was.task_id === state.task_id) return null;
    const group = path.basename(path.dirname(statePath));
    const name = path.basename(statePath);
    if (!name.endsWith(STATE_FILE_SUFFIX)) return null;
    const id = name.slice(0, -STATE_FILE_SUFFIX.length);
    if (group === state.task_group && id === state.task_id) return null;
    if (path.resolve(statePath) !== path.resolve(stateFilePathFor(this.projectRootAbs, group, id))) return null;
    let known: boolean;
    try {
      known = this.ctx()
        .workspace.tasks()
        .some((t) => t.key === `${group}/${id}`);
    } catch {
      known = false;
    }
    return known ? taskStatePath(this.projectRootAbs, `${state.task_group}/${state.task_id}`) : null;
  }

  private shownOf(abs: string): string {
    const rel = path.relative(this.projectRootAbs, abs);
    return rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel;
  }

  /**
   * One engine step; on success the new state is written before it becomes current, and `next` carries the
   * revision of the bytes written. A refusal of the binding or the engine is the failure result; a save that
   * fails throws a WizardRefusal. Either way nothing is written, and the current prompt comes with its revision.
   */
  private step(
    run: (ctx: EngineContext, s: WizardState, b: engine.PromptBinding | undefined) => engine.StepResult,
    binding?: Binding,
    options?: StepOptions,
  ): engine.StepResult {
    if (this.problemValue) return { ok: false, code: 'file-error', error: this.problemValue, notices: [], current: null };
    const ctx = this.ctx();
    const revision = this.revision;
    const bound: engine.PromptBinding | undefined = binding && {
      expected: binding.expected,
      revision: this.fileRevision ?? revision,
      refusal: binding.refusal && ((current) => binding.refusal!(current, revision)),
    };
    const r = this.guarded<engine.StepResult>(() => run(ctx, this.stateValue, bound), { current: null });
    if (!r.ok) return { ...r, current: revised(r.current, revision) };
    if (options?.cancelled?.()) {
      return { ok: false, code: 'cancelled', error: CANCELLED_BEFORE_SAVE, notices: r.notices, current: this.currentPrompt(ctx) };
    }
    const before = this.statePath;
    try {
      this.write(r.state);
    } catch (err) {
      // Not saved (stale, busy, unwritable, over the size limit): thrown, with the prompt to go on with.
      const e = asWizardError(err);
      if (e.code === 'internal') throw e;
      if (e.code === 'stale-state' || e.code === 'busy') throw this.raced(e, r.notices);
      throw new WizardRefusal(e.code, e.message, this.currentPrompt(ctx), r.notices);
    }
    const taskChosen = r.state.task_id !== '' && r.state.task_id !== this.stateValue.task_id;
    this.stateValue = r.state;
    this.carriedValue = [];
    this.generation++;
    this.keepShown(ctx, r.next);
    const moved =
      before !== null && this.statePath !== before
        ? [...r.notices, { kind: 'moved' as const, text: `the wizard moved with its task to ${this.shownPath}` }]
        : r.notices;
    const notices = this.withEnvironment(ctx, r.state, moved, taskChosen || deadEnd(r.next, r.code));
    return { ...r, notices, next: revised(r.next, this.revision) };
  }

  /**
   * The refusal of a save another writer got in before (`stale-state`) or holds the lock of (`busy`): its `current`
   * is the prompt the file is at now — read again from disk, with that file's revision — never the one this wizard
   * held, so that answering `current` is not refused again. What is held here is not replaced (a front end that
   * keeps the wizard reads the file again itself). A tool's text says what to do instead of "reload to continue".
   */
  private raced(e: WizardError, notices: Notice[]): WizardRefusal {
    const now = this.source.reread?.(this);
    if (now === undefined) return new WizardRefusal(e.code, e.message, null, notices);
    const current = now instanceof HostWizard ? now.currentPrompt() : null;
    if (e.code === 'busy') return new WizardRefusal(e.code, e.message, current, notices);
    const cause = `${this.shownPath}: state file changed on disk since it was read (another writer saved it); nothing was written`;
    const toolMessage = !(now instanceof HostWizard)
      ? `${cause}, and the file cannot be used now: ${now.problem}`
      : current
        ? `${cause}. \`current\` is the prompt the file is at now (read again, with its revision): answer that one, or show it to whoever decides`
        : `${cause}. The wizard on disk has no prompt to answer now`;
    return new WizardRefusal(e.code, e.message, current, notices, toolMessage);
  }

  /** An engine call whose WizardError becomes its failure result; a bug leaves as code `internal`. */
  private guarded<T extends { ok: boolean }>(body: () => T, extra: Record<string, unknown>): T {
    try {
      return body();
    } catch (err) {
      const e = asWizardError(err);
      if (e.code === 'internal') throw e;
      return { ok: false, code: e.code, error: e.message, notices: this.carriedValue, ...extra } as unknown as T;
    }
  }
}
