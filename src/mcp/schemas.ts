// The MCP tools' input and output schemas. Outputs are the CLI's JSON
// documents (src/cli/outputSchemas.ts), so an agent reads the same shapes
// from `okstra-wizard step` and from the server; a tool error is the CLI's
// refusal document with the error code added.
import * as z from 'zod';
import { CurrentDocSchema, OutcomeDocSchema, PromptSchema, RefusedDocSchema, SubmitDocSchema, TreeDocSchema } from '../cli/outputSchemas';
import { WIZARD_ERROR_CODES } from '../core/types';

import { TASK_KEY_PATTERN } from '../host';

const task = z
  .string()
  .regex(TASK_KEY_PATTERN, "a task key '<group>/<id>'")
  .describe("The task whose wizard this is, as '<group>/<id>' (e.g. 'payments/refund-queue').");
const promptId = z.string().min(1).describe('The id of the prompt that was shown (`current.id` or `next.id`).');
const revision = z
  .string()
  .regex(/^[0-9a-f]{16}$/, 'a 16-hex revision')
  .describe('The revision of the prompt that was shown (`current.revision` or `next.revision`).');

export const TaskInput = z.object({ task });

export const InitInput = z.object({
  task,
  hostRuntime: z.string().optional().describe("The leader's host runtime: claude-code (default), codex, antigravity or vscode."),
  entryMode: z.string().optional().describe('current-session or spawn-process (default).'),
  availableFunctions: z.array(z.string()).optional().describe('Functions the leader session can call (as `init --available-functions`).'),
  startOver: z
    .boolean()
    .optional()
    .describe('When the task already has an unfinished wizard: back it up and start again (default: refuse and keep it).'),
});

export const AnswerInput = z.object({
  task,
  answer: z.string().describe("An option's value, its label, or #N (1-based position); for a text prompt, the text."),
  prompt: promptId,
  revision,
});

export const RewindInput = z.object({
  task,
  to: z.string().min(1).describe('The answered step to go back to (a tree row id with editable: true).'),
  prompt: promptId.optional(),
  revision: revision.optional(),
});

export const AbortInput = z.object({ task, prompt: promptId.optional(), revision: revision.optional() });

export const InitOutput = SubmitDocSchema.extend({
  state: z.string().describe('The state file, relative to the project root (the CLI takes it as --state).'),
});
export { CurrentDocSchema as CurrentOutput, SubmitDocSchema as StepOutput, TreeDocSchema as TreeOutput, OutcomeDocSchema as OutcomeOutput };

/** What a failed tool call carries (as JSON text, `isError: true`): the code, the message and the current prompt. */
export const ToolErrorDocSchema = RefusedDocSchema.extend({
  code: z.enum(WIZARD_ERROR_CODES),
  current: PromptSchema.nullable(),
});
export type ToolErrorDoc = z.infer<typeof ToolErrorDocSchema>;
