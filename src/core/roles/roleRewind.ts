// Rewinding inside the role selection (R-EDT-3; docs/steps.md › Rewind and Back) and clearing
// it (R-EDT-4).

import { WizardError, type WizardState } from '../types';
import { pyReprString } from '../pyRepr';
import { isRoleStepId, parseRoleStepId } from './roleIds';

export function resetRoleSelectionFrom(state: WizardState, target: string): void {
  const index = state.role_selection_order.indexOf(target);
  if (index < 0) throw new WizardError('refused-answer', `unknown role selection step: ${pyReprString(target)}`);
  const kept = state.role_selection_order.slice(0, index);
  const removed = new Set(state.role_selection_order.slice(index));
  const countRoles = new Set<string>();
  const modelOrdinals = new Map<string, Set<number>>();
  for (const id of kept) {
    const p = parseRoleStepId(id);
    if (p?.kind === 'role-count' || p?.kind === 'role-add') countRoles.add(p.role);
    if (p?.kind === 'role-model') {
      if (!modelOrdinals.has(p.role)) modelOrdinals.set(p.role, new Set());
      modelOrdinals.get(p.role)!.add(p.ordinal);
    }
  }
  for (const role of Object.keys(state.role_counts)) if (!countRoles.has(role)) delete state.role_counts[role];
  for (const [role, models] of Object.entries(state.role_models)) {
    // Keep the first k models, k the largest with role-model:<r>:1…k all kept.
    const ordinals = modelOrdinals.get(role) ?? new Set<number>();
    let k = 0;
    while (k < models.length && ordinals.has(k + 1)) k++;
    if (k === 0)
      delete state.role_models[role]; // no models: an absent key
    else state.role_models[role] = models.slice(0, k);
  }
  state.role_selection_order = kept;
  state.answered = state.answered.filter((id) => !removed.has(id));
}

export function clearRoleSelection(state: WizardState): void {
  state.role_counts = {};
  state.role_models = {};
  state.role_selection_order = [];
  state.answered = state.answered.filter((id) => !isRoleStepId(id));
}
