// zod schemas of the okstra files a project holds (README › Files on disk). Manifests,
// briefs, plans and run inputs are written by okstra and keep keys this
// version does not know; config.yaml is the user's and refuses unknown keys.
// zod/mini, as every schema a one-shot CLI step builds (docs/performance.md › Start-up).

import * as z from 'zod/mini';
import { isPlainRecord, isRecordOf, isStringList, withFastCheck } from '../core/files';
import { lazySchema } from '../core/lazySchema';
import { ONE_BY_ONE, TEAM_NAME_PATTERN } from '../core/roles/teamNames';

/** An optional field that may also be written as null; null reads as absent. */
function opt<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(
    z.nullish(schema),
    z.transform((v) => (v === null ? undefined : v) as z.output<T> | undefined),
  );
}

/** A role id, as role profiles define them (docs/profiles.md › Role profiles). */
export const ROLE_ID_PATTERN = /^[a-z][a-z0-9-]*$/;

/** Built on first use, as every schema here: a one-shot step whose files pass their fast checks builds none. */
const nonEmpty = lazySchema(() => z.string().check(z.minLength(1)));

// ------------------------------------------------------------ task-manifest

const runEntrySchema = lazySchema(() =>
  z.looseObject({
    runId: nonEmpty,
    taskType: opt(z.string()),
    status: opt(z.string()),
    outcome: opt(z.string()),
    inputs: opt(z.string()),
  }),
);

export const taskManifestSchema = lazySchema(() =>
  z.looseObject({
    taskKey: opt(z.string()),
    taskGroup: z.string(),
    taskId: z.string(),
    title: opt(z.string()),
    updatedAt: opt(z.string()),
    workflow: opt(
      z.looseObject({
        currentPhase: opt(z.string()),
        nextRecommendedPhase: z.optional(z.unknown()),
        completedStages: opt(z.array(z.string())),
      }),
    ),
    contract: opt(z.looseObject({ outcome: opt(z.string()) })),
    worktree: opt(z.looseObject({ path: nonEmpty, branch: opt(z.string()) })),
    runs: opt(z.array(runEntrySchema)),
  }),
);

// --------------------------------------------------------------- brief.md

export const briefFrontMatterSchema = withFastCheck(
  lazySchema(() =>
    z.looseObject({
      title: opt(z.string()),
      taskType: opt(z.string()),
      analysisTarget: opt(z.string()),
      evidence: opt(
        z.strictObject({
          feature: opt(z.string()),
          project: opt(z.string()),
        }),
      ),
    }),
  ),
  briefFrontMatterPassesFastCheck,
);

// -------------------------------------------------------- approved-plan.md

const planStageSchema = lazySchema(() =>
  z.looseObject({
    id: nonEmpty.check(z.regex(/^[^,\s]+$/, "must not contain ',' or whitespace")),
    title: opt(z.string()),
    dependsOn: opt(z.array(nonEmpty)),
  }),
);

export const planFrontMatterSchema = withFastCheck(
  lazySchema(() =>
    z.looseObject({
      approved: opt(z.boolean()),
      stages: opt(z.array(planStageSchema)),
    }),
  ),
  planFrontMatterPassesFastCheck,
);

// ------------------------------------------------------ clarifications

export const questionsSchema = lazySchema(() =>
  z.array(
    z.looseObject({
      id: z.pipe(z.union([nonEmpty, z.number()]), z.transform(String)),
      question: z.string(),
    }),
  ),
);

// ------------------------------------------------------------ inputs.json

const modelRefList = lazySchema(() => z.array(z.string()));

export const runInputsSchema = withFastCheck(
  lazySchema(() =>
    z.looseObject({
      taskType: opt(z.string()),
      directive: opt(z.string()),
      relatedTasks: opt(z.union([z.string(), z.array(z.string())])),
      roleCounts: opt(z.record(z.string(), z.int())),
      roleModels: opt(z.record(z.string(), modelRefList)),
      roleSelectionOrder: opt(z.array(z.string())),
      // Legacy v1 model selection (converted by the core).
      workers: opt(z.union([z.string(), z.array(z.string())])),
      leadProvider: opt(z.string()),
      leadModel: opt(z.string()),
      claudeModel: opt(z.string()),
      codexModel: opt(z.string()),
      antigravityModel: opt(z.string()),
      grokModel: opt(z.string()),
      kimiModel: opt(z.string()),
      reportWriterProvider: opt(z.string()),
      reportWriterModel: opt(z.string()),
      executor: opt(z.string()),
      critic: opt(z.string()),
    }),
  ),
  runInputsPassesFastCheck,
);

