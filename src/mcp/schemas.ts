// The MCP tools' output schemas; their inputs are the host's (src/host/tools.ts, shared with the language-model
// tools). Outputs are the CLI's JSON documents (src/host/documentSchemas.ts), so an agent reads the same shapes from
// `okstra-wizard step` and from the server, plus the listings only the server has; a tool error is the CLI's
// refusal document with the error code added.
import * as z from 'zod';
import {
  CurrentDocSchema,
  DoctorDocSchema,
  OutcomeDocSchema,
  PromptSchema,
  RefusedDocSchema,
  SubmitDocSchema,
  TeamsDocSchema,
  TreeDocSchema,
} from '../host/documentSchemas';
import { WIZARD_ERROR_CODES } from '../core/types';
import { ENTRY_MODES, type ToolKey } from '../host/tools';
import { HOST_IDS } from '../core/roles/hostRegistry';

export const InitOutput = SubmitDocSchema.extend({
  state: z.string().describe('The state file, relative to the project root (the CLI takes it as --state).'),
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

/** Each tool's output schema (the SDK checks structuredContent against it). */
export const TOOL_OUTPUTS: Record<ToolKey, z.ZodObject> = {
  tasks: TasksOutput,
  list: ListOutput,
  init: InitOutput,
  current: CurrentDocSchema,
  answer: SubmitDocSchema,
  rewind: SubmitDocSchema,
  tree: TreeDocSchema,
  teams: TeamsDocSchema,
  preview: OutcomeDocSchema,
  outcome: OutcomeDocSchema,
  abort: SubmitDocSchema,
  run_environment: DoctorDocSchema,
};

/** What a failed tool call carries (as JSON text, `isError: true`): the code, the message and the current prompt. */
export const ToolErrorDocSchema = RefusedDocSchema.extend({
  code: z.enum(WIZARD_ERROR_CODES),
  current: PromptSchema.nullable(),
});
export type ToolErrorDoc = z.infer<typeof ToolErrorDocSchema>;
