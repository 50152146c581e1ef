// The step contract (docs/steps.md › Steps): each static step says when it
// applies, builds its prompt, submits an answer into a working copy and names
// the fields a rewind resets. `StepEnv` is what one engine operation shares:
// the ports, per-operation caches and the notices raised on the way.

import { formatTemplate, type StepTexts } from '../../text/catalog';
import type { EngineContext, ProjectConfig, TaskDetails, TaskEntry } from '../../ports';
import { pyReprString } from '../../pyRepr';
import { WizardError, type Notice, type Prompt, type PromptOption, type WizardState } from '../../types';
import { openRoleSession, type RoleSession } from '../roleBridge';
import type { StateField, StepFieldTables } from '../stateFields';
import { controlProblem, outsideProblem, resolvedProjectRelative } from '../argSafety';
import { isAbsolutePath, toProjectRelative } from '../paths';
import { sortedCatalogue } from '../workspaceRules';

export type StepGroup = 'task' | 'inputs' | 'roles' | 'follow-ups' | 'confirm';

export interface StepEnv {
  ctx: EngineContext;
  /** The progress simulation: never write files, open editors or create tasks. */
  simulate: boolean;
  /**
   * The simulation's answer-only walk (src/core/wizard/flow.ts simulatedRemaining): a step may leave out of its
   * prompt what neither its simulated answer (the default, else the first selectable option) nor the walk's stop
   * depends on. Unset for every prompt a person or an agent is shown.
   */
  answerOnly?: boolean;
  notices: Notice[];
  /** Project-relative files the submit created for the user to edit (the extension opens them). */
  opened: string[];
  tasks(): TaskEntry[];
  /** tasks() in catalogue order (docs/okstra-files.md), sorted once per catalogue array (shared: read-only). */
  sortedTasks(): readonly TaskEntry[];
  /** The state's task, or null when none is chosen; throws `task '<key>' cannot be used: …`. */
  task(state: WizardState): TaskDetails | null;
  config(): ProjectConfig | null;
  /** The role session for the state's task type (profile read once per operation). */
  roles(state: WizardState): RoleSession;
  /** Forgets the task list (after a task was created). */
  tasksChanged(): void;
}

export function makeEnv(ctx: EngineContext, simulate = false): StepEnv {
  let tasks: TaskEntry[] | undefined;
  let sorted: readonly TaskEntry[] | undefined;
  const allTasks = (): TaskEntry[] => (tasks ??= ctx.workspace.tasks());
  const details = new Map<string, TaskDetails>();
  let config: { v: ProjectConfig | null } | undefined;
  const sessions = new Map<string, RoleSession>();
  return {
    ctx,
    simulate,
    notices: [],
    opened: [],
    tasks: allTasks,
    sortedTasks: () => (sorted ??= sortedCatalogue(allTasks())),
    tasksChanged: () => {
      tasks = undefined;
      sorted = undefined;
    },
    task(state) {
      if (!state.task_group || !state.task_id) return null;
      const key = `${state.task_group}/${state.task_id}`;
      let d = details.get(key);
      if (!d) {
        d = ctx.workspace.task(key);
        details.set(key, d);
      }
      return d;
    },
    config: () => (config ??= { v: ctx.workspace.config() }).v,
    roles(state) {
      // Keyed by what the session depends on in the state; the profile file is read once.
      const key = `${state.task_type}\u0000${state.host_runtime}\u0000${state.host_entry_mode}`;
      let s = sessions.get(key);
      if (!s) {
        s = openRoleSession(ctx, state);
        sessions.set(key, s);
      }
      return s;
    },
  };
}

/** A derived env for the simulation: same caches, no side effects, notices discarded. */
export function simulationEnv(env: StepEnv): StepEnv {
  return { ...env, simulate: true, notices: [], opened: [] };
}

/** What a step's prompt asks for: one option, options to tick, or a typed text. */
type StepKind = 'pick' | 'multi_pick' | 'text';

/**
 * One step of the catalogue (src/core/wizard/steps/index.ts FLOW): everything the engine and the front ends know
 * about a step is declared here, on the step, never in a list of step ids elsewhere. A step that declares state
 * fields is declared as `Step<'<its id>'>` (StepFields below); `Step` alone is any step.
 */
export type Step<Id extends string = string> = StepDefinition & { id: Id } & StepFields<Id>;

/**
 * The state-file fields a step asks for (`fields`), tied to the step module's entry in StepFieldTables
 * (src/core/wizard/stateFields.ts), which makes their TypeScript types, so that neither can be declared without the
 * other (CONTRIBUTING.md › Walkthrough: adding a step):
 * - `Step<'<id>'>` of an id with an entry must have `fields`, and they are that entry's table;
 * - `Step<'<id>'>` of an id without one has no `fields`;
 * - `Step` (any step) may only have a table some entry names. src/core/wizard/steps/index.ts checks that each entry
 *   names the `fields` of a step of the step table declared as `Step<'<that id>'>`.
 */
