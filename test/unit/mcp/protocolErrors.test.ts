// What the MCP server answers with a JSON-RPC error rather than a tool result (docs/mcp.md › Errors): a call of a
// tool it does not have and a tools/list cursor it never gave are the client's mistakes, code -32602 (invalid
// params) as MCP specifies, not a tool error with the code of a bug (`internal`). Driven by the SDK's own client.
import { strict as assert } from 'node:assert';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { cleanupTemp } from '../cli/cliHarness';
import { demoCopy, inProcessMcp, mcpHostOf, type McpSession } from './mcpHarness';

describe('MCP server: protocol errors', function () {
  this.timeout(60_000);
  let s: McpSession;

  before(async () => {
    s = await inProcessMcp(mcpHostOf(demoCopy()));
  });
  after(async () => {
    await s.close();
    cleanupTemp();
  });

  async function rpcError(request: Promise<unknown>): Promise<McpError> {
    try {
      const result = await request;
      assert.fail(`a result, not a JSON-RPC error: ${JSON.stringify(result).slice(0, 300)}`);
    } catch (err) {
      if (!(err instanceof McpError)) throw err;
      return err;
    }
  }

  it('a call of a tool the server does not have is a JSON-RPC error -32602 naming the tool and the tools there are', async () => {
    const err = await rpcError(s.client.callTool({ name: 'wizard_nope', arguments: { task: 'checkout/saved-card-migration' } }));
    assert.equal(err.code, ErrorCode.InvalidParams);
    assert.match(err.message, /unknown tool: 'wizard_nope'/);
    assert.match(err.message, /wizard_answer/);
  });

  it('tools/list with a cursor the server never gave is a JSON-RPC error -32602', async () => {
    const err = await rpcError(s.client.listTools({ cursor: 'not-a-cursor' }));
    assert.equal(err.code, ErrorCode.InvalidParams);
    assert.match(err.message, /cursor/);
  });

  it('tools/list without a cursor still lists every tool, and a known tool is still answered', async () => {
    const { tools, nextCursor } = await s.client.listTools();
    assert.equal(nextCursor, undefined);
    assert.ok(tools.some((t) => t.name === 'wizard_current'));
    const r = await s.call('wizard_list', {});
    assert.equal(r.isError, false, r.text);
  });
});
