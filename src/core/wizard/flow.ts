// The walk over the step catalogue: which prompt comes next (R-NXT-*), how an
// answer is matched and applied (R-SUBM-*, docs/protocol.md › Answers), readiness for
// confirm (R-RDY-*), rewind (R-EDT-*, docs/steps.md › Rewind and Back) and the
// progress simulation (R-SIM-1, docs/steps.md › Progress). Everything here works
// on a working copy the engine made.

import { pyReprString } from '../pyRepr';
import type { TaskDetails } from '../ports';
import { WizardError, type Prompt, type PromptDoc, type PromptOption, type WizardState } from '../types';
import { clearRoleSelection, isRoleStepId, nextRolePrompt, recordRoleAnswer, resetRoleSelectionFrom, submitRolePrompt } from './roleBridge';
import {
  FLOW,
  ROLES,
  ROLES_INDEX,
  STEP_BY_ID,
  flowIndex,
  confirm,
  editTarget,
  isConfirmationStep,
  teamPick,
  withoutConfirmation,
} from './steps';
import { continueTeam } from './teamFlow';
import { notAnOption, simulationEnv, type Step, type StepEnv } from './steps/step';
import { answerValue, forgetAnswered, rememberCleared, withRemembered } from './remembered';
import { readableOf } from './readable';
import { askedBefore } from './wizardOrder';
import { applyRunSelection, reusedRun } from './steps/reusePrevious';
import { defaultOf, type StateField, type StateFields } from './stateSchema';
import { STAGE_SCOPED_TASK_TYPES } from './workspaceRules';

export const DONE_PROMPT: Prompt = { step: 'done', kind: 'done', label: '', options: [], echo_template: '' };

/** `_identity_ready`: task and type known, and a chosen plan for stage-scoped types. */
export function identityReady(s: WizardState): boolean {
  if (!s.task_group || !s.task_id || !s.task_type) return false;
  if (STAGE_SCOPED_TASK_TYPES.has(s.task_type) && !s.approved_plan_path) return false;
  return true;
}

function stepApplies(env: StepEnv, s: WizardState, step: Step): boolean {
  return !s.answered.includes(step.id) && step.applies(env, s);
}

/**
 * R-NXT-1…3: the prompt to answer now; throws WizardError when it cannot be
 * computed. A remembered answer of its step is its default (remembered.ts).
 */
export function nextPrompt(env: StepEnv, s: WizardState): Prompt {
  return withRemembered(s, flowPrompt(env, s));
}

/** `answerOnly`: the role prompts carry only what the progress simulation needs (nextRolePrompt). */
function flowPrompt(env: StepEnv, s: WizardState, answerOnly = false): Prompt {
  // A malformed config.yaml blocks every prompt with its file error (docs/okstra-files.md › config.yaml).
  env.config();
  if (s.aborted || s.confirmed === true) return DONE_PROMPT;
  // A task type without a loadable profile is an error at every prompt after task-type (never a fall-back to v1 steps).
  if (s.task_type && s.answered.includes('task-type')) env.roles(s).requireAll();
  for (const entry of FLOW) {
    if (entry === ROLES) {
      if (identityReady(s)) {
        const p = nextRolePrompt(env.roles(s), s, answerOnly);
        if (p) return p;
      }
      continue;
    }
    if (entry === confirm) {
      // R-RDY-*: every entry before confirm was passed, so the role prompts returned none (an error
      // would have been thrown and shown) and no follow-up applies; what is left is the identity.
      if (s.confirmed === null && !s.answered.includes(confirm.id) && identityReady(s)) return confirm.build(env, s);
      continue;
    }
    if (entry === editTarget) {
      if (s.confirmed === false && !s.answered.includes(editTarget.id)) return buildEditTarget(env, s);
      continue;
    }
    if (stepApplies(env, s, entry)) return entry.build(env, s);
  }
  throw new WizardError(
    'no-prompt',
    'wizard state is inconsistent: no step applies and the wizard is not confirmed; rewind to an earlier step',
  );
}

// ------------------------------------------------------------------ edit-target

/**
 * R-EDT-1: answered ids, then order ids not answered, without
 * confirm / edit-target, keeping only static steps and ids of the role order.
 */
export function editTargets(s: WizardState): string[] {
  const out: string[] = [];
  const order = new Set(s.role_selection_order);
  for (const id of [...s.answered, ...s.role_selection_order.filter((x) => !s.answered.includes(x))]) {
    if (isConfirmationStep(id) || out.includes(id)) continue;
    if (isRoleStepId(id) ? order.has(id) : STEP_BY_ID.has(id)) out.push(id);
  }
  return out;
}

