// The explicit reconcile (computing a prompt never changes the state), run by the step flow after load and
// after each submit: it repairs a stored selection that no longer fits the
// profile, the pool or the rules, and says what it did as notices. Computing
// a prompt never does this.

import type { Notice, WizardState } from '../types';
import { pyReprString } from '../pyRepr';
import { countProblem } from './assignmentResolver';
import { completionProblem } from './feasibility';
import { environmentalDefaultNotice, roleDefaults } from './modelDefaults';
import { parseRoleStepId, roleAddId, roleCountId, roleModelId } from './roleIds';
import { modelsOf, selectableRequirements, selectedRoleCount, setModels } from './roleSelection';
import type { RoleSession } from './roleSession';

const q = pyReprString;

function removeIds(state: WizardState, ids: Set<string>): void {
  if (ids.size === 0) return;
  state.role_selection_order = state.role_selection_order.filter((id) => !ids.has(id));
  state.answered = state.answered.filter((id) => !ids.has(id));
}

/** Every `role-model:<role>:*` id in the order or answered. */
function modelIdsOf(state: WizardState, role: string): Set<string> {
  const ids = new Set<string>();
  for (const id of [...state.role_selection_order, ...state.answered]) {
    const p = parseRoleStepId(id);
    if (p?.kind === 'role-model' && p.role === role) ids.add(id);
  }
  return ids;
}

function removedModelNotice(ref: string, role: string, ordinal: number, reason: string): Notice {
  return {
    kind: 'selection',
    text: `removed model ${q(ref)} from role ${q(role)} #${ordinal}: ${reason}`,
    steps: [roleModelId(role, ordinal)],
    roles: [role],
  };
}

function cannotStartNotice(ref: string, role: string, ordinal: number, reason: string): Notice {
  return {
    kind: 'environment',
    text: `model ${q(ref)} for role ${q(role)} #${ordinal} cannot start here: ${reason}`,
    steps: [roleModelId(role, ordinal)],
    roles: [role],
  };
}

export function reconcileRoleSelection(session: RoleSession, state: WizardState): Notice[] {
  if (!state.task_type) return [];
  try {
    session.requireAll();
  } catch {
    return []; // the error surfaces at the next prompt
  }
  const notices: Notice[] = [];
  dropBadCounts(session, state, notices);
  dropUnselectableModels(session, state, notices);
  trimExtraModels(session, state, notices);
  pruneInfeasiblePrefixes(session, state, notices);
  noticeEnvironment(session, state, notices);
  return notices;
}

/** Counts outside the range (found at load, asked again), or for roles that take no count. */
function dropBadCounts(session: RoleSession, state: WizardState, notices: Notice[]): void {
  for (const [role, count] of Object.entries(state.role_counts)) {
    if (!countProblem(session, role, count)) continue;
    const req = session.profile().roles.find((r) => r.role === role);
    const ids = new Set([roleCountId(role), roleAddId(role), ...modelIdsOf(state, role)]);
    delete state.role_counts[role];
    const text =
      req && !req.dynamic
        ? `role ${q(role)} count ${count} is outside ${req.min}..${req.max}; it will be asked again`
        : `dropped count of role ${q(role)}: not selectable in the ${session.taskType} profile`;
    if (req && !req.dynamic) setModels(state, role, []);
    notices.push({
      kind: 'selection',
      text,
      steps: [...ids].filter((id) => state.role_selection_order.includes(id) || state.answered.includes(id)),
      roles: [role],
    });
    removeIds(state, ids);
  }
}

/** Models of roles that are not selectable now (stale, dynamic, count 0, current-session leader). */
function dropUnselectableModels(session: RoleSession, state: WizardState, notices: Notice[]): void {
  const selectable = new Set(selectableRequirements(session, state.role_counts).map((r) => r.role));
  for (const role of Object.keys(state.role_models)) {
    if (selectable.has(role)) continue;
    const ids = modelIdsOf(state, role);
    const had = modelsOf(state.role_models, role).length;
    setModels(state, role, []);
    if (had > 0) {
      notices.push({
        kind: 'selection',
        text: `dropped models of role ${q(role)}: not selectable in the ${session.taskType} profile`,
        steps: [...ids],
        roles: [role],
      });
    }
    removeIds(state, ids);
  }
}

