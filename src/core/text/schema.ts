// The schema of a text catalogue, which the unit tests check the shipped ones against (docs/steps.md › Texts): every
// step and confirmation key the engine formats must be there, every template
// must be well formed, and echo templates must be the protocol ones.
import * as z from 'zod';
import { ROLE_TEXT_OPTIONS } from '../roles/promptTexts';
import { STEPS, confirm } from '../wizard/steps';
import type { TextCatalog } from './catalog';

/**
 * The step texts every catalogue must have, with the option texts each reads: the static steps' own (their
 * `textKey` and `optionTexts`, src/core/wizard/steps) and the role prompts' (src/core/roles/promptTexts.ts).
 */
const REQUIRED_STEP_TEXTS: ReadonlyMap<string, readonly string[]> = new Map([
  ...STEPS.map((s): [string, readonly string[]] => [s.textKey, s.optionTexts ?? []]),
  ...Object.entries(ROLE_TEXT_OPTIONS),
  // The confirmation worded for a program answering (steps/confirm.ts, ports.ts Audience).
  ['confirm_agent', confirm.optionTexts ?? []],
]);

/** Step text keys the engine uses (the seed's `_p` keys). */
export const STEP_TEXT_KEYS: readonly string[] = [...REQUIRED_STEP_TEXTS.keys()];

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
const UI_TEXT_KEYS = [
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
  'team_role',
  'team_role_none',
  'team_separator',
  'team_agent_problem',
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

const TextCatalogSchema = z
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
      for (const opt of REQUIRED_STEP_TEXTS.get(key) ?? []) {
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
