// The engine facade (docs/architecture.md › Engine facade). Every function
// takes an EngineContext and a state it never mutates; results carry each
// field once (the CLI serializes them in the key order of docs/protocol.md, src/host/documents.ts),
// and the new state when something changed. `carried` are notices raised earlier
// in the same operation (prepare's conversion / rebasing / reconcile): they
// are repeated in every document until a successful submit writes the state.

import type { EngineContext, ProjectConfig } from '../ports';
import type { TextCatalog } from '../text/catalog';
import { cloneState, WizardError, type Notice, type Prompt, type PromptDoc, type WizardErrorCode, type WizardState } from '../types';
import { defaultState } from './stateSchema';
import { confirmationText as buildConfirmationText } from './confirmation';
import { applyAnswer, applyRewind, DONE_PROMPT, editTargets, nextPrompt, promptDoc, rewindRefusal } from './flow';
import { baseName, okstraDir, parentDir, sameRoot } from './paths';
import { pyReprString } from '../pyRepr';
import { convertV1Selection, isRoleStepId, reconcileRoleSelection, selectionTeamRoles } from './roleBridge';
import { checkedArgv } from './argvGuard';
import { recheckConfirmed } from './outcomeCheck';
import { buildRenderArgs, persistActions as buildPersistActions, stageIntent, type PersistAction, type RenderArgs } from './render';

export type { PersistAction };
import type { ParsedState } from './stateCodec';
import { confirm, isConfirmationStep, STEP_BY_ID, taskPick, taskNew, withoutConfirmation } from './steps';
import { unansweredClarification } from './steps/clarification';
import { teamCoveredSteps } from './teamFlow';
import { teamChoices, type TeamChoice } from './steps/teamPick';
import { fmt, makeEnv, type StepEnv, type StepGroup } from './steps/step';
import { slugifyTaskSegment } from './workspaceRules';
import { answerValue } from './remembered';
import { readableOf, type ReadableAnswer } from './readable';
import { formatTemplate } from '../text/catalog';
import { checkBinding, withRevision, type ExpectedPrompt } from './binding';
import { inWizardOrder } from './wizardOrder';

export { stepTitle, readableError, readableRefusal } from './readable';
export { teamNameProblem } from './roleBridge';

// ------------------------------------------------------------------ results
//
// Each field once: the CLI turns a result into its JSON document (src/host/documents.ts, in the key order of docs/protocol.md);
// the extension reads the fields. `notices` are the notices of the operation (carried ones first).

export interface TreeRow {
  id: string;
  group: StepGroup | 'roles';
  label: string;
  echo: string;
  answered: boolean;
  editable: boolean;
  notice?: string;
}

/** A refusal or a result that cannot be computed: `code` (src/core/types.ts) beside the message. */
export interface Failure {
  ok: false;
  code: WizardErrorCode;
  error: string;
  notices: Notice[];
}

export interface CurrentResult {
  prompt: PromptDoc | null;
  code?: WizardErrorCode;
  error?: string;
  notices: Notice[];
}

export type StepResult =
  | {
      ok: true;
      state: WizardState;
      echo: string;
      /** The prompt after the answer; null with `code`/`error` when it cannot be computed (the answer is saved all the same). */
      next: PromptDoc | null;
      code?: WizardErrorCode;
      error?: string;
      notices: Notice[];
      /** Project-relative files this answer created or chose for editing (new task's brief, answers sidecar). */
      open: string[];
    }
  | (Failure & { current: PromptDoc | null });

export type OutcomeResult =
  | {
      ok: true;
      renderArgs: RenderArgs;
      renderArgv: string[];
      orchestration: { chainStages: string[] };
      persistActions: PersistAction[];
      confirmationText: string;
      notices: Notice[];
    }
  | Failure;

export type RenderArgsResult = { ok: true; renderArgs: RenderArgs; renderArgv: string[]; notices: Notice[] } | Failure;

export type TreeResult =
  | { ok: true; rows: TreeRow[]; current: string | null; notices: Notice[] }
  /** `rows` (not printed) lets the tree view still show the answers when the current prompt fails. */
  | (Failure & { rows: TreeRow[] });

export interface PrepareResult {
  state: WizardState;
  notices: Notice[];
}

// ------------------------------------------------------------------ helpers

