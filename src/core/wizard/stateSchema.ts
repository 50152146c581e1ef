// The one definition of the state file (docs/state-file.md): a zod
// schema whose key order is the file's key order. The TypeScript types
// (src/core/types.ts WizardState, LastRun) derive from it with z.infer, the
// codec (stateCodec.ts) checks every field with it, and the JSON Schema of the
// file is generated from it (z.toJSONSchema). Each field's description is the
// phrase of its load error (`wizard state field '<f>' must be <description>`).
// zod/mini, as every schema a one-shot CLI step builds (docs/performance.md, item 11).
import * as z from 'zod/mini';
import { isRecordOf, isStringList, withFastCheck } from '../files';
import { lazySchema } from '../lazySchema';

/** How a field of the state file is checked; each kind is one zod schema (FIELD_SCHEMAS) and one fast check (fieldPasses). */
type FieldKind = 'text' | 'flag' | 'maybeFlag' | 'strings' | 'textOrNull' | 'list' | 'lastRun';

/**
 * The snake_case fields of the state file, in file order, with their kinds. Plain data, so that a one-shot step,
 * which reads a state file whose fields are all well-formed, never builds their zod schemas (docs/performance.md).
 */
const STATE_FIELD_KINDS = {
  workspace_root: 'text',
  project_root: 'text',
  project_id: 'text',
  host_runtime: 'text',
  host_entry_mode: 'text',
  available_functions: 'strings',
  task_group: 'text',
  task_id: 'text',
  task_type: 'text',
  reuse_previous: 'textOrNull',
  brief_path: 'text',
  analysis_target: 'text',
  feature_evidence_path: 'text',
  project_evidence_path: 'text',
  selected_direction_path: 'text',
  approved_plan_path: 'text',
  handoff_mode: 'text',
  handoff_stages: 'text',
  selected_stages: 'text',
  reuse_worktree: 'flag',
  base_ref: 'text',
  fix_cycle: 'text',
  directive: 'text',
  related_tasks_raw: 'text',
  clarification_response_path: 'text',
  pr_template_path: 'text',
  pr_template_scope: 'text',
  use_defaults: 'maybeFlag',
  critic_pending_text: 'flag',
  workers_custom_pending: 'flag',
  profile_workers: 'list',
  confirmed: 'maybeFlag',
  aborted: 'flag',
  edit_target: 'text',
  last_run: 'lastRun',
  answered: 'strings',
} as const satisfies Record<string, FieldKind>;

/** `last_run`: what Run started and how it ended. */
export const lastRunSchema = lazySchema(() =>
  z.object({
    startedAt: z.string(),
    argv: z.array(z.string()),
    exitCode: z.union([z.number().check(z.int()), z.null()]),
  }),
);

/** Each kind's schema; its description is the phrase of the field's load error. */
const FIELD_SCHEMAS = {
  text: () => z.string().check(z.describe('a string')),
  flag: () => z.boolean().check(z.describe('a boolean')),
  maybeFlag: () => z.union([z.boolean(), z.null()]).check(z.describe('a boolean or null')),
  strings: () => z.array(z.string()).check(z.describe('a list of strings')),
  textOrNull: () => z.union([z.string(), z.null()]).check(z.describe('a string or null')),
  list: () => z.array(z.unknown()).check(z.describe('a list')),
  lastRun: () =>
    z
      .union([lastRunSchema, z.null()])
      .check(z.describe('null or an object {startedAt: string, argv: list of strings, exitCode: integer or null}')),
};

type FieldsShape = { [F in keyof typeof STATE_FIELD_KINDS]: ReturnType<(typeof FIELD_SCHEMAS)[(typeof STATE_FIELD_KINDS)[F]]> };

/** The snake_case fields of the state file, in file order: an object schema built from STATE_FIELD_KINDS on first use. */
export const stateFieldsSchema = lazySchema(() => {
  const built = new Map<FieldKind, z.ZodMiniType>();
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [field, kind] of Object.entries(STATE_FIELD_KINDS) as Array<[string, FieldKind]>) {
    let schema = built.get(kind);
    if (schema === undefined) built.set(kind, (schema = FIELD_SCHEMAS[kind]()));
    shape[field] = schema;
  }
  return z.object(shape as FieldsShape);
});

/**
 * A conservative stand-in for the field's schema: true only when the schema accepts `value` and gives back a value
 * deep-equal to it. Anything else (a `last_run` record, a wrong type) goes through the schema, which also words the
 * refusal. test/unit/wizard/stateFastChecks.test.ts holds it to the schemas on generated values.
 */
export function fieldPasses(field: StateField, value: unknown): boolean {
  switch (STATE_FIELD_KINDS[field] as FieldKind) {
    case 'text':
      return typeof value === 'string';
    case 'flag':
      return typeof value === 'boolean';
    case 'maybeFlag':
      return value === null || typeof value === 'boolean';
    case 'strings':
      return isStringList(value);
    case 'textOrNull':
      return value === null || typeof value === 'string';
    case 'list':
      return Array.isArray(value) && Object.keys(value).length === value.length;
    case 'lastRun':
      return value === null;
  }
}

/**
 * Conservative stand-ins for the four schemas below, as fieldPasses for the fields (held to them by the same test),
 * registered with withFastCheck for the codec's safeParseChecked.
 */
export const rolePartPasses = {
  roleCounts: (v: unknown) => isRecordOf(v, Number.isSafeInteger),
  roleModels: (v: unknown) => isRecordOf(v, isStringList),
  roleSelectionOrder: isStringList,
  rememberedAnswers: (v: unknown) => isRecordOf(v, (a) => typeof a === 'string'),
};

/** roleCounts: role → count (0 records "role-add answered: not added"); 2.0 is the same JSON number as 2. */
export const roleCountsSchema = withFastCheck(
  lazySchema(() => z.record(z.string(), z.number().check(z.int()))),
  rolePartPasses.roleCounts,
);
/** roleModels: role → model refs, ordinal order; "no models" is an absent key. */
export const roleModelsSchema = withFastCheck(
  lazySchema(() => z.record(z.string(), z.array(z.string()))),
  rolePartPasses.roleModels,
);
/** roleSelectionOrder: role step ids in the order they were settled. */
export const roleSelectionOrderSchema = withFastCheck(
  lazySchema(() => z.array(z.string())),
  rolePartPasses.roleSelectionOrder,
);
/** rememberedAnswers: answers a rewind or Back cleared, by step id, kept as their prompts' defaults (never as answers). */
export const rememberedAnswersSchema = withFastCheck(
  lazySchema(() => z.record(z.string(), z.string())),
  rolePartPasses.rememberedAnswers,
);
/** `legacySource` of a companion: the v1 file it continues, by path and the sha256 of its bytes. */
export const legacySourceSchema = lazySchema(() => z.object({ path: z.string(), sha256: z.string() }));

/**
 * A v2 state file as written: the fields, then (unknown keys, kept verbatim
 * in their order), `executionIdentityVersion`, the three role fields,
 * `teamPick` while team-pick is answered, `pendingFollowUp` while a follow-up is pending, `rememberedAnswers` while a
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
      teamPick: z.optional(z.string()),
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
export const STATE_FIELD_ORDER = Object.keys(STATE_FIELD_KINDS) as StateField[];

/** What a field must hold, in the words of its load error. */
export function fieldTypeWords(field: StateField): string {
  return z.globalRegistry.get(stateFieldsSchema.shape[field])?.description ?? 'valid';
}
