// Which counts of a role-count / role-add prompt can still be completed
// (docs/steps.md › Role selection), and the default among them.

import type { PromptOption, WizardState } from '../types';
import { completionProblem } from './feasibility';
import type { RoleRequirement } from './roleProfile';
import type { RoleSession } from './roleSession';

/** null when answering `count` leaves a completable selection; else why not. */
export function countOptionProblem(session: RoleSession, state: WizardState, req: RoleRequirement, count: number): string | null {
  const models = { ...state.role_models };
  delete models[req.role]; // submitting a count discards the role's models (R-SUB-2/3)
  return completionProblem(session, { counts: { ...state.role_counts, [req.role]: count }, models });
}

/** The preferred count when completable, else the nearest completable below, else the smallest completable. */
export function defaultCount(preferred: number, feasible: number[]): number | null {
  if (feasible.includes(preferred)) return preferred;
  const below = feasible.filter((n) => n < preferred);
  if (below.length) return Math.max(...below);
  return feasible.length ? Math.min(...feasible) : null;
}

/** Shows an infeasible count disabled with the reason as its description; true when the count is feasible. */
export function markCountOption(option: PromptOption, problem: string | null): boolean {
  if (problem === null) return true;
  option.disabled = true;
  option.description = problem;
  return false;
}