function errorOf(e: unknown): WizardError {
  if (e instanceof WizardError) return e;
  throw e; // a programming error, not a user-facing one (known failures are WizardErrors upstream)
}

function failure(e: unknown, notices: Notice[]): Failure {
  const { code, message: error } = errorOf(e);
  return { ok: false, code, error, notices };
}

function currentDoc(env: StepEnv, s: WizardState): PromptDoc {
  return promptDoc(env, s, nextPrompt(env, s));
}

/** `current` of a refusal: from the unchanged state, null when it cannot be computed. */
function safeCurrent(ctx: EngineContext, state: WizardState): PromptDoc | null {
  const env = makeEnv(ctx);
  try {
    return currentDoc(env, cloneState(state));
  } catch (e) {
    errorOf(e);
    return null;
  }
}

/** The explicit reconcile after a submit, reported as notices. */
function reconcile(env: StepEnv, s: WizardState): Notice[] {
  if (!s.task_type) return [];
  try {
    return reconcileRoleSelection(env.roles(s), s);
  } catch (e) {
    errorOf(e); // a broken profile surfaces at the next prompt
    return [];
  }
}

function refused(ctx: EngineContext, state: WizardState, err: WizardError, notices: Notice[]): StepResult {
  return { ...failure(err, notices), current: safeCurrent(ctx, state) };
}

/**
 * What an answer, a rewind or an abort says it applies to (src/core/wizard/binding.ts): the prompt that was
 * shown and its revision, beside the revision of the bytes `state` was read from (the store computes it; null
 * when the state has no file yet).
 */
export interface PromptBinding {
  expected: ExpectedPrompt;
  revision: string | null;
  /**
   * The rule applied when the current prompt is not plainly the expected one: given the current prompt document
   * (computed from the unchanged state, without a revision; null when it cannot be computed), the refusal or
   * null. By default `checkBinding` on that document with `revision`.
   */
  refusal?: (current: PromptDoc | null) => WizardError | null;
}

/**
 * The refusal of a bound step, or null when it may be applied. `prompt` is the current prompt the step computes
 * anyway (null when it could not be computed). The common case, the prompt and revision that were shown, costs
 * a comparison; the prompt document (with its progress simulation) is built only when they differ, for the
 * refusal and its `current`. Nothing is written on a refusal: the caller saves only an `ok` result.
 */
function bindingRefused(
  ctx: EngineContext,
  state: WizardState,
  prompt: Prompt | null,
  binding: PromptBinding | undefined,
  carried: Notice[],
): StepResult | null {
  if (binding === undefined) return null;
  const { expected, revision } = binding;
  if (expected.prompt === undefined && binding.refusal === undefined) return null;
  const revisionOk = expected.revision === undefined || expected.revision === revision;
  if (revisionOk && prompt !== null && prompt.kind !== 'done' && prompt.step === expected.prompt) return null;
  const current = safeCurrent(ctx, state);
  const err = binding.refusal
    ? binding.refusal(current)
    : checkBinding(current !== null && revision !== null ? withRevision(current, revision) : current, expected);
  return err ? { ...failure(err, carried), current } : null;
}

/** The current prompt's step for a binding check that has no prompt of its own to compare; null when it cannot be computed. */
function promptForBinding(ctx: EngineContext, state: WizardState, binding: PromptBinding | undefined): Prompt | null {
  if (binding === undefined || (binding.expected.prompt === undefined && binding.refusal === undefined)) return null;
  try {
    return nextPrompt(makeEnv(ctx), cloneState(state));
  } catch (e) {
    errorOf(e);
    return null;
  }
}

/** The tail of submit / rewind / abort: reconcile, then the next prompt (when that fails, the answer is still saved and the error reported beside it). */
function advanced(env: StepEnv, w: WizardState, echo: string, carried: Notice[]): StepResult {
  const notices = [...carried, ...env.notices, ...reconcile(env, w)];
  try {
    const next = currentDoc(env, w);
    return { ok: true, state: w, echo, next, notices, open: env.opened };
  } catch (e) {
    const { code, message: error } = errorOf(e);
    return { ok: true, state: w, echo, next: null, code, error, notices, open: env.opened };
  }
}

// ------------------------------------------------------------------ facade