/** More models than instances (R-PRN-2's `role '<r>' has <n> models for <count> instances`): the extra ones go, with a notice each. */
function trimExtraModels(session: RoleSession, state: WizardState, notices: Notice[]): void {
  for (const req of selectableRequirements(session, state.role_counts)) {
    const models = modelsOf(state.role_models, req.role);
    const count = selectedRoleCount(state.role_counts, req);
    if (models.length <= count) continue;
    const reason = `role ${q(req.role)} has ${models.length} models for ${count} instances`;
    const ids = new Set<string>();
    for (let i = count; i < models.length; i++) {
      notices.push(removedModelNotice(models[i]!, req.role, i + 1, reason));
      ids.add(roleModelId(req.role, i + 1));
    }
    setModels(state, req.role, models.slice(0, count));
    removeIds(state, ids);
  }
}

/**
 * R-PRN-1…4: when the selection cannot be completed, the first model
 * prefix that cannot be completed is rewound (with every later role's
 * models), repeatedly until the rest can. The chosen models are judged with
 * the causes no answer can fix set aside (R-MSG-2: a dynamic role without a
 * model), so a choice that would be removed when the dynamic role is fine is
 * removed here too, and valid ones are kept. Nothing is blamed when counts
 * that even an empty selection cannot meet (the prompt then reports it, and
 * the way out is a rewind).
 */
function pruneInfeasiblePrefixes(session: RoleSession, state: WizardState, notices: Notice[]): void {
  const problemOf = (sel: Parameters<typeof completionProblem>[1]) => completionProblem(session, sel, true);
  for (let guard = 0; guard < 1000; guard++) {
    if (!problemOf({ counts: state.role_counts, models: state.role_models })) return;
    // When even no models at all cannot be completed (the counts ask too much), no choice is to blame.
    if (problemOf({ counts: state.role_counts, models: {} })) return;
    const requirements = selectableRequirements(session, state.role_counts);
    const prefix: Record<string, string[]> = {};
    let rewound = false;
    for (let ri = 0; ri < requirements.length && !rewound; ri++) {
      const role = requirements[ri]!.role;
      const models = modelsOf(state.role_models, role);
      for (let mi = 0; mi < models.length; mi++) {
        const problem = problemOf({ counts: state.role_counts, models: { ...prefix, [role]: models.slice(0, mi + 1) } });
        if (problem) {
          rewindInvalidRoleModels(
            session,
            state,
            requirements.map((r) => r.role),
            ri,
            mi,
            problem,
            notices,
          );
          rewound = true;
          break;
        }
      }
      if (models.length) prefix[role] = models;
    }
    if (!rewound) return;
  }
}

/** R-PRN-4 (an emptied role loses its key). */
function rewindInvalidRoleModels(
  session: RoleSession,
  state: WizardState,
  roles: string[],
  ri: number,
  mi: number,
  reason: string,
  notices: Notice[],
): void {
  const blamedRole = roles[ri]!;
  const blamed = modelsOf(state.role_models, blamedRole);
  const blamedRef = blamed[mi]!;
  const ids = new Set<string>();
  blamed.slice(mi).forEach((ref, k) => {
    const ordinal = mi + k + 1;
    notices.push(removedModelNotice(ref, blamedRole, ordinal, k === 0 ? reason : `follows removed model ${q(blamedRef)}`));
  });
  const count = selectedRoleCount(state.role_counts, session.requirement(blamedRole)!);
  for (let k = mi + 1; k <= count; k++) ids.add(roleModelId(blamedRole, k));
  setModels(state, blamedRole, blamed.slice(0, mi));
  for (const later of roles.slice(ri + 1)) {
    const laterModels = modelsOf(state.role_models, later);
    laterModels.forEach((ref, k) =>
      notices.push(removedModelNotice(ref, later, k + 1, `follows removed model ${q(blamedRef)} of role ${q(blamedRole)}`)),
    );
    const n = selectedRoleCount(state.role_counts, session.requirement(later)!);
    for (let k = 1; k <= n; k++) ids.add(roleModelId(later, k));
    setModels(state, later, []);
  }
  removeIds(state, ids);
}

/** docs/roles.md › The environment: kept models and configured defaults that cannot start on this machine. */
function noticeEnvironment(session: RoleSession, state: WizardState, notices: Notice[]): void {
  const avail = session.availability();
  for (const req of selectableRequirements(session, state.role_counts)) {
    const models = modelsOf(state.role_models, req.role);
    models.forEach((ref, i) => {
      const a = avail.availability(ref, req.role);
      if (!a.available && a.environmental) notices.push(cannotStartNotice(ref, req.role, i + 1, a.reason));
    });
    if (models.length < selectedRoleCount(state.role_counts, req)) {
      for (const e of roleDefaults(session.scopes(), avail, req.role).environmental) {
        notices.push({ kind: 'environment', text: environmentalDefaultNotice(e.ref, req.role, e.reason), roles: [req.role] });
      }
    }
  }
}