function buildEditTarget(env: StepEnv, s: WizardState): Prompt {
  const p = editTarget.build(env, s);
  // R-EDT-1: value = label = the id; the answer in words is the detail line.
  p.options = editTargets(s).map((id) => {
    const v = answerValue(env, s, id);
    return v === null ? { value: id, label: id } : { value: id, label: id, description: readableOf(env, s, id, v).text };
  });
  return p;
}

/** The rewind refusal for an id that is not an allowed target: `unknown role selection step: '<id>'` / `unknown step: '<id>'`. */
export function rewindRefusal(s: WizardState, id: string): string | null {
  if (s.aborted) return 'wizard was aborted by the user — it cannot be edited';
  if (editTargets(s).includes(id)) return null;
  return isRoleStepId(id) ? `unknown role selection step: ${pyReprString(id)}` : `unknown step: ${pyReprString(id)}`;
}

/** Resets a field to its default (State file). */
function resetField<F extends StateField>(s: WizardState, field: F): void {
  const fields: StateFields = s;
  fields[field] = defaultOf(field);
}

/** docs/steps.md › Rewind and Back, on a working copy; the target was checked with rewindRefusal. */
export function applyRewind(env: StepEnv, s: WizardState, id: string): void {
  const before = structuredClone(s);
  if (isRoleStepId(id)) {
    resetRoleSelectionFrom(s, id); // R-EDT-3; nothing else changes
  } else {
    const start = flowIndex(id);
    const removed = new Set<string>();
    for (let i = start; i < FLOW.length; i++) {
      const entry = FLOW[i];
      if (entry === ROLES) continue;
      for (const f of entry.owns) resetField(s, f);
      removed.add(entry.id);
    }
    s.answered = s.answered.filter((x) => !removed.has(x));
    s.pending_follow_up = undefined;
    // A follow-up's pick stays answered: the follow-up is pending again.
    if (STEP_BY_ID.get(id)?.followUp) s.pending_follow_up = id;
    if (start < ROLES_INDEX) {
      clearRoleSelection(s); // R-EDT-5
      // docs/okstra-files.md › Previous runs: the run's selection is filled in again.
      if (s.answered.includes('reuse-previous')) {
        const run = reusedRun(env, s);
        if (run && identityReadyForRoles(s)) applyRunSelection(env, s, run);
      }
    }
  }
  s.answered = withoutConfirmation(s.answered);
  s.confirmed = null;
  s.edit_target = '';
  // team-pick's answer lives only while it is answered (docs/decisions.md › Teams: the answer of team-pick).
  if (!s.answered.includes(teamPick.id)) delete s.team_pick;
  rememberCleared(env, before, s);
}

function identityReadyForRoles(s: WizardState): boolean {
  return !!(s.task_group && s.task_id && s.task_type);
}

// ------------------------------------------------------------------ answers

/**
 * docs/protocol.md › Answers: an option's exact value, its exact label, then `#<n>`.
 * A bare number is only ever a value. Returns null when nothing matches.
 */
function matchOption(options: PromptOption[], answer: string): PromptOption | null {
  const byValue = options.find((o) => o.value === answer);
  if (byValue) return byValue;
  const byLabel = options.find((o) => o.label === answer);
  if (byLabel) return byLabel;
  const m = /^#([1-9][0-9]*)$/.exec(answer);
  if (m) {
    const n = Number(m[1]);
    if (n <= options.length) return options[n - 1];
  }
  return null;
}