interface InitOptions {
  /** Absolute project root. */
  projectRootAbs: string;
  hostRuntime?: string;
  entryMode?: string;
  availableFunctions?: string[];
  /** The project's config.yaml (its `projectId`), when known. */
  config?: ProjectConfig | null;
}

/** A fresh v2 state for a project (docs/protocol.md › Commands; docs/okstra-files.md › Roots). */
export function initState(opts: InitOptions): WizardState {
  const s = defaultState();
  s.project_root = opts.projectRootAbs;
  s.workspace_root = okstraDir(opts.projectRootAbs);
  s.project_id = opts.config?.projectId || slugifyTaskSegment(baseName(opts.projectRootAbs));
  if (opts.hostRuntime) s.host_runtime = opts.hostRuntime;
  if (opts.entryMode) s.host_entry_mode = opts.entryMode;
  s.available_functions = [...(opts.availableFunctions ?? [])];
  return s;
}

/** `<P>` when `dir` is `<P>/.okstra/tasks/<g>` (the folder a state file was found in). */
export function projectRootOfStateDir(dir: string): string | null {
  const tasks = parentDir(dir);
  const okstra = parentDir(tasks);
  if (baseName(tasks) !== 'tasks' || baseName(okstra) !== '.okstra') return null;
  return parentDir(okstra);
}

/**
 * After the codec parsed a file: rebasing when the project moved, the v1→v2
 * conversion, R-VER-11, and the load-time reconcile (out-of-range counts included) — all
 * reported as notices, written only with the next successful submit (the rebased roots never: the host keeps the
 * roots the file records, docs/state-file.md › Roots). The project the state is used in is `root` (a wizard kept
 * elsewhere than a file: the folder it is opened in), else the project whose tasks folder `foundInDir` is.
 */
export function prepare(ctx: EngineContext, parsed: ParsedState, opts: { foundInDir?: string; root?: string } = {}): PrepareResult {
  const s = cloneState(parsed.state);
  const notices: Notice[] = [];
  {
    const root = opts.root ?? (opts.foundInDir ? projectRootOfStateDir(opts.foundInDir) : null);
    if (root !== null && !sameRoot(root, s.project_root)) {
      notices.push({ kind: 'moved', text: `project moved: ${pyReprString(s.project_root)} -> ${pyReprString(root)}` });
      s.project_root = root;
      s.workspace_root = okstraDir(root);
    }
  }
  const env = makeEnv(ctx);
  if (parsed.sourceVersion === 1) {
    // R-VER-10/11: convert the original payload; a current-session leader slot counts as answered.
    notices.push(...convertV1Selection(env.roles(s), s, parsed.payload, { leaderSessionAnswered: true }));
  }
  notices.push(...reconcile(env, s));
  return { state: s, notices };
}

/** The prompt to answer now (`step` without an answer); never changes the state. */
export function current(ctx: EngineContext, state: WizardState, carried: Notice[] = []): CurrentResult {
  const env = makeEnv(ctx);
  try {
    if (state.confirmed === true && !state.aborted) {
      // A confirmed wizard is `done` only while it can still run as confirmed: re-checked as `outcome` is, so that
      // `step` never reports done for a wizard whose selection, files or identity changed (`not-runnable`, naming
      // the step to edit).
      const s = cloneState(state);
      recheckConfirmed(env, s, [...carried]);
      checkedArgv(ctx.workspace, s, buildRenderArgs(env, s));
    }
    const prompt = currentDoc(env, cloneState(state));
    return { prompt, notices: carried };
  } catch (e) {
    const { code, message: error } = errorOf(e);
    return { prompt: null, code, error, notices: carried };
  }
}

/**
 * Answers the current prompt (docs/protocol.md › Commands). With `binding`, only when the current prompt is the
 * one the answer names (its `wrong-prompt` refusal is checkBinding's, checked against the prompt computed here
 * for the answer: one prompt computation per answer). `shown` is that prompt as it was computed from these very
 * bytes for the result that showed it (the host keeps it, src/host/wizard.ts): the answer is matched against it
 * instead of computing it again; everything after (the step's own checks, the reconcile, the next prompt) is
 * computed now.
 */
