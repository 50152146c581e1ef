// role-count:<role> (R-PR-6/7): one option per count min..max; counts that
// cannot be completed are shown disabled with the reason.

import type { Prompt, PromptOption, WizardState } from '../types';
import { markCountOptions } from './countFeasibility';
import { roleCountId } from './roleIds';
import type { RoleRequirement } from './roleProfile';
import type { RoleSession } from './roleSession';
import { echoTemplate, render, roleTexts } from './promptTexts';

/** `answerOnly`: only what the progress simulation's answer needs is evaluated (markCountOptions). */
export function roleCountPrompt(session: RoleSession, state: WizardState, req: RoleRequirement, answerOnly = false): Prompt {
  const id = roleCountId(req.role);
  const texts = roleTexts(session, 'role_count');
  const values = { role: req.role, minimum: String(req.min), maximum: String(req.max), default: String(req.recommended) };
  const options: PromptOption[] = [];
  for (let count = req.min; count <= req.max; count++) options.push({ value: String(count), label: '' });
  const def = markCountOptions(session, state, req, options, req.min, req.recommended, answerOnly, state.remembered_answers?.[id]);
  if (def !== null) options[def - req.min]!.default = true;
  for (const option of options) {
    // The suffix follows recommended_count, not a previous answer (R-PR-7), and is never on a count that cannot be chosen.
    const suffix = option.value === String(req.recommended) && !option.disabled ? (texts.options.default_suffix ?? '') : '';
    option.label = render(texts.options.count!, { count: option.value, default_suffix: suffix });
  }
  return {
    step: id,
    kind: 'pick',
    label: render(texts.label, values),
    options,
    echo_template: echoTemplate(texts, values),
  };
}
