// Counts and selectable requirements (R-CNT-1, R-CNT-2) and the prompt kind
// a role's count gets.

import type { WizardState } from '../types';
import type { RoleSession } from './roleSession';
import { LEADER_REQUIREMENT, type RoleRequirement } from './roleProfile';

/** A selection as the resolver sees it. */
export interface Selection {
  counts: Record<string, number>;
  models: Record<string, string[]>;
}

export function selectionOf(state: WizardState): Selection {
  return { counts: state.role_counts, models: state.role_models };
}

/** The count prompt a role gets: none for fixed and dynamic roles. */
export function countPromptKind(req: RoleRequirement): 'role-count' | 'role-add' | null {
  if (req.dynamic || req.min === req.max) return null;
  if (req.min === 0) return req.max > 0 ? 'role-add' : null;
  return 'role-count';
}

/** R-CNT-1 `_selected_role_count`. */
export function selectedRoleCount(counts: Record<string, number>, req: RoleRequirement): number {
  if (req.min === req.max) return req.min;
  const c = counts[req.role];
  if (c !== undefined) return c;
  return req.min === 0 ? 0 : req.recommended;
}

/** R-CNT-2: spawn-process leader first, then profile order, static roles with count > 0. */
export function selectableRequirements(session: RoleSession, counts: Record<string, number>): RoleRequirement[] {
  const out: RoleRequirement[] = [];
  if (session.mode === 'spawn-process') out.push(LEADER_REQUIREMENT);
  for (const req of session.profile().roles) {
    if (!req.dynamic && selectedRoleCount(counts, req) > 0) out.push(req);
  }
  return out;
}

/** Models of a role; "no models" is an absent key. */
export function modelsOf(models: Record<string, string[]>, role: string): string[] {
  return models[role] ?? [];
}

/** Sets a role's models, deleting the key for an empty list (never `role: []`). */
export function setModels(state: WizardState, role: string, models: string[]): void {
  if (models.length === 0) delete state.role_models[role];
  else state.role_models[role] = models;
}
