// render_args, renderArgv, the stage intent and persist actions
// (docs/steps.md › Render arguments, R-RND-*, R-OUT-2).

import { WizardError, type WizardState } from '../types';
import { hostSessionContextJson, renderRoleArgs } from './roleBridge';
import { toAbsolute } from './paths';
import type { StepEnv } from './steps/step';

export type RenderArgs = Record<string, string | string[]>;

/** `_stage_intent`: `--stage` and the chain for orchestration. */
export function stageIntent(s: WizardState): { stage: string; chainStages: string[] } {
  const ids = s.handoff_stages ? s.handoff_stages.split(',') : [];
  return { stage: ids[0] ?? '', chainStages: s.handoff_mode === 'chain' ? ids : [] };
}

/** R-RND-6 in the key order of docs/steps.md › Render arguments; paths absolute. */
export function buildRenderArgs(env: StepEnv, s: WizardState): RenderArgs {
  if (s.aborted) throw new WizardError('aborted', 'wizard was aborted by the user — render-args is unavailable');
  const abs = (p: string) => toAbsolute(s.project_root, p);
  const roles = s.task_type ? renderRoleArgs(env.roles(s), s) : { roleCount: [], roleModel: [] };
  return {
    'project-root': s.project_root,
    'project-id': s.project_id,
    'task-group': s.task_group,
    'task-id': s.task_id,
    'task-type': s.task_type,
    'task-brief': abs(s.brief_path),
    'analysis-target': s.analysis_target,
    'evidence-inputs': [s.feature_evidence_path, s.project_evidence_path].filter(Boolean).map(abs).join(','),
    'approved-plan': abs(s.approved_plan_path),
    stage: stageIntent(s).stage,
    stages: s.handoff_stages,
    'base-ref': s.task_type === 'implementation' && !s.reuse_worktree ? s.base_ref || 'HEAD' : '',
    directive: s.directive,
    'related-tasks': s.related_tasks_raw,
    'clarification-response': abs(s.clarification_response_path),
    'selected-direction': abs(s.selected_direction_path),
    'pr-template-path': abs(s.pr_template_path),
    'fix-cycle': s.fix_cycle,
    'host-session-context-json': hostSessionContextJson(s),
    'role-count': roles.roleCount,
    'role-model': roles.roleModel,
  };
}

/** `_render_argv` (R-RND-9…12): empty strings are kept, lists repeat. */
export function renderArgv(rendered: RenderArgs, hostRuntime: string): string[] {
  const argv = ['--lead-runtime', hostRuntime];
  for (const [name, value] of Object.entries(rendered)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (typeof v !== 'string') throw new WizardError('internal', `wizard render arg --${name} must be a string`);
      argv.push(`--${name}`, v);
    }
  }
  return argv;
}

export interface PersistAction {
  action: 'set-config';
  file: string;
  key: string;
  value: string;
}

/** docs/steps.md › The confirmation. */
export function persistActions(s: WizardState): PersistAction[] {
  if (s.pr_template_scope !== 'project' || !s.pr_template_path) return [];
  return [{ action: 'set-config', file: '.okstra/config.yaml', key: 'prTemplate', value: s.pr_template_path }];
}
