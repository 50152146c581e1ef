// zod schemas of the host's documents (src/host/documents.ts): what `okstra-wizard` prints (docs/protocol.md), the
// MCP tools' structuredContent (docs/mcp.md) and the language-model tools' results. The tests validate every
// document against them; agents driving the CLI from TypeScript can reuse them. Classic zod, and not re-exported by
// ./index.ts: the CLI's commands bundle holds no zod classic (test/unit/cli/launcher.test.ts). Key order is part of the format and is checked
// separately (PROMPT_KEY_ORDER).
import * as z from 'zod';
import { WIZARD_ERROR_CODES } from '../core/types';
import { ENTRY_MODES, HOST_IDS } from '../core/roles/hostRegistry';
import { RUN_CHECK_CODES, RUN_CHECK_STATUSES } from './runEnvironment';

export const PROMPT_KEY_ORDER = ['id', 'step', 'kind', 'label', 'options', 'echo_template', 'progress'] as const;
/** The last key of every prompt document (then `default` / `unavailable` come between). */
export const PROMPT_LAST_KEY = 'revision';

export const OptionSchema = z.strictObject({
  value: z.string(),
  label: z.string(),
  description: z.string().optional(),
  disabled: z.literal(true).optional(),
  default: z.literal(true).optional(),
});

