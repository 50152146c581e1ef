// confirm / edit-target (docs/steps.md › Steps). Their applicability and the
// rewind itself live in the flow (they depend on the whole catalogue).
import { markDefault, opt, optionText, pickPrompt, type Step } from './step';

export const confirm: Step = {
  id: 'confirm',
  textKey: 'confirm',
  group: 'confirm',
  kind: 'pick',
  owns: ['confirmed'],
  optionTexts: ['run', 'edit', 'abort'],
  // The flow decides (readiness for confirm needs every other step).
  applies: () => false,
  build(env) {
    const options = [
      opt('run', optionText(env, 'confirm', 'run')),
      opt('edit', optionText(env, 'confirm', 'edit')),
      opt('abort', optionText(env, 'confirm', 'abort')),
    ];
    return pickPrompt(env, this, markDefault(options, 'run'));
  },
  submit(_env, s, value) {
    if (value === 'run') s.confirmed = true;
    else if (value === 'edit') s.confirmed = false;
    else s.aborted = true;
    return `confirm: ${value}`;
  },
  answerOf: (_env, s) => (s.aborted ? 'abort' : s.confirmed === true ? 'run' : 'edit'),
};

export const editTarget: Step = {
  id: 'edit-target',
  textKey: 'edit_target',
  group: 'confirm',
  kind: 'pick',
  owns: ['edit_target'],
  applies: (_env, s) => s.confirmed === false,
  // Built and submitted by the flow (the options are the rewind targets).
  build(env) {
    return pickPrompt(env, this, []);
  },
  submit(_env, _s, value) {
    return `edit-target: ${value} (rewinding)`;
  },
  answerOf: (_env, s) => s.edit_target,
};
