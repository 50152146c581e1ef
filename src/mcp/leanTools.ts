// The tool list as an agent's context pays for it (docs/mcp.md › What the tool list costs): every byte of tools/list
// is read before the first call. The JSON Schemas the SDK makes from the zod schemas carry what no model and no
// validator needs: the draft's `$schema` URL on every schema, the bounds of a safe integer on every integer, and
// `additionalProperties: false` on every object of a result (the results are ours; their shapes are checked where
// they are made, src/mcp/server.ts). Those are left out of the list; the rest of each schema is as the SDK made it.
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** `schema` without the keys that say nothing here (see above); a copy. */
function leanSchema(schema: unknown, inResult: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((s) => leanSchema(s, inResult));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    if (k === '$schema') continue;
    if ((k === 'maximum' && v === Number.MAX_SAFE_INTEGER) || (k === 'minimum' && v === Number.MIN_SAFE_INTEGER)) continue;
    if (inResult && k === 'additionalProperties' && v === false) continue;
    out[k] = leanSchema(v, inResult);
  }
  return out;
}

/** A tool as listed: lean schemas, and no `title` repeated inside its annotations. */
function leanTool(tool: Tool): Tool {
  const { annotations, ...rest } = tool;
  const { title: _same, ...hints } = annotations ?? {};
  const lean: Tool = { ...rest, inputSchema: leanSchema(tool.inputSchema, false) as Tool['inputSchema'] };
  if (tool.outputSchema) lean.outputSchema = leanSchema(tool.outputSchema, true) as Tool['outputSchema'];
  if (annotations) lean.annotations = hints;
  return lean;
}

/** Makes the server's tools/list answer lean tools; call before the first tool is registered. */
export function leanToolList(server: McpServer): void {
  const low = server.server;
  const set = low.setRequestHandler.bind(low) as (schema: unknown, handler: unknown) => void;
  low.setRequestHandler = ((schema: unknown, handler: (...args: unknown[]) => unknown) => {
    if (schema !== ListToolsRequestSchema) return set(schema, handler);
    return set(schema, async (...args: unknown[]) => {
      const result = (await handler(...args)) as { tools: Tool[] };
      return { ...result, tools: result.tools.map(leanTool) };
    });
  }) as typeof low.setRequestHandler;
}
