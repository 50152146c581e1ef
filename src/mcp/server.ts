// `okstra-wizard mcp`: the run wizard as a Model Context Protocol server over stdio (docs/mcp.md), on the official
// SDK's Server. One project per server; the tools (defined once in src/host/tools.ts) answer with the CLI's JSON
// documents (structuredContent, and the same JSON as text); a refusal is a tool error (`isError: true`) whose text
// is `{ok: false, code, error, current}`. The tool list never changes (no `listChanged`). A cancelled call stops
// before its save, or — when the cancellation came after the save — the server says so in a log message. The
// server never runs okstra: the outcome is an argv for the person (or the agent's own shell tool) to run.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type JSONRPCMessage,
  type RequestId,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { CANCELLED_BEFORE_SAVE, refusalDoc, TASK_KEY_PATTERN } from '../host';
import { WIZARD_TOOL_INSTRUCTIONS, WIZARD_TOOLS, type WizardToolKey } from '../host/tools';
import { LineTransport } from './lineTransport';
import { hostRuntimeOfClient } from './clientHost';
import {
  CurrentOutput,
  InitOutput,
  ListOutput,
  OutcomeOutput,
  PreviewOutput,
  StepOutput,
  TasksOutput,
  TreeOutput,
  type ToolErrorDoc,
} from './schemas';
import { ToolFailure, WizardHost, type WizardHostOptions } from './wizardHost';

export const SERVER_INSTRUCTIONS = WIZARD_TOOL_INSTRUCTIONS;

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

/** What a tool call runs with: its checked input, and whether it was cancelled (asked right before a save). */
interface CallContext {
  cancelled: () => boolean;
  /** The host runtime the MCP client's name tells, for wizard_init (clientHost.ts). */
  clientHost: string | undefined;
}

interface ServedTool {
  key: WizardToolKey;
  output: z.ZodType;
  /** Writes the state (so a cancellation after it is reported). */
  writes: boolean;
  body: (input: never, call: CallContext) => object;
}

/** One JSON Schema of a tool (draft 7, as the SDK's own server generates them). */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io }) as Record<string, unknown>;
  return rest as Tool['inputSchema'];
}

/** How many completed writes are remembered for a cancellation that arrives after them. */
const RECENT_WRITES = 32;

/** The MCP server over a WizardHost; `connect` it to a transport. */
export class WizardServer {
  readonly server: Server;
  private readonly tools = new Map<string, ServedTool>();
  private readonly listed: Tool[];
  /** Writes answered lately, by request id: a cancellation that names one is told that the write was done. */
  private readonly recentWrites = new Map<RequestId, { tool: string; task: string | undefined; doc: object }>();

