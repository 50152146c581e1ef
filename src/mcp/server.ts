// `okstra-wizard mcp`: the run wizard as a Model Context Protocol server over
// stdio (docs/mcp.md), on the official SDK. One project per server; the
// tools answer with the CLI's JSON documents (structuredContent, and the
// same JSON as text); a refusal is a tool error (`isError: true`) whose text
// is `{ok: false, code, error, current}`. The server never runs okstra: the
// outcome is an argv for the person (or the agent's own shell tool) to run.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
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

/** The arguments' refusal (`usage`, with the wizard's current prompt when the task is known), or null when they parse. */
function argumentRefusal(host: WizardHost, name: string, schema: z.ZodType, args: unknown): CallToolResult | null {
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return null;
  const problems = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'arguments'}: ${i.message}`).join('; ');
  const task = (args as { task?: unknown } | null)?.task;
  const current = typeof task === 'string' && TASK_KEY_PATTERN.test(task) ? host.currentOf(task) : null;
  return failed({ ok: false, code: 'usage', error: `invalid arguments for ${name}: ${problems}`, current });
}

/** A tool error of the SDK's own (a document that does not match its outputSchema: a bug) as the JSON refusal. */
function asRefusal(result: CallToolResult): CallToolResult {
  if (!result.isError) return result;
  const text = result.content.find((c) => c.type === 'text')?.text ?? '';
  try {
    if ((JSON.parse(text) as { ok?: unknown }).ok === false) return result;
  } catch {
    // The SDK's text: below.
  }
  return failed({ ok: false, code: 'internal', error: `internal error: ${text}`, current: null });
}

/**
 * The SDK's tools/call handler (input check, the tool, the outputSchema check of structuredContent), with the
 * tools' arguments checked first, so that a bad one is the JSON refusal docs/mcp.md promises rather than the SDK's
 * text, and the SDK's own tool errors (an output that does not match its schema) are JSON refusals too. Installed
 * by wrapping the one tools/call handler the SDK registers, before any tool is.
 */
function guardToolCalls(server: McpServer, host: WizardHost, inputs: Map<string, z.ZodType>): void {
  const low = server.server;
  const set = low.setRequestHandler.bind(low) as (schema: unknown, handler: unknown) => void;
  low.setRequestHandler = ((schema: typeof CallToolRequestSchema, handler: ToolCallHandler) => {
    if (schema !== CallToolRequestSchema) return set(schema, handler);
    const guarded: ToolCallHandler = async (request, extra) => {
      const input = inputs.get(request.params.name);
      const refused = input && argumentRefusal(host, request.params.name, input, request.params.arguments);
      if (refused) return refused;
      return asRefusal((await handler(request, extra)) as CallToolResult);
    };
    return set(schema, guarded);
  }) as typeof low.setRequestHandler;
}

type ToolCallHandler = (
  request: z.infer<typeof CallToolRequestSchema>,
  extra: Parameters<Parameters<McpServer['server']['setRequestHandler']>[1]>[1],
) => Promise<unknown>;

/** The MCP server over a WizardHost (not connected). */
export function createWizardServer(host: WizardHost, version: string): McpServer {
  const server = new McpServer({ name: 'okstra-wizard', version }, { instructions: SERVER_INSTRUCTIONS });
  const inputs = new Map<string, z.ZodType>();
  guardToolCalls(server, host, inputs);
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  const writes = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
  /** One tool: its input schema (the argument check above), its output schema (the SDK's check) and its body. */
  const tool = <I extends z.ZodObject, O extends z.ZodObject>(
    name: string,
    config: { title: string; description: string; input: I; output: O; annotations: typeof writes },
    body: (input: z.infer<I>) => object,
  ): void => {
    inputs.set(name, config.input);
    server.registerTool(
      name,
      {
        title: config.title,
        description: config.description,
        inputSchema: config.input.shape,
        outputSchema: config.output.shape,
        annotations: config.annotations,
      },
      ((input: z.infer<I>) => call(() => body(input))) as never,
    );
  };

  tool(
    'wizard_init',
    {
      title: 'Start a run wizard',
      description:
        "Starts okstra's run wizard for a task of this project (its state file is .okstra/tasks/<group>/<id>.wizard.json) and returns the first question as `next`. Refused when the task already has an unfinished wizard, unless startOver (which keeps the old one as a backup).",
      input: InitInput,
      output: InitOutput,
      annotations: writes,
    },
    (input) => host.init(input),
  );
  tool(
    'wizard_current',
    {
      title: 'Current prompt',
      description:
        'The prompt to answer now: `current.id`, `kind` (pick, multi_pick, text, done), `label`, `options` (answer with a value, a label or #N), `progress` and `revision`. Changes nothing.',
      input: TaskInput,
      output: CurrentOutput,
      annotations: readOnly,
    },
    ({ task }) => host.current(task),
  );
  tool(
    'wizard_answer',
    {
      title: 'Answer the current prompt',
      description:
        'Answers the prompt you were shown (its id and revision) and returns the next one as `next`. Refused, with nothing written, when that prompt is no longer the current one or the state changed since (another window, the CLI).',
      input: AnswerInput,
      output: StepOutput,
      annotations: writes,
    },
    ({ task, answer, prompt, revision }) => host.answer(task, answer, { prompt, revision }),
  );
  tool(
    'wizard_rewind',
    {
      title: 'Go back to a step',
      description:
        'Goes back to an answered step (a wizard_tree row with editable: true) so that it is asked again; answers that depend on it are cleared. Pass the shown prompt id and revision to refuse the rewind when the state changed meanwhile.',
      input: RewindInput,
      output: StepOutput,
      annotations: writes,
    },
    ({ task, to, prompt, revision }) => host.rewind(task, to, { prompt, revision }),
  );
  tool(
    'wizard_tree',
    {
      title: 'Answered steps',
      description: 'The answered steps in order (id, group, label, echo, editable) and the id of the current prompt. Changes nothing.',
      input: TaskInput,
      output: TreeOutput,
      annotations: readOnly,
    },
    ({ task }) => host.tree(task),
  );
  tool(
    'wizard_outcome',
    {
      title: 'Outcome of a finished wizard',
      description:
        "The `okstra render-bundle` argv (renderArgv) of a confirmed wizard and the confirmation text to show the user. Runs nothing: running okstra is the user's decision.",
      input: TaskInput,
      output: OutcomeOutput,
      annotations: readOnly,
    },
    ({ task }) => host.outcome(task),
  );
  tool(
    'wizard_abort',
    {
      title: 'Abort the wizard',
      description: 'Aborts the wizard of a task (its state file records aborted: true; a new wizard_init backs it up).',
      input: AbortInput,
      output: StepOutput,
      annotations: { ...writes, destructiveHint: true },
    },
    ({ task, prompt, revision }) => host.abort(task, { prompt, revision }),
  );
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
