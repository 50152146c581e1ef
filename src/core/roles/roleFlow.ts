// next_role_prompt (R-FLOW-*) as a pure query: no use_defaults
// flip, no pruning — reconcileRoleSelection does that explicitly.
//
// The caller (the step flow) asks only at the roles position, i.e. once the
// earlier steps are settled (`_identity_ready`, R-FLOW-1).

import { type Prompt, WizardError, type WizardState } from '../types';
import { configuredDefaultsProblem, countProblem, resolveAssignments } from './assignmentResolver';
import { leaderSessionPrompt } from './leaderSessionPrompt';
import { roleAddPrompt } from './roleAddPrompt';
import { roleCountPrompt } from './roleCountPrompt';
import { LEADER_SESSION_STEP } from './roleIds';
import { cannotCompleteMessage, roleModelPrompt } from './roleModelPrompt';
import { modelsOf, selectableRequirements, selectedRoleCount, selectionOf } from './roleSelection';
import type { RoleSession } from './roleSession';

/**
 * `answerOnly`: the progress simulation's prompts, with only what its answer (the default, else the
 * first selectable option; a remembered answer when selectable) and its stop need (docs/steps.md ›
 * Progress); the same prompt step, the same errors, the same answer as the full prompt.
 */
export function nextRolePrompt(session: RoleSession, state: WizardState, answerOnly = false): Prompt | null {
  if (!state.task_type) return null; // R-FLOW-1: role selection is not enabled yet
  // A missing or broken profile is an error at every role prompt (docs/steps.md › Role selection),
  // so it is checked before R-FLOW-3's leader-session slot, unlike the seed.
  session.requireAll();
  if (
    session.mode === 'current-session' &&
    !state.answered.includes(LEADER_SESSION_STEP) &&
    !state.role_selection_order.includes(LEADER_SESSION_STEP)
  ) {
    return leaderSessionPrompt(session); // R-FLOW-3
  }
  const profile = session.profile();
  // R-FLOW-5: required counts (0 < min < max), in profile order.
  for (const req of profile.roles) {
    if (req.dynamic || req.min === req.max || req.min === 0) continue;
    const count = state.role_counts[req.role];
    if (count === undefined) return roleCountPrompt(session, state, req, answerOnly);
    const problem = countProblem(session, req.role, count);
    if (problem) throw new WizardError('no-prompt', problem);
  }
  // R-FLOW-6: optional adds (min 0 < max), after every required count.
  for (const req of profile.roles) {
    if (req.dynamic || req.min !== 0 || req.max === 0) continue;
    const count = state.role_counts[req.role];
    if (count === undefined) return roleAddPrompt(session, state, req, answerOnly);
    const problem = countProblem(session, req.role, count); // min is 0 here: `0..<max>`
    if (problem) throw new WizardError('no-prompt', problem);
  }
  // R-FLOW-8: the first instance without a model, role by role, ordinal by ordinal.
  for (const req of selectableRequirements(session, state.role_counts)) {
    const count = selectedRoleCount(state.role_counts, req);
    const have = modelsOf(state.role_models, req.role).length;
    if (have < count) {
      const m7 = configuredDefaultsProblem(session);
      if (m7) throw new WizardError('no-prompt', m7); // reported bare, never inside 'role selection cannot be completed'
      return roleModelPrompt(session, state, req, count, have + 1, answerOnly);
    }
  }
  // R-FLOW-9: complete; the whole selection must resolve.
  const m7 = configuredDefaultsProblem(session);
  if (m7) throw new WizardError('no-prompt', m7);
  const problem = resolveAssignments(session, selectionOf(state), false);
  if (problem) throw new WizardError('no-prompt', cannotCompleteMessage(problem));
  return null;
}

/**
 * What keeps the wizard from confirm because of role selection (an error is shown, never swallowed):
 * the error nextRolePrompt raises, or null. A pending role prompt is not a
 * blocker here (the step flow shows it).
 */
export function roleSelectionBlocker(session: RoleSession, state: WizardState): string | null {
  try {
    nextRolePrompt(session, state);
    return null;
  } catch (err) {
    if (err instanceof WizardError) return err.message;
    throw err;
  }
}
