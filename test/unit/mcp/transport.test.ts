// The MCP server's stdio framing (docs/mcp.md › Limits; src/mcp/lineTransport.ts) through a real child process
// (the bundled CLI's `mcp`) with the official SDK client on its pipe: every hostile line gets an answer (C9), an
// oversized line is survived with an error (C6), bad tool arguments are the JSON refusal (C8); and in process, a
// document that does not match its tool's outputSchema is caught by the SDK's check as a refusal, never sent.
import assert from 'node:assert/strict';
import { buildCli, cleanupTemp } from '../cli/cliHarness';
import { errorFor, rawMcp, type RawMcp, type ServerLine } from '../../helpers/mcpLines';
import { demoCopy, demoEnv, inProcessMcp, mcpHostOf } from './mcpHarness';

const TASK = 'payments/refund-queue';

/** How many id-less errors of `code` the server wrote (a line whose id cannot be known). */
const anonymous = (lines: ServerLine[], code: number) => lines.filter((l) => (l.id ?? null) === null && l.error?.code === code).length;

describe('MCP transport: every line is answered (C6, C9) and tool errors are JSON (C8)', function () {
  this.timeout(120_000);
  const sessions: RawMcp[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });
  after(cleanupTemp);

  async function open(): Promise<RawMcp> {
    const project = demoCopy();
    const s = await rawMcp(buildCli(), project, demoEnv(project));
    sessions.push(s);
    return s;
  }

  it('C9: a line that is not JSON, a request without method, a BOM, two requests on one line: each answered', async () => {
    const s = await open();
    await s.write('{not json\n');
    await s.waitFor('-32700 for a line that is not JSON', (l) => anonymous(l, -32700) === 1);
    await s.write('{"jsonrpc":"2.0","id":"no-method"}\n');
    await s.waitFor('-32600 for a request without method', (l) => errorFor(l, 'no-method') === -32600);
    await s.write('{"jsonrpc":"2.0","id":"a","method":"ping"}{"jsonrpc":"2.0","id":"b","method":"ping"}\n');
    await s.waitFor('-32700 for two requests on one line', (l) => anonymous(l, -32700) === 2);
    await s.write('\uFEFF{"jsonrpc":"2.0","id":"bom","method":"ping"}\n');
    await s.waitFor('the ping after a BOM answered', (l) => l.some((x) => x.id === 'bom' && x.result !== undefined));
    await s.write('[{"jsonrpc":"2.0","id":"batch","method":"ping"}]\n');
    await s.waitFor('-32600 for a batch', (l) => anonymous(l, -32600) === 1);
    assert.equal(
      s.lines().some((x) => x.id === 'a' || x.id === 'b'),
      false,
      'neither request of the shared line ran',
    );
    // Still serving, for the SDK client.
    await s.client.ping();
  });

  it('C6: a line over 10 MB is refused with -32600 and the server goes on', async () => {
    const s = await open();
    const big = `{"jsonrpc":"2.0","id":"big","method":"ping","params":{"x":"${'x'.repeat(11 * 1024 * 1024)}"}}\n`;
    await s.write(big);
    await s.waitFor('-32600 for the oversized line', (l) => anonymous(l, -32600) === 1);
    assert.equal(errorFor(s.lines(), 'big'), null);
    assert.equal(
      s.lines().some((x) => x.id === 'big' && x.result !== undefined),
      false,
    );
    await s.client.ping();
    const r = (await s.client.callTool({ name: 'wizard_init', arguments: { task: TASK } })) as { isError?: boolean };
    assert.notEqual(r.isError, true);
  });

  it('C8: bad tool arguments over the real process are the JSON refusal with code and current', async () => {
    const s = await open();
    const init = (await s.client.callTool({ name: 'wizard_init', arguments: { task: TASK } })) as any;
    assert.notEqual(init.isError, true, JSON.stringify(init));
    const r = (await s.client.callTool({
      name: 'wizard_answer',
      arguments: { task: TASK, answer: 7, prompt: 'p', revision: '0123456789abcdef' },
    })) as any;
    assert.equal(r.isError, true);
    const doc = JSON.parse(r.content[0].text);
    assert.equal(doc.code, 'usage');
    assert.match(doc.error, /^invalid arguments for wizard_answer: answer: /);
    assert.equal(doc.current.id, init.structuredContent.next.id);
    assert.match(doc.current.revision, /^[0-9a-f]{16}$/);
  });

  it("a document that does not match its tool's outputSchema is caught (code internal), never sent as a result", async () => {
    const host = mcpHostOf(demoCopy());
    // A bug in a tool body: a current document without its prompt's fields.
    const bodies = host.toolBodies();
    host.toolBodies = () => ({ ...bodies, current: () => ({ ok: true, current: { id: 'x' } }) });
    const session = await inProcessMcp(host);
    try {
      const r = (await session.client.callTool({ name: 'wizard_current', arguments: { task: TASK } })) as any;
      assert.equal(r.isError, true, JSON.stringify(r));
      assert.equal(r.structuredContent, undefined);
      const doc = JSON.parse(r.content[0].text);
      assert.equal(doc.code, 'internal');
      assert.match(doc.error, /Output validation error/);
      assert.equal(doc.current, null);
    } finally {
      await session.close();
    }
  });
});
