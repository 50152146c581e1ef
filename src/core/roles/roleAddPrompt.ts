// role-add:<role> (R-PR-8/9): an optional role (min 0) is not added unless
// chosen; "0" first, then one option per count 1..max.

import type { Prompt, PromptOption, WizardState } from '../types';
import { markCountOptions } from './countFeasibility';
import { roleAddId } from './roleIds';
import type { RoleRequirement } from './roleProfile';
import type { RoleSession } from './roleSession';
import { echoTemplate, render, roleTexts } from './promptTexts';

/** `answerOnly`: only what the progress simulation's answer needs is evaluated (markCountOptions). */
export function roleAddPrompt(session: RoleSession, state: WizardState, req: RoleRequirement, answerOnly = false): Prompt {
  const id = roleAddId(req.role);
  const texts = roleTexts(session, 'role_add');
  const values = { role: req.role, maximum: String(req.max) };
  const options: PromptOption[] = [];
  for (let count = 0; count <= req.max; count++) options.push({ value: String(count), label: '' });
  const def = markCountOptions(session, state, req, options, 0, 0, answerOnly, state.remembered_answers?.[id]);
  if (def !== null) options[def]!.default = true;
  for (const option of options) {
    // "Don't add (default)": never on a "Don't add" that cannot be chosen.
    option.label =
      option.value === '0'
        ? render(texts.options.skip!, { default_suffix: option.disabled ? '' : (texts.options.default_suffix ?? '') })
        : render(texts.options.add!, { count: option.value });
  }
  return {
    step: id,
    kind: 'pick',
    label: render(texts.label, values),
    options,
    echo_template: echoTemplate(texts, values),
  };
}
