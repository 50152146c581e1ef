// task-pick (docs/steps.md › Steps): one option per task in catalogue order, then `new`.
import type { TaskEntry } from '../../ports';
import { pyReprString } from '../../pyRepr';
import { WizardError } from '../../types';
import { listItemProblem, nameCharacterProblem, stateNameProblem } from '../argSafety';
import { autofillTaskType, latestKey, taskPickerLabel } from '../workspaceRules';
import { markDefault, opt, optionText, pickPrompt, texts, type Step } from './step';
import type { FieldTable } from '../stateFields';

/**
 * Why a task folder cannot be offered although its manifest reads: its group or id would reach okstra's
 * argv as an option, or break the comma-joined `--related-tasks`, or its state file could not be saved
 * (a name too long for the store's temporaries). Null when it can.
 */
export function taskNameProblem(entry: Pick<TaskEntry, 'group' | 'id'>): string | null {
  for (const [what, name] of [
    ['group folder', entry.group],
    ['task folder', entry.id],
  ] as const) {
    const problem = listItemProblem(name) ?? nameCharacterProblem(name);
    if (problem) return `${what} name ${pyReprString(name)} ${problem}`;
  }
  const long = stateNameProblem(entry.id);
  return long ? `task folder name ${pyReprString(entry.id.slice(0, 40) + '…')} ${long}` : null;
}

/** The state fields task-pick declares (docs/state-file.md). */
const taskPickFields = {
  task_group: { kind: 'text', default: '', description: 'The group of the task (the folder under .okstra/tasks).' },
  task_id: { kind: 'text', default: '', description: 'The id of the task (its folder under the group).' },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'task-pick': typeof taskPickFields;
  }
}

export const taskPick: Step<'task-pick'> = {
  id: 'task-pick',
  textKey: 'task_pick',
  group: 'task',
  kind: 'pick',
  fields: taskPickFields,
  owns: ['task_group', 'task_id', 'task_type'],
  optionTexts: ['new'],
  applies: () => true,
  build(env) {
    const sorted = env.sortedTasks();
    const latest = latestKey(sorted);
    const o = texts(env, 'task_pick').options;
    const words = { next: o.next!, contract: o.contract!, latest: o.latest!, unreadable: o.unreadable! };
    const options = sorted.map((e) => {
      if (e.manifest === null) return opt(e.key, taskPickerLabel(e, false, words), { disabled: true });
      const bad = taskNameProblem(e);
      if (bad)
        return opt(e.key, taskPickerLabel(e, false, words), {
          disabled: true,
          description: `cannot be used: .okstra/tasks/${e.key}: ${bad}`,
        });
      return opt(e.key, taskPickerLabel(e, e.key === latest, words), { description: e.manifest.title });
    });
    const firstSelectable = options.find((o) => !o.disabled);
    options.push(opt('new', optionText(env, 'task_pick', 'new')));
    return pickPrompt(env, this, markDefault(options, firstSelectable ? firstSelectable.value : 'new'));
  },
  refuseDisabled(env, _s, option) {
    const entry = env.tasks().find((e) => e.key === option.value);
    const bad = entry && entry.manifest !== null ? taskNameProblem(entry) : null;
    if (bad) return `task '${option.value}' cannot be used: .okstra/tasks/${option.value}: ${bad}`;
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
    const bad = taskNameProblem(entry);
    if (bad) throw new WizardError('refused-answer', `task '${value}' cannot be used: .okstra/tasks/${value}: ${bad}`);
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
