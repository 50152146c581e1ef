// reuse-previous (docs/steps.md › Steps, docs/okstra-files.md › Previous runs):
// `fresh`, or `run:<id>` copying directive, related tasks and models.
import type { PreviousRunInputs } from '../../ports';
import { pyReprString } from '../../pyRepr';
import { WizardError, type WizardState } from '../../types';
import { dashProblem } from '../argSafety';
import { applyPreviousRunSelection, clearRoleSelection } from '../roleBridge';
import { markDefault, opt, optionText, pickPrompt, type Step, type StepEnv } from './step';
import type { FieldTable } from '../stateFields';

/** The runs of the state's task type with an inputs file, newest first. */
export function reusableRuns(env: StepEnv, s: WizardState): PreviousRunInputs[] {
  const task = env.task(s);
  if (!task || !s.task_type) return [];
  return task.previousRuns.filter((r) => r.taskType === s.task_type).reverse();
}

/** The run `reuse_previous` points at, when it is a `run:<id>` still on disk. */
export function reusedRun(env: StepEnv, s: WizardState): PreviousRunInputs | null {
  if (!s.reuse_previous || !s.reuse_previous.startsWith('run:')) return null;
  const id = s.reuse_previous.slice(4);
  return reusableRuns(env, s).find((r) => r.runId === id) ?? null;
}

export function runDirective(run: PreviousRunInputs | null): string {
  const d = run?.inputs.directive;
  return typeof d === 'string' ? d : '';
}

export function runRelatedTasks(run: PreviousRunInputs | null): string {
  const r = run?.inputs.relatedTasks;
  if (typeof r === 'string') return r;
  if (Array.isArray(r)) return r.filter((x) => typeof x === 'string').join(',');
  return '';
}

/** Replaces the role selection with the run's (role ids leave `answered` too). */
export function applyRunSelection(env: StepEnv, s: WizardState, run: PreviousRunInputs): void {
  clearRoleSelection(s); // also removes role ids from answered (R-EDT-4)
  env.notices.push(...applyPreviousRunSelection(env.roles(s), s, run.inputs));
}

/** Why a run's inputs.json cannot be reused: a copied value okstra would read as an option. Null when it can. */
function runInputsProblem(run: PreviousRunInputs): string | null {
  const checks: Array<[string, string]> = [
    ['directive', runDirective(run)],
    ...runRelatedTasks(run)
      .split(',')
      .map((k): [string, string] => ['relatedTasks', k]),
  ];
  for (const [field, value] of checks) {
    const problem = dashProblem(value);
    if (problem) return `${run.inputsPath}: field ${pyReprString(field)}: ${pyReprString(value)} ${problem}`;
  }
  return null;
}

/** The state fields reuse-previous declares (docs/state-file.md). */
const reusePreviousFields = {
  reuse_previous: {
    kind: 'textOrNull',
    default: null,
    description: "The earlier run whose inputs are reused ('run:<run-id>'), or 'fresh'; null before it is asked.",
  },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'reuse-previous': typeof reusePreviousFields;
  }
}

export const reusePrevious: Step<'reuse-previous'> = {
  id: 'reuse-previous',
  textKey: 'reuse_previous',
  group: 'task',
  kind: 'pick',
  fields: reusePreviousFields,
  owns: ['reuse_previous'],
  optionTexts: ['fresh', 'run'],
  applies: (env, s) => reusableRuns(env, s).length > 0,
  build(env, s) {
    const options = [opt('fresh', optionText(env, 'reuse_previous', 'fresh'))];
    for (const r of reusableRuns(env, s)) {
      // A malformed inputs.json is shown with its file error and refused, like a broken brief.
      const problem = r.error ?? runInputsProblem(r);
      options.push(
        opt(`run:${r.runId}`, optionText(env, 'reuse_previous', 'run', { run_id: r.runId }), {
          description: problem ?? r.inputsPath,
          disabled: problem !== null,
        }),
      );
    }
    return pickPrompt(env, this, markDefault(options, 'fresh'), { task_type: s.task_type });
  },
  submit(env, s, value) {
    s.reuse_previous = value;
    if (value !== 'fresh') {
      const run = reusedRun(env, s);
      if (!run) throw new WizardError('refused-answer', `answer '${value}' is not an option of step 'reuse-previous'`);
      if (run.error) throw new WizardError('file-error', run.error);
      const problem = runInputsProblem(run);
      if (problem) throw new WizardError('refused-answer', problem);
      s.directive = runDirective(run);
      s.related_tasks_raw = runRelatedTasks(run);
      applyRunSelection(env, s, run);
    }
    return `reuse-previous: ${value}`;
  },
  answerOf: (_env, s) => s.reuse_previous ?? 'fresh',
};
