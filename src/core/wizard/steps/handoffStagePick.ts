// handoff-stage-pick (wizard.md #9, workspace.md › plans): the whole chain or one stage.
import { WizardError } from '../../types';
import { stagePlan, STAGE_SCOPED_TASK_TYPES } from '../workspaceRules';
import { markDefault, opt, optionText, pickPrompt, requireTask, type Step } from './step';

export const handoffStagePick: Step = {
  id: 'handoff-stage-pick',
  textKey: 'handoff_stage_pick',
  group: 'inputs',
  owns: ['handoff_mode', 'handoff_stages', 'approved_plan_path'],
  applies: (_env, s) => STAGE_SCOPED_TASK_TYPES.has(s.task_type),
  build(env, s) {
    const { chain, singles } = stagePlan(requireTask(env, s), s.task_type);
    const ids = chain.map((st) => st.id);
    const options = [opt('chain', optionText(env, 'handoff_stage_pick', 'chain', { count: String(ids.length), stages: ids.join(' → ') }))];
    for (const st of singles) {
      options.push(opt(`stage:${st.id}`, optionText(env, 'handoff_stage_pick', 'stage', { stage: st.id }), { description: st.title }));
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
      if (!singles.some((st) => st.id === id)) throw new WizardError('refused-answer', `answer '${value}' is not an option of step 'handoff-stage-pick'`);
      s.handoff_mode = 'single';
      s.handoff_stages = id;
    }
    s.approved_plan_path = plan.path;
    return `handoff-stage-pick: ${value}`;
  },
  answerOf: (_env, s) => (s.handoff_mode === 'single' ? `stage:${s.handoff_stages}` : s.handoff_mode),
};
