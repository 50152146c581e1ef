// The assignment resolver (docs/roles.md › The resolver's checks):
// `resolve_assignments` validates a selection, complete or not, with checks
// 1–7 in order; the first failure is the message.

import { pyReprString } from '../pyRepr';
import type { AvailabilityContext } from './availability';
import { roleDefaults } from './modelDefaults';
import type { RoleRequirement } from './roleProfile';
import { modelsOf, selectableRequirements, selectedRoleCount, type Selection } from './roleSelection';
import type { RoleSession } from './roleSession';

const q = pyReprString;

/** Check 1 for one count entry; null when fine. */
export function countProblem(session: RoleSession, role: string, count: number): string | null {
  const req = session.profile().roles.find((r) => r.role === role);
  if (!req || req.dynamic) return `role ${q(role)} does not accept a count selection`;
  return countRangeProblem(req, count);
}

/** Check 1's range: `role '<r>' count must be in <min>..<max>: <n>`, or null when the count is in range. */
export function countRangeProblem(req: RoleRequirement, count: number): string | null {
  if (!Number.isInteger(count) || count < req.min || count > req.max) {
    return `role ${q(req.role)} count must be in ${req.min}..${req.max}: ${count}`;
  }
  return null;
}

/** Check 2 (second half): models for a role that is not selectable. */
export function notSelectableMessage(session: RoleSession, role: string): string {
  return `role ${q(role)} is not selectable in the ${session.taskType} profile`;
}

/** Checks 2–5 for one selectable role's chosen models (environmental reasons excepted). */
function chosenModelsProblem(avail: AvailabilityContext, req: RoleRequirement, count: number, models: string[]): string | null {
  const role = req.role;
  if (models.length > count) return `role ${q(role)} needs ${count} models, got ${models.length}`;
  for (const ref of models) {
    const p = avail.selectedModelProblem(ref, role);
    if (p) return p.reason;
  }
  const seen = new Set<string>();
  for (const ref of models) {
    if (seen.has(ref)) return `role ${q(role)} uses model ${q(ref)} twice`;
    seen.add(ref);
  }
  if (req.distinct === 'provider') {
    const providers = new Set<string>();
    for (const ref of models) {
      const p = avail.pool.resolve(ref).providerId;
      if (providers.has(p)) return `role ${q(role)} needs distinct providers; ${q(p)} is used twice`;
      providers.add(p);
    }
  }
  return null;
}

/** Check 6: every dynamic role has an executable candidate from the scopes or the pool. */
function dynamicRolesProblem(session: RoleSession): string | null {
  const avail = session.availability();
  const scopes = session.scopes();
  for (const req of session.profile().roles) {
    if (!req.dynamic) continue;
    const fromScopes = roleDefaults(scopes, avail, req.role).refs;
    const ok = fromScopes.some((ref) => avail.availability(ref, req.role).available) || avail.executableCandidates(req.role).length > 0;
    if (ok) continue;
    // The original's text first, byte for byte; then why (docs/rules.md › R-MSG-1): no provider can start here,
    // or — the wizard never asks about a dynamic role — what the role is.
    const original = `dynamic role ${q(req.role)} has no executable model`;
    const environment = avail.environmentProblem();
    return environment ? `${original}; ${environment}` : `${original} (the leader starts it at run time)`;
  }
  return null;
}

/** Check 7: the 'configured default model … is unavailable' refusal (with its source) for the first profile role (leader first in spawn-process) whose configured default is unavailable for reasons 1–3. */
export function configuredDefaultsProblem(session: RoleSession): string | null {
  // It depends on the session alone (profile, mode, scopes, memoised availability): asked at every role prompt.
  const known = defaultsProblemMemo.get(session);
  if (known !== undefined) return known.problem;
  const problem = computeConfiguredDefaultsProblem(session);
  defaultsProblemMemo.set(session, { problem });
  return problem;
}

const defaultsProblemMemo = new WeakMap<RoleSession, { problem: string | null }>();

function computeConfiguredDefaultsProblem(session: RoleSession): string | null {
  const avail = session.availability();
  const scopes = session.scopes();
  const roles = [...(session.mode === 'spawn-process' ? ['leader'] : []), ...session.profile().roles.map((r) => r.role)];
  for (const role of roles) {
    const d = roleDefaults(scopes, avail, role);
    if (d.error) return d.error;
  }
  return null;
}

/**
 * `resolve_assignments`: null when the selection passes checks 1–7 (check 7
 * only when `withDefaults`), else the first failure's message. Fewer models
 * than a count is not an error here. The causes no answer can fix come first
 * (docs/rules.md › R-MSG-2): check 7, then check 6, then checks 1–5;
 * `setAside` leaves check 6 out, to judge the chosen models alone (the
 * reconcile after load).
 */
export function resolveAssignments(session: RoleSession, sel: Selection, withDefaults = true, setAside = false): string | null {
  if (withDefaults) {
    const defaults = configuredDefaultsProblem(session);
    if (defaults) return defaults;
  }
  if (!setAside) {
    const dyn = dynamicRolesProblem(session);
    if (dyn) return dyn;
  }
  const avail = session.availability();
  for (const [role, count] of Object.entries(sel.counts)) {
    const p = countProblem(session, role, count);
    if (p) return p;
  }
  const selectable = selectableRequirements(session, sel.counts);
  const selectableRoles = new Set(selectable.map((r) => r.role));
  for (const role of Object.keys(sel.models)) {
    if (!selectableRoles.has(role) && modelsOf(sel.models, role).length > 0) return notSelectableMessage(session, role);
  }
  // Checks 2–5 are per role; running them role by role keeps each role's first failure.
  for (const req of selectable) {
    const p = chosenModelsProblem(avail, req, selectedRoleCount(sel.counts, req), modelsOf(sel.models, req.role));
    if (p) return p;
  }
  return null;
}
