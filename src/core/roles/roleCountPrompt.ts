// role-count:<role> (R-PR-6/7): one option per count min..max; counts that
// cannot be completed are shown disabled with the reason.

import type { Prompt, PromptOption, WizardState } from '../types';
import { countOptionProblem, defaultCount, markCountOption } from './countFeasibility';
import { roleCountId } from './roleIds';
import type { RoleRequirement } from './roleProfile';
import type { RoleSession } from './roleSession';
import { echoTemplate, render, roleTexts } from './promptTexts';

export function roleCountPrompt(session: RoleSession, state: WizardState, req: RoleRequirement): Prompt {
  const texts = roleTexts(session, 'role_count');
  const values = { role: req.role, minimum: String(req.min), maximum: String(req.max), default: String(req.recommended) };
  const options: PromptOption[] = [];
  const feasible: number[] = [];
  for (let count = req.min; count <= req.max; count++) {
    // The suffix follows recommended_count, not a previous answer (R-PR-7).
    const suffix = count === req.recommended ? (texts.options.default_suffix ?? '') : '';
    const option: PromptOption = {
      value: String(count),
      label: render(texts.options.count!, { count: String(count), default_suffix: suffix }),
    };
    if (markCountOption(option, countOptionProblem(session, state, req, count))) feasible.push(count);
    options.push(option);
  }
  const def = defaultCount(req.recommended, feasible);
  if (def !== null) options[def - req.min]!.default = true;
  return {
    step: roleCountId(req.role),
    kind: 'pick',
    label: render(texts.label, values),
    options,
    echo_template: echoTemplate(texts, values),
  };
}