export function submit(
  ctx: EngineContext,
  state: WizardState,
  answer: string,
  carried: Notice[] = [],
  binding?: PromptBinding,
  shown?: Prompt,
): StepResult {
  const env = makeEnv(ctx);
  const w = cloneState(state);
  let prompt;
  try {
    prompt = shown ?? nextPrompt(env, w);
  } catch (e) {
    // The current prompt cannot be computed: the binding's rule decides first (checkBinding leaves it to the engine's own reason).
    const err = errorOf(e);
    return bindingRefused(ctx, state, null, binding, carried) ?? refused(ctx, state, err, carried);
  }
  const wrong = bindingRefused(ctx, state, prompt, binding, carried);
  if (wrong) return wrong;
  if (prompt.kind === 'done') return refused(ctx, state, new WizardError('no-prompt', 'wizard is complete — no prompt to answer'), carried);
  let echo: string;
  try {
    echo = applyAnswer(env, w, prompt, answer);
  } catch (e) {
    return refused(ctx, state, errorOf(e), carried);
  }
  return advanced(env, w, echo, carried);
}

/** The steps a rewind accepts, for its refusal: `the steps you can go back to: 'task-pick', …` (or that there is none yet). */
function rewindTargetsText(state: WizardState): string {
  const targets = editTargets(state);
  return targets.length ? `the steps you can go back to: ${targets.map(pyReprString).join(', ')}` : 'no step is answered yet';
}

/**
 * The confirmation asked again, nothing else undone: Back at "Change an answer…", and a rewind to `confirm` of a
 * wizard whose confirmation was answered. `remembered` preselects an answer (Back preselects "Change an answer…").
 */
function confirmAgain(ctx: EngineContext, state: WizardState, carried: Notice[], echo: string, remembered?: string): StepResult {
  const env = makeEnv(ctx);
  const w = cloneState(state);
  w.answered = withoutConfirmation(w.answered);
  w.confirmed = null;
  w.edit_target = '';
  if (remembered) w.remembered_answers = { ...(w.remembered_answers ?? {}), confirm: remembered };
  return advanced(env, w, echo, carried);
}

/**
 * The tree's edit action / CLI `rewind --to` (edit-target semantics); with `binding`, as submit's. `confirm` is accepted
 * once the confirmation was answered (it is asked again; nothing else changes); a refusal lists the steps accepted.
 */
export function rewind(ctx: EngineContext, state: WizardState, id: string, carried: Notice[] = [], binding?: PromptBinding): StepResult {
  const wrong = bindingRefused(ctx, state, promptForBinding(ctx, state, binding), binding, carried);
  if (wrong) return wrong;
  if (id === confirm.id && !state.aborted) {
    if (state.confirmed !== null)
      return confirmAgain(ctx, state, carried, 'edit-target: confirm (rewinding)', state.confirmed ? undefined : 'edit');
    const why = `'confirm' is not answered yet: it is asked once every step before it is answered; ${rewindTargetsText(state)}`;
    return refused(ctx, state, new WizardError('refused-answer', why), carried);
  }
  const refusal = rewindRefusal(state, id);
  if (refusal) {
    // The prompt being asked now, not answered yet: nothing to go back to — it is asked already.
    const asked = !state.aborted && !state.answered.includes(id) && current(ctx, state).prompt?.step === id;
    const notYet = `${pyReprString(id)} is not answered yet: it is the prompt to answer now (\`current\`)`;
    const why = state.aborted ? refusal : `${asked ? notYet : refusal}; ${rewindTargetsText(state)}`;
    return refused(ctx, state, new WizardError('refused-answer', why), carried);
  }
  const env = makeEnv(ctx);
  const w = cloneState(state);
  try {
    applyRewind(env, w, id);
  } catch (e) {
    return refused(ctx, state, errorOf(e), carried);
  }
  return advanced(env, w, `edit-target: ${id} (rewinding)`, carried);
}

/**
 * The id Back would rewind to, or null when Back is not offered. At
 * "Change an answer…" (edit-target) it is `confirm`: Back returns to the
 * confirmation and undoes nothing else.
 */
export function backTarget(state: WizardState): string | null {
  if (state.aborted) return null;
  if (state.confirmed === false) return confirm.id;
  const allowed = new Set(editTargets(state));
  for (let i = state.answered.length - 1; i >= 0; i--) {
    const id = state.answered[i];
    if (!isConfirmationStep(id) && allowed.has(id)) return id;
  }
  return null;
}