type StepFields<Id extends string> = string extends Id
  ? {
      /** One of the tables of StepFieldTables (src/core/wizard/stateFields.ts), or none. */
      fields?: StepFieldTables[keyof StepFieldTables];
    }
  : [Id] extends [keyof StepFieldTables]
    ? {
        /**
         * The state-file fields this step asks for, defined here and nowhere else (kind, default, description,
         * path), in file order: the table the step module names in StepFieldTables (src/core/wizard/stateFields.ts),
         * which makes their types. The state schema, `defaultState()`, PATH_FIELDS and the JSON Schema of the file
         * are made from them.
         */
        fields: StepFieldTables[Id];
      }
    : {
        /** None: a step with state fields names them in StepFieldTables (src/core/wizard/stateFields.ts) first. */
        fields?: never;
      };

/** What every step declares besides its id and its fields (Step). */
interface StepDefinition {
  /** Key of the step's texts (`steps.<key>`). */
  textKey: string;
  /**
   * Where the step sits in the tree. `confirm` is the confirmation's own group (confirm, edit-target): their
   * answers are never edit targets, progress or remembered answers (isConfirmationStep in steps/index.ts).
   */
  group: StepGroup;
  /** The kind of prompt build() returns (pickPrompt / textPrompt check it). */
  kind: StepKind;
  /** Fields reset to their defaults when a rewind reaches this step (its own `fields`, and others it writes). */
  owns: readonly StateField[];
  /** The option texts build() reads (`steps.<textKey>.options.<key>`): every text catalogue must have them (core/text/schema.ts). */
  optionTexts?: readonly string[];
  /**
   * A step a pick leads to (brief-path after brief = path, …): it applies while `pending_follow_up` names it, and a
   * rewind to it leaves its pick answered and makes it pending again.
   */
  followUp?: true;
  /** A text step whose answer is a file of the project (the extension's InputBox offers a file dialog). */
  pathAnswer?: true;
  /**
   * A step whose answer opens a file the person writes before the wizard goes on (clarification-pick's Answer
   * now): the extension waits, visibly, until Resume.
   */
  waitsForOpenedFile?: true;
  /** Whether the step applies; the engine adds "not yet in answered". */
  applies(env: StepEnv, s: WizardState): boolean;
  build(env: StepEnv, s: WizardState): Prompt;
  /** Applies an answer (an option value for picks) to the working copy; returns the echo. */
  submit(env: StepEnv, s: WizardState, value: string): string;
  /** The answer as the echo shows it, derived from the state (tree view, row labels). */
  answerOf(env: StepEnv, s: WizardState): string;
  /** The answer as the step's prompt accepts it again (a remembered answer), when that differs from answerOf. */
  answerValue?(env: StepEnv, s: WizardState): string;
  /** A text step with no usable empty answer. */
  needsValue?: boolean;
  /** A text step that refuses an answer starting with '-' (refuseLeadingDash: okstra would read it as an option). */
  refusesLeadingDash?: boolean;
  /** The message for choosing a disabled option (default: the option's description). */
  refuseDisabled?(env: StepEnv, s: WizardState, option: PromptOption): string;
}

export function texts(env: StepEnv, key: string): StepTexts {
  const t = env.ctx.texts.steps[key];
  if (!t) throw new WizardError('internal', `text catalogue ${env.ctx.texts.lang}: steps.${key} is missing`);
  return t;
}

export function fmt(template: string, values: Record<string, string> = {}): string {
  return formatTemplate(template, values);
}

export function optionText(env: StepEnv, key: string, option: string, values: Record<string, string> = {}): string {
  const t = texts(env, key).options[option];
  if (t === undefined) throw new WizardError('internal', `text catalogue ${env.ctx.texts.lang}: steps.${key}.options.${option} is missing`);
  return fmt(t, values);
}

function declaredKind(step: Step, kind: StepKind): void {
  if (step.kind !== kind)
    throw new WizardError('internal', `step '${step.id}' is declared a ${step.kind} step but builds a ${kind} prompt`);
}

export function pickPrompt(env: StepEnv, step: Step, options: PromptOption[], labelValues: Record<string, string> = {}): Prompt {
  declaredKind(step, 'pick');
  const t = texts(env, step.textKey);
  return { step: step.id, kind: 'pick', label: fmt(t.label, labelValues), options, echo_template: t.echo_template };
}

export function textPrompt(env: StepEnv, step: Step, def: string, labelValues: Record<string, string> = {}): Prompt {
  declaredKind(step, 'text');
  const t = texts(env, step.textKey);
  return { step: step.id, kind: 'text', label: fmt(t.label, labelValues), options: [], echo_template: t.echo_template, default: def };
}

/** Builds an option; `isDefault` marks it `"default": true`. */
export function opt(
  value: string,
  label: string,
  extra: { description?: string; disabled?: boolean; isDefault?: boolean } = {},
): PromptOption {
  const o: PromptOption = { value, label };
  if (extra.description) o.description = extra.description;
  if (extra.disabled) o.disabled = true;
  if (extra.isDefault) o.default = true;
  return o;
}

