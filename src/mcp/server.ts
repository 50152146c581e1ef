// `okstra-wizard mcp`: the run wizard as a Model Context Protocol server over stdio (docs/mcp.md), on the official
// SDK's McpServer. One project per server; the tools (defined once in src/host/tools.ts) answer with the CLI's JSON
// documents (structuredContent, and the same JSON as text); a refusal is a tool error (`isError: true`) whose text
// is `{ok: false, code, error, current}`. The tool list never changes (no `listChanged`). A cancelled call stops
// before its save, or — when the cancellation came after the save — the server says so in a log message. The
// server never runs okstra: the outcome is an argv for the person (or the agent's own shell tool) to run.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { pyReprString } from '../core/pyRepr';
import { CANCELLED_BEFORE_SAVE, refusalDoc, TASK_KEY_PATTERN } from '../host';
import { runTool } from '../host/runTool';
import { WIZARD_TOOL_INSTRUCTIONS, WIZARD_TOOLS, type ToolDefinition, type ToolKey } from '../host/tools';
import { leanToolList } from './leanTools';
import { LineTransport } from './lineTransport';
import { hostRuntimeOfClient } from './clientHost';
import { toolOutput, type ToolErrorDoc } from './schemas';
import { ToolFailure, ServedProject, type ServedProjectOptions } from './servedProject';
import type { ToolCall } from '../host/toolBodies';

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

/** Runs a tool body: its document, or its refusal (a bug included, as code `internal`) as a tool error. */
async function call(body: () => object | Promise<object>): Promise<CallToolResult> {
  try {
    return ok(await body());
  } catch (err) {
    if (err instanceof ToolFailure) return failed(err.doc);
    return failed(refusalDoc(err) as ToolErrorDoc);
  }
}