// ------------------------------------------------------------ config.yaml
// The descriptions are the hover text of the generated JSON Schema (schemas/okstra-config.schema.json, built by
// scripts/schemas/generate.ts), which VS Code shows while config.yaml is edited by hand.

const roleDefaults = lazySchema(() =>
  z
    .record(
      z.string().check(z.regex(ROLE_ID_PATTERN, 'must be a role id')),
      z.array(nonEmpty).check(z.describe('Model refs in order of preference.')),
    )
    .check(
      z.describe(
        'Default models per role id: the first model of the list is proposed for the first instance of the role, the next for the second, and so on. Overridden per user by the okstra.modelDefaults setting.',
      ),
    ),
);

export const modelDefaultsSchema = roleDefaults;

/** Keys of `record` that `valid` refuses, each an issue at its own key with `message` (own words, never zod's). */
function keysMust(valid: (key: string) => boolean, message: string) {
  return z.superRefine((record: Record<string, unknown>, ctx) => {
    for (const key of Object.keys(record)) if (!valid(key)) ctx.issues.push({ code: 'custom', message, path: [key], input: key });
  });
}

const teamSchema = lazySchema(() =>
  z
    .strictObject({
      description: opt(z.string()).check(z.describe('One line about the team, shown beside its name when it is offered.')),
      roles: z
        .record(
          z.string(),
          z
            .array(nonEmpty)
            .check(
              z.describe("The models of the role's agents, in agent order: one agent per model ref; [] for none of an optional role."),
            ),
        )
        .check(
          keysMust((role) => ROLE_ID_PATTERN.test(role), 'must be a role id'),
          z.describe(
            'Per role id, the models of its agents. The count of a role is the length of its list; roles the team does not name are asked as usual.',
          ),
        ),
    })
    .check(z.describe('A team: a whole panel of agents chosen in one pick (team-pick).')),
);

/** What is wrong with a key of `teams` that is not a team name. */
export const NOT_A_TEAM_NAME = 'must be a team name: letters, digits, ".", "_" or "-", starting with a letter or digit, at most 64';

/** `teams:` of config.yaml and the `okstra.teams` setting (or the OKSTRA_TEAMS file): team name → team. */
export const teamsSchema = lazySchema(() =>
  z.record(z.string(), teamSchema).check(
    keysMust((name) => TEAM_NAME_PATTERN.test(name), NOT_A_TEAM_NAME),
    keysMust((name) => name !== ONE_BY_ONE, `'${ONE_BY_ONE}' is the answer "Choose agents one by one", not a team name`),
    z.describe(
      'Teams by name: each names, per role, the models of its agents, so that a run gets its whole panel in one pick. The okstra.teams setting holds personal teams of the same shape; a project team wins over a personal one of the same name.',
    ),
  ),
);

