// What runs is re-checked right before it runs: `outcome` (and so Run) never
// trusts `confirmed: true`. A confirmed state is runnable only when its
// identity is complete, its task is still there, the role selection is what
// the reconcile (profile, pool, environment as they are now) leaves of it,
// every step is still answered, and every file the argv names exists. A
// refusal (code `not-runnable`) says what changed and which step to edit.
import { pyReprString } from '../pyRepr';
import { cloneState, WizardError, type Notice, type WizardState } from '../types';
import { stepForField } from './argvGuard';
import { editTargets, identityReady, nextPrompt } from './flow';
import { isRoleStepId, reconcileRoleSelection } from './roleBridge';
import { PATH_FIELDS, type StateField } from './stateSchema';
import { confirm, withoutConfirmation } from './steps';
import type { StepEnv } from './steps/step';
import { stagePlan, STAGE_SCOPED_TASK_TYPES } from './workspaceRules';
import { outsideProblem } from './argSafety';

function notRunnable(what: string, step: string | null): WizardError {
  const edit = step ? `; edit step ${pyReprString(step)}` : '';
  return new WizardError('not-runnable', `the confirmed wizard cannot run: ${what}${edit}`);
}

function selectionOf(s: WizardState): string {
  return JSON.stringify([s.role_counts, s.role_models, s.role_selection_order]);
}

/** The answered step to rewind to for a changed role selection: the first edit target of a role named. */
function roleStepToEdit(s: WizardState, notices: Notice[]): string | null {
  const roles = new Set(notices.flatMap((n) => n.roles ?? []));
  const targets = editTargets(s);
  return (
    targets.find((id) => isRoleStepId(id) && roles.has(id.split(':')[1] ?? (id === 'leader-session' ? 'leader' : ''))) ??
    targets.find((id) => isRoleStepId(id)) ??
    targets.at(-1) ??
    null
  );
}

function fieldStep(s: WizardState, field: StateField): string | null {
  const step = stepForField(s, field);
  return step && editTargets(s).includes(step) ? step : (step ?? null);
}

/**
 * Throws WizardError `not-runnable` when the confirmed `state` would not run
 * as confirmed. `carried` are the notices of the load (the load-time reconcile
 * already pruned the state it returned: a `selection` notice among them means
 * the selection on disk is not the one that can run).
 */
export function recheckConfirmed(env: StepEnv, state: WizardState, carried: Notice[]): void {
  const s = cloneState(state);
  if (!s.task_group || !s.task_id) throw notRunnable('no task is chosen', 'task-pick');
  if (!s.task_type) throw notRunnable('no task type is chosen', fieldStep(s, 'task_type') ?? 'task-pick');
  if (STAGE_SCOPED_TASK_TYPES.has(s.task_type) && !s.approved_plan_path) {
    throw notRunnable(
      `task type ${pyReprString(s.task_type)} needs an approved plan stage and none is chosen`,
      fieldStep(s, 'approved_plan_path'),
    );
  }
  const key = `${s.task_group}/${s.task_id}`;
  try {
    env.task(s);
  } catch (e) {
    if (!(e instanceof WizardError)) throw e;
    throw notRunnable(`task ${pyReprString(key)} is gone or unreadable (${e.message})`, 'task-pick');
  }

  // The selection: what the load-time reconcile changed, and what a reconcile now would change.
  const changedAtLoad = carried.filter((n) => n.kind === 'selection');
  const after = cloneState(s);
  let changedNow: Notice[] = [];
  try {
    changedNow = reconcileRoleSelection(env.roles(after), after).filter((n) => n.kind === 'selection');
  } catch (e) {
    if (!(e instanceof WizardError)) throw e;
    throw notRunnable(e.message, roleStepToEdit(s, []));
  }
  if (changedAtLoad.length > 0 || selectionOf(after) !== selectionOf(s)) {
    const notices = [...changedAtLoad, ...changedNow];
    const what = notices.length ? notices.map((n) => n.text).join('; ') : 'the role selection is no longer the confirmed one';
    throw notRunnable(`the role selection changed since it was confirmed: ${what}`, roleStepToEdit(s, notices));
  }

  // Every step still answered: with the confirmation taken back, the next prompt is the confirmation again.
  const unconfirmed = cloneState(s);
  unconfirmed.confirmed = null;
  unconfirmed.answered = withoutConfirmation(unconfirmed.answered);
  let pending: string;
  try {
    pending = nextPrompt(env, unconfirmed).step;
  } catch (e) {
    if (!(e instanceof WizardError)) throw e;
    throw notRunnable(e.message, roleStepToEdit(s, []));
  }
  if (pending !== confirm.id) {
    throw notRunnable(`step ${pyReprString(pending)} is not answered for the state as it is now`, editTargets(s).at(-1) ?? null);
  }
  if (!identityReady(s)) throw notRunnable('the task identity is incomplete', 'task-pick');

  // The plan stage, like every file named: the plan still approved, the chosen stages still in it and not done.
  if (STAGE_SCOPED_TASK_TYPES.has(s.task_type)) {
    const edit = fieldStep(s, 'approved_plan_path');
    let stages: { chain: string[]; singles: string[] };
    try {
      const plan = stagePlan(env.task(s)!, s.task_type);
      stages = { chain: plan.chain.map((st) => st.id), singles: plan.singles.map((st) => st.id) };
    } catch (e) {
      if (!(e instanceof WizardError)) throw e;
      throw notRunnable(`the approved plan changed since it was confirmed: ${e.message}`, edit);
    }
    const chosen = s.handoff_stages.split(',').filter((id) => id !== '');
    const offered = s.handoff_mode === 'single' ? stages.singles : stages.chain;
    const gone = chosen.find((id) => !offered.includes(id));
    if (gone !== undefined || (s.handoff_mode !== 'single' && chosen.join(',') !== stages.chain.join(','))) {
      const what =
        gone !== undefined ? `stage ${pyReprString(gone)} is no longer a stage to run` : 'its stages to run are not the confirmed ones';
      throw notRunnable(`the approved plan changed since it was confirmed: ${what}`, edit);
    }
  }

  for (const field of PATH_FIELDS) {
    const stored = s[field];
    if (stored === '' || env.ctx.workspace.isFile(stored)) continue;
    // A path that is no file of the project because it leads outside is said to be outside, not "not a file"
    // (argSafety.ts); a file outside that the workspace does see is refused by the argv guard (argvGuard.ts).
    const outside = outsideProblem(env.ctx.workspace, s.project_root, stored);
    if (outside) throw notRunnable(`${pyReprString(stored)} (state field ${pyReprString(field)}) ${outside}`, fieldStep(s, field));
    // The PR template the project setting names: the file to fix is the setting's.
    if (field === 'pr_template_path' && s.pr_template_scope === 'config') {
      throw notRunnable(`.okstra/config.yaml: prTemplate ${pyReprString(stored)} is not a file`, fieldStep(s, field));
    }
    throw notRunnable(`${pyReprString(stored)} (state field ${pyReprString(field)}) is not a file any more`, fieldStep(s, field));
  }
}
