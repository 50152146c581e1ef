// The order in which the wizard asks its steps (docs/decisions.md › Wizard: tree rows in wizard order): static
// steps in table order, the role steps at the roles position in roleSelectionOrder order (the order they were
// asked in). The tree's rows, the rewind question's list and the step number of a prompt all follow it, so
// that an answer kept by a rewind (a later step) never counts as asked before the step being answered again.

import type { WizardState } from '../types';
import { isRoleStepId } from './roleBridge';
import { flowIndex, ROLES_INDEX, teamPick } from './steps';

/** Where `id` sits in the wizard's order; ids the order does not place come last. */
function wizardOrderKey(s: WizardState, id: string): [number, number] {
  if (isRoleStepId(id)) {
    const i = s.role_selection_order.indexOf(id);
    return [ROLES_INDEX, i < 0 ? s.role_selection_order.length : i];
  }
  // team-pick is asked after leader-session and before every other role prompt.
  if (id === teamPick.id) return [ROLES_INDEX, s.role_selection_order.indexOf('leader-session') + 0.5];
  const i = flowIndex(id);
  return [i < 0 ? Number.MAX_SAFE_INTEGER : i, 0];
}

/** `items` sorted into wizard order (stable: items the order does not tell apart keep their relative order). */
export function inWizardOrder<T>(s: WizardState, items: readonly T[], idOf: (item: T) => string): T[] {
  return items
    .map((item, i) => ({ item, i, k: wizardOrderKey(s, idOf(item)) }))
    .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.i - b.i)
    .map((x) => x.item);
}

/** True when `a` is asked before `b` in the wizard's order. */
export function askedBefore(s: WizardState, a: string, b: string): boolean {
  const [ka, kb] = [wizardOrderKey(s, a), wizardOrderKey(s, b)];
  return ka[0] < kb[0] || (ka[0] === kb[0] && ka[1] < kb[1]);
}