export const configSchema = withFastCheck(
  lazySchema(() =>
    z
      .strictObject({
        projectId: opt(nonEmpty).check(z.describe('The project id passed to okstra; default: the project folder name, slugified.')),
        okstraCommand: opt(z.union([nonEmpty, z.array(z.string()).check(z.minLength(1))])).check(
          z.describe(
            "How okstra is started: one executable, or [program, ...args]; default 'okstra'. The okstra.command setting overrides it.",
          ),
        ),
        modelDefaults: opt(roleDefaults),
        providers: opt(
          z.record(
            z.string(),
            z
              .strictObject({
                display: opt(z.string()).check(z.describe('The name shown in model lists.')),
                cli: opt(nonEmpty).check(z.describe("The provider's command-line program, looked up on PATH unless it is a path.")),
                enabled: opt(z.boolean()).check(z.describe('false: none of its models can be chosen. Default: true.')),
              })
              .check(z.describe('A provider of the model registry: a built-in one to change, or a new one.')),
          ),
        ).check(z.describe('Providers merged over the built-in model registry, by provider id.')),
        models: opt(
          z.array(
            z
              .strictObject({
                ref: nonEmpty
                  .check(z.regex(/^[^/\s]+\/[^\s]+$/, "must be '<provider>/<model>'"))
                  .check(z.describe("'<provider>/<model>'; a built-in ref replaces that model.")),
                display: opt(z.string()).check(z.describe('The name shown in model lists; default: the ref.')),
                aliases: opt(z.array(nonEmpty)).check(z.describe('Other names an answer may use for this model.')),
                roles: opt(z.union([z.literal('*'), z.array(nonEmpty)])).check(
                  z.describe("The roles that may use this model: '*' (default) or a list of role ids."),
                ),
                defaultFor: opt(z.array(nonEmpty)).check(z.describe('The role ids for which this model is a built-in default.')),
              })
              .check(z.describe('A model of the registry.')),
          ),
        ).check(z.describe('Models added to the built-in registry (or replacing a built-in model with the same ref), in pool order.')),
        registry: opt(
          z.strictObject({
            replaceBuiltins: opt(z.boolean()).check(z.describe('true: use only the providers and models of this file. Default: false.')),
          }),
        ).check(z.describe('How this file combines with the built-in model registry.')),
        prTemplate: opt(nonEmpty).check(z.describe('The pull-request template of release hand-off runs, relative to the project root.')),
        teams: opt(teamsSchema),
      })
      .check(z.describe('okstra project settings (.okstra/config.yaml). Unknown keys are refused.')),
  ),
  configPassesFastCheck,
);

// --------------------------------------------------- the catalogue fast path

