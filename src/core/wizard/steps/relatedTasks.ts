// related-tasks-pick / related-tasks (wizard.md #13, #13a).
import { WizardError, type WizardState } from '../../types';
import { reusedRun, runRelatedTasks } from './reusePrevious';
import { echo, markDefault, opt, optionText, pickPrompt, texts, fmt, type Step, type StepEnv } from './step';

function otherTaskKeys(env: StepEnv, s: WizardState): string[] {
  const own = `${s.task_group}/${s.task_id}`;
  return env
    .sortedTasks()
    .map((e) => e.key)
    .filter((k) => k !== own);
}

export const relatedTasksPick: Step = {
  id: 'related-tasks-pick',
  textKey: 'related_tasks_pick',
  group: 'follow-ups',
  owns: ['related_tasks_raw'],
  applies: () => true,
  build(env, s) {
    const kept = runRelatedTasks(reusedRun(env, s));
    const options = [];
    if (kept) options.push(opt('keep', optionText(env, 'related_tasks_pick', 'keep', { tasks: kept })));
    options.push(opt('none', optionText(env, 'related_tasks_pick', 'none')));
    if (otherTaskKeys(env, s).length > 0) options.push(opt('choose', optionText(env, 'related_tasks_pick', 'choose')));
    return pickPrompt(env, this, markDefault(options, kept ? 'keep' : 'none'));
  },
  submit(env, s, value) {
    if (value === 'keep') s.related_tasks_raw = runRelatedTasks(reusedRun(env, s));
    else if (value === 'none') s.related_tasks_raw = '';
    else s.pending_follow_up = 'related-tasks';
    return `related-tasks-pick: ${value}`;
  },
  answerOf(_env, s) {
    if (s.pending_follow_up === 'related-tasks' || s.answered.includes('related-tasks')) return 'choose';
    return s.related_tasks_raw ? 'keep' : 'none';
  },
};

export const relatedTasks: Step = {
  id: 'related-tasks',
  textKey: 'related_tasks',
  group: 'follow-ups',
  owns: ['related_tasks_raw'],
  applies: (_env, s) => s.pending_follow_up === 'related-tasks',
  build(env, s) {
    const t = texts(env, 'related_tasks');
    return {
      step: this.id,
      kind: 'multi_pick',
      label: fmt(t.label),
      options: otherTaskKeys(env, s).map((k) => opt(k, k)),
      echo_template: t.echo_template,
    };
  },
  submit(env, s, value) {
    // The engine has matched each choice to an option value already.
    const keys = otherTaskKeys(env, s);
    for (const k of value.split(',')) if (!keys.includes(k)) throw new WizardError('refused-answer', `answer '${k}' is not an option of step 'related-tasks'`);
    s.related_tasks_raw = value;
    s.pending_follow_up = undefined;
    return echo('related-tasks', value);
  },
  answerOf: (_env, s) => s.related_tasks_raw,
};
