// confirmationText (docs/steps.md › The confirmation, R-CFM-2/4): lines from the
// text catalogue, values as stored (paths project-relative).

import type { WizardState } from '../types';
import { roleConfirmationLines } from './roleBridge';
import { fmt, type StepEnv } from './steps/step';
import { manifestWorktree } from './steps/reuseWorktree';
import { ANALYSING_TASK_TYPES, STAGE_SCOPED_TASK_TYPES } from './workspaceRules';

export function confirmationText(env: StepEnv, s: WizardState): string {
  const c = env.ctx.texts.confirmation;
  const none = c.none;
  const v = (x: string) => x || none;
  const line = (key: string, values: Record<string, string>) => fmt(c[key], values);
  const lines: string[] = [line('header', { task: `${s.task_group}/${s.task_id}` })];
  lines.push(line('task_type', { value: v(s.task_type) }));
  lines.push(line('brief', { value: v(s.brief_path) }));
  if (ANALYSING_TASK_TYPES.has(s.task_type)) lines.push(line('analysis', { value: v(s.analysis_target) }));
  if (s.answered.includes('evidence')) {
    lines.push(line('evidence', { value: v([s.feature_evidence_path, s.project_evidence_path].filter(Boolean).join(',')) }));
  }
  if (s.answered.includes('direction-pick')) lines.push(line('direction', { value: v(s.selected_direction_path) }));
  if (s.handoff_mode) lines.push(line('stages', { mode: s.handoff_mode, stages: s.handoff_stages }));
  if (STAGE_SCOPED_TASK_TYPES.has(s.task_type)) {
    const wt = manifestWorktree(env, s);
    if (s.reuse_worktree && wt) lines.push(line('worktree_reuse', wt));
    else if (s.task_type === 'implementation' || s.answered.includes('reuse-worktree'))
      lines.push(line('worktree_new', { base_ref: s.base_ref || 'HEAD' }));
  }
  if (s.answered.includes('fix-cycle')) lines.push(line('fix_cycle', { value: v(s.fix_cycle) }));
  if (s.task_type) lines.push(...roleConfirmationLines(env.roles(s), s));
  lines.push(line('directive', { value: v(s.directive) }));
  if (s.related_tasks_raw) lines.push(line('related_tasks', { value: s.related_tasks_raw }));
  if (STAGE_SCOPED_TASK_TYPES.has(s.task_type)) lines.push(line('approved_plan', { value: v(s.approved_plan_path) }));
  if (s.answered.includes('clarification-pick')) lines.push(line('clarification', { value: v(s.clarification_response_path) }));
  if (s.task_type === 'release-handoff') {
    lines.push(
      s.pr_template_path
        ? line('pr_template', { path: s.pr_template_path, scope: s.pr_template_scope || 'run' })
        : line('pr_template_off', { value: none }),
    );
  }
  return lines.join('\n');
}