/** Submits one answer to the prompt computed for this state; returns the echo. Mutates `s`. */
export function applyAnswer(env: StepEnv, s: WizardState, prompt: Prompt, answer: string): string {
  if (prompt.kind === 'done') throw new WizardError('no-prompt', 'wizard is complete — no prompt to answer');
  if (isRoleStepId(prompt.step)) {
    // Role prompts refuse non-options with their own messages (`role '<r>' count must be in …`, `model '<v>' is not a compatible candidate …` …).
    const matched = matchOption(prompt.options, answer);
    const echo = submitRolePrompt(env.roles(s), s, prompt, matched ? matched.value : answer);
    recordRoleAnswer(s, prompt.step); // R-SUBM-1
    forgetAnswered(s, prompt.step);
    continueTeam(env, s, prompt.step);
    return echo;
  }
  const step = STEP_BY_ID.get(prompt.step);
  if (!step) throw new WizardError('internal', `unknown step: ${pyReprString(prompt.step)}`);
  if (step === editTarget) {
    const o = matchOption(prompt.options, answer);
    const id = o ? o.value : answer;
    const refusal = rewindRefusal(s, id);
    if (refusal) throw new WizardError('refused-answer', refusal);
    applyRewind(env, s, id);
    return `edit-target: ${id} (rewinding)`;
  }
  let value = answer;
  if (prompt.kind === 'pick') {
    const o = matchOption(prompt.options, answer);
    if (!o) throw notAnOption(step.id, answer);
    if (o.disabled)
      throw new WizardError(
        'refused-answer',
        step.refuseDisabled ? step.refuseDisabled(env, s, o) : (o.description ?? `answer ${pyReprString(answer)} cannot be chosen`),
      );
    value = o.value;
  } else if (prompt.kind === 'multi_pick') {
    if (answer === '') throw new WizardError('refused-answer', `step '${step.id}' needs at least one choice`);
    const values: string[] = [];
    for (const part of answer.split(',')) {
      const o = matchOption(prompt.options, part);
      if (!o || o.disabled) throw notAnOption(step.id, part);
      if (!values.includes(o.value)) values.push(o.value);
    }
    value = values.join(',');
  }
  const echo = step.submit(env, s, value);
  if (!s.answered.includes(step.id)) s.answered.push(step.id);
  forgetAnswered(s, step.id);
  if (step === teamPick) continueTeam(env, s, step.id);
  // Run: nothing is asked again, so nothing needs remembering.
  if (s.confirmed === true) delete s.remembered_answers;
  return echo;
}

// ------------------------------------------------------------------ progress

/** Ids of `answered` that count: table steps and role ids, without confirm / edit-target. */
function answeredCount(s: WizardState): number {
  return s.answered.filter(countsAsAnswered).length;
}

function countsAsAnswered(id: string): boolean {
  return !isConfirmationStep(id) && (STEP_BY_ID.has(id) || isRoleStepId(id));
}

/**
 * The answered steps the wizard asks before `step` (docs/steps.md › Progress): a prompt's number is this plus one,
 * so a step keeps its number when a rewind to an earlier one keeps a later answer (the directive after a role).
 * Confirm and Change an answer… come after every step.
 */
function answeredBefore(s: WizardState, step: string): number {
  if (isConfirmationStep(step)) return answeredCount(s);
  return s.answered.filter((id) => countsAsAnswered(id) && askedBefore(s, id, step)).length;
}

/** What the simulation answers: a pick's default (else its first selectable option), a multi-pick's defaults. */
function simulatedAnswer(p: Prompt): string | null {
  if (p.kind === 'text') return p.default ?? '';
  if (p.kind === 'pick') return (p.options.find((o) => o.default && !o.disabled) ?? p.options.find((o) => !o.disabled))?.value ?? null;
  if (p.kind === 'multi_pick') {
    const ticked = p.options.filter((o) => o.default && !o.disabled).map((o) => o.value);
    return ticked.length ? ticked.join(',') : null;
  }
  return null;
}

/** The task a simulated task-new stands for: a fresh task as workspace.createTask leaves it. */
const SIMULATED_NEW_TASK = { group: '\u0000new', id: '\u0000task' };

function simulatedNewTask(): TaskDetails {
  const { group, id } = SIMULATED_NEW_TASK;
  const dir = `.okstra/tasks/${group}/${id}`;
  return {
    key: `${group}/${id}`,
    group,
    id,
    dir,
    manifest: { taskKey: `${group}/${id}`, taskGroup: group, taskId: id, title: '' },
    brief: { path: `${dir}/brief.md`, exists: true, frontMatter: { title: '' } },
    directions: [],
    plan: null,
    questions: [],
    previousRuns: [],
  };
}

/**
 * The step a prompt stands for is taken as answered without changing a field:
 * a text that needs a value the user will type (brief-path, directive, …), a
 * multi-pick with nothing ticked yet. Follow-up texts leave their pick's
 * pending mark, as a typed answer would.
 */
function passOver(w: WizardState, p: Prompt): void {
  if (!w.answered.includes(p.step)) w.answered.push(p.step);
  if (w.pending_follow_up === p.step) {
    w.pending_follow_up = undefined;
    // A typed path or text fills the field (pr-template-scope follows a template path); it is never read as a path here.
    const field = STEP_BY_ID.get(p.step)?.owns[0];
    if (field) (w as unknown as Record<string, unknown>)[field] = TYPED_PLACEHOLDER;
  }
}

