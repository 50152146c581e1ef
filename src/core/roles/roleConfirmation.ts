// The role lines of the confirmation block (R-CFM-2).

import type { WizardState } from '../types';
import { formatTemplate } from '../text/catalog';
import { CURRENT_SESSION_MODEL } from './leaderSessionPrompt';
import { modelsOf, selectableRequirements, selectedRoleCount } from './roleSelection';
import type { RoleSession } from './roleSession';

export function roleConfirmationLines(session: RoleSession, state: WizardState): string[] {
  if (!state.task_type) return [];
  const t = session.ctx.texts.confirmation;
  const lines: string[] = [];
  if (session.mode === 'current-session') {
    lines.push(formatTemplate(t.static_role!, { role: 'leader', ordinal: '1', model: CURRENT_SESSION_MODEL }));
  }
  for (const req of selectableRequirements(session, state.role_counts)) {
    const models = modelsOf(state.role_models, req.role);
    const count = selectedRoleCount(state.role_counts, req);
    for (let k = 1; k <= count; k++) {
      const model = k <= models.length ? models[k - 1]! : '(selection required)';
      lines.push(formatTemplate(t.static_role!, { role: req.role, ordinal: String(k), model }));
    }
  }
  for (const req of session.profile().roles) {
    if (req.dynamic) lines.push(formatTemplate(t.dynamic_role!, { role: req.role }));
  }
  return lines;
}
