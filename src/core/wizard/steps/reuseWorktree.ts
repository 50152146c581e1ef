// reuse-worktree (docs/steps.md › Steps): the manifest's worktree, or a new one from HEAD.
import type { WizardState } from '../../types';
import { STAGE_SCOPED_TASK_TYPES } from '../workspaceRules';
import { markDefault, opt, optionText, pickPrompt, type Step, type StepEnv } from './step';
import type { FieldTable } from '../stateFields';

export function manifestWorktree(env: StepEnv, s: WizardState): { path: string; branch: string } | null {
  const wt = env.task(s)?.manifest.worktree;
  return wt && typeof wt.path === 'string' && wt.path !== '' ? { path: wt.path, branch: wt.branch ?? '--' } : null;
}

/** The state fields reuse-worktree declares (docs/state-file.md). */
const reuseWorktreeFields = {
  reuse_worktree: { kind: 'flag', default: false, description: "true: the run works in the task's existing worktree." },
  base_ref: { kind: 'text', default: '', description: 'The git ref a new worktree starts from (HEAD when empty).' },
} as const satisfies FieldTable;
declare module '../stateFields' {
  interface StepFieldTables {
    'reuse-worktree': typeof reuseWorktreeFields;
  }
}

export const reuseWorktree: Step<'reuse-worktree'> = {
  id: 'reuse-worktree',
  textKey: 'reuse_worktree',
  group: 'inputs',
  kind: 'pick',
  fields: reuseWorktreeFields,
  owns: ['reuse_worktree', 'base_ref'],
  optionTexts: ['reuse', 'new'],
  applies: (env, s) => STAGE_SCOPED_TASK_TYPES.has(s.task_type) && manifestWorktree(env, s) !== null,
  build(env, s) {
    const wt = manifestWorktree(env, s)!;
    return pickPrompt(
      env,
      this,
      markDefault(
        [opt('reuse', optionText(env, 'reuse_worktree', 'reuse', wt)), opt('new', optionText(env, 'reuse_worktree', 'new'))],
        'reuse',
      ),
    );
  },
  submit(_env, s, value) {
    s.reuse_worktree = value === 'reuse';
    s.base_ref = value === 'reuse' ? '' : 'HEAD';
    return `reuse-worktree: ${value}`;
  },
  answerOf: (_env, s) => (s.reuse_worktree ? 'reuse' : 'new'),
};
