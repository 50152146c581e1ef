// `okstra-wizard mcp`: the run wizard as a Model Context Protocol server over
// stdio (docs/mcp.md), on the official SDK. One project per server; the
// tools answer with the CLI's JSON documents (structuredContent, and the
// same JSON as text); a refusal is a tool error (`isError: true`) whose text
// is `{ok: false, code, error, current}`. The server never runs okstra: the
// outcome is an argv for the person (or the agent's own shell tool) to run.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import { refusalDoc, TASK_KEY_PATTERN } from '../host';
import { LineTransport } from './lineTransport';
import {
  AbortInput,
  AnswerInput,
  CurrentOutput,
  InitInput,
  InitOutput,
  OutcomeOutput,
  RewindInput,
  StepOutput,
  TaskInput,
  TreeOutput,
  type ToolErrorDoc,
} from './schemas';
import { ToolFailure, WizardHost, type WizardHostOptions } from './wizardHost';

export const SERVER_INSTRUCTIONS = `okstra's run wizard for one project: it asks which task, run type, brief, plan stage, how many agents per role and which model each, and turns the answers into one \`okstra render-bundle …\` argv.
Start with wizard_init (a task '<group>/<id>') or continue with wizard_current. Answer only the prompt you were shown: pass its id and revision to wizard_answer; an answer to a prompt that is no longer current is refused and nothing is written. A refusal is a tool error whose JSON text has \`code\`, \`error\` and the \`current\` prompt.
When the wizard is done, wizard_outcome returns the argv and the confirmation text. This server never runs okstra: show the confirmation to the user and let them decide.`;

/** The text twin of structuredContent (for clients that read only text), compact: it is sent on every call. */
function json(doc: object): string {
  return JSON.stringify(doc);
}

function ok(doc: object): CallToolResult {
  return { content: [{ type: 'text', text: json(doc) }], structuredContent: doc as Record<string, unknown> };
}

function failed(doc: ToolErrorDoc): CallToolResult {
  return { content: [{ type: 'text', text: json(doc) }], isError: true };
}

/** Runs a tool body: its document, or its refusal (a bug included, as code `internal`) as a tool error. */
function call(body: () => object): CallToolResult {
  try {
    return ok(body());
  } catch (err) {
    if (err instanceof ToolFailure) return failed(err.doc);
    return failed(refusalDoc(err) as ToolErrorDoc);
  }
}