/** Back = undo exactly the last answer (docs/steps.md › Rewind and Back; docs/decisions.md › Wizard: Back). */
export function back(ctx: EngineContext, state: WizardState, carried: Notice[] = []): StepResult {
  const id = backTarget(state);
  if (id === null) {
    return refused(
      ctx,
      state,
      state.aborted
        ? new WizardError('aborted', 'wizard was aborted by the user — it cannot be edited')
        : new WizardError('refused-answer', 'there is no answer to go back to'),
      carried,
    );
  }
  // The answer being changed is "Change an answer…": it is preselected, never Run.
  if (id === confirm.id) return confirmAgain(ctx, state, carried, 'back: confirm', 'edit');
  return rewind(ctx, state, id, carried);
}

/** Abort Wizard / CLI `abort`: `aborted = true`, next is `done`; with `binding`, as submit's. */
export function abort(ctx: EngineContext, state: WizardState, carried: Notice[] = [], binding?: PromptBinding): StepResult {
  const wrong = bindingRefused(ctx, state, promptForBinding(ctx, state, binding), binding, carried);
  if (wrong) return wrong;
  const env = makeEnv(ctx);
  const w = cloneState(state);
  w.aborted = true;
  const next = promptDoc(env, w, DONE_PROMPT);
  return { ok: true, state: w, echo: 'abort', next, notices: carried, open: [] };
}

/** `render-args` at any time (R-RND-3: an incomplete selection is rendered as it is). */
export function renderArgs(ctx: EngineContext, state: WizardState, carried: Notice[] = []): RenderArgsResult {
  const env = makeEnv(ctx);
  try {
    const rendered = buildRenderArgs(env, state);
    const argv = checkedArgv(ctx.workspace, state, rendered);
    return { ok: true, renderArgs: rendered, renderArgv: argv, notices: carried };
  } catch (e) {
    return failure(e, carried);
  }
}

/**
 * `wizard_outcome` (R-OUT-*), re-checked every time (src/core/wizard/outcomeCheck.ts): refused with
 * `not-runnable` when the confirmed state would not run as confirmed. The confirmation text and the
 * argv come from the same re-checked state.
 */
export function outcome(ctx: EngineContext, state: WizardState, carried: Notice[] = []): OutcomeResult {
  const env = makeEnv(ctx);
  try {
    if (state.aborted) throw new WizardError('aborted', 'wizard was aborted by the user — outcome is unavailable');
    if (state.confirmed !== true) throw new WizardError('not-complete', 'wizard is not complete — outcome is unavailable');
    recheckConfirmed(env, state, carried);
    const rendered = buildRenderArgs(env, state);
    const argv = checkedArgv(ctx.workspace, state, rendered);
    const orchestration = { chainStages: stageIntent(state).chainStages };
    const actions = buildPersistActions(state);
    const text = buildConfirmationText(env, state);
    // An answers file chosen with answer-now that is still empty: the run would pass it as it is.
    const unanswered = unansweredClarification(env, state);
    return {
      ok: true,
      renderArgs: rendered,
      renderArgv: argv,
      orchestration,
      persistActions: actions,
      confirmationText: text,
      notices: unanswered ? [...carried, unanswered] : carried,
    };
  } catch (e) {
    return failure(e, carried);
  }
}

/**
 * When no provider can start a new session in this environment (every provider CLI missing, or none without a terminal
 * backend): the report for a notice, naming the CLIs looked for, where (the environment's `where()`: PATH, the
 * terminal backend's variable) and the backend; null when one can, or when the pool or host cannot be read.
 */
export function environmentReport(ctx: EngineContext, state: WizardState): string | null {
  try {
    const problem = makeEnv(ctx).roles(state).availability().environmentProblem();
    if (problem === null) return null;
    const where = ctx.environment.where?.();
    return where ? `${problem} (${where})` : problem;
  } catch (e) {
    errorOf(e);
    return null;
  }
}

/** The confirmation block (docs/steps.md › The confirmation); throws WizardError. */
export function confirmationText(ctx: EngineContext, state: WizardState): string {
  return buildConfirmationText(makeEnv(ctx), state);
}

// ------------------------------------------------------------------ rows

