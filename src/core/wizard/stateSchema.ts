// The one definition of the state file (docs/state-file.md): a zod
// schema whose key order is the file's key order. The TypeScript types
// (src/core/types.ts WizardState, LastRun) derive from it with z.infer, the
// codec (stateCodec.ts) checks every field with it, and the JSON Schema of the
// file is generated from it (z.toJSONSchema). Each field's description is the
// phrase of its load error (`wizard state field '<f>' must be <description>`).
// zod/mini, as every schema a one-shot CLI step builds (docs/performance.md, item 11).
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';

const text = z.string().check(z.describe('a string'));
const flag = z.boolean().check(z.describe('a boolean'));
const maybeFlag = z.union([z.boolean(), z.null()]).check(z.describe('a boolean or null'));
const strings = z.array(z.string()).check(z.describe('a list of strings'));

/** `last_run`: what Run started and how it ended. */
export const lastRunSchema = z.object({
  startedAt: z.string(),
  argv: z.array(z.string()),
  exitCode: z.union([z.number().check(z.int()), z.null()]),
});

/** The snake_case fields of the state file, in file order. */
export const stateFieldsSchema = z.object({
  workspace_root: text,
  project_root: text,
  project_id: text,
  host_runtime: text,
  host_entry_mode: text,
  available_functions: strings,
  task_group: text,
  task_id: text,
  task_type: text,
  reuse_previous: z.union([z.string(), z.null()]).check(z.describe('a string or null')),
  brief_path: text,
  analysis_target: text,
  feature_evidence_path: text,
  project_evidence_path: text,
  selected_direction_path: text,
  approved_plan_path: text,
  handoff_mode: text,
  handoff_stages: text,
  selected_stages: text,
  reuse_worktree: flag,
  base_ref: text,
  fix_cycle: text,
  directive: text,
  related_tasks_raw: text,
  clarification_response_path: text,
  pr_template_path: text,
  pr_template_scope: text,
  use_defaults: maybeFlag,
  critic_pending_text: flag,
  workers_custom_pending: flag,
  profile_workers: z.array(z.unknown()).check(z.describe('a list')),
  confirmed: maybeFlag,
  aborted: flag,
  edit_target: text,
  last_run: z
    .union([lastRunSchema, z.null()])
    .check(z.describe('null or an object {startedAt: string, argv: list of strings, exitCode: integer or null}')),
  answered: strings,
});

/** roleCounts: role → count (0 records "role-add answered: not added"); 2.0 is the same JSON number as 2. */
export const roleCountsSchema = z.record(z.string(), z.number().check(z.int()));
/** roleModels: role → model refs, ordinal order; "no models" is an absent key. */
export const roleModelsSchema = z.record(z.string(), z.array(z.string()));
/** roleSelectionOrder: role step ids in the order they were settled. */
export const roleSelectionOrderSchema = z.array(z.string());
/** rememberedAnswers: answers a rewind or Back cleared, by step id, kept as their prompts' defaults (never as answers). */
export const rememberedAnswersSchema = z.record(z.string(), z.string());
/** `legacySource` of a companion: the v1 file it continues, by path and the sha256 of its bytes. */
export const legacySourceSchema = lazySchema(() => z.object({ path: z.string(), sha256: z.string() }));

/**
 * A v2 state file as written: the fields, then (unknown keys, kept verbatim
 * in their order), `executionIdentityVersion`, the three role fields,
 * `pendingFollowUp` while a follow-up is pending, `rememberedAnswers` while a
 * rewind left answers to offer again, and `legacySource` last for a companion.
 * The codec checks field by field (stateCodec.ts), so a one-shot step never builds this whole-file schema.
 */
export const stateFileSchema = lazySchema(() =>
  z.catchall(
    z.extend(stateFieldsSchema, {
      executionIdentityVersion: z.literal(2),
      roleCounts: roleCountsSchema,
      roleModels: roleModelsSchema,
      roleSelectionOrder: roleSelectionOrderSchema,
      pendingFollowUp: z.optional(z.string()),
      rememberedAnswers: z.optional(rememberedAnswersSchema),
      legacySource: z.optional(legacySourceSchema),
    }),
    z.unknown(),
  ),
);

export type StateFields = z.infer<typeof stateFieldsSchema>;
export type StateField = keyof StateFields;
export type StateFile = z.infer<typeof stateFileSchema>;
export type LastRunRecord = z.infer<typeof lastRunSchema>;

/** The snake_case fields in file order (the schema's key order). */
export const STATE_FIELD_ORDER = Object.keys(stateFieldsSchema.shape) as StateField[];

/** What a field must hold, in the words of its load error. */
export function fieldTypeWords(field: StateField): string {
  return z.globalRegistry.get(stateFieldsSchema.shape[field])?.description ?? 'valid';
}
