// role-add:<role> (R-PR-8/9): an optional role (min 0) is not added unless
// chosen; "0" first, then one option per count 1..max.

import type { Prompt, PromptOption, WizardState } from '../types';
import { countOptionProblem, defaultCount, markCountOption } from './countFeasibility';
import { roleAddId } from './roleIds';
import type { RoleRequirement } from './roleProfile';
import type { RoleSession } from './roleSession';
import { echoTemplate, render, roleTexts } from './promptTexts';

export function roleAddPrompt(session: RoleSession, state: WizardState, req: RoleRequirement): Prompt {
  const texts = roleTexts(session, 'role_add');
  const values = { role: req.role, maximum: String(req.max) };
  const options: PromptOption[] = [];
  const feasible: number[] = [];
  for (let count = 0; count <= req.max; count++) {
    const label =
      count === 0
        ? render(texts.options.skip!, { default_suffix: texts.options.default_suffix ?? '' })
        : render(texts.options.add!, { count: String(count) });
    const option: PromptOption = { value: String(count), label };
    if (markCountOption(option, countOptionProblem(session, state, req, count))) feasible.push(count);
    options.push(option);
  }
  const def = defaultCount(0, feasible);
  if (def !== null) options[def]!.default = true;
  return {
    step: roleAddId(req.role),
    kind: 'pick',
    label: render(texts.label, values),
    options,
    echo_template: echoTemplate(texts, values),
  };
}
