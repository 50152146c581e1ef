// _submit_role_prompt (R-SUB-*) (only offered counts, no empty model lists,
// infeasible counts refused). Mutates the given working copy and returns the echo;
// the caller appends the id to `answered` and `role_selection_order`
// (R-SUBM-1), e.g. with recordRoleAnswer.

import { type Prompt, WizardError, type WizardState } from '../types';
import { pyRepr, pyReprString } from '../pyRepr';
import { resolveAssignments } from './assignmentResolver';
import { completionProblem } from './feasibility';
import { LEADER_SESSION_STEP, parseRoleStepId } from './roleIds';
import { countPromptKind, modelsOf, selectableRequirements, selectedRoleCount, selectionOf, setModels } from './roleSelection';
import type { RoleSession } from './roleSession';

const q = pyReprString;
const CANONICAL_INT = /^-?(0|[1-9][0-9]*)$/;

/** R-SUBM-1 steps 2–3: append the id to `answered` and `role_selection_order` when absent. */
export function recordRoleAnswer(state: WizardState, id: string): void {
  if (!state.answered.includes(id)) state.answered.push(id);
  if (!state.role_selection_order.includes(id)) state.role_selection_order.push(id);
}

/** An answer in a refusal: repr'ed, or `an empty answer`. */
function answerWords(value: string): string {
  return value === '' ? 'an empty answer' : q(value);
}

function infeasibleCount(role: string, value: string, reason: string): WizardError {
  return new WizardError('refused-answer', `role ${q(role)} count ${value} cannot be completed: ${reason}`);
}

export function submitRolePrompt(session: RoleSession, state: WizardState, prompt: Prompt, value: string): string {
  const parsed = parseRoleStepId(prompt.step);
  if (!parsed) throw new WizardError('refused-answer', `unknown role selection step: ${q(prompt.step)}`);
  if (parsed.kind === 'leader-session') {
    if (value !== 'continue') throw new WizardError('refused-answer', "leader session step accepts only 'continue'");
    return `${LEADER_SESSION_STEP}: continue`; // R-SUB-1: writes nothing
  }
  const role = parsed.role;
  const req = session.profile().roles.find((r) => r.role === role);

  if (parsed.kind === 'role-count') {
    if (!req || countPromptKind(req) !== 'role-count')
      throw new WizardError('refused-answer', `role ${q(role)} does not accept a count selection`);
    const option = prompt.options.find((o) => o.value === value);
    if (!option) {
      // The answer must be an offered value; say why it is not.
      // `count must be an integer`, with the range and the answer: an empty answer says what to type (docs/rules.md).
      if (!CANONICAL_INT.test(value))
        throw new WizardError(
          'refused-answer',
          `role ${q(role)} count must be an integer in ${req.min}..${req.max}, not ${answerWords(value)}`,
        );
      throw new WizardError('refused-answer', `role ${q(role)} count must be in ${req.min}..${req.max}: ${Number(value)}`);
    }
    if (option.disabled) throw infeasibleCount(role, value, option.description ?? 'no complete role assignment');
    state.role_counts[role] = Number(value);
    setModels(state, role, []);
    return `role-count: ${role}=${value}`;
  }

  if (parsed.kind === 'role-add') {
    if (!req || countPromptKind(req) !== 'role-add')
      throw new WizardError('refused-answer', `role ${q(role)} does not accept an optional add`);
    const option = prompt.options.find((o) => o.value === value);
    if (!option) {
      const allowed = prompt.options.map((o) => o.value).sort((a, b) => Number(a) - Number(b));
      throw new WizardError(
        'refused-answer',
        `role ${q(role)} add selection must be one of ${pyRepr(allowed)}: ${value === '' ? 'an empty answer' : value}`,
      );
    }
    if (option.disabled) throw infeasibleCount(role, value, option.description ?? 'no complete role assignment');
    state.role_counts[role] = Number(value); // 0 is stored: "not added"
    setModels(state, role, []);
    return `role-add: ${role}=${value}`;
  }

  // role-model
  const offered = prompt.options.some((o) => o.value === value && !o.disabled);
  if (!offered) throw new WizardError('refused-answer', `model ${q(value)} is not a compatible candidate for role ${q(role)}`);
  const before = modelsOf(state.role_models, role);
  if (parsed.ordinal !== before.length + 1) {
    throw new WizardError('refused-answer', `role ${q(role)} model selection is out of order at ordinal ${parsed.ordinal}`);
  }
  setModels(state, role, [...before, value]);
  try {
    validateSubmittedRoleModel(session, state);
  } catch (err) {
    setModels(state, role, before); // a refused model leaves no `role: []`
    throw err;
  }
  return `role-model: ${role}#${parsed.ordinal}=${value}`;
}

/** R-SUB-5. */
function validateSubmittedRoleModel(session: RoleSession, state: WizardState): void {
  const complete = selectableRequirements(session, state.role_counts).every(
    (req) => modelsOf(state.role_models, req.role).length === selectedRoleCount(state.role_counts, req),
  );
  if (complete) {
    const problem = resolveAssignments(session, selectionOf(state));
    if (problem) throw new WizardError('refused-answer', problem);
  } else if (completionProblem(session, selectionOf(state))) {
    throw new WizardError('refused-answer', 'selected role model leaves no complete role assignment');
  }
}
