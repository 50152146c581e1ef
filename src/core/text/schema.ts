// The schema of a text catalogue, which the unit tests check the shipped ones against (docs/steps.md › Texts): every
// step and confirmation key the engine formats must be there, every template
// must be well formed, and echo templates must be the protocol ones.
import * as z from 'zod';
import type { TextCatalog } from './catalog';

/** Step text keys the engine uses (the seed's `_p` keys). */
export const STEP_TEXT_KEYS = [
  'task_pick',
  'task_new',
  'task_type',
  'reuse_previous',
  'brief',
  'brief_path',
  'analysis_target',
  'evidence',
  'direction_pick',
  'handoff_stage_pick',
  'reuse_worktree',
  'fix_cycle',
  'directive_pick',
  'directive',
  'related_tasks_pick',
  'related_tasks',
  'clarification_pick',
  'clarification',
  'pr_template_pick',
  'pr_template',
  'pr_template_scope',
  'confirm',
  'edit_target',
  'leader_session',
  'role_count',
  'role_add',
  'role_model',
] as const;

/** Options each step's texts must define. */
const REQUIRED_OPTIONS: Partial<Record<(typeof STEP_TEXT_KEYS)[number], string[]>> = {
  task_pick: ['new'],
  task_type: ['type', 'recommended_suffix', 'rerun_suffix'],
  reuse_previous: ['fresh', 'run'],
  brief: ['task', 'path', 'none'],
  evidence: ['use', 'none'],
  direction_pick: ['none', 'file'],
  handoff_stage_pick: ['chain', 'stage'],
  reuse_worktree: ['reuse', 'new'],
  fix_cycle: ['yes', 'no'],
  directive_pick: ['keep', 'none', 'write'],
  related_tasks_pick: ['keep', 'none', 'choose'],
  clarification_pick: ['answer_now', 'path', 'skip'],
  pr_template_pick: ['config', 'repo', 'path', 'none'],
  pr_template_scope: ['run', 'project'],
  confirm: ['run', 'edit', 'abort'],
  leader_session: ['continue'],
  role_count: ['count', 'default_suffix'],
  role_add: ['skip', 'add', 'default_suffix'],
  role_model: ['model', 'default_suffix'],
};

export const CONFIRMATION_KEYS = [
  'header',
  'task_type',
  'brief',
  'analysis',
  'evidence',
  'direction',
  'stages',
  'worktree_reuse',
  'worktree_new',
  'fix_cycle',
  'directive',
  'related_tasks',
  'approved_plan',
  'clarification',
  'pr_template',
  'pr_template_off',
  'none',
  'static_role',
  'dynamic_role',
] as const;

/** Keys of `ui` (catalog.ts); `error_<code>` texts name a WizardError code with `-` as `_`. */
export const UI_TEXT_KEYS = [
  'answer_line',
  'role_model_short',
  'none',
  'default_marker',
  'not_available',
  'count_range',
  'not_a_count',
  'rewind_clears_one',
  'rewind_clears_many',
  'rewind_clears_detail',
  'unavailable_detail_distinct_provider',
  'unavailable_detail_used',
  'unavailable_detail_too_few',
  'unavailable_detail_other',
  'error_not_complete',
  'error_aborted',
  'error_no_prompt',
  'error_stale_state',
  'error_busy',
  'error_wrong_prompt',
  'error_not_runnable',
  'error_needs_value',
  'error_needs_choice',
  'error_task_name',
  'error_leading_dash',
] as const;

/** `{name}` fields and `{{`/`}}` only, as formatTemplate understands them. */
function wellFormed(t: string): boolean {
  return /^(?:[^{}]|\{\{|\}\}|\{[A-Za-z_][A-Za-z0-9_]*\})*$/.test(t);
}

const template = z.string().refine(wellFormed, { message: 'is not a well-formed template' });

const stepTexts = z.strictObject({
  title: template.optional(),
  label: template,
  options: z.record(z.string(), template),
  echo_template: template,
});

export const TextCatalogSchema = z
  .strictObject({
    lang: z.string().min(2),
    steps: z.record(z.string(), stepTexts),
    confirmation: z.record(z.string(), template),
    ui: z.record(z.string(), template),
  })
  .superRefine((cat, ctx) => {
    for (const key of STEP_TEXT_KEYS) {
      const s = cat.steps[key];
      if (!s) {
        ctx.addIssue({ code: 'custom', path: ['steps', key], message: 'is missing' });
        continue;
      }
      for (const opt of REQUIRED_OPTIONS[key] ?? []) {
        if (!(opt in s.options)) ctx.addIssue({ code: 'custom', path: ['steps', key, 'options', opt], message: 'is missing' });
      }
    }
    for (const key of CONFIRMATION_KEYS) {
      if (!(key in cat.confirmation)) ctx.addIssue({ code: 'custom', path: ['confirmation', key], message: 'is missing' });
    }
    for (const key of UI_TEXT_KEYS) {
      if (!(key in cat.ui)) ctx.addIssue({ code: 'custom', path: ['ui', key], message: 'is missing' });
    }
  });

/** Validates a catalogue; throws an Error naming the first bad key. */
export function validateTextCatalog(raw: unknown, name: string): TextCatalog {
  const res = TextCatalogSchema.safeParse(raw);
  if (!res.success) {
    const issue = res.error.issues[0];
    throw new Error(`text catalogue ${name}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return res.data as TextCatalog;
}