/** Echo of a static step: `<step-id>: <value>`, `(none)` when empty. */
export function echo(id: string, value: string): string {
  return `${id}: ${value === '' ? '(none)' : value}`;
}

/** The common text refusals (docs/steps.md › Refusals). */
export function refuseNul(id: string, value: string): void {
  if (value.includes('\u0000')) throw new WizardError('refused-answer', `${id} must not contain NUL`);
}

export function refuseLeadingDash(id: string, value: string): void {
  if (value.startsWith('-')) throw new WizardError('refused-answer', `${id} must not start with '-' (okstra would read it as an option)`);
}

export function refuseEmpty(id: string, value: string): void {
  if (value === '') throw new WizardError('refused-answer', `step '${id}' needs a value`);
}

/** A path as stored: inside the project, relative with `/`; `noComma` for paths joined with ','. */
export function storedProjectPath(s: WizardState, id: string, value: string, opts: { noComma?: boolean } = {}): string {
  const rel = toProjectRelative(s.project_root, value);
  if (rel === null || rel === '') throw new WizardError('refused-answer', `${id}: path must be inside the project: ${pyReprString(value)}`);
  if (opts.noComma && rel.includes(','))
    throw new WizardError('refused-answer', `${id}: path must not contain ',': ${pyReprString(value)}`);
  return rel;
}

/**
 * A typed path: inside the project, stored relative, an existing file.
 * `missing` names the not-found message (`brief file not found`, …).
 */
function projectPath(env: StepEnv, s: WizardState, id: string, value: string, missing: string): string {
  refuseNul(id, value);
  refuseEmpty(id, value);
  const control = controlProblem(value);
  if (control) throw new WizardError('refused-answer', `${id}: path ${pyReprString(value)} ${control}`);
  // An absolute path is judged after resolving it, the project root included.
  const resolved =
    isAbsolutePath(value) && toProjectRelative(s.project_root, value) === null
      ? resolvedProjectRelative(env.ctx.workspace, s.project_root, value)
      : null;
  const rel = resolved ?? storedProjectPath(s, id, value);
  const outside = pathProblem(env, s, rel);
  if (outside) throw new WizardError('refused-answer', `${id}: path must be inside the project: ${pyReprString(value)} ${outside}`);
  if (!env.ctx.workspace.isFile(rel)) throw new WizardError('refused-answer', `${missing}: ${pyReprString(value)}`);
  return rel;
}

/**
 * Why a path read from disk or typed (project-relative or absolute) cannot be offered: it resolves,
 * symlinks followed, outside the project. Null when it may be offered.
 */
export function pathProblem(env: StepEnv, s: WizardState, p: string): string | null {
  return controlProblem(p) ?? outsideProblem(env.ctx.workspace, s.project_root, p);
}

/** Did the pick choose its follow-up step (pending, or answered already)? */
export function followUpChosen(s: WizardState, followUpId: string): boolean {
  return s.pending_follow_up === followUpId || s.answered.includes(followUpId);
}

/** The path fields a follow-up text step can fill. */
type FollowUpPathField = 'brief_path' | 'pr_template_path' | 'clarification_response_path';

/**
 * A follow-up text step that asks for a project file after its pick chose "another file" (brief-path,
 * pr-template, clarification): it applies while pending, starts empty, takes an existing file inside the
 * project (`missing` names the not-found message) and stores it in `field`.
 */
export function followUpPathStep(def: { id: string; textKey: string; group: StepGroup; field: FollowUpPathField; missing: string }): Step {
  const step: Step = {
    id: def.id,
    textKey: def.textKey,
    group: def.group,
    kind: 'text',
    owns: [def.field],
    followUp: true,
    pathAnswer: true,
    needsValue: true,
    applies: (_env, s) => s.pending_follow_up === def.id,
    build: (env) => textPrompt(env, step, ''),
    submit(env, s, value) {
      s[def.field] = projectPath(env, s, def.id, value, def.missing);
      s.pending_follow_up = undefined;
      return echo(def.id, value);
    },
    answerOf: (_env, s) => s[def.field],
  };
  return step;
}

export function requireTask(env: StepEnv, s: WizardState): TaskDetails {
  const t = env.task(s);
  if (!t) throw new WizardError('refused-answer', 'no task is chosen yet');
  return t;
}

/** The pick's answer matched no option (docs/steps.md › Refusals). */
export function notAnOption(id: string, value: string): WizardError {
  return new WizardError('refused-answer', `answer ${pyReprString(value)} is not an option of step '${id}'`);
}

/** Marks the option with this value as the default, when it is offered and selectable. */
export function markDefault(options: PromptOption[], value: string): PromptOption[] {
  const o = options.find((x) => x.value === value && !x.disabled);
  if (o) o.default = true;
  return options;
}
