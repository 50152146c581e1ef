// The one definition of the state file (docs/state-file.md), made from its fields' definitions: the fields no step
// asks for and each step's `fields`, put in file order by stateFieldTable (stateFields.ts, which also makes the
// TypeScript types, src/core/types.ts WizardState, LastRun). From that table come the zod schema (whose key order
// is the file's key order, each field carrying its description and default), the fast checks the codec
// (stateCodec.ts) asks first, `defaultState()`, PATH_FIELDS, and the JSON Schema of the file
// (scripts/schemas/generate.ts, from readableStateFileSchema).
// zod/mini, as every schema a one-shot CLI step builds (docs/performance.md › Start-up).
import * as z from 'zod/mini';
import { withFastCheck } from '../files/fastCheck';
import { isRecordOf, isStringList } from '../files/jsonShapes';
import { lazySchema } from '../lazySchema';
import type { WizardState } from '../types';
import {
  RUN_STATUSES,
  stateFieldTable,
  type FieldKind,
  type LastRunRecord,
  type PathField,
  type StateField,
  type StateFieldDefinitions,
  type StateFields,
} from './stateFields';
import { FLOW } from './steps';

export type { StateField, StateFields } from './stateFields';

/**
 * Each snake_case field of the state file, in file order: its kind, its default and its description. Plain data,
 * so that a one-shot step, which reads a state file whose fields are all well-formed, never builds their zod schemas
 * (docs/performance.md).
 */
const STATE_FIELDS = stateFieldTable(FLOW) as StateFieldDefinitions;

/** `last_run`: what Run started and how it ended. */
const lastRunSchema = lazySchema(() =>
  z.object({
    startedAt: z.string().check(z.describe('When the run started (ISO 8601, UTC).')),
    argv: z.array(z.string()).check(z.describe('The arguments okstra was started with.')),
    exitCode: z
      .union([z.number().check(z.int()), z.null()])
      .check(z.describe("okstra's exit status; null while it runs or when it was not recorded.")),
    status: z.optional(
      z
        .enum(RUN_STATUSES)
        .check(z.describe('running, exited (with exitCode), stopped (by Stop Run), or unknown (it ended while no window followed it).')),
    ),
    endedAt: z.optional(z.string().check(z.describe('When the end was recorded (ISO 8601, UTC).'))),
    endedBy: z.optional(z.string().check(z.describe('What ended the run, in words.'))),
    runId: z.optional(
      z.string().check(z.regex(/^[0-9a-f]{8,32}$/), z.describe('The id by which the extension finds the run again after a window reload.')),
    ),
    pid: z.optional(z.number().check(z.int(), z.positive(), z.describe("okstra's process id, when the terminal reported it."))),
  }),
);
/** The schema gives exactly LastRunRecord (stateFields.ts), which the state's types use. */
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const lastRunAgrees: SameType<z.infer<typeof lastRunSchema>, LastRunRecord> = true;
void lastRunAgrees;

/** Each kind's schema. */
const FIELD_SCHEMAS = {
  text: () => z.string(),
  flag: () => z.boolean(),
  maybeFlag: () => z.union([z.boolean(), z.null()]),
  strings: () => z.array(z.string()),
  textOrNull: () => z.union([z.string(), z.null()]),
  list: () => z.array(z.unknown()),
  lastRun: () => z.union([lastRunSchema, z.null()]),
} satisfies Record<FieldKind, () => z.ZodMiniType>;

/** What a field of each kind must hold, in the words of its load error (`wizard state field '<f>' must be <words>`). */
const KIND_WORDS: Record<FieldKind, string> = {
  text: 'a string',
  flag: 'a boolean',
  maybeFlag: 'a boolean or null',
  strings: 'a list of strings',
  textOrNull: 'a string or null',
  list: 'a list',
  lastRun:
    'null or an object {startedAt: string, argv: list of strings, exitCode: integer or null, status?, endedAt?, endedBy?, runId?, pid?}',
};

type FieldsShape = {
  [F in StateField]: z.ZodMiniDefault<ReturnType<(typeof FIELD_SCHEMAS)[StateFieldDefinitions[F]['kind']]>>;
};

/** A fresh copy of a field's default (a list default is a new empty list). */
export function defaultOf<F extends StateField>(field: F): StateFields[F] {
  const d = STATE_FIELDS[field].default;
  return (Array.isArray(d) ? [] : d) as StateFields[F];
}

/**
 * The snake_case fields of the state file, in file order, built from STATE_FIELDS on first use: each field's schema
 * with its default and its description.
 */