/** The tree group of a step id (docs/protocol.md › Commands). */
export function stepGroup(id: string): StepGroup | 'roles' {
  if (isRoleStepId(id)) return 'roles';
  return STEP_BY_ID.get(id)?.group ?? 'confirm';
}

function roleIdParts(id: string): { kind: string; role: string; ordinal: string } {
  if (id === 'leader-session') return { kind: 'leader_session', role: 'leader', ordinal: '1' };
  const [prefix, role, ordinal] = id.split(':');
  return { kind: prefix.replace('-', '_'), role: role ?? '', ordinal: ordinal ?? '' };
}

/** The step's display name in the user's language (tree rows, Back). */
export function stepDisplayName(texts: TextCatalog, id: string): string {
  if (isRoleStepId(id)) {
    const { kind, role, ordinal } = roleIdParts(id);
    const t = texts.steps[kind];
    return t?.title ? fmt(t.title, { role, ordinal }) : id;
  }
  const step = STEP_BY_ID.get(id);
  const title = step ? texts.steps[step.textKey]?.title : undefined;
  return title ? fmt(title, {}) : id;
}

function roleValue(state: WizardState, id: string): string {
  const { kind, role, ordinal } = roleIdParts(id);
  if (kind === 'leader_session') return 'continue';
  if (kind === 'role_model') return state.role_models[role]?.[Number(ordinal) - 1] ?? '';
  const n = state.role_counts[role];
  return n === undefined ? '' : String(n);
}

function staticAnswer(env: StepEnv, state: WizardState, id: string): string {
  const step = STEP_BY_ID.get(id);
  if (!step) return '';
  try {
    return step.answerOf(env, state);
  } catch (e) {
    errorOf(e);
    return '';
  }
}

/** The echo of an answered step as the tree shows it (role steps keep the seed's echoes). */
function rowEcho(env: StepEnv, state: WizardState, id: string): string {
  if (isRoleStepId(id)) {
    const { kind, role, ordinal } = roleIdParts(id);
    const v = roleValue(state, id);
    if (kind === 'leader_session') return 'leader-session: continue';
    if (kind === 'role_model') return `role-model: ${role}#${ordinal}=${v}`;
    return `${kind === 'role_count' ? 'role-count' : 'role-add'}: ${role}=${v}`;
  }
  if (id === taskPick.id || id === taskNew.id) {
    const a = staticAnswer(env, state, id);
    return a === 'new' ? 'task-pick: new' : `task: ${a}`;
  }
  const a = staticAnswer(env, state, id);
  return `${id}: ${a === '' ? '(none)' : a}`;
}

/**
 * A readable label of one answered step for the VS Code UI, in the user's
 * language: `planner #2 = codex/gpt-5.1-codex`, `Brief = The task's brief (…)`
 * (readable.ts); `<step>: <answer>` when the step has no answer to show.
 */
export function answerLabel(ctx: EngineContext, state: WizardState, id: string): string {
  const env = makeEnv(ctx);
  const v = answerValue(env, state, id);
  if (v !== null) return readableOf(env, state, id, v).text;
  const a = isRoleStepId(id) ? roleValue(state, id) : staticAnswer(env, state, id);
  return `${stepDisplayName(ctx.texts, id)} = ${a === '' ? ctx.texts.ui.none : a}`;
}

function noticeFor(notices: Notice[], id: string): string | undefined {
  const role = isRoleStepId(id) ? roleIdParts(id).role : null;
  const n = notices.find((x) => x.steps?.includes(id) || (role !== null && x.roles?.includes(role)));
  return n?.text;
}

export type TeamsResult = { ok: true; teams: TeamChoice[]; notices: Notice[] } | Failure;

/** The teams the wizard's task can use on its run type, as team-pick would offer them (CLI `teams`, MCP wizard_teams). */
export function teams(ctx: EngineContext, state: WizardState, carried: Notice[] = []): TeamsResult {
  try {
    return { ok: true, teams: teamChoices(makeEnv(ctx), cloneState(state)), notices: carried };
  } catch (e) {
    return failure(e, carried);
  }
}

type TeamToSaveResult = { ok: true; roles: Record<string, string[]>; notices: Notice[] } | Failure;