/** What a simulated typed answer leaves in its field: a value no file, task or option ever has. */
const TYPED_PLACEHOLDER = '\u0000typed';

/**
 * `_sim_advance` (docs/steps.md › Progress; docs/decisions.md › Wizard: progress):
 * the prompts shown from `current` up to and including confirm on the path
 * the answers and defaults lead to. A prompt the simulation cannot answer
 * with a default (a text that needs typing, a multi-pick, task-new) still
 * counts, and the walk goes on past it. Works on a copy and never writes.
 */
export function simulatedRemaining(env: StepEnv, s: WizardState, current: Prompt): number {
  return simulate(env, s, current, true);
}

/**
 * The same walk over prompts built in full, every option with its availability (as the user sees
 * them): what simulatedRemaining must always equal (test/unit/wizard/progressSimulation.property.test.ts).
 */
export function simulatedRemainingFull(env: StepEnv, s: WizardState, current: Prompt): number {
  return simulate(env, s, current, false);
}

/** The walk as `<step>=<answer>` (`<step>` alone when passed over), for tests: both modes must give the same. */
export function simulatedTrace(env: StepEnv, s: WizardState, current: Prompt, answerOnly: boolean): string[] {
  const trace: string[] = [];
  simulate(env, s, current, answerOnly, trace);
  return trace;
}

/**
 * `answerOnly`: each prompt after `current` is built with only what its simulated answer and the walk's
 * stop depend on (flowPrompt); the answers, hence the count, are those of the full prompts.
 */
function simulate(env: StepEnv, s: WizardState, current: Prompt, answerOnly: boolean, trace?: string[]): number {
  if (current.kind === 'done') return 0;
  const base = simulationEnv(env);
  const virtual = simulatedNewTask();
  const sim: StepEnv = {
    ...base,
    answerOnly,
    task: (st) => (st.task_group === SIMULATED_NEW_TASK.group && st.task_id === SIMULATED_NEW_TASK.id ? virtual : base.task(st)),
  };
  const w: WizardState = structuredClone(s);
  let p = current;
  let count = 0;
  for (let guard = 0; guard < 1000; guard++) {
    count++;
    trace?.push(p.step);
    if (p.step === confirm.id) break;
    try {
      if (p.step === 'task-new') {
        w.task_group = SIMULATED_NEW_TASK.group;
        w.task_id = SIMULATED_NEW_TASK.id;
        w.task_type = '';
        passOver(w, p);
      } else {
        const ans = simulatedAnswer(p);
        if (ans === null) {
          if (p.kind !== 'multi_pick') break; // a pick with nothing selectable: the user cannot go on either
          passOver(w, p);
        } else {
          if (trace) trace[trace.length - 1] = `${p.step}=${ans}`;
          try {
            const before = new Set(w.answered);
            applyAnswer(sim, w, p, ans);
            // A team answers the role prompts it covers with the pick (teamFlow.ts): they are answered prompts too.
            const byTeam = w.answered.filter((id) => id !== p.step && !before.has(id) && isRoleStepId(id));
            count += byTeam.length;
            trace?.push(...byTeam.map((id) => `${id} (team)`));
          } catch (e) {
            // A text whose default is refused (empty, not a file, …): the user types a value.
            if (!(e instanceof WizardError) || p.kind !== 'text') throw e;
            passOver(w, p);
          }
        }
      }
      p = withRemembered(w, flowPrompt(sim, w, answerOnly));
    } catch (e) {
      if (e instanceof WizardError) break;
      throw e;
    }
    if (p.kind === 'done') break;
  }
  return count;
}

/** The prompt document of docs/protocol.md, key order included. */
export function promptDoc(env: StepEnv, s: WizardState, p: Prompt): PromptDoc {
  const answered = answeredCount(s);
  // Change an answer… is a menu after the confirmation, not a step on the way to it: it is the last prompt.
  const remaining = p.step === 'edit-target' ? 1 : simulatedRemaining(env, s, p);
  const doc: PromptDoc = {
    id: p.step,
    step: p.step,
    kind: p.kind,
    label: p.label,
    options: p.options.map((o) => ({ ...o })),
    echo_template: p.echo_template,
    progress: { answered: answeredBefore(s, p.step), total: answered + remaining },
  };
  if (p.kind === 'text') doc.default = p.default ?? '';
  if (p.unavailable) doc.unavailable = p.unavailable.map((u) => ({ ...u }));
  if (p.kind === 'done') doc.ended = s.aborted ? 'aborted' : 'confirmed';
  return doc;
}