/** The arguments' refusal (`usage`, with the wizard's current prompt when the task is known), or null when they parse. */
function argumentRefusal(host: ServedProject, name: string, schema: z.core.$ZodType, args: unknown): CallToolResult | null {
  const parsed = z.safeParse(schema, args ?? {});
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
 * text, and the SDK's own tool errors (an output that does not match its schema) are JSON refusals too. A call
 * cancelled before its save is reported in a log message (MCP sends no result for a cancelled request); one
 * cancelled after it, with what was saved. Installed by wrapping the one tools/call handler the SDK registers,
 * before any tool is.
 */
function guardToolCalls(server: WizardServer, host: ServedProject, inputs: Map<string, z.core.$ZodType>): void {
  const low = server.server;
  const set = low.setRequestHandler.bind(low) as (schema: unknown, handler: unknown) => void;
  low.setRequestHandler = ((schema: typeof CallToolRequestSchema, handler: ToolCallHandler) => {
    if ((schema as unknown) === ListToolsRequestSchema) return set(schema, onePage(handler));
    if (schema !== CallToolRequestSchema) return set(schema, handler);
    const guarded: ToolCallHandler = async (request, extra) => {
      const name = request.params.name;
      const input = inputs.get(name);
      // A tool the server does not have is the client's mistake: the JSON-RPC error MCP specifies, not a tool result.
      if (!input)
        throw new McpError(ErrorCode.InvalidParams, `unknown tool: ${pyReprString(name)}; the tools: ${[...inputs.keys()].join(', ')}`);
      const refused = argumentRefusal(host, name, input, request.params.arguments);
      if (refused) return refused;
      const task = typeof request.params.arguments?.task === 'string' ? request.params.arguments.task : undefined;
      if (extra.signal.aborted) return server.cancelledBefore(name, task, extra.requestId);
      server.inFlight.add(extra.requestId);
      try {
        const result = asRefusal((await handler(request, extra)) as CallToolResult);
        if (extra.signal.aborted) {
          if (server.recentWrites.has(extra.requestId)) server.lateCancellation(extra.requestId);
          else return server.cancelledBefore(name, task, extra.requestId);
        }
        return result;
      } finally {
        server.inFlight.delete(extra.requestId);
      }
    };
    return set(schema, guarded);
  }) as typeof low.setRequestHandler;
}

/** tools/list has one page: a cursor (which the server never gives) is invalid params, as MCP specifies. */
function onePage(handler: ToolCallHandler): ToolCallHandler {
  return async (request, extra) => {
    const cursor = (request.params as { cursor?: unknown } | undefined)?.cursor;
    if (cursor !== undefined)
      throw new McpError(ErrorCode.InvalidParams, `invalid cursor ${JSON.stringify(cursor)}: the tool list has one page`);
    return handler(request, extra);
  };
}

type ToolCallHandler = (
  request: z.infer<typeof CallToolRequestSchema>,
  extra: Parameters<Parameters<McpServer['server']['setRequestHandler']>[1]>[1],
) => Promise<unknown>;

/** The MCP server over a ServedProject (not connected). */
/** How many completed writes are remembered for a cancellation that arrives after them. */
const RECENT_WRITES = 32;

/** The MCP server over a ServedProject (createWizardServer); its connect watches for cancellations of calls that wrote. */
class WizardServer extends McpServer {
  /** Tool calls running now, by request id: their cancellation is reported by the call itself. */
  readonly inFlight = new Set<RequestId>();
  /** Writes answered lately, by request id: a cancellation that names one is told that the write was done. */
  readonly recentWrites = new Map<RequestId, { tool: string; task: string | undefined; doc: object }>();
  /** The tools that write the state. */
  readonly writeTools = new Set<string>();

  rememberWrite(requestId: RequestId, tool: string, task: string | undefined, doc: object): void {
    this.recentWrites.set(requestId, { tool, task, doc });
    while (this.recentWrites.size > RECENT_WRITES) this.recentWrites.delete(this.recentWrites.keys().next().value!);
  }

  /**
   * A call cancelled before anything was written: a write tool says so in a log message (`notifications/message`,
   * level info) naming the request; the result returned here is dropped by the SDK.
   */
  cancelledBefore(tool: string, task: string | undefined, requestId: RequestId): CallToolResult {
    if (this.writeTools.has(tool)) {
      void this.log('info', { requestId, tool, task, written: false, message: `${tool}: ${CANCELLED_BEFORE_SAVE}` });
    }
    return failed({ ok: false, code: 'cancelled', error: CANCELLED_BEFORE_SAVE, current: null });
  }

  /** A cancellation of a call that had already written: the client is told (level warning) what was saved. */
  lateCancellation(requestId: RequestId): void {
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

  /** Connects, watching the transport's messages for cancellations of calls that already answered. */
  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    const inner = transport.onmessage;
    transport.onmessage = (message: JSONRPCMessage, extra) => {
      inner?.(message, extra);
      if ('method' in message && message.method === 'notifications/cancelled' && !('id' in message)) {
        const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
        if (id !== undefined && !this.inFlight.has(id)) this.lateCancellation(id);
      }
    };
  }
}

/** The MCP server over a ServedProject (not connected). */
export function createWizardServer(host: ServedProject, version: string): McpServer {
  const server = new WizardServer({ name: 'okstra-wizard', version }, { capabilities: { logging: {} }, instructions: SERVER_INSTRUCTIONS });
  const inputs = new Map<string, z.core.$ZodType>();
  leanToolList(server);
  guardToolCalls(server, host, inputs);
  /**
   * One tool: its definition (src/host/tools.ts: name, title, description, input schema — the argument check
   * above — and annotations), its output schema (the SDK's check) and its body. `writes`: the body saves the state.
   */
  const tool = <I extends ToolDefinition>(
    d: I,
    output: z.ZodObject,
    writes: boolean,
    body: (input: z.infer<I['input']>, call: ToolCall) => object | Promise<object>,
  ): void => {
    inputs.set(d.name, d.input);
    if (writes) server.writeTools.add(d.name);
    server.registerTool(
      d.name,
      {
        title: d.title,
        description: d.description,
        inputSchema: d.input.shape,
        outputSchema: output.shape,
        annotations: { title: d.title, ...d.annotations },
      },
      ((input: z.infer<I['input']>, extra: { signal: AbortSignal; requestId: RequestId }) =>
        call(async () => {
          const context = { cancelled: () => extra.signal.aborted, clientHost: hostRuntimeOfClient(server.server.getClientVersion()) };
          const doc = await body(input, context);
          const task = (input as { task?: string }).task;
          if (writes) server.rememberWrite(extra.requestId, d.name, task, doc);
          return doc;
        })) as never,
    );
  };
  // Every tool of src/host/tools.ts, through the host's dispatcher onto the served project's bodies; a tool that
  // is not read-only writes the state.
  const bodies = host.toolBodies();
  for (const key of Object.keys(WIZARD_TOOLS) as ToolKey[]) {
    const d: ToolDefinition = WIZARD_TOOLS[key];
    tool(d, toolOutput(key), !d.annotations.readOnlyHint, (input, call) => runTool(bodies, d.name, input, call));
  }
  // The list never changes while the server runs (the SDK declares listChanged for any McpServer with tools).
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}

export interface McpIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
}

/** Serves until the client closes stdin. */
export async function runMcpServer(options: ServedProjectOptions & { version: string }, io: McpIo): Promise<void> {
  const host = new ServedProject(options);
  const server = createWizardServer(host, options.version);
  const transport = new LineTransport(io.stdin, io.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  await closed;
}