/**
 * The agents of a complete wizard as a team (docs/profiles.md › Teams: saving one): per role of the run type's
 * profile, its models in agent order, `[]` for a role with none. Refused with `not-complete` before the confirm
 * prompt, and with `no-prompt` when the run type has no roles to choose.
 */
export function teamToSave(ctx: EngineContext, state: WizardState, carried: Notice[] = []): TeamToSaveResult {
  const env = makeEnv(ctx);
  try {
    const s = cloneState(state);
    if (s.confirmed !== true && nextPrompt(env, s).step !== confirm.id)
      throw new WizardError('not-complete', ctx.texts.ui.team_save_not_complete);
    const session = env.roles(s);
    if (session.profileError) throw new WizardError('no-prompt', session.profileError);
    const roles = selectionTeamRoles(session, s);
    if (Object.keys(roles).length === 0) throw new WizardError('no-prompt', ctx.texts.ui.team_save_no_roles);
    return { ok: true, roles, notices: carried };
  } catch (e) {
    return failure(e, carried);
  }
}

/** docs/protocol.md › Commands (tree): the edit targets and the current prompt, in the order the wizard asks them. */
export function tree(ctx: EngineContext, state: WizardState, carried: Notice[] = []): TreeResult {
  const env = makeEnv(ctx);
  const s = cloneState(state);
  let rows: TreeRow[] = [];
  const row = (id: string, answered: boolean): TreeRow => {
    const r: TreeRow = {
      id,
      group: stepGroup(id),
      label: stepDisplayName(ctx.texts, id),
      echo: answered ? rowEcho(env, s, id) : '',
      answered,
      editable: rewindRefusal(s, id) === null,
    };
    const notice = noticeFor(carried, id);
    if (notice) r.notice = notice;
    return r;
  };
  for (const id of editTargets(s)) rows.push(row(id, true));
  let currentId: string | null = null;
  try {
    const p = nextPrompt(env, s);
    if (p.kind !== 'done') {
      currentId = p.step;
      if (!rows.some((r) => r.id === p.step)) rows.push(row(p.step, false));
    }
  } catch (e) {
    return { ...failure(e, carried), rows: inWizardOrder(s, rows, (r) => r.id) };
  }
  rows = inWizardOrder(s, rows, (r) => r.id);
  return { ok: true, rows, current: currentId, notices: carried };
}

// ------------------------------------------------------------------ rewind question

/**
 * The answers a rewind to `id` would ask again besides `id` itself, in the
 * order they were given, in words — for "Change this answer and ask N later
 * answers again?". They stay preselected where they still apply (remembered.ts).
 * Empty when the rewind would be refused.
 */
export function clearedAnswers(ctx: EngineContext, state: WizardState, id: string): ReadableAnswer[] {
  if (rewindRefusal(state, id) !== null) return [];
  const env = makeEnv(ctx);
  const w = cloneState(state);
  try {
    applyRewind(env, w, id);
  } catch (e) {
    errorOf(e);
    return [];
  }
  const kept = new Set(w.answered);
  // A team chosen at team-pick answers its role steps again after a role row is edited (teamFlow.ts).
  const teamAnswers = isRoleStepId(id) ? teamCoveredSteps(env, state) : new Set<string>();
  const out: ReadableAnswer[] = [];
  // In the order the wizard asks them (as the tree lists them), not in the order they were answered.
  for (const a of inWizardOrder(state, state.answered, (x) => x)) {
    if (a === id || isConfirmationStep(a) || kept.has(a) || teamAnswers.has(a)) continue;
    const v = answerValue(env, state, a);
    if (v !== null) out.push(readableOf(env, state, a, v));
  }
  return out;
}

/** The rewind question (title, detail lines, the answers) in the user's language; null when nothing later is cleared. */
export function rewindQuestion(
  ctx: EngineContext,
  state: WizardState,
  id: string,
): { title: string; detail: string; cleared: ReadableAnswer[] } | null {
  const cleared = clearedAnswers(ctx, state, id);
  if (cleared.length === 0) return null;
  const ui = ctx.texts.ui;
  const title = cleared.length === 1 ? ui.rewind_clears_one : formatTemplate(ui.rewind_clears_many, { count: String(cleared.length) });
  return { title, detail: [ui.rewind_clears_detail, ...cleared.map((c) => `• ${c.text}`)].join('\n'), cleared };
}