export const stateFieldsSchema = lazySchema(() => {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const field of STATE_FIELD_ORDER) {
    const def = STATE_FIELDS[field];
    shape[field] = z._default(FIELD_SCHEMAS[def.kind](), () => defaultOf(field)).check(z.describe(def.description));
  }
  return z.object(shape as FieldsShape);
});

/** The snake_case fields in file order. */
export const STATE_FIELD_ORDER = Object.keys(STATE_FIELDS) as StateField[];

/** Path fields stored project-relative (docs/state-file.md), in file order. */
export const PATH_FIELDS = STATE_FIELD_ORDER.filter((f) => 'path' in STATE_FIELDS[f]) as PathField[];

/** The fields of a fresh state, each with its default. */
function defaultStateFields(): StateFields {
  const out: Record<string, unknown> = {};
  for (const field of STATE_FIELD_ORDER) out[field] = defaultOf(field);
  return out as StateFields;
}

/**
 * A conservative stand-in for the field's schema: true only when the schema accepts `value` and gives back a value
 * deep-equal to it. Anything else (a `last_run` record, a wrong type) goes through the schema, which also words the
 * refusal. test/unit/wizard/stateFastChecks.test.ts holds it to the schemas on generated values.
 */
export function fieldPasses(field: StateField, value: unknown): boolean {
  switch (STATE_FIELDS[field].kind as FieldKind) {
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

/** The kind of a field: fields of one kind share their fast check and the type of their schema. */
export function fieldKind(field: StateField): FieldKind {
  return STATE_FIELDS[field].kind;
}

/** What a field must hold, in the words of its load error. */
export function fieldTypeWords(field: StateField): string {
  return KIND_WORDS[STATE_FIELDS[field].kind];
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
  lazySchema(() => z.record(z.string(), z.number().check(z.int())).check(z.describe('How many agents each role has, by role id.'))),
  rolePartPasses.roleCounts,
);
/** roleModels: role → model refs, ordinal order; "no models" is an absent key. */
export const roleModelsSchema = withFastCheck(
  lazySchema(() =>
    z
      .record(z.string(), z.array(z.string()))
      .check(z.describe('The model of each agent, by role id, in agent order (<provider>/<model>).')),
  ),
  rolePartPasses.roleModels,
);
/** roleSelectionOrder: role step ids in the order they were settled. */
export const roleSelectionOrderSchema = withFastCheck(
  lazySchema(() => z.array(z.string()).check(z.describe('The role ids in the order their prompts were answered.'))),
  rolePartPasses.roleSelectionOrder,
);
/** rememberedAnswers: answers a rewind or Back cleared, by step id, kept as their prompts' defaults (never as answers). */
export const rememberedAnswersSchema = withFastCheck(
  lazySchema(() =>
    z
      .record(z.string(), z.string())
      .check(
        z.describe('Answers a rewind or Back cleared, by step id: offered again as the defaults of their prompts, never taken as answers.'),
      ),
  ),
  rolePartPasses.rememberedAnswers,
);
/** `legacySource` of a companion: the v1 file it continues, by path and the sha256 of its bytes. */
const legacySourceSchema = lazySchema(() =>
  z
    .object({
      path: z.string().check(z.describe('The legacy file, absolute.')),
      sha256: z.string().check(z.describe("The sha256 of the legacy file's bytes when it was converted.")),
    })
    .check(z.describe('In a companion file only: the legacy v1 file it was converted from.')),
);
/**
 * `teamPick`: team-pick's answer while it is answered. Not a STATE_FIELDS entry: those are okstra's own fields, written
 * in every file (R-JSON-4, R-JSON-5); this key is the wizard's, written only while set, like pendingFollowUp
 * (docs/decisions.md › Teams: the answer of team-pick).
 */
const teamPickSchema = lazySchema(() =>
  z
    .string()
    .check(
      z.describe(
        "The answer of team-pick while it is answered: a team's name, run:<run id> (the agents of that run) or one-by-one. The role answers it gave are in roleCounts, roleModels and roleSelectionOrder like any others.",
      ),
    ),
);
const pendingFollowUpSchema = lazySchema(() =>
  z.string().check(z.describe('A follow-up step whose answer is being written and is not yet saved.')),
);

/** R-ID-8: the snake_case v1 provider fields v2 drops. */
const V1_PROVIDER_STATE_FIELDS = [
  'workers_override',
  'lead_provider',
  'lead_model',
  'claude_model',
  'codex_model',
  'antigravity_model',
  'grok_model',
  'kimi_model',
  'report_writer_provider',
  'report_writer_model',
  'executor',
  'critic',
] as const;

/** R-ID-9: the v1 marker keys (snake_case above plus their camelCase forms). */
export const V1_PROVIDER_STATE_JSON_FIELDS: readonly string[] = [
  ...V1_PROVIDER_STATE_FIELDS,
  'workers',
  'leadProvider',
  'leadModel',
  'claudeModel',
  'codexModel',
  'antigravityModel',
  'grokModel',
  'kimiModel',
  'reportWriterProvider',
  'reportWriterModel',
];

/** R-ID-7. */
export const V2_STATE_FIELDS = ['roleCounts', 'roleModels', 'roleSelectionOrder'] as const;
/** Spellings of the v2 keys that the wizard never writes: dropped on load whatever they hold. */
export const V2_SNAKE_FIELDS = ['role_counts', 'role_models', 'role_selection_order', 'execution_identity_version'] as const;

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
      teamPick: z.optional(teamPickSchema),
      pendingFollowUp: z.optional(pendingFollowUpSchema),
      rememberedAnswers: z.optional(rememberedAnswersSchema),
      legacySource: z.optional(legacySourceSchema),
    }),
    z.unknown(),
  ),
);

