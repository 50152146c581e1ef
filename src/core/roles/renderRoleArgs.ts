// render_role_args (R-RND-1…4, selectable roles only): the `role-count` and `role-model`
// lists of render_args. Only selectable roles are rendered; incomplete
// selections are rendered as they are.

import type { WizardState } from '../types';
import { modelsOf, selectableRequirements } from './roleSelection';
import type { RoleSession } from './roleSession';

export function renderRoleArgs(session: RoleSession, state: WizardState): { roleCount: string[]; roleModel: string[] } {
  if (!state.task_type) return { roleCount: [], roleModel: [] };
  const profile = session.profile();
  const roleCount: string[] = [];
  for (const req of profile.roles) {
    const count = state.role_counts[req.role];
    if (!req.dynamic && req.min !== req.max && count !== undefined && count > 0) roleCount.push(`${req.role}=${count}`);
  }
  const roleModel: string[] = [];
  for (const req of selectableRequirements(session, state.role_counts)) {
    for (const ref of modelsOf(state.role_models, req.role)) roleModel.push(`${req.role}=${ref}`);
  }
  return { roleCount, roleModel };
}
