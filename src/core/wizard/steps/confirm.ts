// confirm / edit-target (docs/steps.md › Steps). Their applicability and the
// rewind itself live in the flow (they depend on the whole catalogue).
import { markDefault, opt, optionText, pickPrompt, type Step } from './step';
import type { FieldTable } from '../stateFields';

/** The state fields confirm declares (docs/state-file.md). */
const confirmFields = {
  confirmed: { kind: 'maybeFlag', default: null, description: 'true once the confirmation was answered with Run; null before.' },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    confirm: typeof confirmFields;
  }
}

export const confirm: Step<'confirm'> = {
  id: 'confirm',
  textKey: 'confirm',
  group: 'confirm',
  kind: 'pick',
  fields: confirmFields,
  owns: ['confirmed'],
  optionTexts: ['run', 'edit', 'abort'],
  // The flow decides (readiness for confirm needs every other step).
  applies: () => false,
  build(env) {
    // A program answering (CLI, MCP, language-model tools) is told that confirming starts nothing (ports.ts Audience).
    const key = env.ctx.audience === 'agent' ? 'confirm_agent' : 'confirm';
    const options = [
      opt('run', optionText(env, key, 'run')),
      opt('edit', optionText(env, key, 'edit')),
      opt('abort', optionText(env, key, 'abort')),
    ];
    return pickPrompt(env, { ...this, textKey: key }, markDefault(options, 'run'));
  },
  submit(_env, s, value) {
    if (value === 'run') s.confirmed = true;
    else if (value === 'edit') s.confirmed = false;
    else s.aborted = true;
    return `confirm: ${value}`;
  },
  answerOf: (_env, s) => (s.aborted ? 'abort' : s.confirmed === true ? 'run' : 'edit'),
};

/** The state fields edit-target declares (docs/state-file.md). */
const editTargetFields = {
  edit_target: {
    kind: 'text',
    default: '',
    description: 'The step chosen to be changed from the confirmation, while it is being changed.',
  },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'edit-target': typeof editTargetFields;
  }
}

export const editTarget: Step<'edit-target'> = {
  id: 'edit-target',
  textKey: 'edit_target',
  group: 'confirm',
  kind: 'pick',
  fields: editTargetFields,
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
