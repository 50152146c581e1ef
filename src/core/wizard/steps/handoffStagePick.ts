// handoff-stage-pick (docs/steps.md › Steps, docs/okstra-files.md › Plans): the whole chain or one stage.
import { pyReprString } from '../../pyRepr';
import { WizardError } from '../../types';
import { listItemProblem } from '../argSafety';
import { stagePlan, STAGE_SCOPED_TASK_TYPES } from '../workspaceRules';
import { markDefault, opt, optionText, pickPrompt, requireTask, type Step } from './step';
import type { FieldTable } from '../stateFields';

/** The state fields handoff-stage-pick declares (docs/state-file.md). */
const handoffStagePickFields = {
  approved_plan_path: {
    kind: 'text',
    default: '',
    path: true,
    description: 'The approved plan, for the run types that work by plan stage.',
  },
  handoff_mode: { kind: 'text', default: '', description: 'Which plan stages the run covers: one stage, or several.' },
  handoff_stages: { kind: 'text', default: '', description: 'The plan stage ids of the run, separated by commas.' },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'handoff-stage-pick': typeof handoffStagePickFields;
  }
}

export const handoffStagePick: Step<'handoff-stage-pick'> = {
  id: 'handoff-stage-pick',
  textKey: 'handoff_stage_pick',
  group: 'inputs',
  kind: 'pick',
  fields: handoffStagePickFields,
  owns: ['handoff_mode', 'handoff_stages', 'approved_plan_path'],
  optionTexts: ['chain', 'stage'],
  applies: (_env, s) => STAGE_SCOPED_TASK_TYPES.has(s.task_type),
  build(env, s) {
    const { plan, chain, singles } = stagePlan(requireTask(env, s), s.task_type);
    const ids = chain.map((st) => st.id);
    // A stage id that okstra would read as an option (or that breaks the comma-joined --stages) is shown, not offered.
    const stageProblem = (id: string): string | null => {
      const problem = listItemProblem(id);
      return problem ? `${plan.path}: stage id ${pyReprString(id)} ${problem}` : null;
    };
    const chainProblem = ids.map(stageProblem).find((p) => p !== null) ?? null;
    const options = [
      opt('chain', optionText(env, 'handoff_stage_pick', 'chain', { count: String(ids.length), stages: ids.join(' → ') }), {
        disabled: chainProblem !== null,
        description: chainProblem ?? undefined,
      }),
    ];
    for (const st of singles) {
      const problem = stageProblem(st.id);
      options.push(
        opt(`stage:${st.id}`, optionText(env, 'handoff_stage_pick', 'stage', { stage: st.id }), {
          description: problem ?? st.title,
          disabled: problem !== null,
        }),
      );
    }
    return pickPrompt(env, this, markDefault(options, 'chain'));
  },
  submit(env, s, value) {
    const { plan, chain, singles } = stagePlan(requireTask(env, s), s.task_type);
    if (value === 'chain') {
      s.handoff_mode = 'chain';
      s.handoff_stages = chain.map((st) => st.id).join(',');
    } else {
      const id = value.slice('stage:'.length);
      if (!singles.some((st) => st.id === id))
        throw new WizardError('refused-answer', `answer '${value}' is not an option of step 'handoff-stage-pick'`);
      s.handoff_mode = 'single';
      s.handoff_stages = id;
    }
    s.approved_plan_path = plan.path;
    return `handoff-stage-pick: ${value}`;
  },
  answerOf: (_env, s) => (s.handoff_mode === 'single' ? `stage:${s.handoff_stages}` : s.handoff_mode),
};