/** The tools' own argument check: a bad argument is the JSON refusal (`usage`, with the wizard's current prompt when the task is known). */
function checkedCall(host: WizardHost, name: string, schema: z.ZodType, args: unknown, body: (input: never) => object): CallToolResult {
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return call(() => body(parsed.data as never));
  const problems = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'arguments'}: ${i.message}`).join('; ');
  const task = (args as { task?: unknown } | null)?.task;
  const current = typeof task === 'string' && TASK_KEY_PATTERN.test(task) ? host.currentOf(task) : null;
  return failed({ ok: false, code: 'usage', error: `invalid arguments for ${name}: ${problems}`, current });
}

/** The MCP server over a WizardHost (not connected). */
export function createWizardServer(host: WizardHost, version: string): McpServer {
  const server = new McpServer({ name: 'okstra-wizard', version }, { instructions: SERVER_INSTRUCTIONS });
  // Each tool's input schema and body, for the one argument check (the SDK's own answers a JSON-RPC error instead).
  const bodies = new Map<string, { schema: z.ZodType; body: (input: never) => object }>();
  const tool = <S extends z.ZodObject>(schema: S, body: (input: z.infer<S>) => object) => {
    return { schema, body: body as (input: never) => object };
  };
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  const writes = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

  bodies.set(
    'wizard_init',
    tool(InitInput, (input) => host.init(input)),
  );
  bodies.set(
    'wizard_current',
    tool(TaskInput, ({ task }) => host.current(task)),
  );
  bodies.set(
    'wizard_answer',
    tool(AnswerInput, ({ task, answer, prompt, revision }) => host.answer(task, answer, { prompt, revision })),
  );
  bodies.set(
    'wizard_rewind',
    tool(RewindInput, ({ task, to, prompt, revision }) => host.rewind(task, to, { prompt, revision })),
  );
  bodies.set(
    'wizard_tree',
    tool(TaskInput, ({ task }) => host.tree(task)),
  );
  bodies.set(
    'wizard_outcome',
    tool(TaskInput, ({ task }) => host.outcome(task)),
  );
  bodies.set(
    'wizard_abort',
    tool(AbortInput, ({ task, prompt, revision }) => host.abort(task, { prompt, revision })),
  );
  server.registerTool(
    'wizard_init',
    {
      title: 'Start a run wizard',
      description:
        "Starts okstra's run wizard for a task of this project (its state file is .okstra/tasks/<group>/<id>.wizard.json) and returns the first question as `next`. Refused when the task already has an unfinished wizard, unless startOver (which keeps the old one as a backup).",
      inputSchema: InitInput.shape,
      outputSchema: InitOutput.shape,
      annotations: writes,
    },
    (input) => call(() => host.init(input)),
  );
  server.registerTool(
    'wizard_current',
    {
      title: 'Current prompt',
      description:
        'The prompt to answer now: `current.id`, `kind` (pick, multi_pick, text, done), `label`, `options` (answer with a value, a label or #N), `progress` and `revision`. Changes nothing.',
      inputSchema: TaskInput.shape,
      outputSchema: CurrentOutput.shape,
      annotations: readOnly,
    },
    ({ task }) => call(() => host.current(task)),
  );
  server.registerTool(
    'wizard_answer',
    {
      title: 'Answer the current prompt',
      description:
        'Answers the prompt you were shown (its id and revision) and returns the next one as `next`. Refused, with nothing written, when that prompt is no longer the current one or the state changed since (another window, the CLI).',
      inputSchema: AnswerInput.shape,
      outputSchema: StepOutput.shape,
      annotations: writes,
    },
    ({ task, answer, prompt, revision }) => call(() => host.answer(task, answer, { prompt, revision })),
  );
  server.registerTool(
    'wizard_rewind',
    {
      title: 'Go back to a step',
      description:
        'Goes back to an answered step (a wizard_tree row with editable: true) so that it is asked again; answers that depend on it are cleared. Pass the shown prompt id and revision to refuse the rewind when the state changed meanwhile.',
      inputSchema: RewindInput.shape,
      outputSchema: StepOutput.shape,
      annotations: writes,
    },
    ({ task, to, prompt, revision }) => call(() => host.rewind(task, to, { prompt, revision })),
  );
  server.registerTool(
    'wizard_tree',
    {
      title: 'Answered steps',
      description: 'The answered steps in order (id, group, label, echo, editable) and the id of the current prompt. Changes nothing.',
      inputSchema: TaskInput.shape,
      outputSchema: TreeOutput.shape,
      annotations: readOnly,
    },
    ({ task }) => call(() => host.tree(task)),
  );
  server.registerTool(
    'wizard_outcome',
    {
      title: 'Outcome of a finished wizard',
      description:
        "The `okstra render-bundle` argv (renderArgv) of a confirmed wizard and the confirmation text to show the user. Runs nothing: running okstra is the user's decision.",
      inputSchema: TaskInput.shape,
      outputSchema: OutcomeOutput.shape,
      annotations: readOnly,
    },
    ({ task }) => call(() => host.outcome(task)),
  );
  server.registerTool(
    'wizard_abort',
    {
      title: 'Abort the wizard',
      description: 'Aborts the wizard of a task (its state file records aborted: true; a new wizard_init backs it up).',
      inputSchema: AbortInput.shape,
      outputSchema: StepOutput.shape,
      annotations: { ...writes, destructiveHint: true },
    },
    ({ task, prompt, revision }) => call(() => host.abort(task, { prompt, revision })),
  );
  // Tool calls: the arguments are checked here, so that a bad one is the JSON refusal docs/mcp.md promises.
  server.server.setRequestHandler(CallToolRequestSchema, (request) => {
    const entry = bodies.get(request.params.name);
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    return checkedCall(host, request.params.name, entry.schema, request.params.arguments, entry.body);
  });
  return server;
}

export interface McpIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
}

/** Serves until the client closes stdin. */
export async function runMcpServer(options: WizardHostOptions & { version: string }, io: McpIo): Promise<void> {
  const host = new WizardHost(options);
  const server = createWizardServer(host, options.version);
  const transport = new LineTransport(io.stdin, io.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  await closed;
}
