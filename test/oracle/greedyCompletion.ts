// The seed's greedy completion, transcribed call for call as a test oracle
// and as the benchmark baseline (docs/roles.md › The model in one paragraph):
//   _executable_role_models, _completed_role_models,
//   _role_selection_can_complete, and the option filter of _role_model_options.
// No memoisation the seed lacks: every candidate check resolves the host and
// asks the pool and the environment again.

import { resolveAssignments } from '../../src/core/roles/assignmentResolver';
import { resolveHost } from '../../src/core/roles/hostRegistry';
import type { RoleRequirement } from '../../src/core/roles/roleProfile';
import { rotateDefaults, roleDefaults } from '../../src/core/roles/modelDefaults';
import { selectableRequirements, selectedRoleCount } from '../../src/core/roles/roleSelection';
import type { RoleSession } from '../../src/core/roles/roleSession';
import { pyReprString } from '../../src/core/pyRepr';
import type { WizardState } from '../../src/core/types';

/** resolve_model_assignment: raises unless pool.availability(ref, role, host, "new-session") is available. */
function resolveModelAssignment(session: RoleSession, state: WizardState, role: string, ref: string): void {
  const host = resolveHost(state.host_runtime); // _host_session_context(state), rebuilt per call as in the seed
  const pool = session.pool();
  const a = pool.staticAvailability(ref, role);
  if (!a.available) throw new Error(a.reason);
  const model = pool.resolve(ref);
  const provider = pool.provider(model.providerId)!;
  const env = session.ctx.environment;
  if (!env.providerCliAvailable(provider.id, provider.cli))
    throw new Error(`provider CLI ${pyReprString(provider.cli)} was not found on PATH`);
  if (env.terminalBackend() === 'none' && provider.id !== host.nativeProviderId) {
    throw new Error(`host ${pyReprString(host.hostId)} cannot start a new ${pyReprString(provider.id)} session: no terminal backend`);
  }
}

/** _executable_role_models (R-CMP-1). */
export function executableRoleModels(session: RoleSession, state: WizardState, req: RoleRequirement): string[] {
  const out: string[] = [];
  for (const m of session.pool().list(req.role)) {
    const ref = m.ref;
    try {
      resolveModelAssignment(session, state, req.role, ref);
    } catch {
      continue;
    }
    out.push(ref);
  }
  return out;
}

/** _completed_role_models (R-CMP-2/3): null when the greedy fill fails. */
export function completedRoleModels(
  session: RoleSession,
  state: WizardState,
  roleModels: Record<string, string[]>,
): Record<string, string[]> | null {
  const completed: Record<string, string[]> = {};
  for (const [role, models] of Object.entries(roleModels)) completed[role] = [...models];
  for (const req of selectableRequirements(session, state.role_counts)) {
    const count = selectedRoleCount(state.role_counts, req);
    const selected = completed[req.role] ?? [];
    if (selected.length > count) return null;
    const candidates = executableRoleModels(session, state, req);
    if (candidates.length === 0) return null;
    if (selected.some((ref) => !candidates.includes(ref))) return null;
    if (new Set(selected).size !== selected.length) return null;
    const missing = count - selected.length;
    const unused = candidates.filter((c) => !selected.includes(c));
    if (unused.length < missing) return null;
    completed[req.role] = [...selected, ...unused.slice(0, missing)];
  }
  return completed;
}

/** _role_selection_can_complete (R-CMP-5), without check 7 (an unavailable configured default is reported separately). */
export function greedyCanComplete(session: RoleSession, state: WizardState, roleModels: Record<string, string[]>): boolean {
  const completed = completedRoleModels(session, state, roleModels);
  return completed !== null && resolveAssignments(session, { counts: state.role_counts, models: completed }, false) === null;
}

/** The option values of _role_model_options (R-PR-11…14) for `role-model:<r>:<ordinal>`. */
export function greedyRoleModelOptions(session: RoleSession, state: WizardState, req: RoleRequirement, ordinal: number): string[] {
  const pool = session.pool();
  const defaults = rotateDefaults(roleDefaults(session.scopes(), session.availability(), req.role).refs, ordinal);
  const seen = new Set<string>();
  const candidates: string[] = [];
  for (const ref of [...defaults, ...pool.list(req.role).map((m) => m.ref)]) {
    if (!seen.has(ref)) {
      seen.add(ref);
      candidates.push(ref);
    }
  }
  const current = state.role_models[req.role] ?? [];
  const out: string[] = [];
  for (const ref of candidates) {
    try {
      resolveModelAssignment(session, state, req.role, ref);
    } catch {
      continue;
    }
    const candidateModels: Record<string, string[]> = {};
    for (const [role, models] of Object.entries(state.role_models)) candidateModels[role] = [...models];
    candidateModels[req.role] = [...current.slice(0, ordinal - 1), ref];
    if (greedyCanComplete(session, state, candidateModels)) out.push(ref);
  }
  return out;
}
