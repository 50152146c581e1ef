// reuse-worktree (docs/steps.md › Steps): the manifest's worktree, or a new one from HEAD.
import type { WizardState } from '../../types';
import { STAGE_SCOPED_TASK_TYPES } from '../workspaceRules';
import { markDefault, opt, optionText, pickPrompt, type Step, type StepEnv } from './step';

export function manifestWorktree(env: StepEnv, s: WizardState): { path: string; branch: string } | null {
  const wt = env.task(s)?.manifest.worktree;
  return wt && typeof wt.path === 'string' && wt.path !== '' ? { path: wt.path, branch: wt.branch ?? '--' } : null;
}

export const reuseWorktree: Step = {
  id: 'reuse-worktree',
  textKey: 'reuse_worktree',
  group: 'inputs',
  kind: 'pick',
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
