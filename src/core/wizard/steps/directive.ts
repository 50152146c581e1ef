// directive-pick / directive (docs/steps.md › Steps).
import { reusedRun, runDirective } from './reusePrevious';
import {
  echo,
  followUpChosen,
  markDefault,
  opt,
  optionText,
  pickPrompt,
  refuseEmpty,
  refuseLeadingDash,
  refuseNul,
  textPrompt,
  type Step,
} from './step';
import type { FieldTable } from '../stateFields';

export const directivePick: Step = {
  id: 'directive-pick',
  textKey: 'directive_pick',
  group: 'follow-ups',
  kind: 'pick',
  owns: ['directive'],
  optionTexts: ['keep', 'none', 'write'],
  applies: () => true,
  build(env, s) {
    const kept = runDirective(reusedRun(env, s));
    const options = [];
    if (kept) options.push(opt('keep', optionText(env, 'directive_pick', 'keep'), { description: kept }));
    options.push(opt('none', optionText(env, 'directive_pick', 'none')));
    options.push(opt('write', optionText(env, 'directive_pick', 'write')));
    return pickPrompt(env, this, markDefault(options, kept ? 'keep' : 'none'));
  },
  submit(env, s, value) {
    if (value === 'keep') s.directive = runDirective(reusedRun(env, s));
    else if (value === 'none') s.directive = '';
    else s.pending_follow_up = 'directive';
    return `directive-pick: ${value}`;
  },
  answerOf(env, s) {
    if (followUpChosen(s, 'directive')) return 'write';
    return s.directive ? 'keep' : 'none';
  },
};

/** The state fields directive declares (docs/state-file.md). */
const directiveFields = {
  directive: { kind: 'text', default: '', description: 'A free-text instruction passed to the run.' },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    directive: typeof directiveFields;
  }
}

export const directive: Step<'directive'> = {
  id: 'directive',
  textKey: 'directive',
  group: 'follow-ups',
  kind: 'text',
  fields: directiveFields,
  owns: ['directive'],
  followUp: true,
  needsValue: true,
  refusesLeadingDash: true,
  applies: (_env, s) => s.pending_follow_up === 'directive',
  build(env, s) {
    return textPrompt(env, this, s.directive);
  },
  submit(_env, s, value) {
    refuseNul('directive', value);
    refuseEmpty('directive', value);
    refuseLeadingDash('directive', value);
    s.directive = value;
    s.pending_follow_up = undefined;
    return echo('directive', value);
  },
  answerOf: (_env, s) => s.directive,
};
