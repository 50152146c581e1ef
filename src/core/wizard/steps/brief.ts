// brief (docs/steps.md › Steps): the task's brief.md, another file (→ brief-path), or none.
import { WizardError } from '../../types';
import { followUpChosen, followUpPathStep, opt, optionText, pathProblem, pickPrompt, requireTask, type Step } from './step';
import type { FieldTable } from '../stateFields';

/** The state fields brief declares (docs/state-file.md). */
const briefFields = {
  brief_path: { kind: 'text', default: '', path: true, description: "The task's brief, relative to the project root." },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    brief: typeof briefFields;
  }
}

export const brief: Step<'brief'> = {
  id: 'brief',
  textKey: 'brief',
  group: 'inputs',
  kind: 'pick',
  fields: briefFields,
  owns: ['brief_path'],
  optionTexts: ['task', 'path', 'none'],
  applies: () => true,
  build(env, s) {
    const task = requireTask(env, s);
    const options = [];
    if (task.brief.exists) {
      // A brief with broken front matter is shown with its file error and refused.
      const outside = pathProblem(env, s, task.brief.path);
      const error = task.brief.error ?? (outside ? `${task.brief.path} ${outside}` : undefined);
      options.push(
        opt('task', optionText(env, 'brief', 'task', { path: task.brief.path }), {
          isDefault: !error,
          disabled: !!error,
          description: error,
        }),
      );
    }
    options.push(opt('path', optionText(env, 'brief', 'path')));
    if (!task.brief.exists) options.push(opt('none', optionText(env, 'brief', 'none')));
    return pickPrompt(env, this, options);
  },
  submit(env, s, value) {
    const task = requireTask(env, s);
    if (value === 'task') {
      if (task.brief.error) throw new WizardError('file-error', task.brief.error);
      const outside = pathProblem(env, s, task.brief.path);
      if (outside) throw new WizardError('refused-answer', `brief: ${task.brief.path} ${outside}`);
      s.brief_path = task.brief.path;
    } else if (value === 'path') {
      s.brief_path = '';
      s.pending_follow_up = 'brief-path';
    } else s.brief_path = '';
    return `brief: ${value}`;
  },
  answerOf(env, s) {
    if (followUpChosen(s, 'brief-path')) return 'path';
    return s.brief_path ? 'task' : 'none';
  },
};

export const briefPath: Step = followUpPathStep({
  id: 'brief-path',
  textKey: 'brief_path',
  group: 'inputs',
  field: 'brief_path',
  missing: 'brief file not found',
});