/**
 * Every payload the codec reads: a v2 file as above, or a legacy v1 file (no version, or 1), which the codec converts
 * on load. Only the JSON Schema of the file (schemas/wizard-state.schema.json) is made from it; a unit test
 * (test/unit/docs/stateSchema.test.ts) holds it to the codec on every state file of the demo and the fixtures and on
 * payloads the codec refuses.
 */
export const readableStateFileSchema = lazySchema(() => {
  const forbidden = z
    .optional(z.never())
    .check(
      z.describe(
        'Not allowed together with the keys of the other version: a state file has either the v1 provider keys or executionIdentityVersion 2 with roleCounts, roleModels and roleSelectionOrder, never both.',
      ),
    );
  const dropped = z.optional(z.unknown()).check(z.describe('Not a key of the state format; dropped on load.'));
  // The v1 provider fields are read by the conversion to v2 (src/core/roles/convertV1.ts), whatever their type.
  const v1Field = z.optional(z.unknown()).check(z.describe('Legacy v1 field: read once to convert the file to v2, never written again.'));
  const keys = <T extends z.ZodMiniType>(names: readonly string[], schema: T) => Object.fromEntries(names.map((k) => [k, schema]));
  const fields = Object.fromEntries(STATE_FIELD_ORDER.map((f) => [f, z.optional(stateFieldsSchema.shape[f])]));
  const common = {
    ...fields,
    teamPick: z.optional(teamPickSchema),
    pendingFollowUp: z.optional(pendingFollowUpSchema),
    rememberedAnswers: z.optional(rememberedAnswersSchema),
    legacySource: z.optional(legacySourceSchema),
    ...keys(V2_SNAKE_FIELDS, dropped),
  };
  const v2 = z.looseObject({
    ...common,
    ...keys(V1_PROVIDER_STATE_JSON_FIELDS, forbidden),
    executionIdentityVersion: z
      .literal(2)
      .check(z.describe('The version of the state format: 2. A file without it (or with 1) is a legacy v1 state.')),
    roleCounts: roleCountsSchema,
    roleModels: roleModelsSchema,
    roleSelectionOrder: roleSelectionOrderSchema,
  });
  const v1 = z.looseObject({
    ...common,
    ...keys(V1_PROVIDER_STATE_JSON_FIELDS, v1Field),
    executionIdentityVersion: z
      .optional(z.union([z.literal(1), z.null()]))
      .check(z.describe('The version of the state format: absent, null or 1 in a legacy v1 state (2 in a v2 one).')),
    ...keys(V2_STATE_FIELDS, forbidden),
  });
  return z
    .union([v2, v1])
    .check(
      z.describe(
        'An okstra-wizard state file (<task-id>.wizard.json, or a v2 companion of a legacy file): the answers of one run wizard. Written by the wizard; see docs/state-file.md before editing it by hand.',
      ),
    );
});

/** The zod schema gives the fields' types (StateFields, stateFields.ts). */
const fieldsAgree: SameType<z.infer<typeof stateFieldsSchema>, StateFields> = true;
void fieldsAgree;

/** A fresh state: every field at its default, no role selection. */
export function defaultState(): WizardState {
  return { ...defaultStateFields(), extra_keys: [], role_counts: {}, role_models: {}, role_selection_order: [] };
}
