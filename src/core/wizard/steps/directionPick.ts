// direction-pick (docs/steps.md › Steps): one of the task's directions/*.md for implementation-planning.
import { baseName } from '../paths';
import { markDefault, opt, optionText, pathProblem, pickPrompt, type Step } from './step';
import type { FieldTable } from '../stateFields';

/** The state fields direction-pick declares (docs/state-file.md). */
const directionPickFields = {
  selected_direction_path: {
    kind: 'text',
    default: '',
    path: true,
    description: 'The chosen direction (directions/<name>.md), relative to the project root.',
  },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'direction-pick': typeof directionPickFields;
  }
}

export const directionPick: Step<'direction-pick'> = {
  id: 'direction-pick',
  textKey: 'direction_pick',
  group: 'inputs',
  kind: 'pick',
  fields: directionPickFields,
  owns: ['selected_direction_path'],
  optionTexts: ['none', 'file'],
  applies: (env, s) =>
    s.task_type === 'implementation-planning' &&
    ((env.task(s)?.directions.length ?? 0) > 0 || (env.task(s)?.unavailableDirections?.length ?? 0) > 0),
  build(env, s) {
    const options = [opt('none', optionText(env, 'direction_pick', 'none'))];
    const task = env.task(s)!;
    for (const p of task.directions) {
      // A direction that is a symlink to a file outside the project is shown, not offered.
      const outside = pathProblem(env, s, p);
      const extra = outside ? { disabled: true, description: `${p} ${outside}` } : {};
      options.push(opt(p, optionText(env, 'direction_pick', 'file', { name: baseName(p).replace(/\.md$/, ''), path: p }), extra));
    }
    // Listed, not offered: a direction the workspace could not use says why (as questions files do).
    for (const u of task.unavailableDirections ?? []) {
      options.push(
        opt(u.path, optionText(env, 'direction_pick', 'file', { name: baseName(u.path).replace(/\.md$/, ''), path: u.path }), {
          description: `${u.path}: ${u.reason}`,
          disabled: true,
        }),
      );
    }
    return pickPrompt(env, this, markDefault(options, 'none'));
  },
  submit(_env, s, value) {
    s.selected_direction_path = value === 'none' ? '' : value;
    return `direction-pick: ${value}`;
  },
  answerOf: (_env, s) => s.selected_direction_path || 'none',
};
