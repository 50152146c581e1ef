// task-type (docs/steps.md › Steps, R-NPH-5): the six types once each — recommended
// first, then a re-run of currentPhase, then the rest. A type whose role
// profile or plan fails is shown with the error and refused.
import { TASK_TYPE_VALUES, isTaskType, WizardError, type PromptOption, type WizardState } from '../../types';
import { roleProfileProblem } from '../roleBridge';
import { autofillTaskType, revisionRequested, stagePlan, STAGE_SCOPED_TASK_TYPES } from '../workspaceRules';
import { opt, optionText, pickPrompt, requireTask, type Step, type StepEnv } from './step';
import type { FieldTable } from '../stateFields';

/** Why a task type cannot be used for this task, or null. */
function taskTypeError(env: StepEnv, s: WizardState, taskType: string): string | null {
  try {
    const problem = roleProfileProblem(env.ctx, taskType);
    if (problem !== null) return problem;
    if (STAGE_SCOPED_TASK_TYPES.has(taskType)) stagePlan(requireTask(env, s), taskType);
    return null;
  } catch (e) {
    if (e instanceof WizardError) return e.message;
    throw e;
  }
}

/** The state fields task-type declares (docs/state-file.md). */
const taskTypeFields = {
  task_type: {
    kind: 'text',
    default: '',
    description: 'The run type: which role profile and inputs the run uses. Empty until it is chosen.',
  },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'task-type': typeof taskTypeFields;
  }
}

export const taskType: Step<'task-type'> = {
  id: 'task-type',
  textKey: 'task_type',
  group: 'task',
  kind: 'pick',
  fields: taskTypeFields,
  owns: ['task_type'],
  optionTexts: ['type', 'recommended_suffix', 'rerun_suffix'],
  applies: () => true,
  build(env, s) {
    const task = requireTask(env, s);
    const workflow = task.manifest.workflow;
    let recommended = revisionRequested(task.manifest) || s.task_type || autofillTaskType({ workflow });
    if (recommended === '' && !workflow) recommended = TASK_TYPE_VALUES[0];
    if (!isTaskType(recommended)) recommended = '';
    const current = workflow?.currentPhase ?? '';
    const rerun = isTaskType(current) && current !== recommended ? current : '';
    const order: Array<[string, string]> = [];
    if (recommended) order.push([recommended, 'recommended_suffix']);
    if (rerun) order.push([rerun, 'rerun_suffix']);
    for (const t of TASK_TYPE_VALUES) if (t !== recommended && t !== rerun) order.push([t, '']);
    const options: PromptOption[] = order.map(([t, suffixKey], i) => {
      const suffix = suffixKey ? optionText(env, 'task_type', suffixKey) : '';
      const error = taskTypeError(env, s, t);
      // The default is the first entry (recommended, else the re-run), never a refused one.
      const isDefault = i === 0 && suffixKey !== '' && error === null;
      return opt(t, optionText(env, 'task_type', 'type', { task_type: t, suffix }), {
        description: error ?? undefined,
        disabled: error !== null,
        isDefault,
      });
    });
    return pickPrompt(env, this, options);
  },
  refuseDisabled(_env, _s, option) {
    return option.description ?? `task type '${option.value}' cannot be used`;
  },
  submit(env, s, value) {
    const error = taskTypeError(env, s, value);
    if (error !== null) throw new WizardError('refused-answer', error);
    s.task_type = value;
    return `task-type: ${value}`;
  },
  answerOf: (_env, s) => s.task_type,
};