  constructor(
    private readonly host: WizardHost,
    version: string,
  ) {
    this.server = new Server(
      { name: 'okstra-wizard', version },
      { capabilities: { tools: {}, logging: {} }, instructions: SERVER_INSTRUCTIONS },
    );
    const serve = <S extends z.core.$ZodType>(
      key: WizardToolKey,
      _input: S,
      output: z.ZodType,
      writes: boolean,
      body: (input: z.output<S>, call: CallContext) => object,
    ) => {
      this.tools.set(WIZARD_TOOLS[key].name, { key, output, writes, body: body as ServedTool['body'] });
    };
    const t = WIZARD_TOOLS;
    serve('tasks', t.tasks.input, TasksOutput, false, (input) => host.tasks(input));
    serve('list', t.list.input, ListOutput, false, () => host.list());
    serve('init', t.init.input, InitOutput, true, (input, call) => host.init(input, call));
    serve('current', t.current.input, CurrentOutput, false, ({ task }) => host.current(task));
    serve('answer', t.answer.input, StepOutput, true, ({ task, answer, prompt, revision }, call) =>
      host.answer(task, answer, { prompt, revision }, call),
    );
    serve('rewind', t.rewind.input, StepOutput, true, ({ task, to, prompt, revision }, call) =>
      host.rewind(task, to, { prompt, revision }, call),
    );
    serve('tree', t.tree.input, TreeOutput, false, ({ task }) => host.tree(task));
    serve('preview', t.preview.input, PreviewOutput, false, ({ task }) => host.preview(task));
    serve('outcome', t.outcome.input, OutcomeOutput, false, ({ task }) => host.outcome(task));
    serve('abort', t.abort.input, StepOutput, true, ({ task, prompt, revision }, call) => host.abort(task, { prompt, revision }, call));

    // The list is computed once: it never changes while the server runs.
    this.listed = [...this.tools.values()].map(({ key, output }) => {
      const d = WIZARD_TOOLS[key];
      return {
        name: d.name,
        title: d.title,
        description: d.description,
        inputSchema: jsonSchema(d.input, 'input'),
        outputSchema: jsonSchema(output, 'output') as Tool['outputSchema'],
        annotations: { title: d.title, ...d.annotations },
      };
    });
    this.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.listed }));
    this.server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
      const tool = this.tools.get(request.params.name);
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
      const signal = extra.signal;
      const args = request.params.arguments;
      const task = typeof args?.task === 'string' ? args.task : undefined;
      if (signal.aborted) return this.cancelledBefore(extra.requestId, request.params.name, task);
      const result = this.run(tool, args, {
        cancelled: () => signal.aborted,
        clientHost: hostRuntimeOfClient(this.server.getClientVersion()),
      });
      if (signal.aborted) return this.cancelledBefore(extra.requestId, request.params.name, task);
      if (tool.writes && !result.isError) this.rememberWrite(extra.requestId, request.params.name, task, result.structuredContent ?? {});
      return result;
    });
  }

  /** The tool's own argument check (a bad argument is the JSON refusal, `usage`, with the task's current prompt), then its body. */
  private run(tool: ServedTool, args: unknown, call: CallContext): CallToolResult {
    const d = WIZARD_TOOLS[tool.key];
    const parsed = z.safeParse(d.input, args ?? {});
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'arguments'}: ${i.message}`).join('; ');
      const task = (args as { task?: unknown } | null)?.task;
      const current = typeof task === 'string' && TASK_KEY_PATTERN.test(task) ? this.host.currentOf(task) : null;
      return failed({ ok: false, code: 'usage', error: `invalid arguments for ${d.name}: ${problems}`, current });
    }
    try {
      return ok(tool.body(parsed.data as never, call));
    } catch (err) {
      if (err instanceof ToolFailure) return failed(err.doc);
      return failed(refusalDoc(err) as ToolErrorDoc);
    }
  }

  /**
   * A call cancelled before anything was written: MCP sends no result for it, so a write tool says so in a log
   * message (`notifications/message`, level info) naming the request; the result returned here is dropped by the SDK.
   */
  private cancelledBefore(requestId: RequestId, tool: string, task: string | undefined): CallToolResult {
    const served = this.tools.get(tool);
    if (served?.writes) {
      void this.log('info', { requestId, tool, task, written: false, message: `${tool}: ${CANCELLED_BEFORE_SAVE}` });
    }
    return failed({ ok: false, code: 'cancelled', error: CANCELLED_BEFORE_SAVE, current: null });
  }

  private rememberWrite(requestId: RequestId, tool: string, task: string | undefined, doc: object): void {
    this.recentWrites.set(requestId, { tool, task, doc });
    while (this.recentWrites.size > RECENT_WRITES) this.recentWrites.delete(this.recentWrites.keys().next().value!);
  }

  /** A cancellation of a call that had already written: the client is told (level warning) what was saved. */
  private lateCancellation(requestId: RequestId): void {
    const done = this.recentWrites.get(requestId);
    if (!done) return;
    this.recentWrites.delete(requestId);
    void this.log('warning', {
      requestId,
      tool: done.tool,
      task: done.task,
      written: true,
      message: `${done.tool}: the cancellation arrived after the state was saved; the call's result follows (wizard_current shows where the wizard is)`,
      result: done.doc,
    });
  }

  private async log(level: 'info' | 'warning', data: Record<string, unknown>): Promise<void> {
    try {
      await this.server.sendLoggingMessage({ level, logger: 'okstra-wizard', data });
    } catch {
      // The client is gone: nothing to tell.
    }
  }

  /** Connects to a transport, watching its messages for cancellations of calls that already wrote. */
  async connect(transport: Transport): Promise<void> {
    await this.server.connect(transport);
    const inner = transport.onmessage;
    transport.onmessage = (message: JSONRPCMessage, extra) => {
      inner?.(message, extra);
      if ('method' in message && message.method === 'notifications/cancelled' && !('id' in message)) {
        const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
        if (id !== undefined) this.lateCancellation(id);
      }
    };
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

/** The MCP server over a WizardHost (not connected). */
export function createWizardServer(host: WizardHost, version: string): WizardServer {
  return new WizardServer(host, version);
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