export const ProgressSchema = z.strictObject({
  answered: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

export const PromptSchema = z
  .strictObject({
    id: z.string(),
    step: z.string(),
    kind: z.enum(['pick', 'multi_pick', 'text', 'done']),
    label: z.string(),
    options: z.array(OptionSchema),
    echo_template: z.string(),
    progress: ProgressSchema,
    default: z.string().optional(),
    unavailable: z
      .array(z.strictObject({ value: z.string(), label: z.string().optional(), reason: z.string(), detail: z.string().optional() }))
      .optional(),
    /** On the done prompt only: how the wizard ended. */
    ended: z.enum(['confirmed', 'aborted']).optional(),
    /** The first 16 hex digits of the sha256 of the state-file bytes the prompt was computed from. */
    revision: z.string().regex(/^[0-9a-f]{16}$/),
  })
  .superRefine((p, ctx) => {
    if (p.id !== p.step) ctx.addIssue({ code: 'custom', message: `id ${p.id} differs from step ${p.step}` });
    if (p.kind === 'text' && p.default === undefined) ctx.addIssue({ code: 'custom', message: 'text prompt without default' });
    if (p.kind !== 'text' && p.default !== undefined) ctx.addIssue({ code: 'custom', message: 'default on a non-text prompt' });
    const defaults = p.options.filter((o) => o.default).length;
    if (p.kind === 'pick' ? defaults > 1 : defaults > 0) {
      ctx.addIssue({ code: 'custom', message: `${defaults} default options on a ${p.kind} prompt` });
    }
    if ((p.kind === 'done') !== (p.ended !== undefined))
      ctx.addIssue({ code: 'custom', message: '`ended` on a prompt that is not done, or missing' });
    if (p.kind === 'done') {
      if (p.label !== '' || p.options.length > 0 || p.echo_template !== '' || p.progress.total !== p.progress.answered) {
        ctx.addIssue({ code: 'custom', message: 'malformed done prompt' });
      }
    }
  });
export type PromptOut = z.infer<typeof PromptSchema>;

const Notices = z.array(z.string()).min(1).optional();

/** `code` beside every `error` (src/core/types.ts WIZARD_ERROR_CODES). */
export const ErrorCodeSchema = z.enum(WIZARD_ERROR_CODES);

export const ErrorDocSchema = z.strictObject({ ok: z.literal(false), notices: Notices, code: ErrorCodeSchema, error: z.string().min(1) });

export const CurrentDocSchema = z.strictObject({ ok: z.literal(true), notices: Notices, current: PromptSchema });

export const SubmitDocSchema = z.strictObject({
  ok: z.literal(true),
  notices: Notices,
  echo: z.string(),
  next: PromptSchema.nullable(),
  code: ErrorCodeSchema.optional(),
  error: z.string().optional(),
});

export const InitDocSchema = z.strictObject({ ok: z.literal(true), notices: Notices, next: PromptSchema });

export const RefusedDocSchema = z.strictObject({
  ok: z.literal(false),
  notices: Notices,
  code: ErrorCodeSchema,
  error: z.string().min(1),
  current: PromptSchema.nullable(),
});

export const RenderArgsSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const RenderArgsDocSchema = z.strictObject({
  ok: z.literal(true),
  notices: Notices,
  renderArgs: RenderArgsSchema,
  renderArgv: z.array(z.string()),
});

export const OutcomeDocSchema = z.strictObject({
  ok: z.literal(true),
  notices: Notices,
  renderArgs: RenderArgsSchema,
  renderArgv: z.array(z.string()),
  orchestration: z.looseObject({ chainStages: z.array(z.unknown()) }),
  persistActions: z.array(z.strictObject({ action: z.literal('set-config'), file: z.string(), key: z.string(), value: z.string() })),
  confirmationText: z.string(),
  program: z
    .strictObject({
      command: z.array(z.string()).min(1).describe('config.yaml okstraCommand, else ["okstra"].'),
      path: z.string().nullable().describe('The first word resolved now (absolute); null when not found.'),
    })
    .describe('What Run would start: `<command…> render-bundle <renderArgv…>`.'),
});

export const TreeRowSchema = z.strictObject({
  id: z.string(),
  group: z.enum(['task', 'inputs', 'roles', 'follow-ups', 'confirm']),
  label: z.string(),
  echo: z.string(),
  answered: z.boolean(),
  editable: z.boolean(),
  notice: z.string().optional(),
});

export const TreeDocSchema = z.strictObject({
  ok: z.literal(true),
  notices: Notices,
  rows: z.array(TreeRowSchema),
  current: z.string().nullable(),
  /** The revision of the state the tree was computed from: with `current`, it binds an answer or a rewind. */
  revision: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
});

const TeamChoiceSchema = z.strictObject({
  value: z.string().describe("team-pick's answer for it: the team's name, or run:<run id>."),
  name: z.string(),
  scope: z
    .enum(['project', 'user', 'run'])
    .describe('project: .okstra/config.yaml; user: okstra.teams or OKSTRA_TEAMS; run: the agents of a past run.'),
  description: z.string().nullable(),
  agents: z.string().describe("The team's agents in one line, as team-pick shows them."),
  usable: z.boolean(),
  reason: z.string().nullable().describe('Why the team cannot be used on this run, in words; null when it can.'),
  lastRun: z.boolean().describe("The team of the task's last run of this run type: team-pick's default when usable."),
});

export const TeamsDocSchema = z.strictObject({
  ok: z.literal(true),
  notices: Notices,
  teams: z.array(TeamChoiceSchema).describe('team-pick\'s options on this wizard\'s task and run type, before "Choose agents one by one".'),
});

export const VersionDocSchema = z.strictObject({ ok: z.literal(true), version: z.string().regex(/^\d+\.\d+\.\d+/) });

const RunCheckSchema = z.strictObject({
  code: z.enum(RUN_CHECK_CODES),
  status: z.enum(RUN_CHECK_STATUSES),
  subject: z.string(),
  detail: z.string(),
  fix: z.string().optional(),
  roles: z.array(z.string()).optional(),
});

export const DoctorDocSchema = z.strictObject({
  ok: z.literal(true),
  ready: z.boolean(),
  summary: z.string(),
  checks: z.array(RunCheckSchema),
});

// The agent tools' listings (src/host/tools.ts names each tool's document).

export const InitOutput = SubmitDocSchema.extend({
  state: z.string().describe("The state file, relative to the project root (the CLI's --state)."),
  hostRuntime: z.enum(HOST_IDS as [string, ...string[]]).describe("The leader's host runtime the wizard was started with."),
  entryMode: z.enum(ENTRY_MODES).describe('The entry mode the wizard was started with.'),
});

const TaskWizardSchema = z.strictObject({
  status: z.enum(['unfinished', 'confirmed', 'aborted', 'unreadable']),
  state: z.string(),
  answered: z.number().int().nonnegative().optional(),
  updatedAt: z.string(),
  error: z.string().optional(),
});

export const TasksOutput = z.strictObject({
  ok: z.literal(true),
  tasks: z.array(
    z.strictObject({
      key: z.string(),
      title: z.string(),
      phase: z.string(),
      next: z.strictObject({ phase: z.string(), status: z.string() }),
      contract: z.string().optional(),
      error: z.string().optional(),
      wizard: TaskWizardSchema.nullable(),
      // A task's teams (once config.yaml gives them) join here, as they join src/host/tasks.ts TaskSummary.
    }),
  ),
  total: z.number().int().nonnegative().describe('How many tasks matched, before limit.'),
});

export const ListOutput = z.strictObject({
  ok: z.literal(true),
  wizards: z.array(
    z.strictObject({
      task: z.string(),
      state: z.string(),
      status: z.enum(['unfinished', 'unreadable']),
      step: z.string().optional(),
      n: z.number().int().optional(),
      total: z.number().int().optional(),
      updatedAt: z.string(),
      error: z.string().optional(),
      legacy: z.literal(true).optional(),
    }),
  ),
});

/**
 * wizard_task_runs: a task's runs, newest first, as the Tasks view reads them (src/workspace/runHistory.ts): the run
 * type (the manifest's, else the inputs'), the date it started (ISO 8601; null when neither startedAt nor the run id
 * tells), the configured team whose agents are the run's (else null), its agents per role (null when not known), its
 * inputs.json (null when there is none to read) and the problem when that file is missing or cannot be used; `total`
 * counts the runs before limit. Kept without field descriptions: the tool list is sent to the model
 * (docs/mcp.md › What the tool list costs).
 */
export const TaskRunsDocSchema = z.strictObject({
  ok: z.literal(true),
  task: z.string(),
  runs: z.array(
    z.strictObject({
      runId: z.string(),
      runType: z.string(),
      date: z.string().nullable(),
      stage: z.string(),
      chainStages: z.array(z.string()),
      status: z.string(),
      outcome: z.string(),
      team: z.string().nullable(),
      agents: z.record(z.string(), z.array(z.string())).nullable(),
      inputs: z.string().nullable(),
      problem: z.string().optional(),
    }),
  ),
  total: z.number().int().nonnegative(),
});
