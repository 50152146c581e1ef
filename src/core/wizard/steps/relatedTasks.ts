// related-tasks-pick / related-tasks (docs/steps.md › Steps).
import { WizardError, type WizardState } from '../../types';
import { pyReprString } from '../../pyRepr';
import { dashProblem } from '../argSafety';
import { reusedRun, runRelatedTasks } from './reusePrevious';
import { taskNameProblem } from './taskPick';
import { echo, followUpChosen, markDefault, opt, optionText, pickPrompt, texts, fmt, type Step, type StepEnv } from './step';
import type { FieldTable } from '../stateFields';

function otherTaskKeys(env: StepEnv, s: WizardState): string[] {
  const own = `${s.task_group}/${s.task_id}`;
  return env
    .sortedTasks()
    .filter((e) => e.manifest !== null && taskNameProblem(e) === null)
    .map((e) => e.key)
    .filter((k) => k !== own);
}

function titleOf(env: StepEnv, key: string): string | undefined {
  const e = env.tasks().find((x) => x.key === key);
  return e?.manifest?.title || undefined;
}

/** Why a previous run's related tasks cannot be kept: a key that would be read as an option. */
function keptProblem(kept: string): string | null {
  for (const key of kept.split(',')) {
    const problem = dashProblem(key);
    if (problem) return `task ${pyReprString(key)} ${problem}`;
  }
  return null;
}

/** The state fields related-tasks-pick declares (docs/state-file.md). */
const relatedTasksPickFields = {
  related_tasks_raw: { kind: 'text', default: '', description: 'Related task keys (<group>/<id>), separated by commas.' },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'related-tasks-pick': typeof relatedTasksPickFields;
  }
}

export const relatedTasksPick: Step<'related-tasks-pick'> = {
  id: 'related-tasks-pick',
  textKey: 'related_tasks_pick',
  group: 'follow-ups',
  kind: 'pick',
  fields: relatedTasksPickFields,
  owns: ['related_tasks_raw'],
  optionTexts: ['keep', 'none', 'choose'],
  applies: () => true,
  build(env, s) {
    const run = reusedRun(env, s);
    const kept = runRelatedTasks(run);
    const bad = kept ? keptProblem(kept) : null;
    const options = [];
    if (kept) {
      const description = bad ? `${run!.inputsPath}: field 'relatedTasks': ${bad}` : undefined;
      options.push(opt('keep', optionText(env, 'related_tasks_pick', 'keep', { tasks: kept }), { disabled: bad !== null, description }));
    }
    options.push(opt('none', optionText(env, 'related_tasks_pick', 'none')));
    // The answer-only walk needs the task list only when `choose` can be the answer: when a rewind left it as
    // the remembered answer (src/core/wizard/remembered.ts); otherwise the default is `keep` or `none`, both listed.
    const chooseMayBeAnswer = !env.answerOnly || s.remembered_answers?.[this.id] === 'choose';
    if (chooseMayBeAnswer && otherTaskKeys(env, s).length > 0) options.push(opt('choose', optionText(env, 'related_tasks_pick', 'choose')));
    return pickPrompt(env, this, markDefault(options, kept && !bad ? 'keep' : 'none'));
  },
  submit(env, s, value) {
    if (value === 'keep') s.related_tasks_raw = runRelatedTasks(reusedRun(env, s));
    else if (value === 'none') s.related_tasks_raw = '';
    else s.pending_follow_up = 'related-tasks';
    return `related-tasks-pick: ${value}`;
  },
  answerOf(_env, s) {
    if (followUpChosen(s, 'related-tasks')) return 'choose';
    return s.related_tasks_raw ? 'keep' : 'none';
  },
};

export const relatedTasks: Step = {
  id: 'related-tasks',
  textKey: 'related_tasks',
  group: 'follow-ups',
  kind: 'multi_pick',
  owns: ['related_tasks_raw'],
  followUp: true,
  applies: (_env, s) => s.pending_follow_up === 'related-tasks',
  build(env, s) {
    const t = texts(env, 'related_tasks');
    return {
      step: this.id,
      kind: 'multi_pick',
      label: fmt(t.label),
      // The key is the value and the label; the task's title is the detail line.
      options: otherTaskKeys(env, s).map((k) => opt(k, k, { description: titleOf(env, k) })),
      echo_template: t.echo_template,
    };
  },
  submit(env, s, value) {
    // The engine has matched each choice to an option value already.
    const keys = otherTaskKeys(env, s);
    for (const k of value.split(','))
      if (!keys.includes(k)) throw new WizardError('refused-answer', `answer '${k}' is not an option of step 'related-tasks'`);
    s.related_tasks_raw = value;
    s.pending_follow_up = undefined;
    return echo('related-tasks', value);
  },
  answerOf: (_env, s) => s.related_tasks_raw,
};