function isPlain(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
const optString = (v: unknown) => v === undefined || typeof v === 'string';

/**
 * A conservative stand-in for `taskManifestSchema.safeParse` on the catalogue's
 * hot path (docs/performance.md, P3: zod costs ~50 µs a manifest, 10,000 of them at
 * cold start). True only when the schema would accept `data` and return it
 * unchanged (no nulls to normalise); anything else goes through zod, which
 * also words the error. A property test holds the two together.
 */
export function manifestPassesFastCheck(data: unknown): boolean {
  if (!isPlain(data)) return false;
  if (typeof data.taskGroup !== 'string' || typeof data.taskId !== 'string') return false;
  if (!optString(data.taskKey) || !optString(data.title) || !optString(data.updatedAt)) return false;
  const wf = data.workflow;
  if (wf !== undefined) {
    if (!isPlain(wf) || !optString(wf.currentPhase)) return false;
    const cs = wf.completedStages;
    if (cs !== undefined && !(Array.isArray(cs) && cs.every((s) => typeof s === 'string'))) return false;
  }
  const contract = data.contract;
  if (contract !== undefined && !(isPlain(contract) && optString(contract.outcome))) return false;
  const wt = data.worktree;
  if (wt !== undefined && !(isPlain(wt) && typeof wt.path === 'string' && wt.path !== '' && optString(wt.branch))) return false;
  const runs = data.runs;
  if (runs !== undefined) {
    if (!Array.isArray(runs)) return false;
    for (const r of runs) {
      if (!isPlain(r) || typeof r.runId !== 'string' || r.runId === '') return false;
      if (!optString(r.taskType) || !optString(r.status) || !optString(r.outcome) || !optString(r.inputs)) return false;
    }
  }
  return true;
}

const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isNonEmptyStringList = (v: unknown): boolean => Array.isArray(v) && v.every(isNonEmptyString);
const STAGE_ID = /^[^,\s]+$/;

/** A conservative stand-in for `configSchema.safeParse` (withFastCheck): the common keys, with values as the schema wants them. */
export function configPassesFastCheck(data: unknown): boolean {
  if (!isPlainRecord(data)) return false;
  for (const key of Object.keys(data)) {
    if (key !== 'projectId' && key !== 'okstraCommand' && key !== 'modelDefaults' && key !== 'prTemplate' && key !== 'teams') return false;
  }
  if (
    (data.projectId !== undefined && !isNonEmptyString(data.projectId)) ||
    (data.prTemplate !== undefined && !isNonEmptyString(data.prTemplate))
  ) {
    return false;
  }
  const command = data.okstraCommand;
  if (command !== undefined && !isNonEmptyString(command) && !(Array.isArray(command) && command.length > 0 && isStringList(command)))
    return false;
  const defaults = data.modelDefaults;
  if (defaults !== undefined) {
    if (!isPlainRecord(defaults)) return false;
    for (const [role, refs] of Object.entries(defaults)) if (!ROLE_ID_PATTERN.test(role) || !isNonEmptyStringList(refs)) return false;
  }
  return data.teams === undefined || teamsPassFastCheck(data.teams);
}

/** `teams:` as teamsSchema wants it, with nothing to normalise (a null description goes through the schema). */
function teamsPassFastCheck(teams: unknown): boolean {
  if (!isPlainRecord(teams)) return false;
  for (const [name, team] of Object.entries(teams)) {
    if (!TEAM_NAME_PATTERN.test(name) || name === ONE_BY_ONE || !isPlainRecord(team)) return false;
    for (const key of Object.keys(team)) if (key !== 'description' && key !== 'roles') return false;
    if (team.description !== undefined && typeof team.description !== 'string') return false;
    if (!isPlainRecord(team.roles)) return false;
    for (const [role, refs] of Object.entries(team.roles)) if (!ROLE_ID_PATTERN.test(role) || !isNonEmptyStringList(refs)) return false;
  }
  return true;
}

/** A conservative stand-in for `briefFrontMatterSchema.safeParse` (withFastCheck). */
export function briefFrontMatterPassesFastCheck(data: unknown): boolean {
  if (!isPlainRecord(data)) return false;
  if (!optString(data.title) || !optString(data.taskType) || !optString(data.analysisTarget)) return false;
  const evidence = data.evidence;
  if (evidence === undefined) return true;
  if (!isPlain(evidence) || !optString(evidence.feature) || !optString(evidence.project)) return false;
  return Object.keys(evidence).every((k) => k === 'feature' || k === 'project');
}

/** A conservative stand-in for `planFrontMatterSchema.safeParse` (withFastCheck). */
export function planFrontMatterPassesFastCheck(data: unknown): boolean {
  if (!isPlainRecord(data)) return false;
  if (data.approved !== undefined && typeof data.approved !== 'boolean') return false;
  const stages = data.stages;
  if (stages === undefined) return true;
  if (!Array.isArray(stages)) return false;
  return stages.every(
    (st) =>
      isPlainRecord(st) &&
      isNonEmptyString(st.id) &&
      STAGE_ID.test(st.id) &&
      optString(st.title) &&
      (st.dependsOn === undefined || isNonEmptyStringList(st.dependsOn)),
  );
}

const INPUT_STRINGS = [
  'taskType',
  'directive',
  'leadProvider',
  'leadModel',
  'claudeModel',
  'codexModel',
  'antigravityModel',
  'grokModel',
  'kimiModel',
  'reportWriterProvider',
  'reportWriterModel',
  'executor',
  'critic',
] as const;

/** A conservative stand-in for `runInputsSchema.safeParse` (withFastCheck). */
export function runInputsPassesFastCheck(data: unknown): boolean {
  if (!isPlainRecord(data)) return false;
  for (const key of INPUT_STRINGS) if (!optString(data[key])) return false;
  for (const key of ['relatedTasks', 'workers'] as const) {
    const v = data[key];
    if (v !== undefined && typeof v !== 'string' && !isStringList(v)) return false;
  }
  if (data.roleSelectionOrder !== undefined && !isStringList(data.roleSelectionOrder)) return false;
  const counts = data.roleCounts;
  if (counts !== undefined && !isRecordOf(counts, Number.isSafeInteger)) return false;
  const models = data.roleModels;
  if (models !== undefined && !isRecordOf(models, isStringList)) return false;
  return true;
}
