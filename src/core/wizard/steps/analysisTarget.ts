// analysis-target (docs/steps.md › Steps): a free text for the analysing run types,
// pre-filled from the brief's `analysisTarget`.
import { WizardError, type WizardState } from '../../types';
import { ANALYSING_TASK_TYPES } from '../workspaceRules';
import { echo, refuseLeadingDash, refuseNul, textPrompt, type Step, type StepEnv } from './step';
import type { FieldTable } from '../stateFields';

/** The task brief's front matter when the chosen brief is the task's brief.md. */
export function chosenBriefFrontMatter(env: StepEnv, s: WizardState) {
  const task = env.task(s);
  if (!task || !task.brief.exists || task.brief.error || s.brief_path !== task.brief.path) return null;
  return task.brief.frontMatter;
}

/** The state fields analysis-target declares (docs/state-file.md). */
const analysisTargetFields = {
  analysis_target: {
    kind: 'text',
    default: '',
    description: 'What the analysis looks at (a path or a name), for the analysing run types.',
  },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'analysis-target': typeof analysisTargetFields;
  }
}

export const analysisTarget: Step<'analysis-target'> = {
  id: 'analysis-target',
  textKey: 'analysis_target',
  group: 'inputs',
  kind: 'text',
  fields: analysisTargetFields,
  owns: ['analysis_target'],
  refusesLeadingDash: true,
  applies: (_env, s) => ANALYSING_TASK_TYPES.has(s.task_type),
  build(env, s) {
    const fm = chosenBriefFrontMatter(env, s);
    return textPrompt(env, this, typeof fm?.analysisTarget === 'string' ? fm.analysisTarget : '');
  },
  submit(env, s, value) {
    try {
      refuseNul('analysis-target', value);
      refuseLeadingDash('analysis-target', value);
    } catch (e) {
      // The brief's own analysisTarget, taken as it was offered: the file to fix is the brief.
      const fm = chosenBriefFrontMatter(env, s);
      if (e instanceof WizardError && fm?.analysisTarget === value) {
        throw new WizardError(e.code, `${env.task(s)!.brief.path}: analysisTarget: ${e.message}`);
      }
      throw e;
    }
    s.analysis_target = value;
    return echo('analysis-target', value);
  },
  answerOf: (_env, s) => s.analysis_target,
};
