// Which counts of a role-count / role-add prompt can still be completed
// (docs/steps.md › Role selection), and the default among them.

import type { PromptOption, WizardState } from '../types';
import { completionProblem } from './feasibility';
import type { RoleRequirement } from './roleProfile';
import type { RoleSession } from './roleSession';

/** null when answering `count` leaves a completable selection; else why not. */
function countOptionProblem(session: RoleSession, state: WizardState, req: RoleRequirement, count: number): string | null {
  const models = { ...state.role_models };
  delete models[req.role]; // submitting a count discards the role's models (R-SUB-2/3)
  return completionProblem(session, { counts: { ...state.role_counts, [req.role]: count }, models });
}

/** The preferred count when completable, else the nearest completable below, else the smallest completable. */
function defaultCount(preferred: number, feasible: number[]): number | null {
  if (feasible.includes(preferred)) return preferred;
  const below = feasible.filter((n) => n < preferred);
  if (below.length) return Math.max(...below);
  return feasible.length ? Math.min(...feasible) : null;
}

/** Shows an infeasible count disabled with the reason as its description; true when the count is feasible. */
function markCountOption(option: PromptOption, problem: string | null): boolean {
  if (problem === null) return true;
  option.disabled = true;
  option.description = problem;
  return false;
}

/** The description of a count the progress simulation did not evaluate (never shown: it is never an answer). */
const NOT_EVALUATED = 'not evaluated by the progress simulation';

/**
 * Marks the options of counts `lo..lo+options.length-1` (option i stands for count lo+i) and returns
 * the default count (defaultCount of the feasible ones), or null when none is feasible.
 *
 * `answerOnly` (the progress simulation, docs/steps.md › Progress): only what its answer needs is
 * evaluated — the remembered value `wanted` when it is a count of the prompt, then the counts in the
 * order defaultCount prefers them (`preferred`, below it downwards, above it upwards), up to the first
 * feasible one. Every count not evaluated is disabled, so neither the default nor the simulated
 * answer can differ from the full prompt's.
 */
export function markCountOptions(
  session: RoleSession,
  state: WizardState,
  req: RoleRequirement,
  options: PromptOption[],
  lo: number,
  preferred: number,
  answerOnly: boolean,
  wanted: string | undefined,
): number | null {
  const hi = lo + options.length - 1;
  const evaluate = (count: number): boolean => markCountOption(options[count - lo]!, countOptionProblem(session, state, req, count));
  if (!answerOnly || !Number.isFinite(preferred)) {
    const feasible: number[] = [];
    for (let count = lo; count <= hi; count++) if (evaluate(count)) feasible.push(count);
    return defaultCount(preferred, feasible);
  }
  const done = new Set<number>();
  const check = (count: number): boolean => {
    done.add(count);
    return evaluate(count);
  };
  const w = wanted === undefined ? -1 : options.findIndex((o) => o.value === wanted);
  if (w >= 0) check(lo + w);
  let def: number | null = null;
  for (let count = Math.min(Math.floor(preferred), hi); def === null && count >= lo; count--) {
    if (done.has(count) ? !options[count - lo]!.disabled : check(count)) def = count;
  }
  for (let count = Math.max(Math.floor(preferred) + 1, lo); def === null && count <= hi; count++) {
    if (done.has(count) ? !options[count - lo]!.disabled : check(count)) def = count;
  }
  for (let count = lo; count <= hi; count++) {
    if (!done.has(count)) markCountOption(options[count - lo]!, NOT_EVALUATED);
  }
  return def;
}
