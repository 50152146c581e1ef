// fix-cycle (docs/steps.md › Steps): after a failed final verification, implement its fixes.
import { pyReprString } from '../../pyRepr';
import { dashProblem } from '../argSafety';
import { failedFinalVerification } from '../workspaceRules';
import { markDefault, opt, optionText, pickPrompt, type Step } from './step';
import type { FieldTable } from '../stateFields';

/** The state fields fix-cycle declares (docs/state-file.md). */
const fixCycleFields = {
  fix_cycle: {
    kind: 'text',
    default: '',
    description: 'The failed final-verification run that an implementation run fixes (its run id); empty for none.',
  },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'fix-cycle': typeof fixCycleFields;
  }
}

export const fixCycle: Step<'fix-cycle'> = {
  id: 'fix-cycle',
  textKey: 'fix_cycle',
  group: 'inputs',
  kind: 'pick',
  fields: fixCycleFields,
  owns: ['fix_cycle'],
  optionTexts: ['yes', 'no'],
  applies: (env, s) => {
    const task = env.task(s);
    return s.task_type === 'implementation' && task !== null && failedFinalVerification(task.manifest) !== null;
  },
  build(env, s) {
    const runId = failedFinalVerification(env.task(s)!.manifest)!;
    const task = env.task(s)!;
    const problem = dashProblem(runId);
    const description = problem ? `${task.dir}/task-manifest.json: run id ${pyReprString(runId)} ${problem}` : undefined;
    const options = [
      opt('yes', optionText(env, 'fix_cycle', 'yes', { run_id: runId }), { disabled: problem !== null, description }),
      opt('no', optionText(env, 'fix_cycle', 'no')),
    ];
    return pickPrompt(env, this, markDefault(options, 'yes'), { run_id: runId });
  },
  submit(env, s, value) {
    s.fix_cycle = value === 'yes' ? failedFinalVerification(env.task(s)!.manifest)! : '';
    return `fix-cycle: ${value}`;
  },
  answerOf: (_env, s) => (s.fix_cycle ? 'yes' : 'no'),
};
