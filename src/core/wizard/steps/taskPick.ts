// task-pick (wizard.md #1): one option per task in catalogue order, then `new`.
import { WizardError } from '../../types';
import { autofillTaskType, latestKey, taskPickerLabel } from '../workspaceRules';
import { markDefault, opt, optionText, pickPrompt, type Step } from './step';

export const taskPick: Step = {
  id: 'task-pick',
  textKey: 'task_pick',
  group: 'task',
  owns: ['task_group', 'task_id', 'task_type'],
  applies: () => true,
  build(env) {
    const sorted = env.sortedTasks();
    const latest = latestKey(sorted);
    const options = sorted.map((e) =>
      e.manifest === null
        ? opt(e.key, taskPickerLabel(e, false), { disabled: true })
        : opt(e.key, taskPickerLabel(e, e.key === latest), { description: e.manifest.title }),
    );
    const firstSelectable = options.find((o) => !o.disabled);
    options.push(opt('new', optionText(env, 'task_pick', 'new')));
    return pickPrompt(env, this, markDefault(options, firstSelectable ? firstSelectable.value : 'new'));
  },
  refuseDisabled(env, _s, option) {
    const entry = env.tasks().find((e) => e.key === option.value);
    return `task '${option.value}' cannot be used: ${entry?.error ?? 'unreadable manifest'}`;
  },
  submit(env, s, value) {
    if (value === 'new') {
      // task-new follows; the task fields stay empty until it is answered.
      s.task_group = '';
      s.task_id = '';
      s.task_type = '';
      return 'task-pick: new';
    }
    const entry = env.tasks().find((e) => e.key === value);
    if (!entry) throw new WizardError('refused-answer', `answer '${value}' is not an option of step 'task-pick'`);
    if (entry.manifest === null) throw new WizardError('refused-answer', `task '${value}' cannot be used: ${entry.error}`);
    s.task_group = entry.group;
    s.task_id = entry.id;
    const details = env.task(s)!; // throws `task '<key>' cannot be used: …`
    s.task_type = autofillTaskType(details.manifest); // R-NPH-4
    return `task: ${value}`;
  },
  answerOf(_env, s) {
    return s.task_group ? `${s.task_group}/${s.task_id}` : 'new';
  },
};
