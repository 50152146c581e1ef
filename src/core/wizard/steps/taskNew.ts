// task-new (docs/steps.md › Steps, docs/okstra-files.md › New tasks): `<group>/<name>`, both
// parts slugified; creates the task folder, manifest and brief template.
import { pyReprString } from '../../pyRepr';
import { WizardError } from '../../types';
import { taskNameProblem } from './taskPick';
import { slugifyTaskSegment } from '../workspaceRules';
import { refuseNul, textPrompt, type Step } from './step';

/** Parses `<group>/<name>` into slugified parts; the name part as typed is the title. */
function parseNewTaskName(value: string): { group: string; id: string; title: string } {
  refuseNul('task-new', value);
  const parts = value.split('/');
  if (parts.length !== 2 || parts[0].trim() === '' || parts[1].trim() === '') {
    throw new WizardError('refused-answer', `task name must be '<group>/<name>': ${pyReprString(value)}`);
  }
  return { group: slugifyTaskSegment(parts[0]), id: slugifyTaskSegment(parts[1]), title: parts[1].trim() };
}

export const taskNew: Step = {
  id: 'task-new',
  textKey: 'task_new',
  group: 'task',
  kind: 'text',
  owns: ['task_group', 'task_id', 'task_type'],
  applies: (_env, s) => s.answered.includes('task-pick') && s.task_group === '' && s.task_id === '',
  build(env) {
    return textPrompt(env, this, '');
  },
  submit(env, s, value) {
    const { group, id, title } = parseNewTaskName(value);
    const key = `${group}/${id}`;
    if (env.tasks().some((e) => e.key === key)) {
      // Back over the task this wizard created: the same name takes that task again (remembered.ts).
      if (s.remembered_answers?.['task-new'] !== key) throw new WizardError('refused-answer', `task '${key}' already exists`);
      env.task({ ...s, task_group: group, task_id: id }); // throws `task '<key>' cannot be used: …`
      s.task_group = group;
      s.task_id = id;
      s.task_type = '';
      return `task: ${key}`;
    }
    const bad = taskNameProblem({ group, id });
    if (bad) throw new WizardError('refused-answer', `task '${key}' cannot be created: ${bad}`);
    if (env.simulate) throw new WizardError('refused-answer', 'the progress simulation never creates tasks');
    const created = env.ctx.workspace.createTask(group, id, title);
    env.tasksChanged();
    env.opened.push(created.briefPath);
    s.task_group = group;
    s.task_id = id;
    s.task_type = '';
    return `task: ${created.key} (created ${created.manifestPath}, ${created.briefPath})`;
  },
  answerOf(_env, s) {
    return `${s.task_group}/${s.task_id}`;
  },
};
